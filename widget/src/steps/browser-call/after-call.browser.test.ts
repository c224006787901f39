import type { Page, Route } from 'playwright-core';
import { expect, test } from 'vitest';
import { ASSISTANT_ID, assistantAudio, button, callStatus, clickForStatus, copy, dataLayer, endCall, expectAccessibleAtWidths } from '#test/support/index.ts';
import { fakeDaily, fillCopy, phoneDialog, poll, reachBrowserCall, recordedEvents, sendTranscript, startCall, useSuite, VISITOR } from '#test/support/index.ts';
import { WEBHOOK_PATHS, widget } from '#test/support/index.ts';
import { useHost } from '@franchise-ai/test-support/webhook-host';

// After a browser call, the next step (flow/next-step.ts): the summary mail, 'Book a discovery call', Call Me, the dataLayer; "Try asking..."; a provider's end.
const suite = useSuite({ build: 'test-dist', voiceApi: true });
// A host that makes an assistant per visitor on the fake voice API (no VAPI_ASSISTANT_ID); started after the suite's fake, whose address it needs.
const PRIVATE_KEY = 'sk_test_after_call';
const creating = useHost(() => ({ env: { RATE_LIMIT: 'off', VAPI_API_BASE: suite.voiceApi.url, VAPI_PRIVATE_KEY: PRIVATE_KEY } }));
const HOST_BOOKING = 'https://book.example.com/discovery';
interface OpenOptions {
  nextUrl?: string;
  followUp?: { mail: boolean; bookingUrl: string | null };
  /** The host: by default the suite's, which answers the operator's assistant (ASSISTANT_ID). */
  webhookBase?: string;
}
/** A partner page; `followUp`: what the host's demo_form answer says follows a call (the host under test says nothing yet). */
async function open({ nextUrl, followUp, webhookBase }: OpenOptions = {}) {
  return suite.page({
    webhookBase,
    attributes: { analytics: 'datalayer', 'next-url': nextUrl },
    viewport: { width: 1280, height: 800 },
    clock: true,
    beforeLoad: async (tab) => {
      if (!followUp) return;
      await tab.route(`**${WEBHOOK_PATHS.demoForm}`, async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { calls?: Record<string, unknown> };
        await route.fulfill({ response, json: { ...body, calls: { ...body.calls, followUp } } });
      });
    },
  });
}
const afterCall = (page: Page) => widget(page).getByRole('group', { name: copy.afterCallHeading });
const nextSteps = async (page: Page) => ((await dataLayer(page)) ?? []).filter((entry) => entry['event'] === 'franchise_ai_demo_next_step');
/** Start Call, a last line from the assistant, End Call. */
async function talkAndEnd(page: Page): Promise<void> {
  await startCall(page);
  await sendTranscript(page, 'assistant', 'final', 'Thanks for calling. Anything else?');
  await endCall(page);
}
const expectNoViolations = (page: Page, where: string) => expectAccessibleAtWidths(page, where, [320, 1280]);

