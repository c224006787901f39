import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReadPage } from '@franchise-ai/shared/brand-profile';
import { chooseFromSitemap } from '@franchise-ai/shared/page-choice';
import type { PageFetcher } from '@franchise-ai/shared/page-fetcher';
import { MAX_SITEMAP_BYTES, readerUserAgent, readSite, type ReadSiteOptions } from '@franchise-ai/shared/site-reader';
import { nodePageFetcher, type Resolve } from '../src/page-fetcher.ts';
import { fixtureSite, html, hugePage, redirect, text, type FixtureSite, type Route } from './fixture-site.ts';

// The site reader over real HTTP: fixture sites on 127.0.0.1, read as under ALLOW_PRIVATE_WEBSITES=1
// (loopback allowed, nothing else private), through the stand-in's Node fetcher.

/** Test-only link choice (the real one parses HTML): every href, in page order. */
const everyLink = (home: ReadPage): string[] => [...home.html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!);

const USER_AGENT = readerUserAgent('http://demo.test/bot');

function options(overrides: Partial<ReadSiteOptions> = {}): ReadSiteOptions & { requested: string[] } {
  const requested: string[] = [];
  const fetcher = nodePageFetcher();
  const fetchPage: PageFetcher = (request) => {
    requested.push(request.url);
    return fetcher(request);
  };
  return { fetchPage, choosePages: everyLink, chooseFromSitemap, userAgent: USER_AGENT, allowLoopback: true, requested, ...overrides };
}

const sites: FixtureSite[] = [];
async function site(routes: Record<string, Route>): Promise<FixtureSite> {
  const started = await fixtureSite(routes);
  sites.push(started);
  return started;
}
afterEach(async () => {
  await Promise.all(sites.splice(0).map((started) => started.stop()));
});

