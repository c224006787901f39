import { Compass } from 'lucide-react';
import { PageLink } from '../components/page-link.tsx';

export function NotFoundPage() {
  return (
    <main id="main" className="container narrow not-found">
      <span className="icon-tile">
        <Compass aria-hidden="true" />
      </span>
      <h1>Page not found</h1>
      <p className="lead">There is no page at this address. It may have moved, or the link may be mistyped.</p>
      <p>
        <PageLink href="/" className="button primary">
          Go to the home page
        </PageLink>
      </p>
    </main>
  );
}
