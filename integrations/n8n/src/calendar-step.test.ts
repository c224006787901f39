import { createRequire } from 'node:module';
import vm from 'node:vm';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, test } from 'vitest';
import { bundleStepSets } from '../scripts/build-workflows.ts';
import type { bookingStep, meetingTimesStep } from './calendar-step.ts';
import type { HttpExchange } from './n8n-caldav-transport.ts';

// The calendar steps as a Code node runs them: bundled by the workflow build, in a vm context set up
// as n8n 2.8.4's task runner sets one up (the prologue and natives of code-node-sandbox.test.ts:
// Object.defineProperty a no-op, no URL, no fetch), over an `httpRequest` that answers as a CalDAV
// server would. The requests against a real server (Radicale) are the stand-in's test
// (hosts/reference/test/calendar.test.ts); what this one holds is that the same code, ical.js
// included, reads and writes the same iCalendar inside n8n's sandbox.

const N8N_PROLOGUE = [
  'globalThis.global = globalThis',
  'Object.getPrototypeOf = () => ({})',
  'Reflect.getPrototypeOf = () => ({})',
  'Object.setPrototypeOf = () => false',
  'Reflect.setPrototypeOf = () => false',
  'Object.defineProperty = () => ({})',
  'Object.defineProperties = () => ({})',
];
const nodeRequire = createRequire(import.meta.url);
const N8N_NATIVES = {
  Buffer,
  setTimeout,
  setInterval,
  setImmediate,
  clearTimeout,
  clearInterval,
  clearImmediate,
  btoa,
  atob,
  TextDecoder,
  TextEncoder,
  require: (name: string) => {
    if (name !== 'url') throw new Error(`Cannot find module '${name}' [not allowed]`);
    return nodeRequire(name);
  },
};

interface Steps {
  meetingTimesStep: typeof meetingTimesStep;
  bookingStep: typeof bookingStep;
}

let steps: Steps;
beforeAll(async () => {
  const [script] = await bundleStepSets([['meetingTimesStep', 'bookingStep']]);
  const context = vm.createContext({ ...N8N_NATIVES });
  vm.runInContext(`${N8N_PROLOGUE.join('; ')};\n${script}\nglobalThis.steps = franchiseAi;`, context);
  steps = context['steps'] as Steps;
});

const CALENDAR = 'https://dav.example/calendars/team/sales/';
const ENV = { CALDAV_URL: CALENDAR, CALDAV_USERNAME: 'team', CALDAV_PASSWORD: 'secret' };

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

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A calendar collection in memory, answering the five requests as RFC 4791 servers do (a REPORT lists every object; the reader filters). */
function calendarServer(objects: Map<string, string>) {
  const requests: Array<{ method: string; url: string; headers: Record<string, string> }> = [];
  const httpRequest: HttpExchange = async ({ method, url, headers, body }) => {
    requests.push({ method, url, headers });
    const name = url.slice(CALENDAR.length);
    const answer = (statusCode: number, text = '', extra: Record<string, string> = {}) => ({
      statusCode,
      headers: { 'Content-Type': 'text/plain', ...extra },
      body: text,
    });
    if (headers['Authorization'] !== `Basic ${btoa('team:secret')}`) return answer(401, 'Unauthorized');
    if (method === 'PROPFIND') {
      const zone = 'BEGIN:VCALENDAR\r\nBEGIN:VTIMEZONE\r\nTZID:Europe/Paris\r\nEND:VTIMEZONE\r\nEND:VCALENDAR';
      return answer(
        207,
        `<multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><response><href>/calendars/team/sales/</href><propstat><prop><C:calendar-timezone>${xml(zone)}</C:calendar-timezone></prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>`,
      );
    }
    if (method === 'REPORT') {
      const responses = [...objects].map(
        ([key, data]) =>
          `<response><href>/calendars/team/sales/${key}</href><propstat><prop><getetag>"${key}"</getetag><C:calendar-data>${xml(data)}</C:calendar-data></prop><status>HTTP/1.1 200 OK</status></propstat></response>`,
      );
      return answer(207, `<?xml version="1.0"?><multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">${responses.join('')}</multistatus>`);
    }
    if (method === 'GET') return objects.has(name) ? answer(200, objects.get(name), { ETag: `"${name}"` }) : answer(404);
    if (method === 'PUT') {
      if (headers['If-None-Match'] === '*' && objects.has(name)) return answer(412);
      objects.set(name, String(body));
      return answer(201, '', { ETag: `"${name}"` });
    }
    if (method === 'DELETE') return objects.delete(name) ? answer(204) : answer(404);
    return answer(405);
  };
  return { httpRequest, requests };
}

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
