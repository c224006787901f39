import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serveFixtureSite, type FixtureSite, type FranchiseSiteName } from '@franchise-ai/test-support/franchise-sites';
import { chooseFromSitemap, choosePages, MAX_CHOSEN_PAGES } from './page-choice.ts';
import type { SitemapChoice, SitemapDocument } from './sitemap.ts';

describe("the fixture sites' home pages, as served", () => {
  const sites = new Map<FranchiseSiteName, FixtureSite>();
  const names: FranchiseSiteName[] = ['franchisor', 'franchisee', 'robots-disallow', 'script-only'];
  beforeAll(async () => {
    for (const name of names) sites.set(name, await serveFixtureSite(name));
  });
  afterAll(async () => {
    for (const site of sites.values()) await site.close();
  });

  const chosen = async (name: FranchiseSiteName): Promise<string[]> => {
    const { url } = sites.get(name)!;
    const html = await (await fetch(`${url}/`)).text();
    return choosePages({ url: `${url}/`, html }).map((page) => page.replace(url, ''));
  };

  test.each([
    // The franchise offer, then the locations, then what it sells (the menu before About by page order: both score alike),
    // then contact. Left out: the blog posts, the PDF, the social link, mailto and tel, the footer's privacy/terms/careers,
    // and the second links to /menu#bagels and /about#story (one page each).
    ['franchisor', ['/own-a-franchise', '/locations', '/menu', '/about', '/contact']],
    // The services, then booking; /#hours is the home page itself, the franchise HQ is another site.
    ['franchisee', ['/services', '/book']],
    ['robots-disallow', ['/franchise']],
    ['script-only', []],
  ] as const)('%s', async (name, expected) => {
    expect(await chosen(name)).toEqual(expected);
  });
});

const page = (links: string, url = 'https://www.acme.example/') => ({ url, html: `<!doctype html><body>${links}</body>` });

test.each([
  [
    'non-web schemes and fragments are no pages',
    '<a href="mailto:a@acme.example">Contact</a><a href="tel:5550100">Contact</a><a href="javascript:void(0)">About</a><a href="#about">About</a>',
    [],
  ],
  [
    'assets are no pages',
    '<a href="/menu.pdf">Menu</a><a href="/about/team.JPG">About</a><a href="/locations.json">Locations</a><a href="/services" download>Services</a>',
    [],
  ],
  [
    'another site is not this one, www or not is',
    '<a href="https://other.example/franchise">Franchise</a><a href="https://acme.example/about">About</a><a href="http://www.acme.example/contact">Contact</a>',
    ['https://acme.example/about', 'http://www.acme.example/contact'],
  ],
  [
    'a fragment or a trailing slash does not make a second page',
    '<a href="/about">About</a><a href="/about/#team">Team</a><a href="/about#x">About us</a>',
    ['https://www.acme.example/about'],
  ],
  ['the home page itself is not chosen', '<a href="/">Home</a><a href="https://www.acme.example/#locations">Locations</a>', []],
  ['links that match no interest are left out', '<a href="/blog/post-1">Read more</a><a href="/careers">Careers</a>', []],
  [
    'the path and the text both count, the path more',
    '<a href="/contact">Franchise</a><a href="/franchising">Learn more</a><a href="/own-a-franchise">Own a franchise</a>',
    ['https://www.acme.example/own-a-franchise', 'https://www.acme.example/franchising', 'https://www.acme.example/contact'],
  ],
  [
    'a base element moves relative links',
    '<base href="https://www.acme.example/en/"><a href="locations">Locations</a>',
    ['https://www.acme.example/en/locations'],
  ],
  [
    'entities and an aria-label are link text',
    '<a href="/x1">Find&nbsp;a&nbsp;store</a><a href="/x2" aria-label="About us"><img src="i.png"></a>',
    ['https://www.acme.example/x1', 'https://www.acme.example/x2'],
  ],
])('%s', (_, links, expected) => {
  expect(choosePages(page(links))).toEqual(expected);
});

test(`at most ${MAX_CHOSEN_PAGES} pages, the best first, the same list every time`, () => {
  const links = `${Array.from({ length: 30 }, (_, i) => `<a href="/locations/city-${i}">City ${i}</a>`).join('')}<a href="/franchise">Franchise</a>`;
  const first = choosePages(page(links));
  expect(first).toHaveLength(MAX_CHOSEN_PAGES);
  expect(first[0]).toBe('https://www.acme.example/franchise');
  expect(first[1]).toBe('https://www.acme.example/locations/city-0');
  expect(choosePages(page(links))).toEqual(first);
});

