import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { layoutShifts } from '../support/layout-shifts.ts';
import { useSite } from '../support/site.ts';

// Issue 28: on a phone, /demo's form starts in the first screen (the page's intro and the widget's
// own heading used to push it below the fold), and the hero's call to action on / does not wrap
// badly at 320 px. Measured on first load, before any scrolling.
const site = useSite();

interface Box {
  top: number;
  bottom: number;
}

/** The business-type toggle and the name input (the form's first field), inside the widget's shadow root. */
const formBoxes = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('franchise-ai-demo')?.shadowRoot;
    const box = (selector: string): Box | null => {
      const rect = root?.querySelector(selector)?.getBoundingClientRect();
      return rect && rect.height > 0 ? { top: rect.top, bottom: rect.bottom } : null;
    };
    return { innerHeight, scrollY, toggle: box('fieldset.toggle'), name: box('#fad-name') };
  });

describe.each([
  ['375x667', { width: 375, height: 667 }],
  ['320x568', { width: 320, height: 568 }],
] as const)('/demo at %s, on first load', (_, viewport) => {
  test('the business-type toggle and the name input lie fully inside the first screen', async () => {
    const { page } = await site.open('/demo', { viewport });
    await page.waitForFunction(() => document.querySelector('franchise-ai-demo')?.shadowRoot?.querySelector('#fad-name'));
    const seen = await formBoxes(page);
    const message = JSON.stringify(seen);
    expect(seen.scrollY, message).toBe(0);
    for (const box of [seen.toggle, seen.name]) {
      expect(box, message).not.toBeNull();
      expect(box!.top, message).toBeGreaterThanOrEqual(0);
      expect(box!.bottom, message).toBeLessThanOrEqual(seen.innerHeight);
    }
  });

  test('moving the intro out of sight moves nothing as the widget draws (CLS 0), and the page keeps one h1', async () => {
    const { page } = await site.open('/demo', { viewport });
    await page.waitForFunction(() => document.querySelector('franchise-ai-demo')?.shadowRoot?.querySelector('#fad-name'));
    await page.evaluate(() => document.fonts.ready);
    expect(await layoutShifts(page)).toEqual({ total: 0, moved: [] });
    expect(await page.getByRole('heading', { level: 1 }).allInnerTexts()).toEqual(['Live Franchise AI Demo']);
  });

  test('without JavaScript the intro stays in sight: the widget never draws and the intro is all there is', async () => {
    const { page } = await site.open('/demo', { viewport, javaScript: false });
    expect(await page.locator('main h1').boundingBox()).toMatchObject({ width: expect.toSatisfy((width: number) => width > 100) });
  });
});

// The hero's button is full width on a phone. At 320 px its label ('See Your Franchise AI in Action',
// spec section 3) and arrow fit on one line: one line is the bound, because any wrap of a five-word
// label in a 288 px button leaves a word or two, or the arrow alone, on the next line.
test("/'s hero call to action at 320 px is one line: label and arrow side by side, within the viewport", async () => {
  const { page } = await site.open('/', { viewport: { width: 320, height: 568 } });
  const cta = await page.evaluate(() => {
    const link = document.querySelector<HTMLAnchorElement>('.hero a[href="/demo"]')!;
    const label = [...link.childNodes].find((node) => node.nodeType === Node.TEXT_NODE)!;
    const range = document.createRange();
    range.selectNodeContents(label);
    // One client rectangle per line the label takes.
    const lines = [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => ({ top: rect.top, bottom: rect.bottom }));
    const arrow = link.querySelector('svg')!.getBoundingClientRect();
    const { left, right } = link.getBoundingClientRect();
    return { text: label.textContent, lines, arrowMiddle: (arrow.top + arrow.bottom) / 2, left, right, innerWidth };
  });
  const message = JSON.stringify(cta);
  expect(cta.lines, message).toHaveLength(1);
  // The arrow sits beside the label, not below it.
  expect(cta.arrowMiddle, message).toBeGreaterThan(cta.lines[0]!.top);
  expect(cta.arrowMiddle, message).toBeLessThan(cta.lines[0]!.bottom);
  expect(cta.left, message).toBeGreaterThanOrEqual(0);
  expect(cta.right, message).toBeLessThanOrEqual(cta.innerWidth);
});
