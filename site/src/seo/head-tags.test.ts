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