test.each([
  ['a home URL that is no URL', { url: 'not a url', html: '<a href="/about">About</a>' }],
  ['an empty page', { url: 'https://acme.example/', html: '' }],
  ['an unclosed, broken page', { url: 'https://acme.example/', html: '<a href="/about"<<<>About</a <div><a href=">' }],
  ['a link href of a megabyte', { url: 'https://acme.example/', html: `<a href="/about?${'x'.repeat(1_000_000)}">About</a>` }],
])('%s never throws', (_, home) => {
  expect(() => choosePages(home)).not.toThrow();
  expect(Array.isArray(choosePages(home))).toBe(true);
});

const chosenPaths = (links: string, url = 'https://www.acme.example/'): string[] =>
  choosePages(page(links, url)).map((chosen) => chosen.replace('https://www.acme.example', ''));

describe('link words in French, and in a few other languages', () => {
  test.each([
    // The franchise offer first, then the locations, what it is, what it sells, how to reach it, the legal notice last.
    [
      'by the link text, accents and case aside',
      '<a href="/p1">Mentions légales</a><a href="/p2">Nous contacter</a><a href="/p3">NOS PRESTATIONS</a><a href="/p4">Qui sommes-nous ?</a><a href="/p5">Trouver un centre</a><a href="/p6">Devenir franchisé</a>',
      ['/p6', '/p5', '/p3', '/p4', '/p2', '/p1'],
    ],
    [
      'by the address, words split on hyphens and camelCase',
      '<a href="/mentions-legales">x</a><a href="/nousContacter">x</a><a href="/nos-restaurants">x</a><a href="/devenir-franchise">x</a>',
      ['/devenir-franchise', '/nos-restaurants', '/nousContacter', '/mentions-legales'],
    ],
    [
      'the address counts more than the text',
      '<a href="/contact">Rejoindre le réseau</a><a href="/nous-rejoindre">En savoir plus</a>',
      ['/nous-rejoindre', '/contact'],
    ],
    [
      'a query names a page as a path does',
      '<a href="/?p=centres">x</a><a href="/?p=franchise">x</a><a href="/?p=contact">x</a>',
      ['/?p=franchise', '/?p=centres', '/?p=contact'],
    ],
    [
      'hours, access, booking, and the words of other languages',
      '<a href="/a">Horaires</a><a href="/b">Plan d’accès</a><a href="/c">Prendre rendez-vous</a><a href="/d">Über uns</a><a href="/e">Impressum</a>',
      ['/d', '/a', '/b', '/c', '/e'],
    ],
    [
      'jobs, policies, carts and posts are never read, whatever else they say',
      '<a href="/offres-emploi">Nos restaurants recrutent</a><a href="/politique-de-confidentialite">Politique</a><a href="/panier">Nos produits</a><a href="/blog/franchise">Franchise</a><a href="/cgv">CGV</a><a href="/careers">Employment opportunities</a>',
      [],
    ],
  ])('%s', (_, links, expected) => {
    expect(chosenPaths(links)).toEqual(expected);
  });
});

describe("the site's navigation", () => {
  test('a menu link no word names is read after those that are named; a footer link is not', () => {
    const html =
      '<header><nav><a href="/elagage">Élagage</a><a href="/abattage">Abattage</a><a href="/contact">Contact</a></nav></header>' +
      '<main><a href="/projets/1">Rue Boissonade</a></main><div class="main-menu"><a href="/notre-pain">Le pain</a></div>' +
      '<footer><nav><a href="/plan">Plan</a><a href="/mentions">Mentions légales</a></nav></footer>';
    expect(chosenPaths(html)).toEqual(['/contact', '/mentions', '/elagage', '/abattage', '/notre-pain']);
  });

  test('links of the menu that differ by a query alone take two slots at most; links whose words name them are all read', () => {
    const menu = Array.from({ length: 6 }, (_, i) => `<a href="/index.php?id=${i + 1}">Page ${i + 1}</a>`).join('');
    const named = '<a href="/index.php?page=franchise">Franchise</a><a href="/index.php?page=contact">Contact</a><a href="/index.php?id=9">Nos tarifs</a>';
    expect(chosenPaths(`<nav>${menu}${named}</nav>`)).toEqual(['/index.php?page=franchise', '/index.php?page=contact', '/index.php?id=9']);
    expect(chosenPaths(`<nav>${menu}</nav>`)).toEqual(['/index.php?id=1', '/index.php?id=2']);
  });
});

