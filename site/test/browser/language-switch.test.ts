import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { poll } from '@franchise-ai/test-support/poll';
import { CONTENT } from '../../src/content/all-langs.ts';
import { LANG_NAMES, type Lang } from '../../src/lang.ts';
import { TRANSLATED } from '../../src/routes.ts';
import { hydrationProblems, PHONE, type SitePage, useSite, waitForHydration } from '../support/site.ts';

// The French site in Chromium: the language switch, from the keyboard, in the header at
// 1280 px and in the phone menu, leading to the same page in the other language; links keeping the
// language; the French content fetched by French pages alone. a11y.test.ts runs axe on every page
// of both languages, at 1280 and 320 px, the menu open too.
const site = useSite();

const text = (lang: Lang) => CONTENT[lang].text;
const pathname = (page: Page) => new URL(page.url()).pathname;
const menuButton = (page: Page, lang: Lang) => page.getByRole('button', { name: text(lang).nav.openMenu, exact: true });
const menu = (page: Page, lang: Lang) => page.getByRole('dialog', { name: text(lang).nav.menu, exact: true });
const focusedText = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText?.trim() ?? '');

/** Tabs forward until the focus is on the link saying `name`; fails after `limit` presses. */
async function tabTo(page: Page, name: string, limit = 12): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press('Tab');
    if ((await focusedText(page)) === name) return;
  }
  throw new Error(`no focusable "${name}" within ${limit} Tab presses`);
}

/** The page is the one at `path`, in `lang`: the document's language and the main heading. */
async function expectOn(page: Page, path: string, lang: Lang, heading: string): Promise<void> {
  await poll(() => pathname(page)).toBe(path);
  await poll(() => page.locator('main h1').innerText()).toBe(heading);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
}

describe('the language switch', () => {
  test('at 1280 px, Tab reaches it in the header and Enter opens the same page in the other language, and back', async () => {
    const { page, consoleErrors, pageErrors } = await site.open(TRANSLATED.en.privacy.path);
    const switchLink = page.getByRole('navigation', { name: text('en').nav.main }).getByRole('link', { name: LANG_NAMES.fr, exact: true });
    expect(await switchLink.evaluate((link) => [link.getAttribute('lang'), link.getAttribute('hreflang'), link.getAttribute('href')])).toEqual([
      'fr',
      'fr',
      TRANSLATED.fr.privacy.path,
    ]);
    await tabTo(page, LANG_NAMES.fr);
    await page.keyboard.press('Enter');
    await expectOn(page, TRANSLATED.fr.privacy.path, 'fr', CONTENT.fr.privacy.heading);
    expect(await page.title()).toBe(TRANSLATED.fr.privacy.title);

    await tabTo(page, LANG_NAMES.en);
    await page.keyboard.press('Enter');
    await expectOn(page, TRANSLATED.en.privacy.path, 'en', CONTENT.en.privacy.heading);
    expect(consoleErrors).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test('at 375 px it is in the menu: opened from the keyboard, Tab to it, Enter: the English landing page from the French one', async () => {
    const { page } = await site.open(TRANSLATED.fr.landing.path, { viewport: PHONE });
    await menuButton(page, 'fr').focus();
    await page.keyboard.press('Enter');
    await menu(page, 'fr').waitFor();
    expect(await menu(page, 'fr').getByRole('link').allInnerTexts()).toEqual([...Object.values(text('fr').sections), LANG_NAMES.en, text('fr').demoLink]);
    await tabTo(page, LANG_NAMES.en);
    await page.keyboard.press('Enter');
    await expectOn(page, TRANSLATED.en.landing.path, 'en', CONTENT.en.landing.hero.heading);
  });

  test('client-side links keep the language: the French footer opens the French terms, in French', async () => {
    const { page } = await site.open(TRANSLATED.fr.landing.path);
    await waitForHydration(page);
    await page
      .getByRole('navigation', { name: text('fr').nav.legal })
      .getByRole('link', { name: CONTENT.fr.terms.heading, exact: true })
      .click();
    await expectOn(page, TRANSLATED.fr.terms.path, 'fr', CONTENT.fr.terms.heading);
    expect(await page.title()).toBe(TRANSLATED.fr.terms.title);
  });
});

test('the French content is a chunk of its own: an English page never fetches it, a French page fetches it once, before hydrating', async () => {
  const frenchChunk = (fixture: SitePage) => fixture.requests.filter((url) => /\/assets\/lang-fr-[\w-]+\.js$/.test(url));
  for (const [path, count] of [
    [TRANSLATED.en.landing.path, 0],
    [TRANSLATED.fr.landing.path, 1],
  ] as const) {
    const fixture = await site.open(path);
    await waitForHydration(fixture.page);
    await fixture.page.waitForLoadState('networkidle');
    expect(frenchChunk(fixture), path).toHaveLength(count);
    expect(await hydrationProblems(fixture), path).toEqual([]);
  }
});
