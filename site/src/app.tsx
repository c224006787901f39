import { useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { Footer } from './components/footer.tsx';
import { Header } from './components/header.tsx';
import { privacy } from './content/privacy.ts';
import { terms } from './content/terms.ts';
import { DemoPage } from './pages/demo.tsx';
import { LandingPage } from './pages/landing.tsx';
import { LegalPage } from './pages/legal-page.tsx';
import { NotFoundPage } from './pages/not-found.tsx';

/** Opening the privacy or terms page starts at its top (spec section 2), also on client-side navigation. */
function ScrollToTopOnLegalPages() {
  const [location] = useLocation();
  useEffect(() => {
    if (location === '/privacy' || location === '/terms') window.scrollTo({ top: 0, left: 0 });
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
