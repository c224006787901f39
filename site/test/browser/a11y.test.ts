import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { runAxe } from '@franchise-ai/test-support/axe';
import { DESKTOP } from '@franchise-ai/test-support/browser-suite';
import { copy } from '@franchise-ai/test-support/widget-texts';
import { CONTENT } from '../../src/content/all-langs.ts';
import { NOT_FOUND, PAGES, ROUTES as PAGE_ROUTES, TRANSLATED } from '../../src/routes.ts';
import { DIST } from '../support/preview.ts';
import { HYDRATION_MESSAGE, hydrationProblems, type SitePage, useSite } from '../support/site.ts';

// Every route, in both languages, loaded once and resized through the widths (the site sets nothing by width from
// script, so a resized page lays out as one opened at that width): the console (no errors, no
// hydration mismatch) and the builder's lazy chunk fetched by /embed alone, once per load; at 1280 px
// and at the narrowest phone (320 px) axe (with the phone menu open too), the declared colour scheme
// and the landing's figure groups (the landing's eight claims disagree in pairs, 85% vs 60% admin time,
// $50K+ vs $75K ROI, unless each group says whom it is for and what kind of figure it is). On the
// way, the skip link (on /privacy) and the step numbers' contrast (on /). Then that the hydration
// check itself can fail.
const site = useSite();

const UNKNOWN_PATH = '/some-unknown-path';
const ROUTES = [...PAGE_ROUTES.map((route) => route.path), UNKNOWN_PATH];
/** The page at `path`: its language names the menu's button and dialog. */
const routeOf = (path: string) => PAGE_ROUTES.find((route) => route.path === path) ?? NOT_FOUND;
const NARROW = { width: 320, height: 640 };
/** /embed's builder: one lazy chunk, fetched there and nowhere else (embed.test.ts checks that no page names it). */
const BUILDER_CHUNK = readdirSync(join(DIST, 'assets')).find((file) => /^embed-builder-[\w-]+\.js$/.test(file));
const SPEC_FIGURES = ['300%', '24/7', '85%', '$50K+', '3x', '40%', '60%', '$75K'];

/** The browser's own line for the 404 document itself; expected on the unknown path only. */
const NOT_FOUND_LOAD = /^Failed to load resource: the server responded with a status of 404/;

async function open(path: string, viewport: { width: number; height: number }): Promise<SitePage> {
  const fixture = await site.open(path, { viewport });
  // /demo: axe looks into the widget's shadow root, so wait until its form is there (in French on
  // /fr/demo, whatever the widget's French for its heading).
  if (path === PAGES.demo.path || path === PAGES.embed.path)
    await fixture.page.locator('franchise-ai-demo').getByRole('heading', { name: copy.formHeading, exact: true }).waitFor();
  if (path === PAGES.frDemo.path) await fixture.page.locator('franchise-ai-demo').getByRole('heading').first().waitFor();
  // /embed: its builder hydrates when its own chunk has arrived.
  if (path === '/embed') await fixture.page.locator('[data-builder-ready]').waitFor();
  return fixture;
}

