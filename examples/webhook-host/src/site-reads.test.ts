import { describe, expect, it } from 'vitest';
import type { BrandProfile } from '@franchise-ai/shared/brand-profile';
import type { PageFetcher, PageRequest } from '@franchise-ai/shared/page-fetcher';
import { deferred, type Deferred } from '@franchise-ai/test-support/deferred';
import { siteReads } from './site-reads.ts';

// The cap on reads at once (MAX_SITE_READS), with an in-memory fetcher whose answers the test holds.

const settings = { allowLoopback: false, userAgent: 'FranchiseAIDemoBot/1.0' };
const page = (url: string) => ({ url, status: 200, headers: { 'content-type': 'text/html' }, body: '<title>Acme</title>' });

/** A fetcher that holds every request until the test answers it, recording which hosts were asked. */
function heldFetcher() {
  const asked: { request: PageRequest; answer: Deferred<void> }[] = [];
  const fetchPage: PageFetcher = async (request) => {
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
    const reads = siteReads(settings, 2, fetcher.fetchPage, () => {});
    const done: BrandProfile[] = [];
    for (const site of ['a', 'b', 'c']) reads.start(`https://${site}.example.com/`, async (profile) => void done.push(profile));
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

  it('close stops the reads and stores nothing: the next start marks them interrupted', async () => {
    const fetcher = heldFetcher();
    const reads = siteReads(settings, 1, fetcher.fetchPage, () => {});
    const done: BrandProfile[] = [];
    for (const site of ['a', 'b']) reads.start(`https://${site}.example.com/`, async (profile) => void done.push(profile));
    await flush();
    await reads.close();
    expect(done).toEqual([]);
  });
});
