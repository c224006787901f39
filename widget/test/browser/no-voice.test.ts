import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { button, copy, expectAccessibleAtWidths, poll, reachCongratulations, recordedEvents, scheduleFromCongratulations, stepText } from '../support/index.ts';
import { useSuite, widget } from '../support/index.ts';
import { useHost } from '@franchise-ai/test-support/webhook-host';

// The real stand-in without voice keys: nothing claims a call that will not happen, and the console and terminal name the missing settings.
const suite = useSuite({ voiceApi: true, hosts: { noVoice: { VAPI_ASSISTANT_ID: '' } } });
// Started after the suite's fake voice API, whose address it needs.
const voiced = useHost(() => ({
  env: { RATE_LIMIT: 'off', VAPI_API_BASE: suite.voiceApi.url, VAPI_PRIVATE_KEY: 'sk_test', VAPI_PHONE_NUMBER_ID: 'pn_test' },
}));
const NOT_PLACED_REASON = 'No call is placed: set VAPI_PRIVATE_KEY and VAPI_PHONE_NUMBER_ID to place calls.';
async function open(webhookBase: string, width = 1280) {
  const fixture = await suite.page({ webhookBase, clock: true, viewport: { width, height: 900 } });
  await reachCongratulations(fixture.page);
  return fixture;
}
const callRequested = async (page: Page) => (await recordedEvents(page, 'call-requested')).map((event) => event.detail);

test("no voice keys, at 320 px: 'Call Scheduled!' says no call is placed, the console and the terminal say why, axe finds nothing at 320 or 1280 px; after 'Talk in your browser' they name the missing setting, the page no status code", async () => {
  const { page, consoleWarnings, consoleErrors, pageErrors } = await open(suite.host('noVoice').webhookBase, 320);
  await scheduleFromCongratulations(page);
  const text = await stepText(page);
  expect(text).toContain(copy.callScheduledText);
  expect(text).toContain(copy.callNotPlaced);
  expect(await callRequested(page)).toEqual([{ ok: true, refused: false, placed: false }]);
  expect(consoleWarnings.join('\n')).toContain(NOT_PLACED_REASON);
  expect(suite.host('noVoice').output()).toContain(`recorded, not placed: ${NOT_PLACED_REASON}`);
  await expectAccessibleAtWidths(page, "'Call Scheduled!' with no call placed", [320, 1280]);
  expect([consoleErrors, pageErrors]).toEqual([[], []]);
  await button(page, copy.talkInBrowser).click();
  await poll(() => consoleWarnings.join('\n')).toContain('503: No voice assistant is configured: set VAPI_ASSISTANT_ID');
  expect(suite.host('noVoice').output()).toContain('assistant request refused: No voice assistant is configured: set VAPI_ASSISTANT_ID');
  expect(await widget(page).locator('section.step').innerText()).not.toContain('503');
});

test('with the fake voice API configured, neither line appears', async () => {
  const { page, consoleWarnings } = await open(voiced.webhookBase);
  await scheduleFromCongratulations(page);
  expect(await stepText(page)).not.toContain(copy.callNotPlaced);
  expect(await callRequested(page)).toEqual([{ ok: true, refused: false, placed: true }]);
  expect(suite.voiceApi.requests.some((request) => request.path === '/call')).toBe(true);
  await button(page, copy.talkInBrowser).click();
  await poll(() => suite.voiceApi.requests.filter((request) => request.path === '/assistant').length).toBeGreaterThan(0);
  expect(consoleWarnings.join('\n')).not.toMatch(/placed no call|VAPI_/);
});
