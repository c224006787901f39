import { prerender } from 'react-dom/static';
import { Router } from 'wouter';
import { App } from './app.tsx';
import { loadContent } from './content/by-lang.ts';
import { LANGS } from './lang.ts';
import { routeParser } from './route-match.ts';

export { ROUTES, NOT_FOUND } from './routes.ts';
export { config } from './config.ts';
export { frameStylesUrl, pageStylesUrl } from './page-styles.ts';

/**
 * The HTML of one route, rendered as the client will hydrate it. `prerender`, not renderToString:
 * it waits for lazy pages (/embed's builder, React.lazy) and writes them in full, where
 * renderToString would write their Suspense fallback and leave the rest to the client. `ssrPath`,
 * not a memory location: under React, wouter's memory location has no server snapshot and cannot
 * render on the server.
 */
export async function render(path: string): Promise<string> {
  // Every language's content, so that any page renders (the client loads only its page's).
  await Promise.all(LANGS.map(loadContent));
  const { prelude } = await prerender(
    <Router ssrPath={path} ssrSearch="" parser={routeParser}>
      <App />
    </Router>,
    // One piece of HTML, every boundary in place: React would otherwise move a large boundary out
    // of the shell into a hidden element and an inline script that puts it back.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
