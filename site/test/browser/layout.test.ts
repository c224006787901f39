import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DESKTOP } from '@franchise-ai/test-support/browser-suite';
import { privacy } from '../../src/content/privacy.ts';
import { terms } from '../../src/content/terms.ts';
import { BUILD_ENV } from '../support/build-env.ts';
import { layoutShifts } from '../support/layout-shifts.ts';
import { PHONE, useSite } from '../support/site.ts';

// What a visitor would see as broken or cheap: a band under the footer of a short page, a button
// jammed against the link beside it, the brand font missing, content jumping while the page loads.
const site = useSite();

const LAPTOP = { width: 1280, height: 800 };
/** A phone and a desktop, each named by its width. */
const WIDTHS = [
  ['375', PHONE],
  ['1280', DESKTOP],
] as const;

describe('a short page (the 404 page at 1280x800)', () => {
  test('ends with its footer: no band under it, and the page fills the window', async () => {
    const { page } = await site.open('/some-unknown-path', { viewport: LAPTOP });
    const { footerBottom, documentHeight, viewportHeight } = await page.evaluate(() => ({
      footerBottom: document.querySelector('footer')!.getBoundingClientRect().bottom + window.scrollY,
      documentHeight: document.documentElement.scrollHeight,
      viewportHeight: window.innerHeight,
    }));
    expect(documentHeight).toBeGreaterThanOrEqual(viewportHeight);
    expect(Math.round(footerBottom)).toBe(documentHeight);
  });
});

describe.each([
  ['/privacy', privacy.contact.button, BUILD_ENV.VITE_PRIVACY_EMAIL],
  ['/terms', terms.contact.button, BUILD_ENV.VITE_LEGAL_EMAIL],
] as const)('the contact block of %s', (path, button, email) => {
  test.each(WIDTHS)('at %s px, keeps its button and its e-mail link apart: 8 px or more side by side, or on lines of their own', async (_, viewport) => {
    const { page } = await site.open(path, { viewport });
    const block = page.getByRole('region', { name: path === '/privacy' ? privacy.contact.heading : terms.contact.heading });
    const boxOf = async (name: string) => {
      const box = await block.getByRole('link', { name, exact: true }).boundingBox();
      if (!box) throw new Error(`${name} is not rendered`);
      return { left: box.x, right: box.x + box.width, top: box.y, bottom: box.y + box.height };
    };
    const [a, b] = [await boxOf(button), await boxOf(email)];
    const across = Math.max(b.left - a.right, a.left - b.right);
    const down = Math.max(b.top - a.bottom, a.top - b.bottom);
    expect(Math.max(across, down), JSON.stringify({ button: a, email: b })).toBeGreaterThanOrEqual(8);
  });
});

describe.each(WIDTHS)('the hero at %s px', (_, viewport) => {
  test('keeps its figures 40 px or more below the call picture, not against it', async () => {
    const { page } = await site.open('/', { viewport });
    const card = await page.locator('.call-card').boundingBox();
    const figures = await page.getByLabel('Results at a glance', { exact: true }).boundingBox();
    if (!card || !figures) throw new Error('the call picture or the figures are not rendered');
    expect(figures.y - (card.y + card.height)).toBeGreaterThanOrEqual(40);
  });
});

test('the hero at 768 px: one column, the call picture as wide as the copy above it (no empty third beside it)', async () => {
  const { page } = await site.open('/', { viewport: { width: 768, height: 1024 } });
  const [card, copy] = await Promise.all([page.locator('.call-card').boundingBox(), page.locator('.hero-copy').boundingBox()]);
  if (!card || !copy) throw new Error('the call picture or the hero copy is not rendered');
  expect(card.y).toBeGreaterThan(copy.y + copy.height - 1);
  expect(Math.abs(card.x - copy.x)).toBeLessThanOrEqual(1);
  expect(Math.abs(card.x + card.width - (copy.x + copy.width))).toBeLessThanOrEqual(1);
});

describe('the brand font', () => {
  test.each(['/', '/privacy'])('%s loads Figtree and sets its h1 in it', async (path) => {
    const { page } = await site.open(path);
    await page.evaluate(() => document.fonts.ready);
    const loaded = await page.evaluate(() => [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family.replace(/["']/g, '')));
    expect(loaded).toContain('Figtree');
    const family = await page.evaluate(() => getComputedStyle(document.querySelector('main h1')!).fontFamily);
    expect(family.replace(/["']/g, '')).toMatch(/^Figtree\b/);
  });
});

/** Until the fonts are in, React has hydrated and a few frames have passed: everything that loads has landed. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100)))));
}

describe.each(WIDTHS)('layout shifts on / at %s px', (_, viewport) => {
  test('nothing moves while the page loads, hydrates and swaps in its font (CLS 0)', async () => {
    const { page } = await site.open('/', { viewport });
    await settle(page);
    expect(await layoutShifts(page)).toEqual({ total: 0, moved: [] });
  });

  test('with the font arriving late, the swap from the matched fallback moves nothing either', async () => {
    // Fonts held back until the page has painted in the fallback: the swap then happens in view.
    const context = await site.browser.newContext({ viewport });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      let release!: () => void;
      const painted = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\.woff2$/, async (route) => {
        await painted;
        await route.continue();
      });
      // Not 'load': that waits for the held-back font.
      await page.goto(`${site.url}/`, { waitUntil: 'domcontentloaded' });
      await page.locator('main h1').waitFor();
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await page.evaluate(() => [...document.fonts].some((face) => face.family.replace(/["']/g, '') === 'Figtree' && face.status === 'loaded'))).toBe(
        false,
      );
      release();
      await page.waitForFunction(() => [...document.fonts].some((face) => face.family.replace(/["']/g, '') === 'Figtree' && face.status === 'loaded'));
      await settle(page);
      expect(await layoutShifts(page)).toEqual({ total: 0, moved: [] });
    } finally {
      await context.close();
    }
  });
});

test('the layout-shift check notices content that moves', async () => {
  // A band pushed in above the page after the first paint (outside #root, so hydration is not
  // disturbed) moves everything below it.
  const late = `<script>addEventListener('load', () => setTimeout(() => { const band = document.createElement('div'); band.id = 'late-band'; band.style.height = '120px'; document.getElementById('root').before(band); }, 50));</script>`;
  const { page } = await site.open('/', { viewport: PHONE, alterHtml: (html) => html.replace('</body>', `${late}</body>`) });
  await page.locator('#late-band').waitFor({ state: 'attached' });
  await settle(page);
  expect((await layoutShifts(page)).total).toBeGreaterThan(0);
});
