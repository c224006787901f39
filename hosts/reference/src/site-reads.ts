// Reading visitors' websites in the background: demo_form answers at once, and the profile is
// stored with the lead when the reading is done. Each read holds sockets and up to a few MB of
// pages, and a burst of forms must not turn the host into a crawler, nor one client's forms hold
// every read: at most MAX_SITE_READS run at once and one per client (read-slots.ts); the others
// wait their turn. The 25 s deadline counts from when the form was accepted, waiting included, and
// ends the read whatever it is doing: a read still waiting, or still extracting, at its deadline is
// settled as a read that ran out of time (unavailable, 'timeout'), so a visitor's panel never waits
// longer. The fetching runs here (it is waiting on sockets), the parsing and extraction in a thread
// of the read's own (extraction.ts), which the deadline ends; a read that makes no progress gives
// its slot up early (read-progress.ts).
import type { BrandProfile } from '@franchise-ai/shared/brand-profile';
import type { PageFetcher } from '@franchise-ai/shared/page-fetcher';
import { READ_DEADLINE_MS, readSite } from '@franchise-ai/shared/site-reader';
import type { SiteReaderSettings } from '@franchise-ai/shared/site-reader-settings';
import { ExtractionStopped, startExtraction, type Extraction } from './extraction.ts';
import { watchProgress } from './read-progress.ts';
import { readSlots } from './read-slots.ts';

/**
 * The fetching stops this long before the deadline, so that the pages read by then are extracted
 * within it: the thread's start and nine pages at the page limits take well under this.
 */
export const EXTRACTION_RESERVE_MS = 3_000;

export interface SiteReads {
  /** Reads `website` for `client` (its rate-limit key) and hands its profile to `done`; never throws (a broken read is 'unreachable'). */
  start(website: string, client: string, done: (profile: BrandProfile) => Promise<void>): void;
  /** Stops every read (the host is closing) and waits for them to end. */
  close(): Promise<void>;
}

export interface SiteReadsOptions {
  /** The whole read, from the form to the profile; READ_DEADLINE_MS unless a test shortens it. */
  deadlineMs?: number;
  /** EXTRACTION_RESERVE_MS unless a test shortens it with the deadline. */
  extractionReserveMs?: number;
  /** Where a read's parsing and extraction run; a thread of its own unless a test gives another. */
  extraction?: () => Extraction;
}

export function siteReads(
  settings: SiteReaderSettings,
  maxConcurrent: number,
  fetchPage: PageFetcher,
  log: (line: string) => void,
  options: SiteReadsOptions = {},
): SiteReads {
  const deadlineMs = options.deadlineMs ?? READ_DEADLINE_MS;
  const reserveMs = options.extractionReserveMs ?? EXTRACTION_RESERVE_MS;
  const extractionFor = options.extraction ?? (() => startExtraction());
  const stop = new AbortController();
  const slots = readSlots(maxConcurrent);
  const running = new Set<Promise<void>>();

  /** The read of `website` that may run now, until `deadline`. */
  async function readUntil(website: string, deadline: number): Promise<BrandProfile> {
    // The thread is started when the site first answers (it loads while the home page comes), so
    // a site that never answers, the most common failure, costs none; none starts once the read is over.
    let extraction: Extraction | undefined;
    let over = false;
    const thread = (): Extraction => {
      if (over) throw new ExtractionStopped('the read is over');
      extraction ??= extractionFor();
      return extraction;
    };
    const end = (): void => {
      over = true;
      void extraction?.stop();
    };
    stop.signal.addEventListener('abort', end, { once: true });
    let late = false;
    const ending = setTimeout(
      () => {
        late = true;
        end();
      },
      Math.max(0, deadline - Date.now()),
    );
    const stalled = new AbortController();
    const progress = watchProgress(() => stalled.abort());
    try {
      const reading = await readSite(website, {
        fetchPage: async (request) => {
          const answer = await fetchPage({ ...request, onBytes: progress.received }).finally(progress.progressed);
          if (!('refused' in answer) && !over) thread();
          return answer;
        },
        choosePages: async (home) => thread().choosePages(home).finally(progress.progressed),
        chooseFromSitemap: async (home, sitemap) => thread().chooseFromSitemap(home, sitemap).finally(progress.progressed),
        userAgent: settings.userAgent,
        allowLoopback: settings.allowLoopback,
        deadlineMs: Math.max(0, deadline - Date.now() - reserveMs),
        // A stalled read ends as at its deadline: the pages read so far are kept.
        signal: AbortSignal.any([stop.signal, stalled.signal]),
      });
      progress.stop();
      if (stalled.signal.aborted) log(`reading ${website} made no progress: it ends with the pages read so far`);
      if ('refused' in reading) return { status: 'unavailable', website, reason: reading.refused };
      return await thread().buildProfile(website, reading.pages);
    } catch (error) {
      if (error instanceof ExtractionStopped && (late || stop.signal.aborted)) return { status: 'unavailable', website, reason: 'timeout' };
      throw error;
    } finally {
      progress.stop();
      clearTimeout(ending);
      stop.signal.removeEventListener('abort', end);
      over = true;
      await extraction?.stop();
    }
  }

  async function read(website: string, client: string): Promise<BrandProfile> {
    const deadline = Date.now() + deadlineMs;
    if (!(await slots.take(client, deadline))) return { status: 'unavailable', website, reason: 'timeout' };
    try {
      // Its turn came too late to fetch anything: over as if it had not come.
      if (deadline - Date.now() <= reserveMs) return { status: 'unavailable', website, reason: 'timeout' };
      return await readUntil(website, deadline);
    } finally {
      slots.release(client);
    }
  }

  return {
    start(website, client, done) {
      const work = read(website, client)
        .catch((error: Error): BrandProfile => {
          log(`reading ${website} failed: ${error.message}`);
          return { status: 'unavailable', website, reason: 'unreachable' };
        })
        // A closing host stops its reads; the next start marks what was left 'interrupted'.
        .then((profile) => (stop.signal.aborted ? undefined : done(profile)))
        .catch((error: Error) => log(`could not store the profile of ${website}: ${error.message}`))
        .finally(() => running.delete(work));
      running.add(work);
    },
    async close() {
      stop.abort();
      slots.drain();
      await Promise.all(running);
    },
  };
}
