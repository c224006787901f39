// What react-dom/server's renderToString is under preact/compat (vite.config.ts), with its own types.
import { renderToString } from 'preact-render-to-string';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { App } from './app.tsx';
import { routeParser } from './route-match.ts';

export { ROUTES, NOT_FOUND } from './routes.ts';
export { config } from './config.ts';

/**
 * The HTML of one route, rendered as the client will hydrate it. A static memory location, not
 * `ssrPath`: preact/compat's useSyncExternalStore has no server snapshot, so wouter's browser
 * location would read `window.location` here.
 */
export function render(path: string): string {
  const { hook, searchHook } = memoryLocation({ path, static: true });
  return renderToString(
    <Router hook={hook} searchHook={searchHook} parser={routeParser}>
      <App />
    </Router>,
  );
}
