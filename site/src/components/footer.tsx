import { LEGAL_YEAR } from '@franchise-ai/shared/constants';
import { Mail, Phone } from 'lucide-react';
import { config, telHref } from '../config.ts';
import { PAGES } from '../routes.ts';
import { LogoMark } from './logo-mark.tsx';
import { PageLink } from './page-link.tsx';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <p className="logo">
            <LogoMark />
            Franchise AI
          </p>
          <p>AI automation for franchisors and franchisees.</p>
        </div>
        <nav aria-label="Legal">
          <PageLink href={PAGES.privacy.path}>Privacy Policy</PageLink>
          <PageLink href={PAGES.terms.path}>Terms of Service</PageLink>
        </nav>
        <address>
          <a href={`mailto:${config.contactEmail}`}>
            <Mail aria-hidden="true" />
            {config.contactEmail}
          </a>
          <a href={telHref(config.phoneUs)}>
            <Phone aria-hidden="true" />
            {config.phoneUs} (US)
          </a>
          <a href={telHref(config.phoneFr)}>
            <Phone aria-hidden="true" />
            {config.phoneFr} (FR)
          </a>
        </address>
      </div>
      <p className="container copyright">© {LEGAL_YEAR} Franchise AI. All rights reserved.</p>
    </footer>
  );
}
