import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { dataLayer, DATALAYER_UNTIL_READY, dataStep, expectNoPersonalData, poll, reachCongratulations, scheduleFromCongratulations } from '../support/index.ts';
import { useSuite, widget } from '../support/index.ts';

// analytics="datalayer" (docs/ANALYTICS.md): a whole flow against the real host leaves exactly these dataLayer entries, none of what was typed.
const suite = useSuite();
async function open(analytics: string | undefined): Promise<Page> {
  const { page } = await suite.page({ attributes: { analytics }, clock: true });
  await poll(() => dataStep(page)).toBe('form');
  return page;
}

test('form → loading → congratulations → Call Me: the dataLayer has each moment, one generate_lead, and no personal data', async () => {
  const page = await open('datalayer');
  expect(await dataLayer(page)).toEqual([{ event: 'franchise_ai_demo_step', step: 'form' }]);
  await reachCongratulations(page);
  await scheduleFromCongratulations(page);
  // The host's answer, then the step it leads to (the dialog waits for it).
  await poll(() => dataLayer(page)).toEqual([
    ...DATALAYER_UNTIL_READY,
    { event: 'franchise_ai_demo_call_requested', ok: true, refused: false, placed: false },
    { event: 'franchise_ai_demo_step', step: 'call-scheduled' },
  ]);
  await expectNoPersonalData(page);
});

test('removed mid-flow, the attribute stops the entries: what was pushed stays, nothing more comes', async () => {
  const page = await open('datalayer');
  await widget(page).evaluate((host) => host.removeAttribute('analytics'));
  await reachCongratulations(page);
  expect(await dataLayer(page)).toEqual([{ event: 'franchise_ai_demo_step', step: 'form' }]);
});
