import { useLocation } from 'wouter';
import { contentFor } from '../content/by-lang.ts';
import { pageFor } from '../route-match.ts';
import { TRANSLATED } from '../routes.ts';

/**
 * The header's 'See My Franchise AI' (site text's demoLink, in the page's language). Elsewhere a
 * plain link to the demo page of the page's language; on /demo itself it is the
 * current page (aria-current) and a jump to the page's main content, where the widget is. A jump
 * within the page never reloads it: loading /demo again would throw away the agent the visitor has
 * just built. It is the link's own behaviour, not a click handler, because /demo hydrates only at
 * the first interaction (src/main.tsx): this very click may come before React does.
 */
export function DemoLink({ className, onClick }: { className: string; onClick?: () => void }) {
  const [location] = useLocation();
  const page = pageFor(location);
  const { demo } = TRANSLATED[page.lang];
  const here = page === demo;
  return (
    <a href={here ? '#main' : demo.path} aria-current={here ? 'page' : undefined} className={className} onClick={onClick}>
      {contentFor(page.lang).text.demoLink}
    </a>
  );
}
