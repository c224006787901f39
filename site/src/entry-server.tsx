import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { App } from './app.tsx';
import { routeParser } from './route-match.ts';

export { ROUTES, NOT_FOUND } from './routes.ts';
export { config } from './config.ts';

/**
 * The HTML of one route, rendered as the client will hydrate it. `ssrPath`, not a memory location:
 * under React, wouter's memory location has no server snapshot and cannot render on the server.
 */
export function render(path: string): string {
  return renderToString(
    <Router ssrPath={path} ssrSearch="" parser={routeParser}>
      <App />
    </Router>,
  );
}