test("\"Try asking...\": three questions of the visitor's side, a tapped one shown in the panel (announced once; tapped again, the hint is back); 'Call ended' without a booking page (before the call, at 320 px, little empty room): Call Me is the next step, no mail promised; choosing it opens the phone dialog and is pushed", async () => {
  const { page } = await open();
  await reachBrowserCall(page, { ...VISITOR, businessType: 'franchisee' });
  expect(await afterCall(page).count(), 'no next step before a call').toBe(0);
  // At 320 px, before the call, the room the captions keep hidden leaves under 100 px empty (it was about 200).
  await page.setViewportSize({ width: 320, height: 800 });
  const empty = await widget(page).evaluate((host) => {
    const root = host.shadowRoot!;
    const room = root.querySelector('.call-room')!.getBoundingClientRect();
    const shown = root.querySelector('.call-before > :last-child')!.getBoundingClientRect();
    return room.bottom - shown.bottom;
  });
  expect(empty).toBeGreaterThanOrEqual(0);
  expect(empty).toBeLessThan(100);
  await page.setViewportSize({ width: 1280, height: 800 });
  const list = widget(page).getByRole('region', { name: copy.tryAskingHeading }).getByRole('button');
  expect(await list.allInnerTexts()).toEqual([copy.franchiseePrompt1, copy.franchiseePrompt2, copy.franchiseePrompt3]);
  const say = widget(page).locator('.call-say');
  expect(await say.getAttribute('aria-live')).toBe('polite');
  expect(await say.innerText()).toBe(copy.tryAskingHint);
  await list.nth(1).focus();
  await page.keyboard.press('Space');
  expect(await say.innerText()).toBe(fillCopy(copy.tryAskingSay, { prompt: copy.franchiseePrompt2 }));
  expect(await Promise.all([0, 1, 2].map((n) => list.nth(n).getAttribute('aria-pressed')))).toEqual(['false', 'true', 'false']);
  // While the call runs, another one; the panel keeps its height.
  await startCall(page);
  const panelHeight = () =>
    widget(page)
      .locator('.call-panel')
      .evaluate((panel) => panel.getBoundingClientRect().height);
  const height = await panelHeight();
  await list.nth(2).click();
  expect(await say.innerText()).toBe(fillCopy(copy.tryAskingSay, { prompt: copy.franchiseePrompt3 }));
  expect(await panelHeight()).toBe(height);
  await list.nth(2).click();
  expect(await say.innerText()).toBe(copy.tryAskingHint);
  await sendTranscript(page, 'assistant', 'final', 'Thanks for calling. Anything else?');
  await endCall(page);
  const group = afterCall(page);
  await group.waitFor();
  expect(await group.innerText()).not.toContain(fillCopy(copy.afterCallMail, { email: VISITOR.email }));
  expect(await group.getByRole('link').allInnerTexts(), 'no booking page and no contact: home is the only link').toEqual([copy.backHome]);
  const callMe = group.getByRole('button', { name: copy.callMeTitle });
  expect(await callMe.getAttribute('class')).toBe('primary');
  // The last lines keep their Captions toggle; Mute is for a connected call only.
  expect(await button(page, copy.captionsToggle).isVisible()).toBe(true);
  expect(await widget(page).getByRole('button', { name: copy.mute }).count()).toBe(0);
  // Start Call stays, as the secondary way on; the last lines stay with it.
  expect(await button(page, copy.startCall).getAttribute('class')).toBe('secondary');
  expect(await widget(page).locator('.captions > li').allTextContents()).toEqual([`${copy.captionAgent}: Thanks for calling. Anything else?`]);
  await expectNoViolations(page, "on 'Call ended' with captions");
  expect(await nextSteps(page)).toEqual([]);
  await callMe.click();
  await phoneDialog(page).waitFor();
  expect(await nextSteps(page)).toEqual([{ event: 'franchise_ai_demo_next_step', choice: 'call-me', step: 'browser-call' }]);
});

test("'Call ended' with the host's follow-up: the summary by mail, and the partner's next-url wins over the host's booking page", async () => {
  const { page } = await open({ nextUrl: '/partner-booking.html', followUp: { mail: true, bookingUrl: HOST_BOOKING } });
  await reachBrowserCall(page);
  await talkAndEnd(page);
  const group = afterCall(page);
  await group.waitFor();
  expect(await group.innerText()).toContain(fillCopy(copy.afterCallMail, { email: VISITOR.email }));
  const book = group.getByRole('link', { name: copy.bookDiscoveryCall });
  expect(await book.getAttribute('href')).toBe('/partner-booking.html');
  expect(await book.getAttribute('class')).toContain('primary');
  expect(await group.getByRole('button', { name: copy.callMeTitle }).getAttribute('class')).toBe('secondary');
  await expectNoViolations(page, "on 'Call ended' with a booking page");
  // Keyboard only: the booking link is the first Tab from the step's heading; Enter follows it, and the choice is pushed first.
  await page.evaluate(() => document.addEventListener('click', (event) => event.preventDefault(), { capture: true }));
  await widget(page).getByRole('heading', { level: 2 }).focus();
  await page.keyboard.press('Tab');
  expect(await book.evaluate((link) => link.getRootNode() instanceof ShadowRoot && (link.getRootNode() as ShadowRoot).activeElement === link)).toBe(true);
  await page.keyboard.press('Enter');
  expect(await nextSteps(page)).toEqual([{ event: 'franchise_ai_demo_next_step', choice: 'book', step: 'browser-call' }]);
});

