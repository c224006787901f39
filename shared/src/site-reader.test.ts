import { describe, expect, it } from 'vitest';
import { chooseFromSitemap } from './page-choice.ts';
import type { PageFetcher, PageResponse } from './page-fetcher.ts';
import { MAX_SITEMAP_BYTES, MAX_SITEMAPS, readSite, type ReadSiteOptions } from './site-reader.ts';

// The reader's own decisions, with an in-memory fetcher (the real HTTP ones are in
// hosts/reference/test/site-reader.test.ts).

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

  it('drops a page whose canonical link or whose body is one read before it, and believes no canonical link to the home page', async () => {
    const canonical = (href: string, text: string): string => `<head><link rel="canonical" href="${href}"></head><body>${text}</body>`;
    const { options } = reader(
      {
        'https://acme.test/': page('https://acme.test/'),
        'https://acme.test/?p=franchise': page('https://acme.test/?p=franchise', canonical('https://www.acme.test/franchise', 'the offer')),
        'https://acme.test/franchise': page('https://acme.test/franchise', canonical('/franchise', 'the offer, in another template')),
        'https://acme.test/contact': page('https://acme.test/contact', '<p>call us</p>'),
        'https://acme.test/contact-us': page('https://acme.test/contact-us', '<p>call us</p>'),
        'https://acme.test/mentions': page('https://acme.test/mentions', canonical('https://acme.test/', 'the legal notice')),
      },
      { choosePages: () => ['/?p=franchise', '/franchise', '/contact', '/contact-us', '/mentions'] },
    );
    const reading = await readSite('https://acme.test/', options);
    expect('pages' in reading && reading.pages.map((read) => read.url)).toEqual([
      'https://acme.test/',
      'https://acme.test/?p=franchise',
      'https://acme.test/contact',
      'https://acme.test/mentions',
    ]);
  });

  it('asks once for a page however its links write it', async () => {
    const { asked, options } = reader(
      { 'https://acme.test/': page('https://acme.test/'), 'https://acme.test/about': page('https://acme.test/about') },
      { choosePages: () => ['/index.php', '/?utm_source=x', '/about?gclid=1', '/about/', 'https://www.acme.test/about/index.html'] },
    );
    await readSite('https://acme.test/', options);
    expect(asked.filter((url) => !url.endsWith('.xml'))).toEqual(['https://acme.test/robots.txt', 'https://acme.test/', 'https://acme.test/about']);
  });
});

describe('readSite: a second look from the pages read first', () => {
  it("gives its last slots to the links the pages read rank first (a franchise page's Investment), then to the home page's next choices", async () => {
    const site = 'https://acme.test';
    const answers: Record<string, Answer> = Object.fromEntries(
      ['/', '/franchise', '/investment', ...Array.from({ length: 9 }, (_, index) => `/p${index}`)].map((path) => [`${site}${path}`, page(`${site}${path}`)]),
    );
    const fromHome = ['/franchise', '/p0', '/p1', '/p2', '/p3', '/p4', '/p5', '/p6'];
    const { asked, options } = reader(answers, {
      choosePages: (read) => (read.url === `${site}/` ? fromHome : read.url === `${site}/franchise` ? ['/investment', '/p1'] : ['/p0', '/p7']),
    });
    const reading = await readSite(`${site}/`, options);
    const read = 'pages' in reading ? reading.pages.map((one) => new URL(one.url).pathname) : [];
    // Six from the home page, then the best-placed new link of those six (the franchise page's first), then the home page's seventh.
    expect(read).toEqual(['/', '/franchise', '/p0', '/p1', '/p2', '/p3', '/p4', '/investment', '/p7']);
    expect(asked.filter((url) => !url.endsWith('/robots.txt'))).toHaveLength(9);
  });
});

