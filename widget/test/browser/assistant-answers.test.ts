import { expect, test } from 'vitest';
import { poll } from '@franchise-ai/test-support/poll';
import { button, reachCongratulations } from '@franchise-ai/test-support/widget-flow';
import { copy } from '../../src/copy.ts';
import { callStatus } from '../support/browser-call.ts';
import { partnerPage, widgetAttributes } from '../support/pages.ts';
import { json, useStubHost } from '../support/stub-host.ts';
import { useSuite } from '../support/suite.ts';

// What an n8n with ordinary settings answers website_demo_call with, and what the integrator then
// reads in the console. The stub host answers by the segment after /webhook/ (the "product").
const suite = useSuite({ hosts: {} });
const ANSWERS: Record<string, unknown> = {
  // Respond: Immediately
  started: { message: 'Workflow was started' },
  // Response Data: All Entries, of a workflow that ends with one item, and with two
  'one-entry': [{ assistantId: 'asst_entry' }],
  'two-entries': [{ assistantId: 'asst_a' }, { assistantId: 'asst_b' }],
};
const stub = useStubHost((request, res) => {
  const product = request.path.split('/')[2] ?? '';
  json(res, 200, request.path.endsWith('/website_demo_call') ? ANSWERS[product] : { ok: true });
});

async function browserStep(product: string) {
  const attributes = widgetAttributes(stub.host.webhookBase.replace(/stub$/, product));
  const fixture = await suite.open(suite.server.page(`/answer-${product}.html`, partnerPage({ attributes })), { clock: true });
  await reachCongratulations(fixture.page);
  await button(fixture.page, copy.browserButton).click();
  return fixture;
}

const widgetWarnings = (warnings: string[]) => warnings.filter((text) => text.startsWith('[franchise-ai-demo]'));

test("n8n's Respond: Immediately: 'Error getting assistant', and the console quotes the answer and names the setting", async () => {
  const { page, consoleWarnings } = await browserStep('started');
  await poll(() => callStatus(page).innerText()).toBe(copy.statusAssistantError);
  await poll(() => widgetWarnings(consoleWarnings).length).toBe(1);
  const [warning] = widgetWarnings(consoleWarnings);
  expect(warning).toContain(`[franchise-ai-demo] assistant: ${copy.statusAssistantError}`);
  expect(warning).toContain('website_demo_call answered "{\\"message\\":\\"Workflow was started\\"}" without an assistant id');
  expect(warning).toContain(`Respond is "Immediately"`);
});

test("n8n's Response Data: All Entries with two entries: the console names the setting", async () => {
  const { page, consoleWarnings } = await browserStep('two-entries');
  await poll(() => callStatus(page).innerText()).toBe(copy.statusAssistantError);
  await poll(() => widgetWarnings(consoleWarnings).length).toBe(1);
  expect(widgetWarnings(consoleWarnings)[0]).toContain('an array of 2 entries is what n8n sends when Response Data is "All Entries"');
});

test("n8n's Response Data: All Entries with one entry carrying the id: 'Assistant ready'", async () => {
  const { page, consoleWarnings } = await browserStep('one-entry');
  await poll(() => callStatus(page).innerText()).toBe(copy.statusAssistantReady);
  expect(await button(page, copy.startCall).isEnabled()).toBe(true);
  expect(widgetWarnings(consoleWarnings)).toEqual([]);
});