/** Every figure tile on the page: its value and the visible note of the group it sits in, if any. */
const figuresOf = (page: Page) =>
  page.evaluate(() => {
    const visible = (el: Element | null) => !!el && (el as HTMLElement).offsetParent !== null && (el.textContent ?? '').trim() !== '';
    return [...document.querySelectorAll('.stat')].map((stat) => {
      const list = stat.closest('dl');
      const noteIds = (list?.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
      const notes = noteIds.map((id) => document.getElementById(id)).filter(visible);
      return { value: stat.querySelector('.stat-value')?.textContent?.trim() ?? '', note: notes.map((n) => n!.textContent!.trim()).join(' ') };
    });
  });

/** What must hold at every width: no axe violation, a declared colour scheme, every figure in a noted group. */
async function expectAtWidth(page: Page, path: string, width: number): Promise<void> {
  expect(await runAxe(page), `axe violations on ${path} at ${width} px`).toEqual([]);
  // A forced dark mode leaves the colours alone when the page declares its scheme.
  expect(
    await page.evaluate(() => ({
      meta: document.querySelector('meta[name="color-scheme"]')?.getAttribute('content') ?? null,
      computed: getComputedStyle(document.documentElement).colorScheme,
    })),
  ).toEqual({ meta: 'light', computed: 'light' });
  // No two unlabelled figures can disagree: each sits in a group with a visible note on its audience and basis.
  const figures = await figuresOf(page);
  expect(
    figures.filter((f) => f.note === ''),
    `${width} px: ${JSON.stringify(figures)}`,
  ).toEqual([]);
  if (path === '/') expect(figures.map((f) => f.value)).toEqual(SPEC_FIGURES);
  const { lang } = routeOf(path);
  if (path === TRANSLATED[lang].landing.path) {
    // The landing shows all eight figures of the spec (written its language's way), in groups whose notes differ.
    const { hero, services } = CONTENT[lang].landing;
    expect(figures.map((f) => f.value)).toEqual([...hero.figures.stats, ...services.results.figures.stats].map((stat) => stat.value));
    expect(new Set(figures.map((f) => f.note)).size).toBe(2);
  }
}

test.each(ROUTES)(
  "%s: no console error or hydration problem, the builder's chunk fetched on /embed only; at 1280 and 320 px no axe violations (menu open too, on the phone), a declared colour scheme, every figure in a noted group",
  async (path) => {
    const fixture = await open(path, DESKTOP);
    const { page } = fixture;
    if (path === '/privacy') await expectSkipLink(page);
    if (path === '/') await expectStepNumbersContrast(page);
    expect(fixture.response?.status()).toBe(path === UNKNOWN_PATH ? 404 : 200);
    expect(await hydrationProblems(fixture)).toEqual([]);
    await expectAtWidth(page, path, DESKTOP.width);
    await page.setViewportSize(NARROW);
    await expectAtWidth(page, path, NARROW.width);

    // Everything the page does after hydrating has had its chance: its scripts are all in.
    await page.waitForLoadState('networkidle');
    expect(fixture.requests.filter((url) => url.includes('/assets/') && url.endsWith('.js')).length).toBeGreaterThan(0);
    expect(BUILDER_CHUNK).toBeDefined();
    expect(fixture.requests.filter((url) => url.includes(BUILDER_CHUNK!))).toHaveLength(path === '/embed' ? 1 : 0);

    // The full-screen menu exists at phone widths only (at 1280 px the header shows its links).
    const { nav } = CONTENT[routeOf(path).lang].text;
    await page.getByRole('button', { name: nav.openMenu, exact: true }).click();
    await page.getByRole('dialog', { name: nav.menu }).waitFor();
    expect(await runAxe(page), `axe violations on ${path} with the menu open`).toEqual([]);

    const errors = path === UNKNOWN_PATH ? fixture.consoleErrors.filter((text) => !NOT_FOUND_LOAD.test(text)) : fixture.consoleErrors;
    if (path === UNKNOWN_PATH) expect(fixture.consoleErrors.filter((text) => NOT_FOUND_LOAD.test(text))).toHaveLength(1);
    expect(errors).toEqual([]);
    expect(fixture.pageErrors).toEqual([]);
  },
);

/** WCAG relative luminance of an `rgb(…)`/`rgba(…)` colour. */
function luminance(color: string): number {
  const [r, g, b] = color
    .match(/[\d.]+/g)!
    .slice(0, 3)
    .map(Number)
    .map((c) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

/** The how-it-works step numbers contrast 4.5:1 or more with their card. */
async function expectStepNumbersContrast(page: Page): Promise<void> {
  const pairs = await page.evaluate(() =>
    [...document.querySelectorAll('.steps li')].map((li) => ({
      text: getComputedStyle(li.querySelector('.step-marker')!, '::after').content,
      color: getComputedStyle(li.querySelector('.step-marker')!, '::after').color,
      background: getComputedStyle(li).backgroundColor,
    })),
  );
  expect(pairs).toHaveLength(4);
  for (const pair of pairs) {
    expect(pair.background, 'an opaque card behind the number').toMatch(/^rgb\(/);
    expect(contrast(pair.color, pair.background), JSON.stringify(pair)).toBeGreaterThanOrEqual(4.5);
  }
}

/** On a page just loaded, the skip link is the first stop of the keyboard and leads to the main content. */
async function expectSkipLink(page: Page): Promise<void> {
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => (document.activeElement as HTMLElement).innerText)).toBe('Skip to content');
  await page.keyboard.press('Enter');
  expect(new URL(page.url()).hash).toBe('#main');
}

// The hydration check must be able to fail: a prerendered page that differs from what the client
// renders has to be noticed, whether the renderer patches the text or throws the element away.
test('the hydration check notices prerendered text the client renders differently', async () => {
  const fixture = await site.open('/', { alterHtml: (html) => html.replace('>AI Solutions For Franchise Industry</h1>', '>Something else</h1>') });
  await expect.poll(() => fixture.page.locator('main h1').innerText()).toBe('AI Solutions For Franchise Industry');
  const problems = await hydrationProblems(fixture);
  expect(
    problems.some((problem) => problem.startsWith('#root changed during hydration') && problem.includes('Something else')),
    JSON.stringify(problems),
  ).toBe(true);
});

test('the hydration check notices a prerendered element the client renders as another', async () => {
  const fixture = await site.open('/', {
    alterHtml: (html) => html.replace(/<h1([^>]*)>AI Solutions For Franchise Industry<\/h1>/, '<h3$1>AI Solutions For Franchise Industry</h3>'),
  });
  await expect.poll(() => fixture.page.locator('main h1').count()).toBe(1);
  const problems = await hydrationProblems(fixture);
  // React gives up on the whole prerendered tree (error #418) and renders it again from scratch.
  expect(problems, JSON.stringify(problems)).toContain('removed from #root: MAIN');
  expect(
    problems.some((problem) => HYDRATION_MESSAGE.test(problem)),
    JSON.stringify(problems),
  ).toBe(true);
});
