// Reading visitors' websites in the background (issue 26): demo_form answers at once, and the profile
// is stored with the lead when the reading is done. Reads are capped (MAX_SITE_READS at once): each
// holds sockets and up to a few MB of pages, and a burst of forms must not turn the host into a
// crawler. Reads beyond the cap wait their turn; the 25 s deadline counts from when the form was
// accepted, so a visitor's panel never waits longer than that, however long the queue.
import type { BrandProfile } from '@franchise-ai/shared/brand-profile';
import { choosePages } from '@franchise-ai/shared/page-choice';
import type { PageFetcher } from '@franchise-ai/shared/page-fetcher';
import { buildProfile } from '@franchise-ai/shared/profile-extract';
import { READ_DEADLINE_MS, readSite } from '@franchise-ai/shared/site-reader';
import type { SiteReaderSettings } from '@franchise-ai/shared/site-reader-settings';

export interface SiteReads {
  /** Reads `website` and hands its profile to `done`; never throws (a broken read is 'unreachable'). */
  start(website: string, done: (profile: BrandProfile) => Promise<void>): void;
  /** Stops every read (the host is closing) and waits for them to end. */
  close(): Promise<void>;
}

export function siteReads(settings: SiteReaderSettings, maxConcurrent: number, fetchPage: PageFetcher, log: (line: string) => void): SiteReads {
  const stop = new AbortController();
  const running = new Set<Promise<void>>();
  const waiting: Array<() => void> = [];
  let active = 0;

  /** Resolves when a slot is free; the caller must `release` it. */
  const slot = (): Promise<void> => {
    if (active < maxConcurrent) {
      active += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  const release = (): void => {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  };

  async function read(website: string): Promise<BrandProfile> {
    const accepted = Date.now();
    await slot();
    try {
      const deadlineMs = READ_DEADLINE_MS - (Date.now() - accepted);
      if (deadlineMs <= 0) return { status: 'unavailable', website, reason: 'timeout' };
      const reading = await readSite(website, {
        fetchPage,
        choosePages,
        userAgent: settings.userAgent,
        allowLoopback: settings.allowLoopback,
        deadlineMs,
        signal: stop.signal,
      });
      return 'refused' in reading ? { status: 'unavailable', website, reason: reading.refused } : buildProfile(website, reading.pages);
    } finally {
      release();
    }
  }

  return {
    start(website, done) {
      const work = read(website)
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
      for (const resolve of waiting.splice(0)) resolve();
      await Promise.all(running);
    },
  };
}
