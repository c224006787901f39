import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { SECTIONS } from '../../src/routes.ts';
import { scrollSettled, useSite } from '../support/site.ts';

// Motion on the landing page: what runs for a visitor who has not asked for less, and that
// prefers-reduced-motion stops all of it. An animation that moves anything but transform and opacity
// repaints every frame; the hero's animations run for as long as the page is open, so they stay on
// the compositor.
const site = useSite();

const COMPOSITED = new Set(['transform', 'opacity']);
const TIMING = new Set(['offset', 'computedOffset', 'easing', 'composite']);

/** Each running animation's element (tag.class) and the properties its keyframes change. */
const runningAnimations = (page: Page) =>
  page.evaluate(
    (timing) =>
      document.getAnimations().map((animation) => {
        const effect = animation.effect as KeyframeEffect;
        const target = effect.target as Element;
        const properties = [...new Set(effect.getKeyframes().flatMap((frame) => Object.keys(frame)))].filter((key) => !timing.includes(key));
        return { element: `${target.tagName.toLowerCase()}.${target.className}${effect.pseudoElement ?? ''}`, properties };
      }),
    [...TIMING],
  );

/** Clicks a header section link and returns every scroll position the page passed through. */
async function scrollPositionsOfSectionLink(page: Page): Promise<number[]> {
  await page.evaluate(() => {
    (window as unknown as { positions: number[] }).positions = [];
    addEventListener('scroll', () => (window as unknown as { positions: number[] }).positions.push(window.scrollY));
  });
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: SECTIONS.at(-1)!.label, exact: true })
    .click();
  await scrollSettled(page);
  return page.evaluate(() => (window as unknown as { positions: number[] }).positions);
}

test('with no preference, the hero moves by transform and opacity only, and section links scroll smoothly', async () => {
  const { page } = await site.open('/', { motion: true });
  const animations = await runningAnimations(page);
  expect(animations.length).toBeGreaterThan(0);
  expect(animations.filter(({ properties }) => properties.some((property) => !COMPOSITED.has(property)))).toEqual([]);
  expect(new Set(await scrollPositionsOfSectionLink(page)).size).toBeGreaterThan(1);
});

test('prefers-reduced-motion: reduce stops every animation, and section links jump', async () => {
  const { page } = await site.open('/', { before: (page) => page.emulateMedia({ reducedMotion: 'reduce' }) });
  expect(await runningAnimations(page)).toEqual([]);
  const positions = await scrollPositionsOfSectionLink(page);
  expect(positions.length).toBeGreaterThan(0);
  expect(new Set(positions).size).toBe(1);
});
