import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { runAxe } from '@franchise-ai/test-support/axe';
import { horizontalOverflow } from '../support/layout.ts';
import { poll } from '@franchise-ai/test-support/poll';
import { button, dataStep, fillForm, heading, VISITOR, widget } from '@franchise-ai/test-support/widget-flow';
import { CONGRATULATIONS_AT_MS } from '@franchise-ai/test-support/widget-texts';
import { copy } from '../../src/copy.ts';
import { partnerPage, widgetAttributes } from '../support/pages.ts';
import { useSuite } from '../support/suite.ts';

// The steps after the loading screen are a chunk of their own (src/steps/later-steps.ts): not part
// of the first render, fetched while the loading screen runs, and if they do not arrive, the
// visitor is told and can try again.
const suite = useSuite();
const LATER_STEPS = /\/widget\/chunks\/later-steps-[\w-]+\.js$/;
const open = (name: string, options: Parameters<typeof suite.open>[1] = {}) =>
  suite.open(suite.server.page(`/${name}.html`, partnerPage({ attributes: widgetAttributes(suite.host().webhookBase) })), { clock: true, ...options });

/** The heading the keyboard is on, inside the widget. */
const focusedHeading = (page: Page) => widget(page).evaluate((host) => (host.shadowRoot!.activeElement?.tagName === 'H2' ? host.shadowRoot!.activeElement.textContent : null));

test('the later steps are not fetched with the form, but while the loading screen runs', async () => {
  const fixture = await open('later-steps-timing');
  const { page, consoleErrors, pageErrors } = fixture;
  const laterRequests = () => fixture.requests.filter((url) => LATER_STEPS.test(url));
  await fillForm(page, VISITOR);
  expect(laterRequests()).toEqual([]);
  await button(page, copy.submit).click();
  // The clock stands still, so the loading screen cannot end before the chunk is asked for.
  await poll(() => laterRequests().length).toBe(1);
  expect(await dataStep(page)).toBe('loading');
  await page.clock.fastForward(CONGRATULATIONS_AT_MS);
  await heading(page, copy.readyHeading).waitFor();
  expect(laterRequests()).toHaveLength(1);
  expect([...consoleErrors, ...pageErrors]).toEqual([]);
});

test('if the later steps fail to arrive, the visitor is told where the step would be, and Try Again (by keyboard) brings it', async () => {
  let refused = 0;
  const fixture = await open('later-steps-failed', {
    before: async (tab) => void (await tab.route(LATER_STEPS, (route) => (refused++, route.abort()))),
  });
  const { page, pageErrors } = fixture;
  await fillForm(page, VISITOR);
  await button(page, copy.submit).click();
  await poll(() => dataStep(page)).toBe('loading');
  await poll(() => refused).toBe(1);
  // Failing during the loading screen shows nothing yet: the loading screen stays as it is.
  expect(await heading(page, copy.loadingHeading).isVisible()).toBe(true);
  expect(await widget(page).getByRole('alert').count()).toBe(0);

  await page.clock.fastForward(CONGRATULATIONS_AT_MS);
  await poll(() => dataStep(page)).toBe('congratulations');
  // Asked once more when the step is due, then the retry.
  await poll(() => widget(page).getByRole('alert').innerText()).toBe(copy.laterStepsFailed);
  expect(refused).toBe(2);
  expect(await focusedHeading(page)).toBe(copy.laterStepsHeading);
  // axe, and nothing sticking out sideways, at the narrowest supported width and a desktop one.
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await runAxe(page), `axe on the retry at ${width} px`).toEqual([]);
    expect(await horizontalOverflow(page), `overflow at ${width} px`).toEqual([]);
  }

  await page.unroute(LATER_STEPS);
  // By keyboard: from the heading, Tab reaches 'Try Again', and Enter presses it.
  await page.keyboard.press('Tab');
  expect(await widget(page).evaluate((host) => host.shadowRoot!.activeElement?.textContent)).toBe(copy.laterStepsRetry);
  await page.keyboard.press('Enter');
  await heading(page, copy.readyHeading).waitFor();
  await poll(() => focusedHeading(page)).toBe(copy.readyHeading);
  // The step works: its styles came with it, and the dialog opens.
  expect(await button(page, copy.scheduleCall).first().evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
  await button(page, copy.scheduleCall).first().click();
  await heading(page, copy.phoneDialogTitle).waitFor();
  expect(pageErrors).toEqual([]);
});
