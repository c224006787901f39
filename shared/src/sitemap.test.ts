import { expect, test } from 'vitest';
import { MAX_SITEMAP_LOCS, sitemapLocations } from './sitemap.ts';

const urlset = (locs: string[]): string =>
  `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((loc) => `<url><loc>${loc}</loc><lastmod>2026-01-01</lastmod></url>`).join('')}</urlset>`;

test('the pages of a sitemap, in order, entities decoded', () => {
  expect(sitemapLocations(urlset(['https://acme.example/about', ' https://acme.example/?a=1&amp;b=2 '])).pages).toEqual([
    'https://acme.example/about',
    'https://acme.example/?a=1&b=2',
  ]);
});

test('the sitemaps of a sitemap index', () => {
  const index =
    '<sitemapindex><sitemap><loc>https://acme.example/page-sitemap.xml</loc></sitemap><sitemap><loc>https://acme.example/post-sitemap.xml</loc></sitemap></sitemapindex>';
  expect(sitemapLocations(index)).toEqual({ pages: [], sitemaps: ['https://acme.example/page-sitemap.xml', 'https://acme.example/post-sitemap.xml'] });
});

test('a prefixed namespace and CDATA are read as the plain form', () => {
  const xml =
    '<sm:urlset xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"><sm:url><sm:loc><![CDATA[https://acme.example/contact]]></sm:loc></sm:url></sm:urlset>';
  expect(sitemapLocations(xml).pages).toEqual(['https://acme.example/contact']);
});

test('a <loc> outside an entry, an image, an empty or an overlong one is no page', () => {
  const xml = `<urlset><loc>https://acme.example/stray</loc><url><loc></loc><image:image><image:loc>https://acme.example/a.jpg</image:loc></image:image></url><url><loc>https://acme.example/${'x'.repeat(3_000)}</loc></url></urlset>`;
  expect(sitemapLocations(xml).pages).toEqual([]);
});

test(`at most ${MAX_SITEMAP_LOCS} entries are read, however many the sitemap lists`, () => {
  const found = sitemapLocations(urlset(Array.from({ length: 20_000 }, (_, i) => `https://acme.example/p${i}`)));
  expect(found.pages).toHaveLength(MAX_SITEMAP_LOCS);
  expect(found.pages.at(-1)).toBe(`https://acme.example/p${MAX_SITEMAP_LOCS - 1}`);
});

test.each([
  ['HTML (a soft 404)', '<!doctype html><html><body><a href="/x">x</a></body></html>'],
  ['no XML at all', '\u0000\u0001garbage<<<>>>'],
  ['unclosed entries', '<urlset><url><loc>https://acme.example/a'],
  ['deeply nested', `${'<url>'.repeat(100_000)}<loc>https://acme.example/a</loc>`],
])(
  '%s never throws',
  (_, xml) => {
    expect(() => sitemapLocations(xml)).not.toThrow();
    // 100,000 nested tags parse in about a second; the margin is for a loaded 2-core machine.
  },
  20_000,
);
