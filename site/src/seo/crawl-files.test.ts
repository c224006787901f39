import { describe, expect, test } from 'vitest';
import { robotsTxt, sitemapXml } from './crawl-files.ts';

describe('robotsTxt', () => {
  test.each([
    ['https://franchise-ai.example', 'User-agent: *\nAllow: /\n\nSitemap: https://franchise-ai.example/sitemap.xml\n'],
    ['http://127.0.0.1:4173', 'User-agent: *\nAllow: /\n\nSitemap: http://127.0.0.1:4173/sitemap.xml\n'],
  ])('on %j', (origin, text) => {
    expect(robotsTxt(origin)).toBe(text);
  });
});

const HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';

describe('sitemapXml', () => {
  test.each([
    [[], `${HEAD}</urlset>\n`],
    [['https://a.example/'], `${HEAD}  <url><loc>https://a.example/</loc></url>\n</urlset>\n`],
    [
      ['https://a.example/', 'https://a.example/demo'],
      `${HEAD}  <url><loc>https://a.example/</loc></url>\n  <url><loc>https://a.example/demo</loc></url>\n</urlset>\n`,
    ],
    [["https://a.example/?a=1&b='2'<>\""], `${HEAD}  <url><loc>https://a.example/?a=1&amp;b=&apos;2&apos;&lt;&gt;&quot;</loc></url>\n</urlset>\n`],
  ])('%j', (urls, xml) => {
    expect(sitemapXml(urls.map((url) => ({ url })))).toBe(xml);
  });

  test('a translated page lists its languages as xhtml:link alternates', () => {
    const alternates = [
      { hreflang: 'en', href: 'https://a.example/' },
      { hreflang: 'fr', href: 'https://a.example/fr/' },
    ];
    expect(sitemapXml([{ url: 'https://a.example/fr/', alternates }])).toBe(
      `${HEAD}  <url><loc>https://a.example/fr/</loc>\n` +
        '    <xhtml:link rel="alternate" hreflang="en" href="https://a.example/"/>\n' +
        '    <xhtml:link rel="alternate" hreflang="fr" href="https://a.example/fr/"/>\n' +
        '  </url>\n</urlset>\n',
    );
  });
});
