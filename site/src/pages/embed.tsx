import { lazy, Suspense } from 'react';
import { PAGES } from '../routes.ts';

// The builder is its own chunk, fetched only on /embed: no other page carries its code. The
// prerender step waits for it (entry-server.tsx), so the page arrives complete; the client
// hydrates the rest of the page at once and the builder when its chunk has arrived.
const EmbedBuilder = lazy(() => import('../embed/embed-builder.tsx'));

/** The page's own intro, from its title and description. */
const INTRO = { heading: PAGES.embed.title.split(' | ')[0]!, text: PAGES.embed.description };

export function EmbedPage() {
  return (
    <main id="main" className="embed">
      <div className="container">
        <header className="embed-intro">
          <h1>{INTRO.heading}</h1>
          <p className="lead">{INTRO.text}</p>
        </header>
        <Suspense fallback={<p className="notice">Loading the builder...</p>}>
          <EmbedBuilder />
        </Suspense>
      </div>
    </main>
  );
}
