import type { Page, Route } from 'playwright-core';
import { expect, test } from 'vitest';
import { poll } from '@franchise-ai/test-support/poll';
import { copy } from '@franchise-ai/test-support/widget-texts';
import { PHONE, useSite } from '../support/site.ts';

// Every route is prerendered and works without JavaScript, so React (the `hydrate` chunk) is
// fetched only once the page has loaded and the browser is idle, or at the first interaction
// (src/main.tsx). These tests hold that chunk back, or fail it, to see what a visitor meets before.
const site = useSite();

const REACT_CHUNK = /\/assets\/hydrate-[\w-]+\.js$/;
/** Every chunk of React's: the runtime entry, React DOM and the app. */
const REACT_CHUNKS = /\/assets\/(react-runtime|client|hydrate)-/;

/** When the page started requesting each of React's chunks (resource timing). */
const reactRequestTimes = (page: Page) =>
  page.evaluate(
    (source) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => new RegExp(source).test(entry.name))
        .map((entry) => entry.startTime),
    REACT_CHUNKS.source,
  );

/** Holds every request for React's chunk until `release()`; counts them. */
async function holdReact(page: Page, { failFirst = false } = {}) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const state = { requests: 0, release };
  await page.route(REACT_CHUNK, async (route: Route) => {
    state.requests++;
    if (failFirst && state.requests === 1) return route.abort('internetdisconnected');
    await released;
    await route.continue();
  });
  return state;
}

test('React is requested after the page has loaded, never before its first paint', async () => {
  const { page } = await site.open('/');
  const react = await reactRequestTimes(page);
  const timing = {
    react: Math.min(...react),
    chunks: react.length,
    ...(await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      return { load: navigation?.loadEventEnd, paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime };
    })),
  };
  expect(timing.chunks, JSON.stringify(timing)).toBeGreaterThan(0);
  expect(timing.react, JSON.stringify(timing)).toBeGreaterThanOrEqual(timing.load!);
  expect(timing.react, JSON.stringify(timing)).toBeGreaterThan(timing.paint!);
});

test('a tap on the menu button before React has loaded opens the menu once it has', async () => {
  let held!: Awaited<ReturnType<typeof holdReact>>;
  const { page } = await site.open('/', { viewport: PHONE, hydrated: false, before: async (page) => void (held = await holdReact(page)) });
  await page.getByRole('button', { name: 'Open menu', exact: true }).click();
  await poll(() => held.requests, 'the tap started loading React').toBeGreaterThan(0);
  expect(await page.getByRole('dialog', { name: 'Menu' }).count()).toBe(0);
  held.release();
  await page.getByRole('dialog', { name: 'Menu' }).waitFor();
  await poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null), 'focus moved into the menu').toBe(true);
});

test('when React fails to load, the page stays as it is and the next interaction tries again', async () => {
  let held!: Awaited<ReturnType<typeof holdReact>>;
  const fixture = await site.open('/', { viewport: PHONE, hydrated: false, before: async (page) => void (held = await holdReact(page, { failFirst: true })) });
  const { page } = fixture;
  await poll(() => held.requests, 'React was requested when idle').toBe(1);
  expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('AI Solutions For Franchise Industry');
  held.release();
  await page.keyboard.press('Tab');
  await poll(() => held.requests, 'the key press tried again').toBe(2);
  await page.waitForFunction(() => document.getElementById('root')?.hasAttribute('data-hydrated'));
  expect(fixture.pageErrors).toEqual([]);
});

test('on /demo React waits for an interaction outside the widget: typing into the widget does not load it, a Tab to the header does', async () => {
  const { page } = await site.open('/demo', { hydrated: false });
  const widget = page.locator('franchise-ai-demo');
  await widget.getByRole('heading', { name: copy.formHeading, exact: true }).waitFor();
  const reactRequests = async () => (await reactRequestTimes(page)).length;
  await widget.getByRole('textbox', { name: copy.nameLabel }).fill('Jane Smith');
  await page.keyboard.type(' Jr');
  // After the page's load and two idle periods of ours: any idle callback the page had asked for has run.
  await page.evaluate(async () => {
    if (document.readyState !== 'complete') await new Promise((resolve) => addEventListener('load', resolve, { once: true }));
    for (let i = 0; i < 2; i++) await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 }));
  });
  expect(await reactRequests()).toBe(0);
  await page.locator('header a').first().focus();
  await page.waitForFunction(() => document.getElementById('root')?.hasAttribute('data-hydrated'));
  expect(await reactRequests()).toBeGreaterThan(0);
});
