import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serveFixtureSite, type FixtureSite, type FranchiseSiteName } from '@franchise-ai/test-support/franchise-sites';
import { choosePages, MAX_CHOSEN_PAGES } from './page-choice.ts';

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
