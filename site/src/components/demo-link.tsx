import { useLocation } from 'wouter';
import { pageFor } from '../route-match.ts';
import { PAGES } from '../routes.ts';

const DEMO_LABEL = 'See My Franchise AI';

/**
 * The header's 'See My Franchise AI'. Elsewhere a plain link to /demo; on /demo itself it is the
 * current page (aria-current) and a jump to the page's main content, where the widget is. A jump
 * within the page never reloads it: loading /demo again would throw away the agent the visitor has
 * just built. It is the link's own behaviour, not a click handler, because /demo hydrates only at
 * the first interaction (src/main.tsx): this very click may come before React does.
 */
export function DemoLink({ className, onClick }: { className: string; onClick?: () => void }) {
  const [location] = useLocation();
  const here = pageFor(location) === PAGES.demo;
  return (
    <a href={here ? '#main' : PAGES.demo.path} aria-current={here ? 'page' : undefined} className={className} onClick={onClick}>
      {DEMO_LABEL}
    </a>
  );
}
