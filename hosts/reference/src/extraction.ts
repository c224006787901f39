import { Worker } from 'node:worker_threads';
import type { BrandProfile, ReadPage } from '@franchise-ai/shared/brand-profile';
import type { SitemapChoice, SitemapDocument } from '@franchise-ai/shared/sitemap';
import type { ExtractionAnswer, ExtractionRequest } from './extraction-work.ts';

// A read's parsing and extraction (choosePages, chooseFromSitemap, buildProfile) run in a worker thread of their own,
// never on the host's event loop: however much CPU a stranger's page costs, /healthz and the other
// visitors' requests are answered meanwhile, and the read's deadline ends the thread (terminate()
// stops even a loop that never yields). The page limits (shared/src/html-page.ts) bound the work;
// this bounds the time.

/** The thread's entry: plain JavaScript that loads the TypeScript (extraction-worker.mjs says why). */
export const EXTRACTION_WORKER = new URL('./extraction-worker.mjs', import.meta.url);

/** The thread's heap at most: nine pages of a megabyte parse in a few tens of MB; a page that needs more ends its thread, not the host. */
const MAX_HEAP_MB = 256;

/** Why a call was not answered: the thread was stopped (the read's deadline, the host closing) or died. */
export class ExtractionStopped extends Error {}

export interface Extraction {
  choosePages(home: ReadPage): Promise<string[]>;
  chooseFromSitemap(home: ReadPage, sitemap: SitemapDocument): Promise<SitemapChoice>;
  buildProfile(website: string, pages: ReadPage[]): Promise<BrandProfile>;
  /** Ends the thread at once, whatever it is doing; calls not answered yet reject with ExtractionStopped. */
  stop(): Promise<void>;
}

/** Starts a thread (it loads while the first pages are fetched); `entry` is for the tests' own threads. */
export function startExtraction(entry: URL = EXTRACTION_WORKER): Extraction {
  const worker = new Worker(entry, { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: MAX_HEAP_MB } });
  // Its own loading error, or running out of heap: the calls waiting fail, the host goes on.
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let next = 0;
  let ended: Error | undefined;
  const end = (error: Error): void => {
    ended ??= error;
    for (const { reject } of pending.values()) reject(ended);
    pending.clear();
  };
  worker.on('message', (answer: ExtractionAnswer) => {
    const waiting = pending.get(answer.id);
    pending.delete(answer.id);
    if ('error' in answer) waiting?.reject(new Error(answer.error));
    else waiting?.resolve(answer.value);
  });
  worker.on('error', (error) => end(new ExtractionStopped(`the extraction thread failed: ${error.message}`)));
  worker.on('exit', (code) => end(new ExtractionStopped(`the extraction thread ended (exit code ${code})`)));
  // An idle thread does not keep a closing host alive.
  worker.unref();

  const call = <T>(request: (id: number) => ExtractionRequest): Promise<T> => {
    if (ended) return Promise.reject(ended);
    const id = next++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage(request(id));
    });
  };
  return {
    choosePages: (home) => call<string[]>((id) => ({ id, kind: 'choose', home })),
    chooseFromSitemap: (home, sitemap) => call<SitemapChoice>((id) => ({ id, kind: 'sitemap', home, sitemap })),
    buildProfile: (website, pages) => call<BrandProfile>((id) => ({ id, kind: 'profile', website, pages })),
    async stop() {
      end(new ExtractionStopped('the extraction thread was stopped'));
      await worker.terminate();
    },
  };
}
