import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { poll } from '@franchise-ai/test-support/poll';
import { copy } from '@franchise-ai/test-support/widget-texts';
import { SECTIONS } from '../../src/routes.ts';
import { expectLandedOn, PHONE, scrollSettled, useSite } from '../support/site.ts';

// The full-screen menu at 375 px: opening, choosing, closing, focus and the page behind it.
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

test('at 375 px the header shows the menu button instead of the nav', async () => {
  const { page } = await site.open('/', { viewport: PHONE });
  expect(await toggle(page).isVisible()).toBe(true);
  expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
  expect(await expanded(page)).toBe('false');
  expect(await dialog(page).count()).toBe(0);
});

test('the menu button opens a full-screen modal dialog with the close button focused', async () => {
  const { page } = await site.open('/', { viewport: PHONE });
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
  const items = dialog(page).getByRole('link');
  expect(await items.allInnerTexts()).toEqual([...SECTIONS.map((section) => section.label), 'See My Franchise AI']);
  expect(await dialog(page).getByRole('button', { name: 'Close menu', exact: true }).isVisible()).toBe(true);
  expect(await focused(page)).toBe('button: Close menu');
});

describe('choosing an item', () => {
  test.each(SECTIONS.map((section) => [section.label, section.id]))('%s closes the menu and scrolls to #%s', async (label, id) => {
    const { page, consoleErrors, pageErrors } = await site.open('/', { viewport: PHONE });
    await openMenu(page);
    await dialog(page).getByRole('link', { name: label, exact: true }).click();
    await dialog(page).waitFor({ state: 'detached' });
    expect(await expanded(page)).toBe('false');
    await poll(() => new URL(page.url()).hash).toBe(`#${id}`);
    await expectLandedOn(page, id);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
    // Focus goes with the view, as it does from the desktop nav, so the keyboard continues from the section.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(id);
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

  test('the demo button closes the menu and goes to /demo', async () => {
    const { page } = await site.open('/', { viewport: PHONE });
    await openMenu(page);
    await dialog(page).getByRole('link', { name: 'See My Franchise AI', exact: true }).click();
    await poll(() => new URL(page.url()).pathname).toBe('/demo');
    await page.locator('franchise-ai-demo').getByRole('heading', { name: copy.formHeading, exact: true }).waitFor();
    expect(await dialog(page).count()).toBe(0);
    expect(await expanded(page)).toBe('false');
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
  });
});

describe('closing', () => {
  test('the close button closes the menu and returns focus to the menu button', async () => {
    const { page } = await site.open('/', { viewport: PHONE });
    await openMenu(page);
    await dialog(page).getByRole('button', { name: 'Close menu', exact: true }).click();
    await dialog(page).waitFor({ state: 'detached' });
    expect(await expanded(page)).toBe('false');
    expect(await focused(page)).toBe('button: Open menu');
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
  });

  test('Esc closes the menu and returns focus to the menu button, wherever focus was in it', async () => {
    const { page } = await site.open('/', { viewport: PHONE });
    await toggle(page).focus();
    await page.keyboard.press('Enter');
    await dialog(page).waitFor();
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('a: Get Started');
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    expect(await expanded(page)).toBe('false');
    expect(await focused(page)).toBe('button: Open menu');
    expect(await scrollY(page)).toBe(0);
  });

  test('the menu opens again after closing', async () => {
    const { page } = await site.open('/', { viewport: PHONE });
    await openMenu(page);
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    await openMenu(page);
    expect(await focused(page)).toBe('button: Close menu');
  });
});

describe('focus stays inside while open', () => {
  const ORDER = ['button: Close menu', ...SECTIONS.map((section) => `a: ${section.label}`), 'a: See My Franchise AI'];

  test('Tab walks the menu and wraps from the last item to the first', async () => {
    const { page } = await site.open('/', { viewport: PHONE });
    await openMenu(page);
    const seen = [await focused(page)];
    for (let i = 0; i < ORDER.length * 2; i++) {
      await page.keyboard.press('Tab');
      seen.push(await focused(page));
    }
    expect(seen).toEqual([...ORDER, ...ORDER, ORDER[0]]);
  });

  test('Shift+Tab walks it backwards and wraps from the first item to the last', async () => {
    const { page } = await site.open('/', { viewport: PHONE });
    await openMenu(page);
    const seen = [await focused(page)];
    for (let i = 0; i < ORDER.length * 2; i++) {
      await page.keyboard.press('Shift+Tab');
      seen.push(await focused(page));
    }
    const backwards = [ORDER[0]!, ...ORDER.slice(1).reverse()];
    expect(seen).toEqual([...backwards, ...backwards, ORDER[0]]);
  });
});

describe('the page behind does not scroll while the menu is open', () => {
  test('its body has overflow hidden, restored on close', async () => {
    const { page } = await site.open('/', { viewport: PHONE });
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('visible');
    await openMenu(page);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('visible');
  });

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
