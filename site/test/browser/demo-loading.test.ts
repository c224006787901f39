import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { poll } from '@franchise-ai/test-support/poll';
import { copy } from '@franchise-ai/test-support/widget-texts';
import { useSite, waitForHydration } from '../support/site.ts';

// What /demo asks for, and when: the widget's one file with the page (a preload hint in
// the prerendered head), not once the page has painted; the
// site's own font only once the widget has painted, so that it never shares the slow link with the
// widget's first render. One request at a time is held back to make the order observable.
const site = useSite();

/** The widget's one file, which holds everything before its form is usable. */
const LOADER = '/widget/franchise-ai-demo.js';
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

test("the widget's file is requested while the stylesheet is still on the way, once, and its tag is there once", async () => {
  const { page, paths, release, close } = await openHolding(STYLESHEET);
  try {
    // Nothing can paint, and no deferred script can run, before the stylesheet: whatever is asked for now comes with the page.
    await poll(() => paths.includes(LOADER), `${LOADER} was requested (${paths.join(' ')})`).toBe(true);
    expect(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(0);
    release();
    await formHeading(page).waitFor();
    expect(paths.filter((path) => path === LOADER)).toHaveLength(1);
    expect(await page.locator(`script[src="${LOADER}"]`).count()).toBe(1);
  } finally {
    await close();
  }
});

test("the site's font is asked for only once the widget has painted: until then the page is set in the matched fallback", async () => {
  const { page, paths, release, close } = await openHolding(new RegExp(`${LOADER}$`));
  const h1Font = () => page.evaluate(() => getComputedStyle(document.querySelector('main h1')!).fontFamily.replace(/["']/g, ''));
  try {
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    // A few frames after the first paint: the page has laid out its text, which would have asked for the font.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 200)))));
    expect(paths.filter((path) => FONT.test(path))).toEqual([]);
    expect(await h1Font()).toMatch(/^Figtree Fallback\b/);
    release();
    await formHeading(page).waitFor();
    await poll(() => paths.some((path) => FONT.test(path)), 'the font was requested once the widget had painted').toBe(true);
    expect(await page.evaluate(() => document.getElementById('root')!.hasAttribute('data-widget-painted'))).toBe(true);
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
    await page.route(new RegExp(`${LOADER}$`), async (route) => {
      await released;
      await route.continue();
    });
    // The router's own navigation (wouter follows history.pushState), as a client-side link does: no new document.
    await page.evaluate(() => history.pushState(null, '', '/demo'));
    await page.locator('main h1').filter({ hasText: 'Live Franchise AI Demo' }).waitFor();
    expect(await page.evaluate(() => document.getElementById('root')!.hasAttribute('data-hydrated'))).toBe(true);
    // The widget is not defined yet (its file is held): the page's text must not fall back meanwhile.
    expect(await page.evaluate(() => customElements.get('franchise-ai-demo'))).toBeUndefined();
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('main h1')!).fontFamily.replace(/["']/g, ''))).toMatch(/^Figtree, /);
    release();
    await formHeading(page).waitFor();
    expect(await page.locator(`script[src="${LOADER}"]`).count()).toBe(1);
    expect(paths.filter((path) => path === LOADER)).toHaveLength(1);
  } finally {
    await context.close();
  }
});

test("/demo's head leaves out the other pages' styles; once React runs they are linked, so the landing reached from it without a new document is styled", async () => {
  const context = await site.browser.newContext();
  try {
    const page = await context.newPage();
    const sheets = () =>
      page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => new URL(link.href).pathname));
    await page.goto(`${site.url}/demo`);
    await formHeading(page).waitFor();
    expect((await sheets()).filter((path) => /page-styles/.test(path))).toEqual([]);
    // React comes on /demo at an interaction outside the widget (main.tsx).
    await page.keyboard.press('Shift');
    await waitForHydration(page);
    await poll(() => sheets().then((paths) => paths.filter((path) => /page-styles/.test(path)).length)).toBe(1);
    await page.evaluate(() => history.pushState(null, '', '/'));
    const hero = page.locator('main .hero').first();
    await hero.waitFor();
    await poll(() => hero.evaluate((element) => getComputedStyle(element).position)).toBe('relative');
  } finally {
    await context.close();
  }
});
