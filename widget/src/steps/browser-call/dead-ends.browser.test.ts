import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, test } from 'vitest';
import { ASSISTANT_ID, assistantAudio, button, callStatus, clickForStatus, clickInOneTask, copy, dataStep } from '#test/support/index.ts';
import { type Deferred, deferred, endCall, expectAccessibleAtWidths, fakeDaily, fillCopy } from '#test/support/index.ts';
import { focusedText as focused, heading, IDEMPOTENCY_KEY_HEADER, json, PHONE, poll, PUBLIC_KEY, reachCongratulations } from '#test/support/index.ts';
import { recordedEvents, schedulePhoneCall, startCall, type StubRequest, useStubHost, useSuite, VISITOR, WEBHOOK_PATHS, widget } from '#test/support/index.ts';

// No dead ends on the browser step: the spec's texts and disabled button, and a way on that works (Call Me always, the retry that can succeed).
const suite = useSuite({ build: 'test-dist', voiceApi: true, hosts: {} });
/** website_demo_call answers 500 this many times before it answers the assistant. */
let assistantFailures = 0;
/** When set, the assistant's answer waits for it: the retry's 'Getting assistant ready...' can be seen. */
let assistantHeld: Deferred<void> | null = null;
const stub = useStubHost((request, res) => {
  if (!request.path.endsWith(WEBHOOK_PATHS.websiteDemoCall)) return json(res, 200, { ok: true });
  // An ordinary n8n's Respond: Immediately, under the webhook-base /webhook/started.
  if (request.path.startsWith('/webhook/started/')) return json(res, 200, { message: 'Workflow was started' });
  if (assistantFailures > 0) {
    assistantFailures--;
    return json(res, 500, { error: 'Injected failure.' });
  }
  void (assistantHeld?.promise ?? Promise.resolve()).then(() => json(res, 200, { assistantId: ASSISTANT_ID }));
});
beforeEach(() => {
  assistantFailures = 0;
  assistantHeld = null;
});
const openPage = (publicKey = true) =>
  suite.page({ webhookBase: stub.host.webhookBase, attributes: publicKey ? {} : { 'public-key': undefined }, clock: true });
/** The stub host's requests from now on, to `path`. */
function requestsFrom(path: string): () => StubRequest[] {
  const start = stub.host.requests.length;
  return () => stub.host.requests.slice(start).filter((request) => request.path.endsWith(path));
}
/** Form → congratulations → 'Start Browser Test', until the browser step shows `status`. */
async function reachBrowserStep(page: Page, status: string): Promise<void> {
  await reachCongratulations(page);
  await button(page, copy.browserButton).click();
  await heading(page, fillCopy(copy.welcomeHeading, { name: VISITOR.name })).waitFor();
  await poll(() => callStatus(page).innerText()).toBe(status);
}
const notice = (page: Page, text: string) => widget(page).getByRole('alert').filter({ hasText: text });
/** axe and no horizontal overflow on what the page shows now, at 320 px and then back at 1280 px (the page resized in place). */
const expectNoViolations = (page: Page, where: string) => expectAccessibleAtWidths(page, where, [320, 1280]);
/** 'Call Me' → the phone dialog → Schedule Call → 'Call Scheduled!', and the call was requested. */
async function scheduleCallInstead(page: Page): Promise<void> {
  const requested = requestsFrom(WEBHOOK_PATHS.triggerDemoCall);
  await button(page, copy.callMeTitle).click();
  await schedulePhoneCall(page);
  await heading(page, copy.callScheduledHeading).waitFor();
  expect(await dataStep(page)).toBe('call-scheduled');
  await poll(async () => (await recordedEvents(page, 'call-requested')).map((event) => event.detail)).toEqual([{ ok: true, refused: false, placed: true }]);
  expect(requested().map((request) => JSON.parse(request.body).phoneNumber)).toEqual([PHONE.e164]);
}

