import { Menu, X } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { SECTIONS } from '../routes.ts';
import { useContent, usePages } from '../use-lang.ts';
import { DemoLink } from './demo-link.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { LogoMark } from './logo-mark.tsx';
import { PageLink } from './page-link.tsx';
import { NAV_EMS } from './nav-ems.ts';
import { SectionLink } from './section-link.tsx';

export function Header() {
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);
  const { text } = useContent();
  const pages = usePages();

  // While the full-screen menu is open: Esc closes it, Tab stays inside, the page behind does not scroll.
  // A layout effect: focus moves and the scroll lock starts (and both end) in the same commit as the
  // menu itself, never a frame later (plain effects may run after paint).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the menu opens or closes; close() is a new function each render
  useLayoutEffect(() => {
    if (!open) return;
    const panel = menu.current!;
    panel.querySelector<HTMLElement>('button, a')?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') return close();
      if (event.key !== 'Tab') return;
      const items = [...panel.querySelectorAll<HTMLElement>('button, a')];
      const first = items[0];
      const last = items[items.length - 1];
      if (event.shiftKey ? document.activeElement === first : document.activeElement === last) {
        event.preventDefault();
        (event.shiftKey ? last : first)?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      // Back to the menu button (close button, Esc), unless choosing a section already moved focus there.
      const active = document.activeElement;
      if (!active || active === document.body || panel.contains(active)) toggle.current?.focus();
    };
  }, [open]);

  return (
    <header className="site-header">
      <div className="container header-bar">
        <PageLink href={pages.landing.path} className="logo">
          <LogoMark />
          <span>Franchise AI</span>
        </PageLink>
        <nav aria-label={text.nav.main} className="nav-desktop">
          {/* Each link is as wide as its label's letter count says (header.css), not as its rendered
              text: the links keep their place when Figtree swaps in for the fallback font. */}
          {SECTIONS.map((section) => (
            <SectionLink key={section.id} id={section.id} wide={NAV_EMS[text.sections[section.id]]}>
              {text.sections[section.id]}
            </SectionLink>
          ))}
          <LanguageSwitch />
          <DemoLink className="button primary" />
        </nav>
        {/* Small screens only (header.css): the nav is behind the menu button, the demo is not. */}
        <DemoLink className="button primary compact header-cta" />
        <button ref={toggle} type="button" className="menu-toggle" aria-expanded={open} aria-controls="mobile-menu" onClick={() => setOpen(true)}>
          <span className="visually-hidden">{text.nav.openMenu}</span>
          <Menu aria-hidden="true" />
        </button>
      </div>
      {open && (
        <div ref={menu} id="mobile-menu" className="mobile-menu" role="dialog" aria-modal="true" aria-label={text.nav.menu}>
          <button type="button" className="menu-close" onClick={close}>
            <span className="visually-hidden">{text.nav.closeMenu}</span>
            <X aria-hidden="true" />
          </button>
          <nav aria-label={text.nav.mobile}>
            {SECTIONS.map((section) => (
              <SectionLink key={section.id} id={section.id} onNavigate={close}>
                {text.sections[section.id]}
              </SectionLink>
            ))}
            <LanguageSwitch />
            <DemoLink className="button primary" onClick={close} />
          </nav>
        </div>
      )}
    </header>
  );
}
