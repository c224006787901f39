import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { poll } from '@franchise-ai/test-support/poll';
import { copy } from '@franchise-ai/test-support/widget-texts';
import { widgetParts } from '@franchise-ai/test-support/widget-weight.mjs';
import { DIST } from '../support/preview.ts';
import { useSite, waitForHydration } from '../support/site.ts';

// What /demo asks for, and when (issue 32): the widget's loader and its first chunk with the page
// (preload hints in the prerendered head), not one after the other once the page has painted; the
// site's own font only once the widget is defined, so that it never shares the slow link with the
// widget's first render. One request at a time is held back to make the order observable.
const site = useSite();

const LOADER = '/widget/franchise-ai-demo.js';
/** The widget build's first chunk, by its hashed name, as the site ships it. */
const CHUNKS = widgetParts(join(DIST, 'widget')).chunksBeforeForm.map((chunk) => `/widget/${chunk}`);
const STYLESHEET = /\/assets\/[\w-]+\.css$/;
const FONT = /\.woff2$/;

/** /demo in a fresh page whose requests matching `held` wait for `release()`; `paths` lists every request made, in order. */
async function openHolding(held: RegExp): Promise<{ page: Page; paths: string[]; release: () => void; close: () => Promise<void> }> {
  const context = await site.browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const paths: string[] = [];
  page.on('request', (request) => paths.push(new URL(request.url()).pathname));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(held, async (route) => {
    await released;
    await route.continue();
  });
  // Not 'load' nor 'domcontentloaded': both wait for what is held.
  await page.goto(`${site.url}/demo`, { waitUntil: 'commit' });
  return { page, paths, release, close: () => context.close() };
}

const formHeading = (page: Page) => page.locator('franchise-ai-demo').getByRole('heading', { name: copy.formHeading, exact: true });

test('the loader and the first chunk are requested while the stylesheet is still on the way; the chunk once, the loader tag once', async () => {
  expect(CHUNKS).toHaveLength(1);
  const { page, paths, release, close } = await openHolding(STYLESHEET);
  try {
    // Nothing can paint, and no deferred script can run, before the stylesheet: whatever is asked for now comes with the page.
    await poll(() => [LOADER, ...CHUNKS].every((path) => paths.includes(path)), `the loader and ${CHUNKS[0]} were requested (${paths.join(' ')})`).toBe(true);
    expect(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(0);
    release();
    await formHeading(page).waitFor();
    expect(paths.filter((path) => path === CHUNKS[0])).toHaveLength(1);
    expect(await page.locator(`script[src="${LOADER}"]`).count()).toBe(1);
  } finally {
    await close();
  }
});

test("the site's font is asked for only once the widget is defined: until then the page is set in the matched fallback", async () => {
  const { page, paths, release, close } = await openHolding(new RegExp(`${CHUNKS[0]}$`));
  const h1Font = () => page.evaluate(() => getComputedStyle(document.querySelector('main h1')!).fontFamily.replace(/["']/g, ''));
  try {
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    // A few frames after the first paint: the page has laid out its text, which would have asked for the font.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 200)))));
    expect(paths.filter((path) => FONT.test(path))).toEqual([]);
    expect(await h1Font()).toMatch(/^Figtree Fallback\b/);
    release();
    await formHeading(page).waitFor();
    await poll(() => paths.some((path) => FONT.test(path)), 'the font was requested once the widget was defined').toBe(true);
    expect(await h1Font()).toMatch(/^Figtree, Figtree Fallback\b/);
  } finally {
    await close();
  }
});

test('reached by client-side navigation, /demo loads the widget once (widget-loader.ts) and its text stays in Figtree, already loaded, while the widget loads', async () => {
  const context = await site.browser.newContext();
  try {
    const page = await context.newPage();
    const paths: string[] = [];
    page.on('request', (request) => paths.push(new URL(request.url()).pathname));
    await page.goto(`${site.url}/`);
    await page.keyboard.press('Shift');
    await waitForHydration(page);
    await page.evaluate(() => document.fonts.ready);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(new RegExp(`${CHUNKS[0]}$`), async (route) => {
      await released;
      await route.continue();
    });
    // The router's own navigation (wouter follows history.pushState), as a client-side link does: no new document.
    await page.evaluate(() => history.pushState(null, '', '/demo'));
    await page.locator('main h1').filter({ hasText: 'Live Franchise AI Demo' }).waitFor();
    expect(await page.evaluate(() => document.getElementById('root')!.hasAttribute('data-hydrated'))).toBe(true);
    // The widget is not defined yet (its chunk is held): the page's text must not fall back meanwhile.
    expect(await page.evaluate(() => customElements.get('franchise-ai-demo'))).toBeUndefined();
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('main h1')!).fontFamily.replace(/["']/g, ''))).toMatch(/^Figtree, /);
    release();
    await formHeading(page).waitFor();
    expect(await page.locator(`script[src="${LOADER}"]`).count()).toBe(1);
    expect(paths.filter((path) => path === CHUNKS[0])).toHaveLength(1);
  } finally {
    await context.close();
  }
});
