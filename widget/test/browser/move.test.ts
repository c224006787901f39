import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { button, CONGRATULATIONS_AT_MS, consentBox, copy, dataStep, deferred, fetchLeads, fillForm, heading, LOADING_STAGES, poll } from '../support/index.ts';
import { recordedEvents, submitForm, useSuite, VISITOR, widget } from '../support/index.ts';

// A page that moves the element (out and in within a task, or to another parent) keeps the flow; a real removal ends it.
const suite = useSuite();
const progress = (page: Page) => widget(page).getByRole('progressbar').getAttribute('aria-valuenow');
/** The two moves a page makes: out and back in, and into another parent (both in one task). */
const MOVES = {
  'removed and appended again': (element: Element) => {
    element.remove();
    document.body.append(element);
  },
  'moved into another parent': (element: Element) => {
    const parent = document.createElement('section');
    document.querySelector('main')!.prepend(parent);
    parent.append(element);
  },
} as const;
const demoFormPosts = (requests: string[]) => requests.filter((url) => url.endsWith('/demo_form'));

test('mid-loading, removed and appended again, then moved into another parent: the step and the progress stay, and the schedule goes on; a move with the phone dialog open keeps it open and modal, with what was typed', async () => {
  const { page } = await suite.page({ clock: true });
  await submitForm(page);
  await page.clock.fastForward(LOADING_STAGES[0].atMs);
  await poll(() => progress(page)).toBe(String(LOADING_STAGES[0].progress));
  for (const move of Object.values(MOVES)) {
    await widget(page).evaluate(move);
    // A macrotask later (when a removal would have been acted on), it is still the same flow.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(await dataStep(page)).toBe('loading');
    expect(await progress(page)).toBe(String(LOADING_STAGES[0].progress));
  }
  await page.clock.fastForward(CONGRATULATIONS_AT_MS - LOADING_STAGES[0].atMs);
  await heading(page, copy.readyHeading).waitFor();
  expect((await recordedEvents(page, 'step')).map((event) => event.detail?.['step'])).toEqual(['form', 'loading', 'congratulations']);
  await button(page, copy.scheduleCall).click();
  const dialog = widget(page).getByRole('dialog', { name: copy.phoneDialogTitle });
  await dialog.getByRole('textbox', { name: copy.phoneLabel }).fill('(201) 555-0123');
  await consentBox(page).check();
  const modal = () => widget(page).evaluate((host) => host.shadowRoot!.querySelector('dialog')!.matches(':modal'));
  expect(await modal()).toBe(true);
  await widget(page).evaluate(MOVES['moved into another parent']);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await poll(modal).toBe(true);
  expect(await dataStep(page)).toBe('congratulations');
  expect(await dialog.getByRole('textbox', { name: copy.phoneLabel }).inputValue()).toBe('(201) 555-0123');
  expect(await consentBox(page).isChecked()).toBe(true);
  await dialog.getByRole('button', { name: copy.scheduleCall, exact: true }).click();
  await heading(page, copy.callScheduledHeading).waitFor();
});

test('a move while demo_form is in flight: the post is not aborted, the flow reaches loading, one lead is stored', async () => {
  const { page, requests } = await suite.page();
  // Hold the POST in the browser until the element has moved, then let it reach the real host.
  const held = deferred<void>();
  const release = deferred<void>();
  await page.route('**/demo_form', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    held.resolve();
    await release.promise;
    await route.continue().catch(() => undefined); // an aborted request can no longer be continued
  });
  const answered = page.waitForResponse((response) => response.url().endsWith('/demo_form') && response.request().method() === 'POST');
  // The host is shared by this file's tests: this visitor is this test's own.
  const visitor = { ...VISITOR, email: 'moved-in-flight@acme.com' };
  await fillForm(page, visitor);
  await button(page, copy.submit).click();
  await held.promise;
  await widget(page).evaluate(MOVES['moved into another parent']);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  release.resolve();
  await poll(() => dataStep(page)).toBe('loading');
  await poll(async () => (await fetchLeads(suite.host())).filter((lead) => lead.email === visitor.email && lead.endpoint === 'demo_form').length).toBe(1);
  expect((await answered).ok()).toBe(true);
  expect(demoFormPosts(requests)).toHaveLength(1);
  expect((await recordedEvents(page, 'submit')).length).toBe(1);
});
declare global {
  interface Window {
    __removed?: Element;
  }
}

test('a real removal still ends the flow: the post in flight is aborted', async () => {
  const { page } = await suite.page();
  const held = deferred<void>();
  await page.route('**/demo_form', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    held.resolve(); // never answered: only the widget's abort ends it
  });
  const aborted = new Promise<string>((resolve) => page.on('requestfailed', (request) => resolve(request.url())));
  await fillForm(page, VISITOR);
  await button(page, copy.submit).click();
  await held.promise;
  await widget(page).evaluate((element) => element.remove());
  expect(await aborted).toMatch(/\/demo_form$/);
});

test('a real removal mid-loading stops the schedule; put back later, it comes back to its agent, the wait over by then', async () => {
  const { page } = await suite.page({ clock: true });
  await submitForm(page);
  await widget(page).evaluate((element) => {
    window.__removed = element;
    element.remove();
  });
  // Torn down a task later: the shadow root is emptied.
  await poll(() => page.evaluate(() => window.__removed!.shadowRoot!.childElementCount)).toBe(0);
  await page.clock.fastForward(CONGRATULATIONS_AT_MS);
  expect((await recordedEvents(page, 'step')).map((event) => event.detail?.['step'])).toEqual(['form', 'loading']);
  // The tab kept the agent (LIFECYCLE.md, "Reload and Back"), as for an app that unmounts the widget and mounts it again.
  await page.evaluate(() => document.querySelector('main')!.append(window.__removed!));
  await heading(page, copy.readyHeading).waitFor();
  expect(await dataStep(page)).toBe('congratulations');
  expect((await recordedEvents(page, 'step')).map((event) => event.detail?.['step'])).toEqual(['form', 'loading', 'congratulations']);
  expect(await recordedEvents(page, 'ready'), 'the agent was never ready before').toHaveLength(1);
});
