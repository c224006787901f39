import { LEGAL_YEAR } from '@franchise-ai/shared/constants';
import { Mail, Phone } from 'lucide-react';
import { config, telHref } from '../config.ts';
import { useContent, usePages } from '../use-lang.ts';
import { LogoMark } from './logo-mark.tsx';
import { PageLink } from './page-link.tsx';

export function Footer() {
  const { text, privacy, terms } = useContent();
  const pages = usePages();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <p className="logo">
            <LogoMark />
            Franchise AI
          </p>
          <p>{text.footer.tagline}</p>
        </div>
        <nav aria-label={text.nav.legal}>
          <PageLink href={pages.privacy.path}>{privacy.heading}</PageLink>
          <PageLink href={pages.terms.path}>{terms.heading}</PageLink>
        </nav>
        <address>
          <a href={`mailto:${config.contactEmail}`}>
            <Mail aria-hidden="true" />
            {config.contactEmail}
          </a>
          <a href={telHref(config.phoneUs)}>
            <Phone aria-hidden="true" />
            {config.phoneUs} ({text.footer.phoneUs})
          </a>
          <a href={telHref(config.phoneFr)}>
            <Phone aria-hidden="true" />
            {config.phoneFr} ({text.footer.phoneFr})
          </a>
        </address>
      </div>
      <p className="container copyright">
        © {LEGAL_YEAR} Franchise AI. {text.footer.rights}
      </p>
    </footer>
  );
}
