import { LEGAL_YEAR } from '@franchise-ai/shared';
import { Link } from 'wouter';
import { config, telHref } from '../config.ts';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <p className="logo">Franchise AI</p>
          <p>AI automation for franchisors and franchisees.</p>
        </div>
        <nav aria-label="Legal">
          <Link href="/privacy">Privacy Policy</Link>
          <Link href="/terms">Terms of Service</Link>
        </nav>
        <address>
          <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a>
          <a href={telHref(config.phoneUs)}>{config.phoneUs} (US)</a>
          <a href={telHref(config.phoneFr)}>{config.phoneFr} (FR)</a>
        </address>
      </div>
      <p className="container copyright">© {LEGAL_YEAR} Franchise AI. All rights reserved.</p>
    </footer>
  );
}
