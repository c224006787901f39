import { createRoot, hydrateRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { App } from './app.tsx';
import { routeParser } from './route-match.ts';
import './styles.css';

// Every built page arrives prerendered and is only hydrated (same tree as entry-server.tsx);
// the dev server's page is empty, so there the app renders from scratch.
const root = document.getElementById('root')!;

// A host that also answers /privacy/index.html would otherwise route the client to the 404 page:
// the address becomes the page's own before the router reads it.
if (location.pathname.endsWith('/index.html')) history.replaceState(history.state, '', location.href.replace(/index\.html(?=[?#]|$)/, ''));

const app = (
  <Router parser={routeParser}>
    <App />
  </Router>
);
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
// Hydration under preact/compat is synchronous: from here on the page is interactive. Tests and
// monitoring wait for this attribute instead of guessing from timing.
root.setAttribute('data-hydrated', '');