// Which follow-up a host's answer gives (its booking page without next-url, no mail promised) is src/flow/next-step.test.ts's table.
test("'Start Call' again is a next step; the provider ending the call (its goodbye, its time limit: Daily's 'ejected'): 'Call ended' and the next step, no error told, nothing in the console; a lost connection: 'Error occurred'", async () => {
  const { page, consoleErrors, consoleWarnings, pageErrors } = await open();
  await reachBrowserCall(page);
  await talkAndEnd(page);
  await afterCall(page).waitFor();
  await clickForStatus(page, copy.startCall, copy.statusCallStarted);
  expect(await nextSteps(page)).toEqual([{ event: 'franchise_ai_demo_next_step', choice: 'call-again', step: 'browser-call' }]);
  expect(await afterCall(page).count(), 'gone while a call runs').toBe(0);
  // The provider ending the call, as Daily tells it: `error` { type: 'ejected', msg: 'Meeting has ended' }, then left-meeting: a normal end.
  await page.evaluate(() => window.__fakeDaily!.endMeeting());
  await poll(() => callStatus(page).innerText()).toBe(copy.statusCallEnded);
  await afterCall(page).waitFor();
  expect(await button(page, copy.startCall).isEnabled()).toBe(true);
  expect(await recordedEvents(page, 'call-end')).toHaveLength(2);
  expect(await recordedEvents(page, 'error')).toEqual([]);
  await poll(() => assistantAudio(page).count()).toBe(0);
  expect((await fakeDaily(page)).live).toBe(0);
  expect(consoleErrors).toEqual([]);
  expect(consoleWarnings).toEqual([]);
  expect(pageErrors).toEqual([]);
  // A real failure of Daily's ends the next call as one: its own words to the page, Daily's in the console.
  await startCall(page);
  await page.evaluate(() => window.__fakeDaily!.fatalError());
  await poll(() => callStatus(page).innerText()).toBe(copy.statusError);
  await poll(async () => (await recordedEvents(page, 'error')).map((event) => event.detail)).toEqual([{ stage: 'voice', message: copy.callErrorNotice }]);
  expect(await afterCall(page).count(), "a failure keeps its own notice, not 'Your next step'").toBe(0);
  expect(consoleWarnings.join('\n')).toContain('network unreachable');
  expect(pageErrors).toEqual([]);
});

test("'Start Call' again after a call: a fresh assistant from website_demo_call (a new Idempotency-Key), 'Starting call...' while it comes; each call names its own assistant", async () => {
  const keys: string[] = [];
  const { page, consoleErrors, pageErrors } = await open({ webhookBase: creating.webhookBase });
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(WEBHOOK_PATHS.websiteDemoCall)) keys.push(request.headers()['idempotency-key'] ?? '');
  });
  await reachBrowserCall(page);
  await startCall(page);
  const [first] = suite.voiceApi.webCallRequests();
  const spent = (first!.body as { assistantId: string }).assistantId;
  await endCall(page);
  // What the host does once the provider's end-of-call report arrives (the fake sends none): the spent assistant is deleted.
  const deleted = await fetch(`${suite.voiceApi.url}/assistant/${spent}`, { method: 'DELETE', headers: { Authorization: `Bearer ${PRIVATE_KEY}` } });
  expect(deleted.status).toBe(200);
  // The second call waits, 'Starting call...', for the fresh assistant (its answer held here), and can still be ended.
  let held: Route | undefined;
  await page.route(`**${WEBHOOK_PATHS.websiteDemoCall}`, (route) => void (held = route));
  await button(page, copy.startCall).click();
  await poll(() => held !== undefined).toBe(true);
  expect(await callStatus(page).innerText()).toBe(copy.statusStarting);
  expect(await button(page, copy.endCall).isEnabled()).toBe(true);
  expect(suite.voiceApi.webCallRequests(), 'no call before the fresh assistant is here').toHaveLength(1);
  await held!.continue();
  await poll(() => callStatus(page).innerText()).toBe(copy.statusCallStarted);
  // website_demo_call asked twice, the same request with two keys; two assistants made, each call naming its own, held by the fake.
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[1]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[1]).not.toBe(keys[0]);
  const made = suite.voiceApi.requests.filter((request) => request.method === 'POST' && request.path === '/assistant');
  expect(made.map((request) => request.authorization)).toEqual([`Bearer ${PRIVATE_KEY}`, `Bearer ${PRIVATE_KEY}`]);
  const named = suite.voiceApi.webCallRequests().map((request) => (request.body as { assistantId: string }).assistantId);
  expect(named).toHaveLength(2);
  expect(named[1]).not.toBe(spent);
  expect(named).not.toContain(ASSISTANT_ID);
  expect(suite.voiceApi.assistants().map((assistant) => assistant.id)).toContain(named[1]);
  expect(suite.voiceApi.requests.filter((request) => request.refused.length > 0)).toEqual([]);
  expect(await recordedEvents(page, 'call-start')).toHaveLength(2);
  expect(await recordedEvents(page, 'error')).toEqual([]);
  expect([consoleErrors, pageErrors]).toEqual([[], []]);
});
