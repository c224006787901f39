import { useLayoutEffect, type ComponentType } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { Footer } from './components/footer.tsx';
import { Header } from './components/header.tsx';
import { contentFor } from './content/by-lang.ts';
import { DemoPage } from './pages/demo.tsx';
import { EmbedPage } from './pages/embed.tsx';
import { LandingPage } from './pages/landing.tsx';
import { LegalPage } from './pages/legal-page.tsx';
import { NotFoundPage } from './pages/not-found.tsx';
import { pageFor } from './route-match.ts';
import { PAGES, type PageName } from './routes.ts';
import { useContent } from './use-lang.ts';

/** What each page of routes.ts shows. */
const VIEWS: Record<PageName, ComponentType> = {
  landing: LandingPage,
  demo: DemoPage,
  embed: EmbedPage,
  privacy: () => <LegalPage content={contentFor('en').privacy} />,
  terms: () => <LegalPage content={contentFor('en').terms} />,
  frLanding: LandingPage,
  frDemo: DemoPage,
  frPrivacy: () => <LegalPage content={contentFor('fr').privacy} />,
  frTerms: () => <LegalPage content={contentFor('fr').terms} />,
};
const NAMES = Object.keys(PAGES) as PageName[];

/**
 * The tab's title and the document's language follow client-side navigation (the prerendered pages
 * already carry their own), in the same commit as the page they name.
 */
function DocumentTitle() {
  const [location] = useLocation();
  useLayoutEffect(() => {
    const page = pageFor(location);
    document.title = page.title;
    document.documentElement.lang = page.lang;
  }, [location]);
  return null;
}

export function App() {
  const { text } = useContent();
  return (
    <>
      <a className="skip-link" href="#main">
        {text.skipLink}
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
