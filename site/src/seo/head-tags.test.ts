import { afterEach, expect, test, vi } from 'vitest';
import { NOT_FOUND, PAGES, ROUTES, translationsOf } from '../routes.ts';
import { alternates, headTags, widgetTags } from './head-tags.ts';
import { DEFAULT_SITE_URL, siteOrigin } from './site-url.ts';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

// What scripts/prerender.mjs writes into every page's head when VITE_SITE_URL is not set: the same
// config module and the same functions, with the variable taken away (whatever the shell has).
test("a default build's head names the placeholder origin, never the preview server's 127.0.0.1", async () => {
  vi.stubEnv('VITE_SITE_URL', undefined);
  vi.resetModules();
  const { config } = await import('../config.ts');
  const origin = siteOrigin(config.siteUrl);
  expect(origin).toBe(DEFAULT_SITE_URL);
  for (const route of [...ROUTES, NOT_FOUND]) {
    const head = headTags(route, { origin, widgetSrc: config.widgetSrc });
    expect(head, route.path).not.toMatch(/127\.0\.0\.1|localhost/);
    expect(head, route.path).toContain(`content="${DEFAULT_SITE_URL}/og-image.png"`);
  }
});

test("a widget page's head asks for the widget's one file at a high priority, then has the partner's one-line tag; other pages have none of it", () => {
  const settings = { origin: DEFAULT_SITE_URL, widgetSrc: '/widget/franchise-ai-demo.js' };
  expect(headTags(PAGES.demo, settings).split('\n    ').slice(-3)).toEqual([
    expect.not.stringMatching(/widget|preload/),
    '<link rel="preload" as="script" href="/widget/franchise-ai-demo.js" />',
    '<script src="/widget/franchise-ai-demo.js" defer></script>',
  ]);
  for (const route of [...ROUTES, NOT_FOUND].filter((route) => !route.widget)) expect(headTags(route, settings), route.path).not.toMatch(/widget|preload/);
  expect(widgetTags('https://cdn.example.com/fad/a.js?v="1"&x')[1]).toBe(
    '<script src="https://cdn.example.com/fad/a.js?v=&quot;1&quot;&amp;x" defer></script>',
  );
});

test('a translated page names each language and x-default (the English page) by hreflang, the same on both of its pages; a page in one language names none', () => {
  const origin = DEFAULT_SITE_URL;
  const expected = [
    { hreflang: 'en', href: `${origin}/privacy` },
    { hreflang: 'fr', href: `${origin}/fr/confidentialite` },
    { hreflang: 'x-default', href: `${origin}/privacy` },
  ];
  expect(alternates(PAGES.privacy, origin)).toEqual(expected);
  expect(alternates(PAGES.frPrivacy, origin)).toEqual(expected);
  expect(alternates(PAGES.frLanding, origin).map((link) => link.href)).toEqual([`${origin}/`, `${origin}/fr/`, `${origin}/`]);
  for (const route of [PAGES.embed, NOT_FOUND]) expect(alternates(route, origin), route.path).toEqual([]);
  const head = headTags(PAGES.frDemo, { origin, widgetSrc: '/widget/franchise-ai-demo.js' });
  expect(head).toContain(`<link rel="alternate" hreflang="x-default" href="${origin}/demo" />`);
  expect(head).toContain('<meta property="og:locale" content="fr_FR" />');
});

test('every page of one language has its translation, in the other language', () => {
  for (const route of ROUTES.filter((route) => route !== PAGES.embed)) {
    const translations = translationsOf(route)!;
    expect(translations[route.lang], route.path).toBe(route);
    expect(Object.values(translations).map((page) => page.lang)).toEqual(['en', 'fr']);
  }
});
