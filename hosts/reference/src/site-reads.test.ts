import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { BrandProfile } from '@franchise-ai/shared/brand-profile';
import { chooseFromSitemap, choosePages } from '@franchise-ai/shared/page-choice';
import type { PageFetcher, PageRequest } from '@franchise-ai/shared/page-fetcher';
import { buildProfile } from '@franchise-ai/shared/profile-extract';
import { deferred, type Deferred } from '@franchise-ai/test-support/deferred';
import { ExtractionStopped, startExtraction, type Extraction } from './extraction.ts';
import { siteReads } from './site-reads.ts';

// The reads' caps (MAX_SITE_READS at once, one per client) and their deadline, with an in-memory
// fetcher whose answers the test holds. The scheduling tests extract in this thread (extraction.ts
// is tested on its own); the deadline's, in a thread of the test's that never answers.

const settings = { allowLoopback: false, userAgent: 'FranchiseAIDemoBot/1.0' };
const page = (url: string) => ({ url, status: 200, headers: { 'content-type': 'text/html' }, body: '<title>Acme</title>' });
const inThisThread = (): Extraction => ({
  choosePages: async (home) => choosePages(home),
  chooseFromSitemap: async (home, sitemap) => chooseFromSitemap(home, sitemap),
  buildProfile: async (website, pages) => buildProfile(website, pages),
  stop: async () => {},
});

/**
 * A fetcher that holds every request until the test answers it, recording which hosts were asked;
 * but the sitemap (asked for since the home page links nothing), which is not found at once.
 */
