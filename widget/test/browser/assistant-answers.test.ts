import { expect, test } from 'vitest';
import { button, callStatus, copy, json, poll, reachCongratulations, useStubHost, useSuite } from '../support/index.ts';

// What an ordinary n8n answers website_demo_call with, and what the console then says; the stub answers by the segment after /webhook/.
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

test.each([
  [
    "n8n's Respond: Immediately: 'Error getting assistant', and the console quotes the answer and names the setting",
    'started',
    ['website_demo_call answered "{\\"message\\":\\"Workflow was started\\"}" without an assistant id', 'Respond is "Immediately"'],
  ],
  [
    "n8n's Response Data: All Entries with two entries: the console names the setting",
    'two-entries',
    ['an array of 2 entries is what n8n sends when Response Data is "All Entries"'],
  ],
  ["n8n's Response Data: All Entries with one entry carrying the id: 'Assistant ready'", 'one-entry', []],
])('%s', async (_label, product, said) => {
  const { page, consoleWarnings } = await suite.page({ webhookBase: stub.host.webhookBase.replace(/stub$/, product), clock: true });
  await reachCongratulations(page);
  await button(page, copy.browserButton).click();
  const widgetWarnings = () => consoleWarnings.filter((text) => text.startsWith('[franchise-ai-demo]'));
  if (said.length === 0) {
    await poll(() => callStatus(page).innerText()).toBe(copy.statusAssistantReady);
    expect(await button(page, copy.startCall).isEnabled()).toBe(true);
    return expect(widgetWarnings()).toEqual([]);
  }
  await poll(() => callStatus(page).innerText()).toBe(copy.statusAssistantError);
  await poll(() => widgetWarnings().length).toBe(1);
  expect(widgetWarnings()[0]).toContain(`[franchise-ai-demo] assistant: ${copy.statusAssistantError}`);
  for (const words of said) expect(widgetWarnings()[0]).toContain(words);
});
