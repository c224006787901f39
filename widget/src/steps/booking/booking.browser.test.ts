import type { Page } from 'playwright-core';
import { beforeEach, expect, test } from 'vitest';
import { bookingView } from '@franchise-ai/shared/booking-view';
import { bookingUid } from '@franchise-ai/shared/meeting-event';
import {
  ASSISTANT_ID,
  copy,
  endCall,
  expectAccessibleAtWidths,
  fillCopy,
  heading,
  json,
  openPhoneDialog,
  poll,
  reachBrowserCall,
} from '#test/support/index.ts';
import {
  reachCongratulations,
  schedulePhoneCall,
  sendTranscript,
  startCall,
  useStubHost,
  useSuite,
  VISITOR,
  WEBHOOK_PATHS,
  widget,
} from '#test/support/index.ts';
import { bookingToolCall } from '#test/support/agent-tool-calls.ts';

// The meeting the agent books, as the visitor sees it: during the browser call once the SDK hears
// the book_meeting call (the host's record, from demo_status), after it with 'Add to calendar', and
// on 'Call Scheduled!' while the phone call runs. A stub host answers.
const suite = useSuite({ build: 'test-dist', voiceApi: true, hosts: {} });
const DEMO_ID = 'AbCdEfGhIjKlMnOpQrStU_';
const START = '2026-12-08T13:00:00.000Z';
const BOOKING = bookingView({
  uid: bookingUid('k7yQ2mPzL0aB'),
  start: Date.parse(START),
  end: Date.parse(START) + 30 * 60_000,
  businessType: 'franchisor',
  lead: { name: VISITOR.name, company: VISITOR.company, email: VISITOR.email },
  organizer: { name: 'Franchise AI', email: 'team@franchise-ai.example' },
  language: 'en',
  booked: Date.parse(START) - 86_400_000,
});
/** Whether the host has the booking yet (its demo_status answers with it). */
let booked: boolean;
const stub = useStubHost((request, res) => {
  if (request.path.endsWith(WEBHOOK_PATHS.demoForm)) return json(res, 200, { ok: true, demoId: DEMO_ID, calls: { recorded: false, countries: ['US'] } });
  if (request.path.endsWith(WEBHOOK_PATHS.websiteDemoCall)) return json(res, 200, { assistantId: ASSISTANT_ID });
  if (request.path.endsWith(WEBHOOK_PATHS.triggerDemoCall)) return json(res, 200, { status: 'placed', callId: 'call-1' });
  if (request.path.endsWith(WEBHOOK_PATHS.demoStatus)) {
    const call = { status: 'in-progress', secondsToRinging: 4 };
    return json(res, 200, { profile: { status: 'reading' }, call, ...(booked ? { booking: BOOKING } : {}) });
  }
  json(res, 404, { error: 'Not here.' });
});
beforeEach(() => {
  booked = false;
});
const open = () => suite.page({ webhookBase: stub.host.webhookBase, clock: true, viewport: { width: 1280, height: 900 } });
/** The page's clock on by `seconds`, a second at a time, each answer let in. */
async function tick(page: Page, seconds: number): Promise<void> {
  for (let i = 0; i < seconds; i++) {
    await page.clock.runFor(1_000);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  }
}
/** The meeting's day and both times, as the page's own zone and language give them. */
const shownParts = (page: Page) =>
  page.evaluate(({ start, end }) => {
    const part = (options: Intl.DateTimeFormatOptions, at: string) => new Intl.DateTimeFormat('en-US', options).format(new Date(at));
    return [
      part({ weekday: 'long' }, start),
      part({ day: 'numeric' }, start),
      part({ minute: '2-digit', hour: 'numeric' }, start).replace(/\s?[AP]M$/, ''),
      part({ minute: '2-digit', hour: 'numeric' }, end).replace(/\s?[AP]M$/, ''),
    ];
  }, BOOKING);
const googleLink = (page: Page) => widget(page).getByRole('link', { name: copy.googleCalendar });
async function expectAddToCalendar(page: Page): Promise<void> {
  const file = widget(page).getByRole('link', { name: copy.addToCalendar });
  expect([await file.getAttribute('href'), await file.getAttribute('download')]).toEqual([BOOKING.icsDataUrl, 'meeting.ics']);
  const google = googleLink(page);
  expect([await google.getAttribute('href'), await google.getAttribute('target'), await google.getAttribute('rel')]).toEqual([
    BOOKING.googleCalendarUrl,
    '_blank',
    'noopener noreferrer',
  ]);
}

test("a booking made during the browser call shows with its day and times, in room the captions give up (nothing else moves), announced politely; after the call, with 'Add to calendar'; axe finds nothing at 320 or 1280 px", async () => {
  const { page, consoleErrors, pageErrors } = await open();
  await reachBrowserCall(page);
  await startCall(page);
  const line = widget(page).locator('.call-booked');
  const heard = widget(page).locator('.booked-heard');
  expect([await line.count(), await heard.innerText(), await heard.getAttribute('aria-live')]).toEqual([0, '', 'polite']);
  await sendTranscript(page, 'assistant', 'final', 'Tuesday at two works. Let me book it.');
  // Where what follows the captions begins, at both widths.
  const tops = async () => {
    const at: number[] = [];
    for (const width of [320, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      at.push(
        await widget(page)
          .getByRole('button', { name: copy.captionsToggle })
          .evaluate((button) => button.getBoundingClientRect().top),
      );
    }
    return at;
  };
  const before = await tops();
  // The agent books: the SDK hears the tool call before the host has answered it.
  await page.evaluate((message) => window.__fakeDaily!.appMessage(message), bookingToolCall('2026-12-08T14:00:00+01:00'));
  await tick(page, 2);
  expect(await line.count(), 'nothing before the host has it').toBe(0);
  booked = true;
  await poll(async () => (await tick(page, 1), await heard.innerText())).toMatch(/^Booked: /);
  expect(await line.innerText()).toBe(await heard.innerText());
  for (const part of await shownParts(page)) expect(await line.innerText()).toContain(part);
  expect(await tops(), 'nothing below the captions moved, at 320 or 1280 px').toEqual(before);
  await expectAccessibleAtWidths(page, 'the browser call with its booking', [320, 1280]);

  await endCall(page);
  const next = widget(page).getByRole('group', { name: copy.afterCallHeading });
  expect(await next.getByRole('heading', { name: copy.bookingHeading }).count()).toBe(1);
  expect(await next.innerText()).toContain(BOOKING.title);
  await expectAddToCalendar(page);
  await expectAccessibleAtWidths(page, 'the next step with the booking', [320, 1280]);
  expect([consoleErrors, pageErrors]).toEqual([[], []]);
});

test("on 'Call Scheduled!', a booking the agent makes on the phone shows while the call runs, with 'Add to calendar'; axe finds nothing at 320 or 1280 px", async () => {
  const { page } = await open();
  await reachCongratulations(page);
  await openPhoneDialog(page);
  await schedulePhoneCall(page);
  await heading(page, copy.callScheduledHeading).waitFor();
  await poll(async () => (await tick(page, 1), await widget(page).locator('.rang').innerText())).toBe(fillCopy(copy.callRang, { seconds: '4' }));
  booked = true;
  await poll(async () => (await tick(page, 1), await heading(page, copy.bookingHeading).count())).toBe(1);
  expect(await widget(page).locator('.booked-live').getAttribute('aria-live')).toBe('polite');
  await expectAddToCalendar(page);
  await expectAccessibleAtWidths(page, "'Call Scheduled!' with the booking", [320, 1280]);
});
