import { useLayoutEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { Footer } from './components/footer.tsx';
import { Header } from './components/header.tsx';
import { privacy } from './content/privacy.ts';
import { terms } from './content/terms.ts';
import { DemoPage } from './pages/demo.tsx';
import { LandingPage } from './pages/landing.tsx';
import { LegalPage } from './pages/legal-page.tsx';
import { NotFoundPage } from './pages/not-found.tsx';
import { pageFor } from './route-match.ts';

/**
 * Opening the privacy or terms page starts at its top (spec section 2), also on client-side
 * navigation; a link to one of its sections (/privacy#cookies) stays on that section.
 */
function ScrollToTopOnLegalPages() {
  const [location] = useLocation();
  // Before the new page paints, so it never shows a frame at the old page's scroll position.
  useLayoutEffect(() => {
    const { path } = pageFor(location);
    if ((path === '/privacy' || path === '/terms') && !window.location.hash) window.scrollTo({ top: 0, left: 0 });
  }, [location]);
  return null;
}

/**
 * The tab's title follows client-side navigation (the prerendered pages already carry their own),
 * in the same commit as the page it names.
 */
function DocumentTitle() {
  const [location] = useLocation();
  useLayoutEffect(() => {
    document.title = pageFor(location).title;
  }, [location]);
  return null;
}

export function App() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ScrollToTopOnLegalPages />
      <DocumentTitle />
      <Header />
      <Switch>
        <Route path="/" component={LandingPage} />
        <Route path="/demo" component={DemoPage} />
        <Route path="/privacy">{() => <LegalPage content={privacy} />}</Route>
        <Route path="/terms">{() => <LegalPage content={terms} />}</Route>
        <Route component={NotFoundPage} />
      </Switch>
      <Footer />
    </>
  );
}