function heldFetcher() {
  const asked: { request: PageRequest; answer: Deferred<void> }[] = [];
  const fetchPage: PageFetcher = async (request) => {
    if (new URL(request.url).pathname === '/sitemap.xml') return { url: request.url, status: 404, headers: {}, body: '' };
    const answer = deferred<void>();
    asked.push({ request, answer });
    await answer.promise;
    return new URL(request.url).pathname === '/robots.txt' ? { url: request.url, status: 404, headers: {}, body: '' } : page(request.url);
  };
  const hosts = () => [...new Set(asked.map(({ request }) => new URL(request.url).hostname))];
  const answerAll = () =>
    asked.forEach(({ answer }) => {
      answer.resolve();
    });
  return { fetchPage, hosts, answerAll };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('siteReads', () => {
  it('reads at most maxConcurrent sites at once; the next starts when one ends', async () => {
    const fetcher = heldFetcher();
    const reads = siteReads(settings, 2, fetcher.fetchPage, () => {}, { extraction: inThisThread });
    const done: BrandProfile[] = [];
    for (const site of ['a', 'b', 'c']) reads.start(`https://${site}.example.com/`, `client-${site}`, async (profile) => void done.push(profile));
    await flush();
    expect(fetcher.hosts()).toEqual(['a.example.com', 'b.example.com']);
    fetcher.answerAll();
    await flush();
    fetcher.answerAll();
    await flush();
    expect(fetcher.hosts()).toEqual(['a.example.com', 'b.example.com', 'c.example.com']);
    fetcher.answerAll();
    await flush();
    fetcher.answerAll();
    await flush();
    // Each read ended and handed over its profile (what it holds is profile-extract's business).
    expect(done.map((profile) => profile.website)).toEqual(['https://a.example.com/', 'https://b.example.com/', 'https://c.example.com/']);
    await reads.close();
  });

  it("reads one site at a time per client: its second form waits for its first, and leaves the free slot to another client's", async () => {
    const fetcher = heldFetcher();
    const reads = siteReads(settings, 3, fetcher.fetchPage, () => {}, { extraction: inThisThread });
    const done: string[] = [];
    const start = (site: string, client: string) => reads.start(`https://${site}.example.com/`, client, async (profile) => void done.push(profile.website!));
    start('a1', 'client-a');
    start('a2', 'client-a');
    start('b', 'client-b');
    await flush();
    expect(fetcher.hosts()).toEqual(['a1.example.com', 'b.example.com']);
    for (let round = 0; round < 4; round++) {
      fetcher.answerAll();
      await flush();
    }
    expect(fetcher.hosts()).toEqual(['a1.example.com', 'b.example.com', 'a2.example.com']);
    // Every form's read ended: none was lost for waiting.
    expect(done.sort()).toEqual(['https://a1.example.com/', 'https://a2.example.com/', 'https://b.example.com/']);
    await reads.close();
  });

  it('a read still waiting at its deadline is settled then as out of time, and never runs', async () => {
    const fetcher = heldFetcher();
    // The first read's extraction never ends by itself: only the deadline ends it.
    const hanging = (): Extraction => {
      const stopped = deferred<never>();
      return { ...inThisThread(), buildProfile: () => stopped.promise, stop: async () => stopped.reject(new ExtractionStopped('stopped')) };
    };
    const reads = siteReads(settings, 4, fetcher.fetchPage, () => {}, { extraction: hanging, deadlineMs: 300, extractionReserveMs: 100 });
    const done: { website: string | null; reason?: string; at: number }[] = [];
    const started = Date.now();
    for (const site of ['first', 'second'])
      reads.start(
        `https://${site}.example.com/`,
        'client-a',
        async (profile) =>
          void done.push({ website: profile.website, ...(profile.status === 'unavailable' && { reason: profile.reason }), at: Date.now() - started }),
      );
    await flush();
    fetcher.answerAll();
    await flush();
    fetcher.answerAll();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(done.map(({ website, reason }) => ({ website, reason })).sort((a, b) => a.website!.localeCompare(b.website!))).toEqual([
      { website: 'https://first.example.com/', reason: 'timeout' },
      { website: 'https://second.example.com/', reason: 'timeout' },
    ]);
    expect(fetcher.hosts()).toEqual(['first.example.com']);
    expect(Math.max(...done.map(({ at }) => at))).toBeLessThan(600);
    await reads.close();
  });

  it('close stops the reads and stores nothing: the next start marks them interrupted', async () => {
    const fetcher = heldFetcher();
    const reads = siteReads(settings, 1, fetcher.fetchPage, () => {}, { extraction: inThisThread });
    const done: BrandProfile[] = [];
    for (const site of ['a', 'b']) reads.start(`https://${site}.example.com/`, `client-${site}`, async (profile) => void done.push(profile));
    await flush();
    await reads.close();
    expect(done).toEqual([]);
  });
});

describe('the deadline ends an extraction that never yields', () => {
  const folder = mkdtempSync(join(tmpdir(), 'spin-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("is settled as out of time at the deadline, and this thread's timers run all along", async () => {
    const spin = join(folder, 'spin.mjs');
    writeFileSync(spin, "import { parentPort } from 'node:worker_threads';\nparentPort.on('message', () => { for (;;) {} });\n");
    const served: PageFetcher = async (request) =>
      new URL(request.url).pathname === '/robots.txt' ? { url: request.url, status: 404, headers: {}, body: '' } : page(request.url);
    const reads = siteReads(settings, 1, served, () => {}, {
      extraction: () => startExtraction(pathToFileURL(spin)),
      deadlineMs: 1_000,
      extractionReserveMs: 300,
    });
    let last = performance.now();
    let longestGap = 0;
    const ticks = setInterval(() => {
      longestGap = Math.max(longestGap, performance.now() - last);
      last = performance.now();
    }, 20);
    const started = performance.now();
    const profile = await new Promise<BrandProfile>((resolve) => reads.start('https://spin.example.com/', 'client-a', async (read) => resolve(read)));
    const took = performance.now() - started;
    clearInterval(ticks);
    expect(profile).toEqual({ status: 'unavailable', website: 'https://spin.example.com/', reason: 'timeout' });
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(5_000);
    // The spinning thread never held this one: a loaded machine still ticks well within a second.
    expect(longestGap).toBeLessThan(1_000);
    await reads.close();
  });
});
