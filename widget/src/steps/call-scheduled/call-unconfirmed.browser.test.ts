import type { Page } from 'playwright-core';
import { beforeEach, expect, test } from 'vitest';
import {
  ASSISTANT_ID,
  button,
  callMeButton,
  copy,
  dataStep,
  expectAccessibleAtWidths,
  fillCopy,
  focusedText as focused,
  heading,
} from '#test/support/index.ts';
import { IDEMPOTENCY_KEY_HEADER, json, openPhoneDialog, PHONE, phoneDialog, poll, reachCongratulations, recordedEvents } from '#test/support/index.ts';
import {
  schedulePhoneCall,
  stepText,
  type StubRequest,
  useStubHost,
  useSuite,
  VISITOR,
  WEBHOOK_PATHS,
  WEBHOOK_TIMEOUT_MS,
  widget,
} from '#test/support/index.ts';

// A call request answered 500, reset or unanswered: the flow moves on (spec section 8) promising no call or mail; Try Again reuses the key.
const suite = useSuite({ hosts: {} });
type Answer = 'placed' | '500' | 'reset' | 'never';
/** How trigger_ai_demo_call is answered now. */
let answer: Answer = 'placed';
const stub = useStubHost((request, res) => {
  if (request.path.endsWith(WEBHOOK_PATHS.demoForm)) {
    return json(res, 200, { ok: true, calls: { recorded: false, countries: ['US', 'FR'], followUp: { mail: true, bookingUrl: null } } });
  }
  if (request.path.endsWith(WEBHOOK_PATHS.websiteDemoCall)) return json(res, 200, { assistantId: ASSISTANT_ID });
  if (!request.path.endsWith(WEBHOOK_PATHS.triggerDemoCall)) return json(res, 404, { error: 'Not here.' });
  if (answer === 'placed') return json(res, 200, { status: 'placed', callId: 'call-1' });
  if (answer === '500') return json(res, 500, { error: 'Injected failure.' });
  if (answer === 'reset') return void res.socket?.destroy();
  // 'never': the answer is left open until the stub host stops.
});
beforeEach(() => {
  answer = 'placed';
  stub.host.requests.length = 0;
});
const callRequests = (): StubRequest[] => stub.host.requests.filter((request) => request.path.endsWith(WEBHOOK_PATHS.triggerDemoCall));
const keysSent = () => callRequests().map((request) => request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);
const callRequested = async (page: Page) => (await recordedEvents(page, 'call-requested')).map((event) => event.detail);
/** Every text that would say a call is on its way, or what follows one. */
const PROMISES = [
  copy.callScheduledHeading,
  copy.callScheduledText,
  fillCopy(copy.callingNumber, { number: PHONE.typed }),
  copy.callExpectedLabel,
  copy.callFeaturesHeading,
  fillCopy(copy.scheduledAfterMail, { email: VISITOR.email }),
  copy.talkInBrowser,
];
async function expectNoPromise(page: Page): Promise<void> {
  const text = await stepText(page);
  expect(PROMISES.filter((promise) => text.includes(promise))).toEqual([]);
  expect(text).toContain(fillCopy(copy.callUnconfirmedText, { number: PHONE.typed }));
}
async function openToDialog() {
  const fixture = await suite.page({ webhookBase: stub.host.webhookBase, clock: true });
  await reachCongratulations(fixture.page);
  await openPhoneDialog(fixture.page);
  return fixture;
}

