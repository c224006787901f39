import type { Page } from 'playwright-core';
import { beforeEach, expect, test } from 'vitest';
import { ASSISTANT_ID, button, callStatus, consentBox, copy, dataLayer, dataStep, endCall, expectAccessibleAtWidths, fillCopy } from '#test/support/index.ts';
import { focusedText as focused, heading, json, movingParts, openPhoneDialog, PHONE, phoneDialog, poll, reachCongratulations } from '#test/support/index.ts';
import { recordedEvents, schedulePhoneCall, startCall, type StubRequest, useStubHost, useSuite, VISITOR, WEBHOOK_PATHS, widget } from '#test/support/index.ts';
import { LIMIT_MESSAGES } from '@franchise-ai/shared/rate-limits';
import { runAxe } from '@franchise-ai/test-support/axe';
import { WEB_CALL_URL } from '@franchise-ai/test-support/fake-voice-api';

// 'Call Scheduled!': the number, the seconds to ringing from demo_status, copy promising only what the host does, the ways on; a stub host answers.
const suite = useSuite({ build: 'test-dist', voiceApi: true, hosts: {} });
const DEMO_ID = 'AbCdEfGhIjKlMnOpQrStU_';
const BOOKING = 'https://cal.example/acme/discovery';
/** The provider's call ids, one per browser call (a UUID, as Vapi's). */
const WEB_CALL_IDS = ['0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0', '1c2d3e4f-5061-7283-94a5-b6c7d8e9f001'];
/** demo_form's `calls.followUp` (undefined: an older host that says nothing of it). */
let followUp: { mail: boolean; bookingUrl: string | null } | undefined;
/** demo_status's answers about the call, in order; the last one is repeated. */
let callAnswers: unknown[];
/** How the call request is answered (429: the host's limit). */
let callStatusCode: number;
/** How demo_status answers a reported web call id. */
let reportStatus: number;
const stub = useStubHost((request, res) => {
  if (request.path.endsWith(WEBHOOK_PATHS.demoForm)) {
    return json(res, 200, { ok: true, demoId: DEMO_ID, calls: { recorded: false, countries: ['US', 'FR'], ...(followUp ? { followUp } : {}) } });
  }
  if (request.path.endsWith(WEBHOOK_PATHS.websiteDemoCall)) return json(res, 200, { assistantId: ASSISTANT_ID });
  if (request.path.endsWith(WEBHOOK_PATHS.triggerDemoCall)) {
    return callStatusCode === 429 ? json(res, 429, { error: LIMIT_MESSAGES.callsPerDay }) : json(res, 200, { status: 'placed', callId: 'call-1' });
  }
  if (request.path.endsWith(WEBHOOK_PATHS.demoStatus)) {
    if ('webCallId' in JSON.parse(request.body))
      return json(res, reportStatus, reportStatus === 200 ? { profile: { status: 'reading' } } : { error: 'Injected failure.' });
    const asked = statusQuestions().length;
    return json(res, 200, { profile: { status: 'reading' }, ...(callAnswers[Math.min(asked, callAnswers.length) - 1] ?? {}) });
  }
  json(res, 404, { error: 'Not here.' });
});

beforeEach(() => {
  stub.host.requests.length = 0;
  followUp = { mail: true, bookingUrl: BOOKING };
  callAnswers = [{}, { call: { status: 'queued', secondsToRinging: null } }, { call: { status: 'ringing', secondsToRinging: 7 } }];
  callStatusCode = 200;
  reportStatus = 200;
});
const bodiesTo = (path: string): Array<Record<string, unknown>> =>
  stub.host.requests.filter((request: StubRequest) => request.path.endsWith(path)).map((request) => JSON.parse(request.body));
/** demo_status's questions about the call (not the reports of a web call id). */
const statusQuestions = () => bodiesTo(WEBHOOK_PATHS.demoStatus).filter((body) => !('webCallId' in body));
const idReports = () => bodiesTo(WEBHOOK_PATHS.demoStatus).filter((body) => 'webCallId' in body);
const calling = (page: Page) => widget(page).locator('.calling p').first();
const rang = (page: Page) => widget(page).locator('.rang');
const numberInput = (page: Page) => phoneDialog(page).getByRole('textbox', { name: copy.phoneLabel, exact: true });
const nextSteps = async (page: Page) => (await recordedEvents(page, 'next-step')).map((event) => event.detail);
/** Where an element of the step is: whether anything above it moved. */
const topOf = (page: Page, selector: string) =>
  widget(page)
    .locator(selector)
    .evaluate((element) => element.getBoundingClientRect().top);
