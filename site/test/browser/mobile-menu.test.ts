import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { poll } from '@franchise-ai/test-support/poll';
import { copy } from '@franchise-ai/test-support/widget-texts';
import { LANG_NAMES } from '../../src/lang.ts';
import { SECTIONS } from '../../src/routes.ts';
import { expectLandedOn, PHONE, scrollSettled, useSite } from '../support/site.ts';

// The full-screen menu at 375 px: opening, choosing, closing, focus and the page behind it, as a
// few journeys, each on one page load.
const site = useSite();

const toggle = (page: Page) => page.getByRole('button', { name: 'Open menu', exact: true });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Menu', exact: true });
const expanded = (page: Page) => toggle(page).getAttribute('aria-expanded');
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** What has the focus: `tag: accessible text`, or 'outside the menu' when the menu is open and focus is elsewhere. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'body';
    const menu = document.getElementById('mobile-menu');
    const where = menu && !menu.contains(element) ? ' (outside the menu)' : '';
    const copy = element.cloneNode(true) as HTMLElement;
    for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
    return `${element.tagName.toLowerCase()}: ${copy.textContent?.trim() || element.id}${where}`;
  });

async function openMenu(page: Page): Promise<void> {
  await toggle(page).click();
  await dialog(page).waitFor();
}

/** The menu's items in order: close, the sections, the same page in French (language-switch.test.ts follows it), the demo. */
const ORDER = ['button: Close menu', ...SECTIONS.map((section) => `a: ${section.label}`), `a: ${LANG_NAMES.fr}`, 'a: See My Franchise AI'];

// One page, as a keyboard and mouse visitor uses the menu: it opens, holds the focus, closes by
// Esc or its button, and opens again.
test('at 375 px the menu button replaces the nav; it opens a full-screen modal dialog that keeps the focus and the page still, and closes by Esc or its button, focus back on the menu button', async () => {
  const { page } = await site.open('/', { viewport: PHONE });
  expect(await toggle(page).isVisible()).toBe(true);
  expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
  expect(await expanded(page)).toBe('false');
  expect(await dialog(page).count()).toBe(0);
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('visible');

  await openMenu(page);
  expect(await expanded(page)).toBe('true');
  expect(await dialog(page).getAttribute('aria-modal')).toBe('true');
  expect(await dialog(page).boundingBox()).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
  // It covers the page: what is at its corners and its centre is the menu.
  const onTop = await page.evaluate(({ width, height }) => {
    const menu = document.getElementById('mobile-menu')!;
    return [
      [1, 1],
      [width - 2, height - 2],
      [width / 2, height / 2],
      [1, height - 2],
    ].every(([x, y]) => menu.contains(document.elementFromPoint(x!, y!)));
  }, PHONE);
  expect(onTop).toBe(true);
  expect(await dialog(page).getByRole('link').allInnerTexts()).toEqual([...SECTIONS.map((section) => section.label), LANG_NAMES.fr, 'See My Franchise AI']);
  expect(await dialog(page).getByRole('button', { name: 'Close menu', exact: true }).isVisible()).toBe(true);
  expect(await focused(page)).toBe('button: Close menu');
  // The page behind does not scroll: its body has overflow hidden while the menu is open.
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');

  // Tab walks the menu and wraps from the last item to the first; Shift+Tab walks it backwards.
  const walk = async (key: string) => {
    const seen = [await focused(page)];
    for (let i = 0; i < ORDER.length * 2; i++) {
      await page.keyboard.press(key);
      seen.push(await focused(page));
    }
    return seen;
  };
  expect(await walk('Tab')).toEqual([...ORDER, ...ORDER, ORDER[0]]);
  const backwards = [ORDER[0]!, ...ORDER.slice(1).reverse()];
  expect(await walk('Shift+Tab')).toEqual([...backwards, ...backwards, ORDER[0]]);

  // Esc closes it wherever focus was in it, and gives the focus back to the menu button.
  for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('a: Get Started');
  await page.keyboard.press('Escape');
  await dialog(page).waitFor({ state: 'detached' });
  expect(await expanded(page)).toBe('false');
  expect(await focused(page)).toBe('button: Open menu');
  expect(await scrollY(page)).toBe(0);
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('visible');

  // It opens again (from the keyboard), and its close button closes it the same way.
  await page.keyboard.press('Enter');
  await dialog(page).waitFor();
  expect(await focused(page)).toBe('button: Close menu');
  await dialog(page).getByRole('button', { name: 'Close menu', exact: true }).click();
  await dialog(page).waitFor({ state: 'detached' });
  expect(await expanded(page)).toBe('false');
  expect(await focused(page)).toBe('button: Open menu');
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
});

describe('choosing an item', () => {
  test('each section closes the menu and scrolls to it, focus with it; the demo button closes the menu and goes to /demo', async () => {
    const { page, consoleErrors, pageErrors } = await site.open('/', { viewport: PHONE });
    for (const { label, id } of SECTIONS) {
      await openMenu(page);
      await dialog(page).getByRole('link', { name: label, exact: true }).click();
      await dialog(page).waitFor({ state: 'detached' });
      expect(await expanded(page), label).toBe('false');
      await poll(() => new URL(page.url()).hash).toBe(`#${id}`);
      await expectLandedOn(page, id);
      expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
      // Focus goes with the view, as it does from the desktop nav, so the keyboard continues from the section.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(id);
    }
    await openMenu(page);
    await dialog(page).getByRole('link', { name: 'See My Franchise AI', exact: true }).click();
    await poll(() => new URL(page.url()).pathname).toBe('/demo');
    await page.locator('franchise-ai-demo').getByRole('heading', { name: copy.formHeading, exact: true }).waitFor();
    expect(await dialog(page).count()).toBe(0);
    expect(await expanded(page)).toBe('false');
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
    expect(consoleErrors).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test('on /privacy, an item closes the menu and opens the landing page on the section', async () => {
    const { page } = await site.open('/privacy', { viewport: PHONE });
    await openMenu(page);
    await dialog(page).getByRole('link', { name: 'How It Works', exact: true }).click();
    await poll(() => `${new URL(page.url()).pathname}${new URL(page.url()).hash}`).toBe('/#about');
    await page.getByRole('heading', { level: 1, name: 'AI Solutions For Franchise Industry' }).waitFor();
    expect(await dialog(page).count()).toBe(0);
    await expectLandedOn(page, 'about');
  });
});

describe('the page behind does not scroll while the menu is open', () => {
  test('neither the wheel nor the keyboard moves it; once closed, both do again', async () => {
    const { page } = await site.open('/', { viewport: PHONE });
    await page.evaluate(() => window.scrollTo(0, 400));
    expect(await scrollSettled(page)).toBe(400);
    await openMenu(page);

    await page.mouse.move(PHONE.width / 2, PHONE.height / 2);
    await page.mouse.wheel(0, 800);
    expect(await scrollSettled(page)).toBe(400);
    await dialog(page).getByRole('link', { name: 'How It Works', exact: true }).focus();
    for (const key of ['PageDown', 'ArrowDown', 'End', 'PageUp']) {
      await page.keyboard.press(key);
      expect(await scrollSettled(page), key).toBe(400);
    }
    expect(await dialog(page).isVisible()).toBe(true);

    // The same gestures scroll the page once the menu is closed, so the checks above could fail.
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    expect(await scrollSettled(page)).toBe(400);
    await page.mouse.wheel(0, 800);
    await poll(() => scrollY(page)).toBeGreaterThan(400);
    const afterWheel = await scrollSettled(page);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('End');
    await poll(() => scrollY(page)).toBeGreaterThan(afterWheel);
  });
});
