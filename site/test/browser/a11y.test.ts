import { describe, expect, test } from 'vitest';
import { runAxe } from '@franchise-ai/test-support/axe';
import { DESKTOP } from '@franchise-ai/test-support/browser-suite';
import { copy } from '@franchise-ai/test-support/widget-texts';
import { HYDRATION_MESSAGE, hydrationProblems, PHONE, type SitePage, useSite } from '../support/site.ts';

// axe on every route at a phone and a desktop width, and every route's console: no errors, no
// hydration mismatch.
const site = useSite();

const UNKNOWN_PATH = '/some-unknown-path';
const ROUTES = ['/', '/demo', '/embed', '/privacy', '/terms', UNKNOWN_PATH];

/** The browser's own line for the 404 document itself; expected on the unknown path only. */
const NOT_FOUND_LOAD = /^Failed to load resource: the server responded with a status of 404/;

async function open(path: string, viewport: { width: number; height: number }): Promise<SitePage> {
  const fixture = await site.open(path, { viewport });
  // /demo: axe looks into the widget's shadow root, so wait until its form is there.
  if (path === '/demo' || path === '/embed')
    await fixture.page.locator('franchise-ai-demo').getByRole('heading', { name: copy.formHeading, exact: true }).waitFor();
  // /embed: its builder hydrates when its own chunk has arrived.
  if (path === '/embed') await fixture.page.locator('[data-builder-ready]').waitFor();
  return fixture;
}

describe.each([
  ['375', PHONE],
  ['1280', DESKTOP],
] as const)('at %s px wide', (_, viewport) => {
  test.each(ROUTES)('%s has no axe violations, no console error and no hydration problem', async (path) => {
    const fixture = await open(path, viewport);
    expect(fixture.response?.status()).toBe(path === UNKNOWN_PATH ? 404 : 200);
    expect(await runAxe(fixture.page), `axe violations on ${path} at ${viewport.width} px`).toEqual([]);
    expect(await hydrationProblems(fixture)).toEqual([]);
    const errors = path === UNKNOWN_PATH ? fixture.consoleErrors.filter((text) => !NOT_FOUND_LOAD.test(text)) : fixture.consoleErrors;
    if (path === UNKNOWN_PATH) expect(fixture.consoleErrors.filter((text) => NOT_FOUND_LOAD.test(text))).toHaveLength(1);
    expect(errors).toEqual([]);
    expect(fixture.pageErrors).toEqual([]);
  });
});

// The full-screen menu exists at phone widths only (at 1280 px the header shows its links).
test.each(ROUTES)('%s at 375 px with the menu open has no axe violations', async (path) => {
  const { page } = await open(path, PHONE);
  await page.getByRole('button', { name: 'Open menu', exact: true }).click();
  await page.getByRole('dialog', { name: 'Menu' }).waitFor();
  expect(await runAxe(page), `axe violations on ${path} with the menu open`).toEqual([]);
});

test('the skip link is the first stop of the keyboard and leads to the main content', async () => {
  const { page } = await open('/privacy', DESKTOP);
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => (document.activeElement as HTMLElement).innerText)).toBe('Skip to content');
  await page.keyboard.press('Enter');
  expect(new URL(page.url()).hash).toBe('#main');
});

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