async function open(name: string, width = 1280) {
  const fixture = await suite.page({
    webhookBase: stub.host.webhookBase,
    attributes: { analytics: 'datalayer' },
    clock: true,
    viewport: { width, height: 900 },
  });
  const start = stub.host.requests.length;
  await reachCongratulations(fixture.page, { ...VISITOR, email: `${name}@acme.com` });
  await openPhoneDialog(fixture.page);
  await schedulePhoneCall(fixture.page);
  await heading(fixture.page, copy.callScheduledHeading).waitFor();
  expect(stub.host.requests.length).toBeGreaterThan(start);
  return fixture;
}
/** Lets the step's next questions go out and their answers arrive, a second of the page's clock at a time. */
async function tick(page: Page, seconds = 1): Promise<void> {
  for (let i = 0; i < seconds; i++) {
    await page.clock.runFor(1_000);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  }
}

test("the number, the seconds to ringing once the host knows them (nothing moves, at 320 or 1280 px), only what the host does after the call, axe finds nothing at 320 or 1280 px; 'Change number' by keyboard: the dialog with the number as typed, a new schedule replaces the old, a limit shows in the dialog; each choice reaches the dataLayer", async () => {
  const { page, consoleErrors, pageErrors } = await open('ringing', 320);
  const email = 'ringing@acme.com';
  expect(await calling(page).innerText()).toBe(fillCopy(copy.callingNumber, { number: PHONE.typed }));
  expect(await rang(page).innerText()).toBe('');
  expect(await rang(page).getAttribute('aria-live')).toBe('polite');
  const factsTop = async () => {
    const tops = [await topOf(page, '.facts')];
    await page.setViewportSize({ width: 1280, height: 900 });
    tops.push(await topOf(page, '.facts'));
    await page.setViewportSize({ width: 320, height: 900 });
    return tops;
  };
  const topsBefore = await factsTop();
  // The spec's texts stay; the feature nothing did is gone; what follows is what the host said it does.
  const text = await widget(page).locator('section.step').innerText();
  for (const words of [copy.callScheduledText, copy.callExpectedValue, copy.callDurationValue, copy.backHome, copy.callFeature3]) expect(text).toContain(words);
  expect(text).not.toMatch(/book a follow-up/i);
  expect(await widget(page).locator('.scheduled-after').innerText()).toContain(fillCopy(copy.scheduledAfterMail, { email }));
  const booking = widget(page).getByRole('link', { name: copy.bookDiscoveryCall });
  expect([await booking.getAttribute('href'), await booking.getAttribute('target'), await booking.getAttribute('rel')]).toEqual([
    BOOKING,
    '_blank',
    'noopener noreferrer',
  ]);
  // No call reported, then queued: nothing shows. Ringing after 7 s: the line, once.
  await poll(async () => (await tick(page), await rang(page).innerText())).toBe(fillCopy(copy.callRang, { seconds: '7' }));
  expect(statusQuestions().every((body) => body['demoId'] === DEMO_ID)).toBe(true);
  expect(await factsTop(), 'the line came in the room kept for it, at 320 and 1280 px').toEqual(topsBefore);
  // Rung: the step asks on, every few seconds, for what the call books, until it ends.
  const asked = statusQuestions().length;
  await tick(page, 6);
  expect(statusQuestions().length - asked).toBeGreaterThanOrEqual(1);
  expect(statusQuestions().length - asked).toBeLessThanOrEqual(2);
  await expectAccessibleAtWidths(page, "'Call Scheduled!'", [320, 1280]);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await movingParts(page)).toEqual([]);
  expect([consoleErrors, pageErrors]).toEqual([[], []]);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  // The keyboard, from the heading: the booking link first (the company's), home, the browser call, then Change number by the number.
  expect(await focused(page)).toBe(copy.callScheduledHeading);
  const order: Array<string | null> = [];
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    order.push(await focused(page));
  }
  expect(order).toEqual([copy.bookDiscoveryCall, copy.backHome, copy.talkInBrowser, copy.changeNumber]);
  await page.keyboard.press('Enter');
  await poll(() => phoneDialog(page).isVisible()).toBe(true);
  expect(await numberInput(page).inputValue()).toBe(PHONE.typed);
  expect(await consentBox(page).isChecked()).toBe(false);
  await page.keyboard.press('Escape');
  await poll(() => phoneDialog(page).isVisible()).toBe(false);
  expect(await focused(page)).toBe(copy.changeNumber);
  // Another number: the host takes it, the page says it, and asks about the new call from nothing.
  callAnswers = [{}];
  const askedBefore = statusQuestions().length;
  await button(page, copy.changeNumber).click();
  await schedulePhoneCall(page, '+33 6 12 34 56 78');
  await poll(() => calling(page).innerText()).toBe(fillCopy(copy.callingNumber, { number: '+33 6 12 34 56 78' }));
  expect(await dataStep(page)).toBe('call-scheduled');
  expect(bodiesTo(WEBHOOK_PATHS.triggerDemoCall).map((body) => body['phoneNumber'])).toEqual([PHONE.e164, '+33612345678']);
  expect(await rang(page).innerText(), "the first call's seconds are not the new one's").toBe('');
  await tick(page, 2);
  expect(statusQuestions().length).toBeGreaterThan(askedBefore);
  expect(await focused(page)).toBe(copy.changeNumber);
  // A third: the host's limit, in the dialog's alert; the page keeps the number it took last.
  callStatusCode = 429;
  await button(page, copy.changeNumber).click();
  await schedulePhoneCall(page, PHONE.typed);
  await poll(() => phoneDialog(page).getByRole('alert').innerText()).toBe(LIMIT_MESSAGES.callsPerDay);
  await page.keyboard.press('Escape');
  expect(await calling(page).innerText()).toBe(fillCopy(copy.callingNumber, { number: '+33 6 12 34 56 78' }));
  expect(await runAxe(page)).toEqual([]);
  expect(await nextSteps(page)).toEqual(Array.from({ length: 3 }, () => ({ choice: 'change-number', step: 'call-scheduled' })));
  expect(((await dataLayer(page)) ?? []).filter((entry) => entry['event'] === 'franchise_ai_demo_next_step')).toEqual(
    Array.from({ length: 3 }, () => ({ event: 'franchise_ai_demo_next_step', choice: 'change-number', step: 'call-scheduled' })),
  );
  // Only what Chromium itself logs for the 429 answer.
  expect(consoleErrors.filter((text) => !text.includes('status of 429'))).toEqual([]);
});