describe('readSite: the sitemap, when the home page links fewer than four pages', () => {
  const urlset = (...urls: string[]): string => `<urlset>${urls.map((url) => `<url><loc>${url}</loc></url>`).join('')}</urlset>`;
  const xml = (url: string, body: string): PageResponse => ({ url, status: 200, headers: { 'content-type': 'application/xml' }, body });
  const sitemapPages = {
    'https://acme.test/nos-centres': page('https://acme.test/nos-centres'),
    'https://acme.test/devenir-franchise': page('https://acme.test/devenir-franchise'),
    'https://acme.test/contact': page('https://acme.test/contact'),
  };

  it('reads /sitemap.xml and adds its best pages after the linked ones', async () => {
    const { asked, options } = reader(
      {
        'https://acme.test/': page('https://acme.test/'),
        'https://acme.test/about': page('https://acme.test/about'),
        'https://acme.test/sitemap.xml': xml(
          'https://acme.test/sitemap.xml',
          urlset('https://acme.test/blog/a-post', 'https://acme.test/nos-centres', 'https://acme.test/about', 'https://acme.test/devenir-franchise'),
        ),
        ...sitemapPages,
      },
      { choosePages: () => ['/about'] },
    );
    const reading = await readSite('https://acme.test/', options);
    expect('pages' in reading && reading.pages.map((read) => read.url)).toEqual([
      'https://acme.test/',
      'https://acme.test/about',
      'https://acme.test/devenir-franchise',
      'https://acme.test/nos-centres',
    ]);
    expect(asked).not.toContain('https://acme.test/blog/a-post');
  });

  it('is not read when the home page links four pages or more', async () => {
    const { asked, options } = reader({ 'https://acme.test/': page('https://acme.test/') }, { choosePages: () => ['/a', '/b', '/c', '/d'] });
    await readSite('https://acme.test/', options);
    expect(asked.filter((url) => url.includes('sitemap'))).toEqual([]);
  });

  it("follows robots.txt's Sitemap line on this site, and one hop of an index, the caller's first sitemap", async () => {
    const { asked, options } = reader({
      'https://acme.test/robots.txt': {
        url: 'https://acme.test/robots.txt',
        status: 200,
        headers: { 'content-type': 'text/plain' },
        body: 'User-agent: *\nDisallow: /private\n\nSitemap: https://elsewhere.test/sitemap.xml\nSitemap: https://acme.test/sitemap_index.xml\n',
      },
      'https://acme.test/': page('https://acme.test/'),
      'https://acme.test/sitemap_index.xml': xml(
        'https://acme.test/sitemap_index.xml',
        '<sitemapindex><sitemap><loc>https://acme.test/post-sitemap.xml</loc></sitemap><sitemap><loc>https://acme.test/page-sitemap.xml</loc></sitemap></sitemapindex>',
      ),
      'https://acme.test/page-sitemap.xml': xml(
        'https://acme.test/page-sitemap.xml',
        urlset('https://acme.test/contact', 'https://acme.test/private/franchise'),
      ),
      ...sitemapPages,
    });
    const reading = await readSite('https://acme.test/', options);
    expect('pages' in reading && reading.pages.map((read) => read.url)).toEqual(['https://acme.test/', 'https://acme.test/contact']);
    expect(asked).toEqual([
      'https://acme.test/robots.txt',
      'https://acme.test/',
      'https://acme.test/sitemap_index.xml',
      'https://acme.test/page-sitemap.xml',
      'https://acme.test/contact',
    ]);
  });

  it('is bounded: its bytes, one hop of an index however many it nests, robots.txt, and the deadline', async () => {
    // An index that lists only itself and indexes: one hop, then no more sitemaps.
    const loop = xml('https://acme.test/sitemap.xml', '<sitemapindex><sitemap><loc>https://acme.test/sitemap.xml</loc></sitemap></sitemapindex>');
    const maxBytes: number[] = [];
    const looping = reader({ 'https://acme.test/': page('https://acme.test/'), 'https://acme.test/sitemap.xml': loop });
    const fetchPage = looping.options.fetchPage;
    looping.options.fetchPage = (request) => {
      if (request.url.endsWith('.xml')) maxBytes.push(request.maxBytes);
      return fetchPage(request);
    };
    expect(await readSite('https://acme.test/', looping.options)).toEqual({ pages: [{ url: 'https://acme.test/', html: '<p>https://acme.test/</p>' }] });
    expect(looping.asked.filter((url) => url.endsWith('.xml'))).toHaveLength(MAX_SITEMAPS);
    expect(maxBytes).toEqual([MAX_SITEMAP_BYTES, MAX_SITEMAP_BYTES]);

    // Too large to read whole: no pages from it.
    const huge = reader({ 'https://acme.test/': page('https://acme.test/'), 'https://acme.test/sitemap.xml': { refused: 'too-large' } });
    expect(await readSite('https://acme.test/', huge.options)).toEqual({ pages: [{ url: 'https://acme.test/', html: '<p>https://acme.test/</p>' }] });

    // Disallowed by robots.txt: never asked for.
    const disallowed = reader({
      'https://acme.test/robots.txt': { url: 'https://acme.test/robots.txt', status: 200, headers: {}, body: 'User-agent: *\nDisallow: /sitemap.xml\n' },
      'https://acme.test/': page('https://acme.test/'),
    });
    await readSite('https://acme.test/', disallowed.options);
    expect(disallowed.asked).toEqual(['https://acme.test/robots.txt', 'https://acme.test/']);

    // A sitemap that never answers: the read ends at its deadline with the pages read.
    const silent = reader(
      { 'https://acme.test/': page('https://acme.test/'), 'https://acme.test/sitemap.xml': () => new Promise<Answer>(() => {}) },
      { deadlineMs: 100 },
    );
    expect(await readSite('https://acme.test/', silent.options)).toEqual({ pages: [{ url: 'https://acme.test/', html: '<p>https://acme.test/</p>' }] });
  });
});
