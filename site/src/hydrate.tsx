import { startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { App } from './app.tsx';
import { loadContent } from './content/by-lang.ts';
import { addPageStyles } from './page-styles.ts';
import { pageFor, routeParser } from './route-match.ts';

/**
 * Marks #root once React has hydrated it. React hydrates asynchronously, so only an effect knows:
 * tests and monitoring wait for this attribute instead of guessing from timing.
 */
function Hydrated({ root, pendingButton, children }: { root: HTMLElement; pendingButton: HTMLButtonElement | undefined; children: ReactNode }) {
  useEffect(() => {
    root.setAttribute('data-hydrated', '');
    if (pendingButton?.isConnected) pendingButton.click();
  }, [root, pendingButton]);
  // Around the app, not beside it: a sibling would make the tree fork where the server's
  // (entry-server.tsx) does not, and every useId would differ from the prerendered one.
  return children;
}

/**
 * Hydrates the prerendered page (same tree as entry-server.tsx), or renders it in dev, once its
 * language's content has arrived (content/by-lang.ts: a French page fetches the French chunk).
 */
export async function hydrate(root: HTMLElement, pendingButton?: HTMLButtonElement): Promise<void> {
  // A host that also answers /privacy/index.html would otherwise route the client to the 404 page:
  // the address becomes the page's own before the router reads it.
  if (location.pathname.endsWith('/index.html')) history.replaceState(history.state, '', location.href.replace(/index\.html(?=[?#]|$)/, ''));
  await loadContent(pageFor(location.pathname).lang);
  addPageStyles();
  const app = (
    <Router parser={routeParser}>
      <Hydrated root={root} pendingButton={pendingButton}>
        <App />
      </Hydrated>
    </Router>
  );
  if (!root.firstElementChild) return void createRoot(root).render(app);
  // In a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page: no long task, nothing for an early tap to wait behind.
  startTransition(() => {
    hydrateRoot(root, app);
  });
}
