import { describe, expect, it } from 'vitest';
import { chooseFromSitemap } from './page-choice.ts';
import type { PageFetcher, PageResponse } from './page-fetcher.ts';
import { readSite, type ReadSiteOptions } from './site-reader.ts';

// The reader's own decisions, with an in-memory fetcher (the real HTTP ones are in
// examples/webhook-host/test/site-reader.test.ts).

type Answer = Awaited<ReturnType<PageFetcher>>;
// Each page its own body: a body read twice is one page read twice.
const page = (url: string, body = `<p>${url}</p>`): PageResponse => ({ url, status: 200, headers: { 'content-type': 'text/html' }, body });

function reader(answers: Record<string, Answer | (() => Promise<Answer>)>, overrides: Partial<ReadSiteOptions> = {}) {
  const asked: string[] = [];
  const fetchPage: PageFetcher = async (request) => {
    asked.push(request.url);
    const answer = answers[request.url] ?? { url: request.url, status: 404, headers: {}, body: '' };
    return typeof answer === 'function' ? answer() : answer;
  };
  const options: ReadSiteOptions = {
    fetchPage,
    choosePages: () => [],
    chooseFromSitemap: (home, sitemap) => chooseFromSitemap(home, sitemap),
    userAgent: 'FranchiseAIDemoBot/1.0',
    allowLoopback: false,
    ...overrides,
  };
  return { asked, options };
}

describe('readSite', () => {
  it('ends at the deadline even when the fetcher never answers nor heeds the signal', async () => {
    const { options } = reader({ 'https://acme.test/robots.txt': () => new Promise<Answer>(() => {}) }, { deadlineMs: 30 });
    expect(await readSite('https://acme.test/', options)).toEqual({ refused: 'timeout' });
  });

  it("ends when the caller's signal aborts", async () => {
    const stop = new AbortController();
    const { options } = reader({ 'https://acme.test/robots.txt': () => new Promise<Answer>(() => {}) }, { signal: stop.signal });
    setTimeout(() => stop.abort(), 10);
    expect(await readSite('https://acme.test/', options)).toEqual({ refused: 'timeout' });
  });

  // What went wrong with robots.txt is what the home page reports when it is about the connection.
  it.each([
    ['refused-address', 'refused-address'],
    ['unreachable', 'unreachable'],
    ['too-large', 'robots'], // RFC 9309: a robots.txt we cannot read whole means disallow all
  ] as const)('robots.txt refused as %s: the home page is %s', async (failure, reason) => {
    const { asked, options } = reader({ 'https://acme.test/robots.txt': { refused: failure } });
    expect(await readSite('https://acme.test/', options)).toEqual({ refused: reason });
    expect(asked).toEqual(['https://acme.test/robots.txt']);
  });

  it('types https:// before a website given without a scheme, and refuses other schemes', async () => {
    const { asked, options } = reader({ 'https://acme.test/': page('https://acme.test/') });
    expect(await readSite('acme.test', options)).toEqual({ pages: [{ url: 'https://acme.test/', html: '<p>https://acme.test/</p>' }] });
    // A home page that links to nothing worth reading: the sitemap is asked for more (there is none).
    expect(asked).toEqual(['https://acme.test/robots.txt', 'https://acme.test/', 'https://acme.test/sitemap.xml']);
    expect(await readSite('ftp://acme.test/', reader({}).options)).toEqual({ refused: 'refused-address' });
  });

  it('reads the site the home page lands on, and leaves out a chosen page that redirects to another site', async () => {
    const { asked, options } = reader(
      {
        'https://acme.test/': { url: 'https://acme.test/', status: 301, headers: { location: 'https://www.acme-brand.test/' }, body: '' },
        'https://www.acme-brand.test/': page('https://www.acme-brand.test/'),
        'https://www.acme-brand.test/about': {
          url: 'https://www.acme-brand.test/about',
          status: 302,
          headers: { location: 'https://tracker.test/' },
          body: '',
        },
        'https://acme-brand.test/locations': page('https://acme-brand.test/locations'),
      },
      { choosePages: () => ['/about', 'https://acme-brand.test/locations', 'https://acme.test/old'] },
    );
    const reading = await readSite('https://acme.test/', options);
    expect('pages' in reading && reading.pages.map((read) => read.url)).toEqual(['https://www.acme-brand.test/', 'https://acme-brand.test/locations']);
    expect(asked).not.toContain('https://tracker.test/');
    expect(asked).not.toContain('https://acme.test/old'); // the old site is no longer the one read
  });

  it('counts a page once when two chosen links land on it', async () => {
    const { options } = reader(
      {
        'https://acme.test/': page('https://acme.test/'),
        'https://acme.test/a': { url: 'https://acme.test/a', status: 301, headers: { location: '/b' }, body: '' },
        'https://acme.test/b': page('https://acme.test/b'),
      },
      { choosePages: () => ['/a', '/b'] },
    );
    const reading = await readSite('https://acme.test/', options);
    expect('pages' in reading && reading.pages.map((read) => read.url)).toEqual(['https://acme.test/', 'https://acme.test/b']);
  });
});
