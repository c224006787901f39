import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useSite } from '../support/site.ts';

// A visitor who lands on / sees a way to the demo without scrolling and without opening the menu,
// on a phone and on a laptop screen (the sizes a buyer is most likely to arrive with).
const site = useSite();

const VIEWPORTS = [
  ['375x812', { width: 375, height: 812 }],
  ['1280x800', { width: 1280, height: 800 }],
] as const;

interface Placed {
  text: string;
  /** Inside `main` (the hero), not the header. */
  inMain: boolean;
  box: { top: number; right: number; bottom: number; left: number };
  /** Its whole box lies within the viewport. */
  inside: boolean;
  /** Rendered, not transparent, not visibility: hidden. */
  visible: boolean;
  /** What the browser finds at its centre is the link or something inside it: nothing covers it. */
  uncovered: boolean;
}

/** Every link to /demo on the page as it is now, where it is and whether a visitor can see and click it. */
const demoLinks = (page: Page): Promise<Placed[]> =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('a[href="/demo"]')].map((link) => {
      const { top, right, bottom, left, width, height } = link.getBoundingClientRect();
      const hit = width > 0 && height > 0 ? document.elementFromPoint(left + width / 2, top + height / 2) : null;
      return {
        text: link.innerText.trim(),
        inMain: Boolean(link.closest('main')),
        box: { top, right, bottom, left },
        inside: width > 0 && height > 0 && top >= 0 && left >= 0 && bottom <= innerHeight && right <= innerWidth,
        visible: link.checkVisibility({ opacityProperty: true, visibilityProperty: true }),
        uncovered: hit !== null && (hit === link || link.contains(hit)),
      };
    }),
  );

const usable = (link: Placed) => link.inside && link.visible && link.uncovered;

describe.each(VIEWPORTS)('on / at %s, before any scrolling', (_, viewport) => {
  test('some link to /demo lies fully inside the first viewport, visible and not covered, with the menu closed', async () => {
    const { page } = await site.open('/', { viewport });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
    const links = await demoLinks(page);
    expect(links.filter(usable), JSON.stringify(links)).not.toEqual([]);
  });

  test("the hero's own call to action to /demo lies fully inside the first viewport, not cut by the fold", async () => {
    const { page } = await site.open('/', { viewport });
    const hero = (await demoLinks(page)).filter((link) => link.inMain);
    expect(hero.length, 'the landing page links to /demo from its main content').toBeGreaterThan(0);
    expect(usable(hero[0]!), JSON.stringify(hero[0])).toBe(true);
  });
});
