import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { App } from './app.tsx';

export { ROUTES, NOT_FOUND } from './routes.ts';
export { config } from './config.ts';

/** The HTML of one route, rendered as the client will hydrate it. */
export function render(path: string): string {
  return renderToString(
    <Router ssrPath={path}>
      <App />
    </Router>,
  );
}