test("a host that says nothing of the call or of what follows: the step as before; 'Talk in your browser while you wait' reports each call's id once", async () => {
  followUp = undefined;
  callAnswers = [{}];
  let nextId = 0;
  suite.voiceApi.reply = (request) => JSON.stringify(request.path === '/call/web' ? { id: WEB_CALL_IDS[nextId++], webCallUrl: WEB_CALL_URL } : { id: 'other' });
  const { page, consoleErrors, pageErrors } = await open('browser');
  await poll(async () => (await tick(page), statusQuestions().length)).toBeGreaterThanOrEqual(4);
  expect(await rang(page).innerText()).toBe('');
  expect(await widget(page).locator('.scheduled-after').count()).toBe(0);
  expect(await widget(page).getByRole('link', { name: copy.bookDiscoveryCall }).count()).toBe(0);
  expect(await widget(page).locator('.checks li').allInnerTexts()).toEqual([
    fillCopy(copy.callFeature1, { company: VISITOR.company }),
    copy.callFeature2,
    copy.callFeature3,
  ]);
  await button(page, copy.talkInBrowser).click();
  await heading(page, fillCopy(copy.welcomeHeading, { name: VISITOR.name })).waitFor();
  expect(await dataStep(page)).toBe('browser-call');
  // Leaving the step ends its questions.
  const asked = statusQuestions().length;
  await tick(page, 3);
  expect(statusQuestions().length).toBe(asked);
  await poll(() => callStatus(page).innerText()).toBe(copy.statusAssistantReady);
  await page.waitForFunction(() => window.__fakeDaily !== undefined);
  await startCall(page);
  await poll(() => idReports()).toEqual([{ demoId: DEMO_ID, webCallId: WEB_CALL_IDS[0] }]);
  await endCall(page);
  expect(idReports()).toHaveLength(1);
  // The second call's id; the host failing to take it changes nothing for the visitor.
  reportStatus = 500;
  await startCall(page);
  await poll(() => idReports()).toEqual([
    { demoId: DEMO_ID, webCallId: WEB_CALL_IDS[0] },
    { demoId: DEMO_ID, webCallId: WEB_CALL_IDS[1] },
  ]);
  await tick(page, 2);
  expect(await callStatus(page).innerText()).toBe(copy.statusCallStarted);
  expect(idReports()).toHaveLength(2);
  await button(page, copy.endCall).click();
  // Starting the second call after the first ended is the browser call's own next step ('call-again').
  expect(await nextSteps(page)).toEqual([
    { choice: 'browser-call', step: 'call-scheduled' },
    { choice: 'call-again', step: 'browser-call' },
  ]);
  expect(consoleErrors.filter((text) => !text.includes('status of 500'))).toEqual([]);
  expect(pageErrors).toEqual([]);
});