test("answered 500: a step that says the call could not be confirmed, with Try Again and the browser call, axe clean at 320 and 1280 px; Try Again sends the same request under the same key (reset, the widget tries it again itself), and once the host takes it, 'Call Scheduled!'", async () => {
  answer = '500';
  const { page, pageErrors } = await openToDialog();
  await schedulePhoneCall(page);
  await heading(page, copy.callUnconfirmedHeading).waitFor();
  expect(await dataStep(page)).toBe('call-scheduled');
  await poll(() => focused(page)).toBe(copy.callUnconfirmedHeading);
  await expectNoPromise(page);
  expect(await button(page, copy.browserButton).isEnabled()).toBe(true);
  expect(await callRequested(page)).toEqual([{ ok: false, refused: false, placed: false }]);
  await expectAccessibleAtWidths(page, 'the step after a call request that failed', [320, 1280]);
  // Still failing: the same step again, said again (the keyboard back on its heading).
  await button(page, copy.tryAgain).click();
  await poll(() => callRequests().length).toBe(2);
  await poll(async () => (await callRequested(page)).length).toBe(2);
  await poll(() => focused(page)).toBe(copy.callUnconfirmedHeading);
  await expectNoPromise(page);
  // A reset: the widget tries again itself (with the browser's own retry on a dropped connection, at least two), then the same step.
  answer = 'reset';
  await button(page, copy.tryAgain).click();
  await poll(() => callRequests().length).toBeGreaterThanOrEqual(4);
  await poll(async () => (await callRequested(page)).length).toBe(3);
  await expectNoPromise(page);
  answer = 'placed';
  await button(page, copy.tryAgain).click();
  await heading(page, copy.callScheduledHeading).waitFor();
  await poll(() => focused(page)).toBe(copy.callScheduledHeading);
  expect(await stepText(page)).toContain(fillCopy(copy.callingNumber, { number: PHONE.typed }));
  const [first, ...again] = callRequests();
  expect(again.map((request) => request.body)).toEqual(again.map(() => first!.body));
  expect(new Set(keysSent()).size).toBe(1);
  expect(keysSent()[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(await callRequested(page)).toEqual([
    { ok: false, refused: false, placed: false },
    { ok: false, refused: false, placed: false },
    { ok: false, refused: false, placed: false },
    { ok: true, refused: false, placed: true },
  ]);
  expect(pageErrors).toEqual([]);
});

test("never answered: Cancel works while 'Scheduling...' and nothing claims a call; sent again, the deadline passes and the step says the call could not be confirmed", async () => {
  answer = 'never';
  const { page } = await openToDialog();
  await schedulePhoneCall(page);
  const dialog = phoneDialog(page);
  const scheduling = dialog.getByRole('button', { name: copy.scheduling, exact: true });
  await poll(() => scheduling.getAttribute('aria-disabled')).toBe('true');
  await poll(() => callRequests().length).toBe(1);
  const cancel = dialog.getByRole('button', { name: copy.phoneCancel, exact: true });
  expect(await cancel.isEnabled()).toBe(true);
  await cancel.click();
  await poll(() => dialog.isVisible()).toBe(false);
  await heading(page, copy.readyHeading).waitFor();
  expect(await widget(page).innerText()).not.toContain(copy.callScheduledHeading);
  // No answer came, so the page is told nothing.
  expect(await callRequested(page)).toEqual([]);
  // The same number and words again: the same request, so the same key.
  await callMeButton(page).click();
  await schedulePhoneCall(page);
  await poll(() => callRequests().length).toBe(2);
  await poll(() => scheduling.isVisible()).toBe(true);
  await page.clock.runFor(WEBHOOK_TIMEOUT_MS + 1_000);
  await heading(page, copy.callUnconfirmedHeading).waitFor();
  await expectNoPromise(page);
  expect(new Set(keysSent()).size).toBe(1);
  expect(await callRequested(page)).toEqual([{ ok: false, refused: false, placed: false }]);
  // 'Try Again' waits in the dialog, the request as it was sent, and Cancel leaves the step as it was.
  await button(page, copy.tryAgain).click();
  await poll(() => callRequests().length).toBe(3);
  expect(await dialog.getByRole('textbox', { name: copy.phoneLabel, exact: true }).inputValue()).toBe(PHONE.typed);
  await poll(() => focused(page)).toBe(copy.scheduling);
  await page.keyboard.press('Escape');
  await poll(() => dialog.isVisible()).toBe(false);
  await heading(page, copy.callUnconfirmedHeading).waitFor();
  expect(await focused(page)).toBe(copy.tryAgain);
});