describe('readSite', () => {
  it('reads the home page and at most 8 more of the same site, passing over what robots.txt disallows', async () => {
    const links = [
      '/members/login',
      'https://elsewhere.example/',
      'mailto:hi@acme.test',
      '#top',
      '/',
      ...Array.from({ length: 12 }, (_, index) => `/page-${index + 1}`),
    ];
    const routes: Record<string, Route> = {
      // Our group disallows /members/; the catch-all group (which must not be the one applied) disallows everything.
      '/robots.txt': text('User-agent: *\nDisallow: /\n\nUser-agent: FranchiseAIDemoBot\nDisallow: /members/\n'),
      '/': html(links.map((link) => `<a href="${link}">${link}</a>`).join('')),
      '/members/login': html('members'),
    };
    for (let index = 1; index <= 12; index++) routes[`/page-${index}`] = html(`page ${index}`);
    const fixture = await site(routes);

    const reading = await readSite(`${fixture.url}/`, options());

    expect('pages' in reading && reading.pages.map((page) => new URL(page.url).pathname)).toEqual([
      '/',
      ...Array.from({ length: 8 }, (_, index) => `/page-${index + 1}`),
    ]);
    expect(fixture.paths()).not.toContain('/members/login');
    expect(fixture.paths().filter((path) => path === '/robots.txt')).toHaveLength(1);
    expect(fixture.requests).toHaveLength(10); // robots.txt, the home page, 8 pages
    expect(new Set(fixture.requests.map((request) => request.userAgent))).toEqual(new Set([USER_AGENT]));
  });

  it('leaves out a further page that redirects off-site or to a private address, or is not HTML, and reads the rest', async () => {
    const fixture = await site({
      '/': html('<a href="/a">a</a><a href="/to-private">p</a><a href="/data.json">j</a><a href="/gone">g</a><a href="/b">b</a>'),
      '/a': html('a'),
      '/to-private': redirect('http://10.0.0.5/'),
      '/data.json': text('{}', 'application/json'),
      '/b': html('b'),
    });
    const reading = await readSite(fixture.url, options());
    expect('pages' in reading && reading.pages.map((page) => new URL(page.url).pathname)).toEqual(['/', '/a', '/b']);
  });

  // Each case: the fixture's routes, and why no profile comes of it.
  const refusals: [string, Record<string, Route>, string, string[]][] = [
    ['robots.txt disallows everything', { '/robots.txt': text('User-agent: *\nDisallow: /\n'), '/': html('hi') }, 'robots', ['/robots.txt']],
    [
      'robots.txt answers 503 (RFC 9309: unreachable, so all disallowed)',
      { '/robots.txt': text('busy', 'text/plain', 503), '/': html('hi') },
      'robots',
      ['/robots.txt'],
    ],
    ['the home page is JSON', { '/': text('{"a":1}', 'application/json') }, 'not-html', ['/robots.txt', '/']],
    ['the home page is 404', {}, 'unreachable', ['/robots.txt', '/']],
    ['the home page redirects to a private address', { '/': redirect('http://10.0.0.5/') }, 'refused-address', ['/robots.txt', '/']],
    ['the home page redirects to the metadata address', { '/': redirect('http://169.254.169.254/latest/meta-data/') }, 'refused-address', ['/robots.txt', '/']],
    ['the home page redirects to another scheme', { '/': redirect('file:///etc/passwd') }, 'refused-address', ['/robots.txt', '/']],
  ];
  it.each(refusals)('refuses when %s', async (_case, routes, reason, paths) => {
    const fixture = await site(routes);
    const read = options();
    expect(await readSite(fixture.url, read)).toEqual({ refused: reason });
    expect(fixture.paths()).toEqual(paths);
    // Nothing but the fixture was ever handed to the fetcher: the private address was refused before it.
    expect(read.requested.every((url) => url.startsWith(fixture.url))).toBe(true);
  });

  it('reads the home page when robots.txt is missing (404)', async () => {
    const fixture = await site({ '/': html('hello') });
    expect(await readSite(fixture.url, options())).toEqual({ pages: [{ url: `${fixture.url}/`, html: expect.stringContaining('hello') }] });
  });

  it('follows five redirects and refuses the sixth', async () => {
    const routes: Record<string, Route> = { '/r0': html('landed') };
    for (let hop = 1; hop <= 6; hop++) routes[`/r${hop}`] = redirect(`/r${hop - 1}`);
    const fixture = await site(routes);
    expect(await readSite(`${fixture.url}/r5`, options())).toEqual({ pages: [{ url: `${fixture.url}/r0`, html: expect.stringContaining('landed') }] });
    expect(await readSite(`${fixture.url}/r6`, options())).toEqual({ refused: 'unreachable' });
    expect(fixture.paths().filter((path) => path === '/r0')).toHaveLength(1); // the sixth hop was never asked for
  });

  it('refuses a 5 MB home page without downloading it', async () => {
    const huge = hugePage(5_000_000);
    const fixture = await site({ '/': huge.route });
    expect(await readSite(fixture.url, options())).toEqual({ refused: 'too-large' });
    expect(await huge.closedEarly).toBe(true);
  });

  it('reads the sitemap of a home page that links little, and no more of a huge one than its cap, keeping the home page', async () => {
    const mapped = await site({
      '/': html('<p>One page, its menu built by script.</p>'),
      '/sitemap.xml': text('<urlset><url><loc>/nos-centres</loc></url><url><loc>/blog/post</loc></url></urlset>', 'application/xml'),
      '/nos-centres': html('centres'),
    });
    const reading = await readSite(mapped.url, options({ choosePages: () => [] }));
    expect('pages' in reading && reading.pages.map((page) => new URL(page.url).pathname)).toEqual(['/', '/nos-centres']);
    expect(mapped.paths()).toEqual(['/robots.txt', '/', '/sitemap.xml', '/nos-centres']);

    const huge = hugePage(MAX_SITEMAP_BYTES * 10);
    const fixture = await site({ '/': html('hello'), '/sitemap.xml': huge.route });
    expect(await readSite(fixture.url, options({ choosePages: () => [] }))).toEqual({
      pages: [{ url: `${fixture.url}/`, html: expect.stringContaining('hello') }],
    });
    expect(await huge.closedEarly).toBe(true);
  });

  it('gives up at the deadline, keeping nothing of a home page that never answers', async () => {
    const fixture = await site({ '/': () => {} });
    const started = Date.now();
    expect(await readSite(fixture.url, options({ deadlineMs: 150 }))).toEqual({ refused: 'timeout' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('keeps the pages read before the deadline when a later one hangs', async () => {
    const fixture = await site({ '/': html('<a href="/slow">s</a><a href="/quick">q</a>'), '/slow': () => {}, '/quick': html('quick') });
    const reading = await readSite(fixture.url, options({ deadlineMs: 300 }));
    expect('pages' in reading && reading.pages.map((page) => new URL(page.url).pathname)).toEqual(['/', '/quick']);
  });

  it('refuses 127.0.0.1 itself without ALLOW_PRIVATE_WEBSITES, asking it for nothing', async () => {
    const fixture = await site({ '/': html('hi') });
    const read = options({ allowLoopback: false });
    expect(await readSite(fixture.url, read)).toEqual({ refused: 'refused-address' });
    expect(read.requested).toEqual([]);
    expect(fixture.connections()).toBe(0);
  });

  it('refuses a name that resolves to a private address (through an injected resolver), connecting nowhere', async () => {
    const fixture = await site({ '/': html('hi') });
    const resolve = vi.fn<Resolve>(async () => [{ address: '10.0.0.7', family: 4 }]);
    const reading = await readSite(`http://franchise.test:${fixture.port}/`, options({ fetchPage: nodePageFetcher({ resolve }) }));
    expect(reading).toEqual({ refused: 'refused-address' });
    expect(resolve).toHaveBeenCalledWith('franchise.test');
    expect(fixture.connections()).toBe(0);
  });

  it('answers no-website for an empty website', async () => {
    expect(await readSite('  ', options())).toEqual({ refused: 'no-website' });
  });
});
