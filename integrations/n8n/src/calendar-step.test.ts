import ICAL from 'ical.js';
import { beforeAll, describe, expect, test } from 'vitest';
import { bundleStepSets } from '../scripts/build-workflows.ts';
import type { bookingStep, meetingTimesStep } from './calendar-step.ts';
import { runInSandbox, sandboxContext } from '../test/n8n-sandbox.ts';
import type { TextExchange as HttpExchange } from './n8n-http.ts';
import { CALENDAR_ENV as ENV, calendarServer } from '../test/calendar-in-memory.ts';

// The calendar steps as a Code node runs them: bundled by the workflow build, in a vm context set up
// as n8n 2.8.4's task runner sets one up (test/n8n-sandbox.ts: Object.defineProperty a no-op, no
// URL, no fetch), over an `httpRequest` that answers as a CalDAV server would. Against a real server
// (Radicale): hosts/reference/test/calendar.test.ts and test/real-n8n.test.ts; what this one holds
// is that the same code, ical.js included, reads and writes the same iCalendar inside the sandbox.

interface Steps {
  meetingTimesStep: typeof meetingTimesStep;
  bookingStep: typeof bookingStep;
}

let steps: Steps;
beforeAll(async () => {
  const [script] = await bundleStepSets([['meetingTimesStep', 'bookingStep']]);
  const context = sandboxContext({}, new Set(['url']));
  runInSandbox(context, `${script}\nglobalThis.steps = franchiseAi;`);
  steps = context['steps'] as Steps;
});

/** Outlook's Paris: only its own VTIMEZONE says what it is, so reading it takes ical.js's utc-offset type. */
const OUTLOOK_ZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:W. Europe Standard Time',
  'BEGIN:STANDARD',
  'DTSTART:16010101T030000',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:16010101T020000',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
].join('\r\n');
const MEETING =
  'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Microsoft Corporation//Outlook 16.0//EN\r\n' +
  `${OUTLOOK_ZONE}\r\n` +
  'BEGIN:VEVENT\r\nUID:outlook-1\r\nDTSTAMP:20261201T000000Z\r\nDTSTART;TZID=W. Europe Standard Time:20261207T100000\r\nDTEND;TZID=W. Europe Standard Time:20261207T120000\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';

const NOW = Date.parse('2026-12-07T07:00:00Z'); // Monday 08:00 in Paris
const LEAD = { name: 'Jane Doe', company: 'Acme Burgers', email: 'jane@acme.example' };
const booking = (start: string) => ({
  key: 'lead-sandbox-01',
  start,
  businessType: 'franchisor' as const,
  lead: LEAD,
  organizer: { name: 'Franchise AI', email: 'team@franchise-ai.example' },
  language: 'en' as const,
});

describe('the calendar steps in the Code node sandbox', () => {
  test('find_meeting_times: the calendar’s zone read, an Outlook-zoned meeting keeps its slots', async () => {
    const server = calendarServer(new Map([['outlook-1.ics', MEETING]]));
    const { result, times } = await steps.meetingTimesStep(ENV, server.httpRequest, NOW, { businessType: 'franchisor', language: 'en' });
    // 10:00 to 12:00 taken; the first free slot is 12:00, then 14:00 (two hours apart).
    expect(times).toMatchObject({
      outcome: 'times',
      slots: [{ start: Date.parse('2026-12-07T11:00:00Z') }, { start: Date.parse('2026-12-07T13:00:00Z') }, {}, {}],
    });
    expect(result).toContain('in Paris time: Monday, December 7 at 12:00 PM (start: 2026-12-07T12:00+01:00)');
    expect(server.requests.map((request) => request.method)).toEqual(['PROPFIND', 'REPORT']);
  });

  test('book_meeting: one event written with If-None-Match, read by ical.js outside the sandbox; the same call again books nothing new', async () => {
    const objects = new Map([['outlook-1.ics', MEETING]]);
    const server = calendarServer(objects);
    // With SMTP_URL the report's mails carry the invitation, so the agent may promise it.
    const withMail = { ...ENV, CALDAV_TIMEZONE: 'Europe/Paris', SMTP_URL: 'smtp://127.0.0.1:2525' };
    const first = await steps.bookingStep(withMail, server.httpRequest, NOW, booking('2026-12-07T14:00+01:00'));
    expect(first.outcome).toMatchObject({ outcome: 'booked', repeated: false });
    expect(first.result).toBe(
      'Booked: a discovery call with the development team on Monday, December 7 at 2:00 PM Paris time (30 minutes). Confirm it out loud to the caller: the day, the time and that it is Paris time; an invitation will reach them by email.',
    );
    expect(server.requests.find((request) => request.method === 'PUT')?.headers).toMatchObject({ 'If-None-Match': '*' });
    const stored = objects.get('franchise-ai-booking-lead-sandbox-01.ics')!;
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(stored)).getFirstSubcomponent('vevent')!);
    expect([event.uid, event.startDate.toJSDate().toISOString(), event.endDate.toJSDate().toISOString()]).toEqual([
      'franchise-ai-booking-lead-sandbox-01',
      '2026-12-07T13:00:00.000Z',
      '2026-12-07T13:30:00.000Z',
    ]);
    expect(first.booked?.invitation).toMatch(/^METHOD:REQUEST\r$/m);
    expect(first.booked?.addToCalendar.googleCalendarUrl).toMatch(/^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE&/);

    // Without SMTP_URL no mail goes out, so no invitation is promised.
    const again = await steps.bookingStep({ ...ENV, CALDAV_TIMEZONE: 'Europe/Paris' }, server.httpRequest, NOW, booking('2026-12-07T14:00+01:00'));
    expect(again.outcome).toMatchObject({ outcome: 'booked', repeated: true });
    expect(again.result).toMatch(/that it is Paris time\.$/);
    expect(objects.size).toBe(2);
  });

  test('book_meeting on the Outlook meeting’s slot is refused, with free times', async () => {
    const server = calendarServer(new Map([['outlook-1.ics', MEETING]]));
    const { outcome, result } = await steps.bookingStep(
      { ...ENV, CALDAV_TIMEZONE: 'Europe/Paris' },
      server.httpRequest,
      NOW,
      booking('2026-12-07T11:00+01:00'),
    );
    expect(outcome).toMatchObject({ outcome: 'refused', verdict: 'taken' });
    expect(result).toMatch(/^That time has just been taken\. Nothing is booked\. Free times to offer instead, in Paris time: Monday, December 7 at 12:00 PM/);
  });

  test('wrong credentials, n8n’s timeout, no calendar set up: what the agent is told', async () => {
    const server = calendarServer(new Map());
    const wrong = await steps.meetingTimesStep({ ...ENV, CALDAV_PASSWORD: 'nope' }, server.httpRequest, NOW, { businessType: 'franchisor', language: 'en' });
    expect(wrong.result).toMatch(/^The calendar refused the credentials it was given, so no times can be offered\./);
    const slow: HttpExchange = async () => {
      throw new Error('timeout of 5000ms exceeded');
    };
    const late = await steps.bookingStep(ENV, slow, NOW, booking('2026-12-07T14:00+01:00'));
    expect(late.outcome).toMatchObject({ outcome: 'calendar-failed', failure: 'timeout' });
    const none = await steps.meetingTimesStep({}, server.httpRequest, NOW, { businessType: 'franchisee', language: 'fr' });
    expect(none.result).toMatch(/^Aucun calendrier n’est configuré pour les réservations, donc aucun horaire ne peut être proposé\./);
  });
});
