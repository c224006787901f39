import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { poll } from '@franchise-ai/test-support/poll';
import { button, dataStep, heading, PHONE, reachCongratulations, schedulePhoneCall, VISITOR, widget } from '@franchise-ai/test-support/widget-flow';
import { copy } from '../../src/copy.ts';
import { callStatus, reachBrowserCall, startCall } from '../support/browser-call.ts';
import { partnerPage, widgetAttributes } from '../support/pages.ts';
import { useSuite } from '../support/suite.ts';

// analytics="datalayer" (docs/ANALYTICS.md): a whole flow on a partner page, against the real
// webhook host, leaves exactly these entries in window.dataLayer, and none of what the visitor
// typed. Without the attribute the widget leaves window alone.
const suite = useSuite({ build: 'test-dist', voiceApi: true });

declare global {
  interface Window {
    dataLayer?: Array<Record<string, unknown>>;
  }
}

/** Everything the visitor gives the widget, as typed and as sent. */
const PERSONAL = [VISITOR.name, VISITOR.company, VISITOR.email, VISITOR.website, 'https://acme.com', PHONE.typed, PHONE.e164, '2015550123'];

const dataLayer = (page: Page) => page.evaluate(() => window.dataLayer);

async function open(name: string, analytics: string | undefined): Promise<Page> {
  const attributes = { ...widgetAttributes(suite.host().webhookBase, suite.voiceApi.url), analytics };
  const { page } = await suite.open(suite.server.page(`/${name}.html`, partnerPage({ attributes })), { clock: true });
  await poll(() => dataStep(page)).toBe('form');
  return page;
}

/** Not one of the visitor's values anywhere in what was pushed, whatever its case. */
async function expectNoPersonalData(page: Page): Promise<void> {
  const pushed = JSON.stringify(await dataLayer(page)).toLowerCase();
  for (const value of PERSONAL) expect(pushed, value).not.toContain(value.toLowerCase());
}

const UNTIL_READY = [
  { event: 'franchise_ai_demo_step', step: 'form' },
  { event: 'franchise_ai_demo_step', step: 'loading' },
  { event: 'generate_lead' },
  { event: 'franchise_ai_demo_step', step: 'congratulations' },
  { event: 'franchise_ai_demo_ready' },
];

test('form → loading → congratulations → Call Me: the dataLayer has each moment, one generate_lead, and no personal data', async () => {
  const page = await open('analytics-phone', 'datalayer');
  expect(await dataLayer(page)).toEqual([{ event: 'franchise_ai_demo_step', step: 'form' }]);
  await reachCongratulations(page);
  await widget(page).getByRole('article', { name: copy.callMeTitle }).getByRole('button', { name: copy.scheduleCall, exact: true }).click();
  await schedulePhoneCall(page);
  await heading(page, copy.callScheduledHeading).waitFor();

  // The host's answer, then the step it leads to (the dialog waits for it).
  await poll(() => dataLayer(page)).toEqual([
    ...UNTIL_READY,
    { event: 'franchise_ai_demo_call_requested', ok: true, refused: false, placed: false },
    { event: 'franchise_ai_demo_step', step: 'call-scheduled' },
  ]);
  await expectNoPersonalData(page);
});

test('the browser call: its start and end, and a failed start as an error with its stage only', async () => {
  const page = await open('analytics-voice', 'datalayer');
  await reachBrowserCall(page);
  await startCall(page);
  await button(page, copy.endCall).click();
  await poll(() => callStatus(page).innerText()).toBe(copy.statusCallEnded);
  suite.voiceApi.status = 500;
  suite.voiceApi.reply = () => JSON.stringify({ message: `Internal server error for ${VISITOR.email}` });
  await button(page, copy.startCall).click();

  await poll(() => dataLayer(page)).toEqual([
    ...UNTIL_READY,
    { event: 'franchise_ai_demo_step', step: 'browser-call' },
    { event: 'franchise_ai_demo_call_start' },
    { event: 'franchise_ai_demo_call_end' },
    // 'Start Call' again, after 'Call ended', is a next step the visitor chose (issue 27).
    { event: 'franchise_ai_demo_next_step', choice: 'call-again', step: 'browser-call' },
    { event: 'franchise_ai_demo_error', stage: 'voice' },
  ]);
  await expectNoPersonalData(page);
});

// A value it does not know reads as none (src/element/attribute-rules.test.ts, 'analytics (opt-in)').
test('without the attribute no dataLayer is made', async () => {
  const page = await open('analytics-off', undefined);
  await reachCongratulations(page);
  expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);
});

test('removed mid-flow, the attribute stops the entries: what was pushed stays, nothing more comes', async () => {
  const page = await open('analytics-removed', 'datalayer');
  await widget(page).evaluate((host) => host.removeAttribute('analytics'));
  await reachCongratulations(page);
  expect(await dataLayer(page)).toEqual([{ event: 'franchise_ai_demo_step', step: 'form' }]);
});
