import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { poll } from '@franchise-ai/test-support/poll';
import { copy } from '@franchise-ai/test-support/widget-texts';
import { NOT_FOUND, ROUTES, SECTIONS } from '../../src/routes.ts';
import { expectLandedOn, hydrationProblems, scrollSettled, useSite, waitForHydration } from '../support/site.ts';

// Header, footer, logo and the 404 page at 1280 px, in the built site served like a static host:
// journeys that follow several links from one page load.
const site = useSite();

const titleOf = (path: string) => (ROUTES.find((route) => route.path === path) ?? NOT_FOUND).title;
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const footerNav = (page: Page) => page.getByRole('navigation', { name: 'Legal' });
const pathname = (page: Page) => new URL(page.url()).pathname;
const h1 = (page: Page) => page.locator('main h1');

async function scrollToBottom(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await scrollSettled(page)).toBeGreaterThan(300);
}

const DEMO_FORM = (page: Page) => page.locator('franchise-ai-demo').getByRole('heading', { name: copy.formHeading, exact: true });

/** The logo, from where the page is now, leads to the top of the landing page. */
async function logoHome(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name: 'Franchise AI', exact: true }).click();
  await poll(() => pathname(page)).toBe('/');
  await poll(() => h1(page).innerText()).toBe('AI Solutions For Franchise Industry');
  await poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  expect(await page.title()).toBe(titleOf('/'));
}

