import { useLayoutEffect, type ComponentType } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { Footer } from './components/footer.tsx';
import { Header } from './components/header.tsx';
import { privacy } from './content/privacy.ts';
import { terms } from './content/terms.ts';
import { DemoPage } from './pages/demo.tsx';
import { EmbedPage } from './pages/embed.tsx';
import { LandingPage } from './pages/landing.tsx';
import { LegalPage } from './pages/legal-page.tsx';
import { NotFoundPage } from './pages/not-found.tsx';
import { pageFor } from './route-match.ts';
import { PAGES, type PageName } from './routes.ts';

/** What each page of routes.ts shows. */
const VIEWS: Record<PageName, ComponentType> = {
  landing: LandingPage,
  demo: DemoPage,
  embed: EmbedPage,
  privacy: () => <LegalPage content={privacy} />,
  terms: () => <LegalPage content={terms} />,
};
const NAMES = Object.keys(PAGES) as PageName[];

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
      <DocumentTitle />
      <Header />
      <Switch>
        {NAMES.map((name) => (
          <Route key={name} path={PAGES[name].path} component={VIEWS[name]} />
        ))}
        <Route component={NotFoundPage} />
      </Switch>
      <Footer />
    </>
  );
}
