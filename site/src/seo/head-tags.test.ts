import { afterEach, expect, test, vi } from 'vitest';
import { NOT_FOUND, PAGES, ROUTES } from '../routes.ts';
import { headTags, widgetTags } from './head-tags.ts';
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
    const head = headTags(route, { origin, widgetSrc: config.widgetSrc, widgetChunks: [] });
    expect(head, route.path).not.toMatch(/127\.0\.0\.1|localhost/);
    expect(head, route.path).toContain(`content="${DEFAULT_SITE_URL}/og-image.png"`);
  }
});

test("a widget page's head asks for the loader and its first chunk with the page, then has the partner's one-line tag; other pages have none of it", () => {
  const settings = { origin: DEFAULT_SITE_URL, widgetSrc: '/widget/franchise-ai-demo.js', widgetChunks: ['chunks/franchise-ai-demo-AbC123.js'] };
  const demo = PAGES.demo;
  expect(headTags(demo, settings).split('\n    ').slice(-3)).toEqual([
    '<link rel="preload" as="script" href="/widget/franchise-ai-demo.js" />',
    '<link rel="preload" as="script" href="/widget/chunks/franchise-ai-demo-AbC123.js" />',
    '<script src="/widget/franchise-ai-demo.js" defer></script>',
  ]);
  for (const route of [...ROUTES, NOT_FOUND].filter((route) => !route.widget)) expect(headTags(route, settings), route.path).not.toMatch(/widget|preload/);
});

test('a loader served from another host gets a hint for itself only: the site cannot know which build, so which chunk, that host serves', () => {
  expect(widgetTags('https://cdn.example.com/fad/franchise-ai-demo.js', ['chunks/franchise-ai-demo-AbC123.js'])).toEqual([
    '<link rel="preload" as="script" href="https://cdn.example.com/fad/franchise-ai-demo.js" />',
    '<script src="https://cdn.example.com/fad/franchise-ai-demo.js" defer></script>',
  ]);
  // A protocol-relative address is another host too.
  expect(widgetTags('//cdn.example.com/franchise-ai-demo.js', ['chunks/x.js']).join('')).not.toContain('chunks/');
});
