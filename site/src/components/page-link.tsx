import type { ReactNode } from 'react';
import { Link } from 'wouter';

/**
 * A client-side link to another page of the site. Like a full page load, it opens the page at its
 * top, also when that page is the one already open (the footer's legal links, spec section 2) or
 * when the visitor had scrolled far down (the logo, in the sticky header). Back and forward keep
 * the browser's own scroll restoration: only a click scrolls.
 */
export function PageLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  return (
    <Link href={href} className={className} onClick={() => window.scrollTo({ top: 0, left: 0 })}>
      {children}
    </Link>
  );
}