describe("'Error getting assistant'", () => {
  test('keeps the start button disabled, saying why, and offers Try Again and Call Me; a retry that fails again shows the notice again and the next Tab reaches Try Again; Call Me schedules a call', async () => {
    assistantFailures = Infinity;
    const { page } = await openPage();
    await reachBrowserStep(page, copy.statusAssistantError);
    expect(await dataStep(page)).toBe('browser-call');
    expect(await button(page, copy.noAssistantButton).isDisabled()).toBe(true);
    expect([await button(page, copy.loadingButton).count(), await button(page, copy.startCall).count()]).toEqual([0, 0]);
    await notice(page, copy.assistantErrorNotice).waitFor();
    expect(await button(page, copy.tryAgain).isEnabled()).toBe(true);
    await expectNoViolations(page, "on 'Error getting assistant' with Try Again and Call Me");
    await poll(async () => (await recordedEvents(page, 'error')).map((event) => event.detail?.['stage'])).toEqual(['assistant']);
    await button(page, copy.tryAgain).click();
    await poll(async () => (await recordedEvents(page, 'error')).map((event) => event.detail?.['stage'])).toEqual(['assistant', 'assistant']);
    await notice(page, copy.assistantErrorNotice).waitFor();
    expect(await callStatus(page).innerText()).toBe(copy.statusAssistantError);
    await page.keyboard.press('Tab'); // the heading had it; the start button is disabled
    expect(await focused(page)).toBe(copy.tryAgain);
    await scheduleCallInstead(page);
  });
  test("Try Again clicked three times in one task fetches once more; Try Again by keyboard fetches again with the same Idempotency-Key, then 'Assistant ready' and a working call", async () => {
    assistantFailures = 2;
    const fixture = await openPage();
    const { page } = fixture;
    const fetches = requestsFrom(WEBHOOK_PATHS.websiteDemoCall);
    await reachBrowserStep(page, copy.statusAssistantError);
    expect(fetches()).toHaveLength(1);
    await clickInOneTask(page, copy.tryAgain);
    await poll(async () => (await recordedEvents(page, 'error')).map((event) => event.detail?.['stage'])).toEqual(['assistant', 'assistant']);
    await notice(page, copy.assistantErrorNotice).waitFor();
    expect(fetches()).toHaveLength(2);
    assistantHeld = deferred<void>();
    await button(page, copy.tryAgain).focus();
    await page.keyboard.press('Enter');
    // The status says so, the notice and its buttons go, and the keyboard waits on the heading.
    await poll(() => callStatus(page).innerText()).toBe(copy.statusGettingAssistant);
    expect(await widget(page).getByRole('alert').count()).toBe(0);
    expect(await button(page, copy.loadingButton).isDisabled()).toBe(true);
    expect(await focused(page)).toBe(fillCopy(copy.welcomeHeading, { name: VISITOR.name }));
    await poll(() => fetches().length).toBe(3);
    const [first, ...retries] = fetches().map((request) => request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(retries).toEqual([first, first]);
    expect(new Set(fetches().map((request) => request.body)).size).toBe(1);
    assistantHeld.resolve();
    await poll(() => callStatus(page).innerText()).toBe(copy.statusAssistantReady);
    await page.keyboard.press('Tab'); // from the heading, the next stop is the call button
    expect(await focused(page)).toBe(copy.startCall);
    await page.waitForFunction(() => window.__fakeDaily !== undefined); // the voice chunk has loaded
    await startCall(page);
    expect(suite.voiceApi.webCallRequests().map((request) => (request.body as { assistantId?: string }).assistantId)).toEqual([ASSISTANT_ID]);
    expect((await recordedEvents(page, 'error')).map((event) => event.detail?.['stage'])).toEqual(['assistant', 'assistant']);
    expect(fixture.pageErrors).toEqual([]);
  });
});

describe("'Error occurred'", () => {
  test('after a refused start (no call object made): Call Me is offered beside Start Call, which starts a new call that works; after a failed join (its call object released), Call Me schedules a phone call instead', async () => {
    const { page } = await openPage();
    await reachBrowserStep(page, copy.statusAssistantReady);
    await page.waitForFunction(() => window.__fakeDaily !== undefined);
    suite.voiceApi.status = 500;
    suite.voiceApi.reply = () => JSON.stringify({ message: 'Internal server error' });
    await button(page, copy.startCall).focus();
    await page.keyboard.press('Enter');
    await poll(() => callStatus(page).innerText()).toBe(copy.statusError);
    await notice(page, copy.callErrorNotice).waitFor();
    expect(await button(page, copy.callMeTitle).isEnabled()).toBe(true);
    // The keyboard stays on the button it pressed, which is the retry.
    expect(await focused(page)).toBe(copy.startCall);
    expect((await fakeDaily(page)).created, 'no call object for a refused call').toEqual([]);
    suite.voiceApi.status = 201;
    suite.voiceApi.reply = null;
    await page.keyboard.press('Enter');
    await poll(() => callStatus(page).innerText()).toBe(copy.statusCallStarted);
    expect(await widget(page).getByRole('alert').count()).toBe(0);
    expect(suite.voiceApi.webCallRequests()).toHaveLength(2);
    await endCall(page);
    await page.evaluate(() => (window.__fakeDaily!.failNextJoin = 'Meeting not found'));
    await clickForStatus(page, copy.startCall, copy.statusError);
    await notice(page, copy.callErrorNotice).waitFor();
    // The failed join's call object is released; the page was told of each failure.
    await poll(async () => (await fakeDaily(page)).destroyed).toBe(2);
    expect(await assistantAudio(page).count()).toBe(0);
    expect((await recordedEvents(page, 'error')).map((event) => event.detail?.['stage'])).toEqual(['voice', 'voice']);
    await expectNoViolations(page, "on 'Error occurred' after a failed start");
    await scheduleCallInstead(page);
  });
  test('on a page that gave no public-key no browser call is offered and no assistant is asked for, the card says why; a public-key the page gives offers it; taken away on the browser step, Start Call is not offered and the keyboard goes to Call Me; given back, the call works', async () => {
    const { page } = await openPage(false);
    const assistants = requestsFrom(WEBHOOK_PATHS.websiteDemoCall);
    await reachCongratulations(page);
    const card = widget(page).getByRole('article', { name: copy.browserTitle });
    expect(await card.innerText()).toContain(copy.browserUnavailable);
    expect(await card.getByRole('button').count()).toBe(0);
    // No assistant was asked for, so none is said to be ready.
    expect(await widget(page).getByText(copy.statusAssistantReady).count()).toBe(0);
    await expectNoViolations(page, 'on the congratulations step without a public-key');
    expect(assistants()).toEqual([]);
    await widget(page).evaluate((host, key) => host.setAttribute('public-key', key), PUBLIC_KEY);
    await button(page, copy.browserButton).click();
    await heading(page, fillCopy(copy.welcomeHeading, { name: VISITOR.name })).waitFor();
    await poll(() => callStatus(page).innerText()).toBe(copy.statusAssistantReady);
    expect(assistants()).toHaveLength(1);
    await widget(page).evaluate((host) => host.removeAttribute('public-key'));
    await page.waitForFunction(() => window.__fakeDaily !== undefined);
    await button(page, copy.startCall).focus();
    await page.keyboard.press('Enter');
    await poll(() => callStatus(page).innerText()).toBe(copy.statusError);
    await notice(page, copy.callUnavailableNotice).waitFor();
    expect(await button(page, copy.startCall).isDisabled()).toBe(true);
    await poll(() => focused(page)).toBe(copy.callMeTitle);
    expect(suite.voiceApi.webCallRequests()).toEqual([]);
    expect((await recordedEvents(page, 'error')).map((event) => event.detail?.['stage'])).toEqual(['voice']);
    await expectNoViolations(page, 'where no start can succeed');
    await widget(page).evaluate((host, key) => host.setAttribute('public-key', key), PUBLIC_KEY);
    await poll(() => callStatus(page).innerText()).toBe(copy.statusAssistantReady);
    expect(await widget(page).getByRole('alert').count()).toBe(0);
    await startCall(page);
    expect(suite.voiceApi.webCallRequests()).toHaveLength(1);
  });
});

// Which answers lack the id, and what the console then says, is src/webhooks/assistant-answer.test.ts's table; here the words reach the console.
test("n8n's Respond: Immediately: 'Error getting assistant', and the console quotes the answer and names the setting", async () => {
  const { page, consoleWarnings } = await suite.page({ webhookBase: stub.host.webhookBase.replace(/stub$/, 'started'), clock: true });
  await reachBrowserStep(page, copy.statusAssistantError);
  const widgetWarnings = () => consoleWarnings.filter((text) => text.startsWith('[franchise-ai-demo]'));
  await poll(() => widgetWarnings().length).toBe(1);
  expect(widgetWarnings()[0]).toContain(`[franchise-ai-demo] assistant: ${copy.statusAssistantError}`);
  expect(widgetWarnings()[0]).toContain('website_demo_call answered "{\\"message\\":\\"Workflow was started\\"}" without an assistant id');
  expect(widgetWarnings()[0]).toContain('Respond is "Immediately"');
});
