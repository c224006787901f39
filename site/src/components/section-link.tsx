import type { MouseEvent, ReactNode } from 'react';
import { useLocation } from 'wouter';
import { pageFor } from '../route-match.ts';
import { usePages } from '../use-lang.ts';

/**
 * A link to a landing-page section. On the landing page (the page's language's) it scrolls there smoothly (instantly with
 * reduced motion); elsewhere it is a plain link to /#id, so the prerendered landing page opens on
 * the section even without JavaScript.
 */
export function SectionLink({
  id,
  children,
  onNavigate,
  className,
  wide,
}: {
  id: string;
  children: ReactNode;
  onNavigate?: () => void;
  className?: string;
  /** The label's width in em (nav-ems.ts), for a width that does not depend on the font loaded yet (data-ems, header.css). */
  wide?: number | undefined;
}) {
  const [location] = useLocation();
  const { landing } = usePages();
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onNavigate?.();
    if (pageFor(location) !== landing) return;
    const target = document.getElementById(id);
    if (!target) return;
    event.preventDefault();
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
    history.replaceState(null, '', `#${id}`);
    // Move focus with the view, so keyboard and screen-reader users continue from the section.
    target.focus({ preventScroll: true });
  };
  return (
    <a href={`${landing.path}#${id}`} onClick={click} className={className} data-ems={wide}>
      {children}
    </a>
  );
}
