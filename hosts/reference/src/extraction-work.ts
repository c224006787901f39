import { parentPort } from 'node:worker_threads';
import type { ReadPage } from '@franchise-ai/shared/brand-profile';
import { chooseFromSitemap, choosePages } from '@franchise-ai/shared/page-choice';
import { buildProfile } from '@franchise-ai/shared/profile-extract';
import type { SitemapDocument } from '@franchise-ai/shared/sitemap';

// What the extraction thread does (extraction.ts): parse the pages read and extract from them, off
// the host's event loop. Each request is answered with its id; a page that makes the work throw is
// answered with the error's message.

export type ExtractionRequest =
  | { id: number; kind: 'choose'; home: ReadPage }
  | { id: number; kind: 'sitemap'; home: ReadPage; sitemap: SitemapDocument }
  | { id: number; kind: 'profile'; website: string; pages: ReadPage[] };

function answer(request: ExtractionRequest): unknown {
  if (request.kind === 'choose') return choosePages(request.home);
  if (request.kind === 'sitemap') return chooseFromSitemap(request.home, request.sitemap);
  return buildProfile(request.website, request.pages);
}
export type ExtractionAnswer = { id: number; value: unknown } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('extraction-work.ts runs in the extraction thread (extraction.ts), not on its own.');
port.on('message', (request: ExtractionRequest) => {
  try {
    const value = answer(request);
    port.postMessage({ id: request.id, value } satisfies ExtractionAnswer);
  } catch (error) {
    port.postMessage({ id: request.id, error: String((error as Error)?.message ?? error) } satisfies ExtractionAnswer);
  }
});
