import { LEGAL_YEAR } from '@franchise-ai/shared';
import { config, telHref } from '../config.ts';
import { PageLink } from './page-link.tsx';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <p className="logo">Franchise AI</p>
          <p>AI automation for franchisors and franchisees.</p>
        </div>
        <nav aria-label="Legal">
          <PageLink href="/privacy">Privacy Policy</PageLink>
          <PageLink href="/terms">Terms of Service</PageLink>
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