describe('the header on the landing page', () => {
  test("each section link scrolls to its section below the sticky header and moves focus there; 'See My Franchise AI', the hero's and the contact section's buttons open /demo; the logo on /demo leads back", async () => {
    const { page, consoleErrors, pageErrors } = await site.open('/');
    for (const { label, id } of SECTIONS) {
      await mainNav(page).getByRole('link', { name: label, exact: true }).click();
      await poll(() => new URL(page.url()).hash, label).toBe(`#${id}`);
      await expectLandedOn(page, id);
      expect(pathname(page)).toBe('/');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(id);
    }
    await mainNav(page).getByRole('link', { name: 'See My Franchise AI', exact: true }).click();
    await poll(() => pathname(page)).toBe('/demo');
    await DEMO_FORM(page).waitFor();
    expect(await page.title()).toBe(titleOf('/demo'));
    await logoHome(page);
    for (const name of ['See Your Franchise AI in Action', 'Explore Live Demo']) {
      await page.getByRole('main').getByRole('link', { name, exact: true }).click();
      await poll(() => pathname(page), name).toBe('/demo');
      await DEMO_FORM(page).waitFor();
      await logoHome(page);
    }
    expect(consoleErrors).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});

describe('the header away from the landing page', () => {
  test("on /privacy each section link opens /#id on the section (back returns to /privacy), and 'See My Franchise AI' opens /demo with the widget's form", async () => {
    const { page } = await site.open('/privacy');
    for (const { label, id } of SECTIONS) {
      const link = mainNav(page).getByRole('link', { name: label, exact: true });
      expect(await link.getAttribute('href')).toBe(`/#${id}`);
      await link.click();
      await poll(() => `${pathname(page)}${new URL(page.url()).hash}`).toBe(`/#${id}`);
      await page.getByRole('heading', { level: 1, name: 'AI Solutions For Franchise Industry' }).waitFor();
      await waitForHydration(page);
      await expectLandedOn(page, id);
      await page.goBack();
      await poll(() => h1(page).innerText(), label).toBe('Privacy Policy');
    }
    await mainNav(page).getByRole('link', { name: 'See My Franchise AI', exact: true }).click();
    await poll(() => pathname(page)).toBe('/demo');
    await DEMO_FORM(page).waitFor();
  });
});

describe('the footer, the back button and the logo, from one load of /', () => {
  test("the back button returns from a legal page to the landing page; Privacy Policy and Terms of Service open their page at its top, also from a scrolled-down page, and on /terms the link to the page already open goes back to its top; /terms' header 'See My Franchise AI' opens /demo with the widget's form; the logo goes from a scrolled-down /, /privacy and /terms to the top of the landing page", async () => {
    const { page, consoleErrors, pageErrors } = await site.open('/');
    // The back button, from a legal page to the landing page.
    await scrollToBottom(page);
    await footerNav(page).getByRole('link', { name: 'Privacy Policy', exact: true }).click();
    await poll(() => h1(page).innerText()).toBe('Privacy Policy');
    await page.goBack();
    await poll(() => h1(page).innerText()).toBe('AI Solutions For Franchise Industry');
    expect(pathname(page)).toBe('/');
    expect(await page.title()).toBe(titleOf('/'));

    // The footer's links, from /, /privacy, /terms and /privacy again.
    for (const [name, path, heading] of [
      ['Privacy Policy', '/privacy', 'Privacy Policy'],
      ['Terms of Service', '/terms', 'Terms of Service'],
      ['Privacy Policy', '/privacy', 'Privacy Policy'],
      ['Terms of Service', '/terms', 'Terms of Service'],
    ] as const) {
      await scrollToBottom(page);
      await footerNav(page).getByRole('link', { name, exact: true }).click();
      await poll(() => pathname(page), name).toBe(path);
      await poll(() => h1(page).innerText()).toBe(heading);
      await poll(() => page.evaluate(() => window.scrollY), `${path} starts at its top`).toBe(0);
      expect(await scrollSettled(page)).toBe(0);
      expect(await page.title()).toBe(titleOf(path));
    }
    // On /terms, the link to the page already open.
    await scrollToBottom(page);
    await footerNav(page).getByRole('link', { name: 'Terms of Service', exact: true }).click();
    await poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(pathname(page)).toBe('/terms');
    await mainNav(page).getByRole('link', { name: 'See My Franchise AI', exact: true }).click();
    await poll(() => pathname(page)).toBe('/demo');
    await DEMO_FORM(page).waitFor();

    // The logo, from a scrolled-down /, /privacy and /terms.
    await logoHome(page);
    await scrollToBottom(page);
    await logoHome(page);
    for (const name of ['Privacy Policy', 'Terms of Service']) {
      await scrollToBottom(page);
      await footerNav(page).getByRole('link', { name, exact: true }).click();
      await poll(() => h1(page).innerText()).toBe(name);
      await scrollToBottom(page);
      await logoHome(page);
    }
    expect(consoleErrors).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});

describe('a link to a section of a legal page', () => {
  test.each([
    ['/privacy', 'cookies'],
    ['/terms', 'governing-law'],
  ])('%s#%s opens on that section', async (path, id) => {
    const { page } = await site.open(`${path}#${id}`);
    await expectLandedOn(page, id);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(path === '/privacy' ? 'Privacy Policy' : 'Terms of Service');
  });
});

describe('an unknown path', () => {
  test('is answered with status 404 and the 404 page, which links home', async () => {
    const { page, response } = await site.open('/some-unknown-path');
    expect(response?.status()).toBe(404);
    expect(await h1(page).innerText()).toBe('Page not found');
    expect(await page.title()).toBe(NOT_FOUND.title);
    expect(pathname(page)).toBe('/some-unknown-path');
    await page.getByRole('link', { name: 'Go to the home page', exact: true }).click();
    await poll(() => pathname(page)).toBe('/');
    await poll(() => h1(page).innerText()).toBe('AI Solutions For Franchise Industry');
    expect(await page.title()).toBe(titleOf('/'));
  });

  // Static hosts match file names case-sensitively; the client must agree, or it would hydrate
  // the 404 document as another page.
  test('a page address in other letter case is a 404 too, and hydrates as the 404 page', async () => {
    const fixture = await site.open('/Privacy');
    expect(fixture.response?.status()).toBe(404);
    expect(await h1(fixture.page).innerText()).toBe('Page not found');
    expect(await fixture.page.title()).toBe(NOT_FOUND.title);
    expect(await hydrationProblems(fixture)).toEqual([]);
  });

  test('deeper unknown paths get the same 404 page, with working styles and scripts', async () => {
    const { page, response } = await site.open('/privacy/nothing/here');
    expect(response?.status()).toBe(404);
    expect(await h1(page).innerText()).toBe('Page not found');
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.site-header')!).position)).toBe('sticky');
  });
});

describe('other spellings of a page address', () => {
  test.each([
    ['/privacy/', '/privacy/', 'Privacy Policy'],
    ['/privacy/index.html', '/privacy/', 'Privacy Policy'],
    ['/index.html', '/', 'AI Solutions For Franchise Industry'],
    ['/terms/index.html#governing-law', '/terms/', 'Terms of Service'],
  ])('%s shows its page at %s without a hydration problem', async (address, shown, heading) => {
    const fixture = await site.open(address);
    expect(fixture.response?.status()).toBe(200);
    expect(await h1(fixture.page).innerText()).toBe(heading);
    expect(pathname(fixture.page)).toBe(shown);
    expect(new URL(fixture.page.url()).hash).toBe(new URL(address, 'http://x').hash);
    expect(await hydrationProblems(fixture)).toEqual([]);
    expect(fixture.consoleErrors).toEqual([]);
  });
});