describe('one page per canonical URL', () => {
  test.each([
    [
      'the home page however it is written',
      '<a href="/index.php">Accueil</a><a href="/?utm_source=x">Nos services</a><a href="/?lang=en">Contact</a><a href="index.html#top">About</a>',
      [],
    ],
    [
      'tracking parameters and default documents',
      '<a href="/about/index.php">About</a><a href="/about/?gclid=1">About us</a><a href="/menu?fbclid=2&PHPSESSID=3">Menu</a><a href="/menu">Menu</a>',
      ['/about/index.php', '/menu'],
    ],
    [
      'a page linked several times counts its best link',
      '<a href="/a">Nos services</a><a href="/?p=x">Notre concept</a><a href="/?p=x">Ouvrir un centre</a>',
      ['/?p=x', '/a'],
    ],
  ])('%s', (_, links, expected) => {
    expect(chosenPaths(links)).toEqual(expected);
  });
});

describe('chooseFromSitemap', () => {
  const home = { url: 'https://www.acme.example/', html: '' };
  const urlset = (paths: string[], origin = 'https://www.acme.example'): SitemapDocument => ({
    url: 'https://www.acme.example/sitemap.xml',
    xml: `<urlset>${paths.map((path) => `<url><loc>${path.startsWith('http') ? path : origin + path}</loc></url>`).join('')}</urlset>`,
  });
  const paths = (choice: SitemapChoice): string[] => choice.pages.map((url) => url.replace('https://www.acme.example', ''));

  test('scored by the words of the addresses, top-level pages next, deeper unnamed pages, other sites, assets and the home page left out', () => {
    const sitemap = urlset([
      '/',
      '/index.php',
      '/blog/2026/01/our-franchise-story',
      '/pain',
      '/a/b/c',
      '/nos-boutiques',
      '/fr/devenir-franchise',
      '/brochure.pdf',
      'https://other.example/franchise',
      '/mentions-legales',
    ]);
    expect(paths(chooseFromSitemap(home, sitemap))).toEqual(['/fr/devenir-franchise', '/nos-boutiques', '/mentions-legales', '/pain']);
  });

  test(`at most ${MAX_CHOSEN_PAGES} pages of a sitemap of thousands`, () => {
    const sitemap = urlset(Array.from({ length: 5_000 }, (_, i) => `/locations/city-${i}`));
    const choice = chooseFromSitemap(home, sitemap);
    expect(choice.pages).toHaveLength(MAX_CHOSEN_PAGES);
    expect(paths(choice)[0]).toBe('/locations/city-0');
  });

  test("an index's sitemaps of the same site, its pages' before its posts'", () => {
    const index: SitemapDocument = {
      url: 'https://www.acme.example/sitemap_index.xml',
      xml: '<sitemapindex><sitemap><loc>https://www.acme.example/post-sitemap.xml</loc></sitemap><sitemap><loc>https://evil.example/page-sitemap.xml</loc></sitemap><sitemap><loc>/product-sitemap.xml</loc></sitemap><sitemap><loc>https://acme.example/page-sitemap.xml</loc></sitemap></sitemapindex>',
    };
    expect(chooseFromSitemap(home, index)).toEqual({
      pages: [],
      sitemaps: ['https://acme.example/page-sitemap.xml', 'https://www.acme.example/product-sitemap.xml', 'https://www.acme.example/post-sitemap.xml'],
    });
  });

  test.each([
    ['HTML', '<html><body><a href="/franchise">x</a></body></html>'],
    ['garbage', '<<<\u0000>>>'],
    ['a loc of a megabyte', `<urlset><url><loc>https://www.acme.example/${'x'.repeat(1_000_000)}</loc></url></urlset>`],
  ])('%s gives no page and never throws', (_, xml) => {
    expect(chooseFromSitemap(home, { url: 'https://www.acme.example/sitemap.xml', xml })).toEqual({ pages: [], sitemaps: [] });
  });
});

test('the best page of each interest before the rest: ten franchise pages leave room for the contact page, not for the legal notice', () => {
  const franchise = Array.from({ length: 10 }, (_, i) => `<a href="/franchise-${i}">Franchise ${i}</a>`).join('');
  expect(chosenPaths(`${franchise}<a href="/mentions-legales">Mentions légales</a><a href="/contact">Contact</a>`)).toEqual([
    '/franchise-0',
    '/contact',
    ...Array.from({ length: 6 }, (_, i) => `/franchise-${i + 1}`),
  ]);
});

describe('a splash page', () => {
  test('gives its one link to its own site when no link names anything: the way in', () => {
    const home = { url: 'https://acme.test/', html: '<body><a href="/home.html">explore</a><a href="https://elsewhere.test/">partner</a></body>' };
    expect(choosePages(home)).toEqual(['https://acme.test/home.html']);
  });
});
