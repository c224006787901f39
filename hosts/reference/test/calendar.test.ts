import { createServer, type Socket } from 'node:net';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, test } from 'vitest';
import { calDavClient, type CalDavClient, type CalDavConfig } from '@franchise-ai/shared/caldav-client';
import { busyTimes } from '@franchise-ai/shared/calendar-events';
import { bookMeeting, findMeetingTimes, type BookingRequest } from '@franchise-ai/shared/meeting-booking';
import { bookingUid } from '@franchise-ai/shared/meeting-event';
import { meetingSettingsFromEnv, startText, type Interval, type MeetingSettings } from '@franchise-ai/shared/meeting-slots';
import { bookingWords, meetingTimesWords } from '@franchise-ai/shared/meeting-words';
import { startRadicale, type Radicale } from '@franchise-ai/test-support/radicale';
import { useTeamCalendar } from '@franchise-ai/test-support/team-calendar';
import { fetchTransport } from '../src/caldav-transport.ts';
import { bookMeetingTool } from '../src/calendar-tools.ts';
import { connectCalendar } from './agent-calls.ts';

// The calendar tools against a real CalDAV server: Debian's Radicale on 127.0.0.1 (test-support),
// one for the file, its calendar in Paris's zone, reached through the stand-in's transport. Each
// test books its own week or its own lead, so none depends on another's events.

const team = useTeamCalendar(connectCalendar, { timeZone: 'Europe/Paris' });
let radicale: Radicale;
let config: CalDavConfig;
let settings: MeetingSettings;
let client: CalDavClient;

beforeAll(async () => {
  radicale = team.radicale;
  config = { url: radicale.url, username: radicale.username, password: radicale.password };
  client = team.client;
  const zone = await client.timeZone();
  if (!zone.ok) throw new Error(zone.detail);
  settings = meetingSettingsFromEnv({}, zone.value);
});

const at = (iso: string) => Date.parse(iso);
/** A Monday at 08:00 in Paris, `weeks` weeks after 7 December 2026: the notice puts its first slot at 10:00. */
const monday = (weeks: number) => at('2026-12-07T07:00:00Z') + weeks * 7 * 86_400_000;
const paris = (instant: number) => startText(instant, 'Europe/Paris');
const overlaps = (a: Interval, b: Interval) => a.start < b.end && b.start < a.end;

/** An event someone put in the team's calendar, as a calendar app would. */
const putEvent = (name: string, ...lines: string[]) => team.putEvent(name, ...lines);

/** Every object of the calendar in `range`, as the server lists them. */
const objectsIn = (range: Interval) => team.objectsIn(range.start, range.end);

const request = (key: string, start: string, name = 'Jane Doe'): BookingRequest => ({
  key,
  start,
  businessType: 'franchisor',
  lead: { name, company: 'Acme Burgers', email: `${key}@acme.example`, phoneNumber: '+33612345678' },
  organizer: { name: 'Franchise AI', email: 'team@franchise-ai.example' },
  language: 'en',
});

test('the calendar’s own zone is read, and the working hours are in it', () => {
  expect(settings.timeZone).toBe('Europe/Paris');
});

describe('find_meeting_times', () => {
  test('busy events, one-off and recurring, take their slots; the rest are offered', async () => {
    const now = monday(0);
    await putEvent('client-lunch', 'DTSTART;TZID=Europe/Paris:20261207T100000', 'DTEND;TZID=Europe/Paris:20261207T113000');
    await putEvent(
      'standup',
      'DTSTART;TZID=Europe/Paris:20261130T090000',
      'DTEND;TZID=Europe/Paris:20261130T100000',
      'RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR;UNTIL=20261211T235959Z',
    );
    await putEvent('free-time', 'DTSTART;TZID=Europe/Paris:20261207T140000', 'DTEND;TZID=Europe/Paris:20261207T150000', 'TRANSP:TRANSPARENT');
    const times = await findMeetingTimes(client, settings, now);
    expect(times.outcome).toBe('times');
    const slots = times.outcome === 'times' ? times.slots : [];
    // Monday: 10:00 to 11:30 taken, so 11:30, then two hours later 13:30; Tuesday: the stand-up till 10:00.
    expect(slots.map((slot) => paris(slot.start))).toEqual([
      '2026-12-07T11:30+01:00',
      '2026-12-07T13:30+01:00',
      '2026-12-08T10:00+01:00',
      '2026-12-08T12:00+01:00',
    ]);
    const busy = busyTimes(
      (await objectsIn({ start: now, end: now + 21 * 86_400_000 })).map((object) => object.data),
      { start: now, end: now + 21 * 86_400_000 },
      settings.timeZone,
    ).busy;
    expect(slots.some((slot) => busy.some((interval) => overlaps(slot, interval)))).toBe(false);
    expect(meetingTimesWords(times, settings, 'franchisor', 'en')).toContain('Monday, December 7 at 11:30 AM (start: 2026-12-07T11:30+01:00)');
  });

  test('from the day the visitor asked for', async () => {
    const times = await findMeetingTimes(client, settings, monday(0), '2026-12-10');
    expect(times.outcome === 'times' && times.slots.map((slot) => paris(slot.start))[0]).toBe('2026-12-10T10:00+01:00');
  });
});

describe('book_meeting', () => {
  test('books exactly one event, read back over CalDAV, naming the lead', async () => {
    const now = monday(1);
    const outcome = await bookMeeting(client, settings, now, request('lead-one-0001', '2026-12-15T14:00+01:00'));
    expect(outcome).toMatchObject({
      outcome: 'booked',
      repeated: false,
      booking: { start: at('2026-12-15T13:00:00Z'), end: at('2026-12-15T13:30:00Z'), uid: bookingUid('lead-one-0001') },
    });
    const objects = await objectsIn({ start: at('2026-12-15T00:00:00Z'), end: at('2026-12-16T00:00:00Z') });
    expect(objects).toHaveLength(1);
    expect(objects[0]!.url).toBe(`${radicale.url}${bookingUid('lead-one-0001')}.ics`);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(objects[0]!.data)).getFirstSubcomponent('vevent')!);
    expect(event.uid).toBe(bookingUid('lead-one-0001'));
    expect(event.summary).toBe('Discovery call with the development team: Jane Doe (Acme Burgers)');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-15T13:00:00.000Z');
    expect(String(event.component.getFirstPropertyValue('attendee'))).toBe('mailto:lead-one-0001@acme.example');
    expect(bookingWords(outcome, settings, 'en', { invitationByMail: true })).toBe(
      'Booked: a discovery call with the development team on Tuesday, December 15 at 2:00 PM Paris time (30 minutes). Confirm it out loud to the caller: the day, the time and that it is Paris time; an invitation will reach them by email.',
    );
  });

  test('the same booking delivered twice, one after the other and both at once, books once', async () => {
    const now = monday(1);
    const first = await bookMeeting(client, settings, now, request('lead-twice-0002', '2026-12-16T10:00+01:00'));
    const again = await bookMeeting(client, settings, now, request('lead-twice-0002', '2026-12-16T10:00+01:00'));
    expect(first).toMatchObject({ outcome: 'booked', repeated: false });
    expect(again).toMatchObject({ outcome: 'booked', repeated: true, booking: { start: at('2026-12-16T09:00:00Z') } });
    const together = await Promise.all([1, 2, 3].map(() => bookMeeting(client, settings, now, request('lead-twins-0003', '2026-12-16T15:00+01:00'))));
    expect(together.map((outcome) => outcome.outcome)).toEqual(['booked', 'booked', 'booked']);
    expect(together.filter((outcome) => outcome.outcome === 'booked' && !outcome.repeated)).toHaveLength(1);
    const day = await objectsIn({ start: at('2026-12-16T00:00:00Z'), end: at('2026-12-17T00:00:00Z') });
    expect(day.map((object) => object.url.split('/').at(-1)).sort()).toEqual([`${bookingUid('lead-twice-0002')}.ics`, `${bookingUid('lead-twins-0003')}.ics`]);
  });

  test('a second lead on a taken slot is refused, with free times instead', async () => {
    const now = monday(1);
    expect(await bookMeeting(client, settings, now, request('lead-first-0004', '2026-12-17T11:00+01:00'))).toMatchObject({ outcome: 'booked' });
    const second = await bookMeeting(client, settings, now, request('lead-second-0005', '2026-12-17T11:00+01:00', 'John Roe'));
    expect(second).toMatchObject({ outcome: 'refused', verdict: 'taken' });
    const alternatives = second.outcome === 'refused' ? second.alternatives : [];
    expect(alternatives.length).toBeGreaterThan(0);
    expect(alternatives.some((slot) => overlaps(slot, { start: at('2026-12-17T10:00:00Z'), end: at('2026-12-17T10:30:00Z') }))).toBe(false);
    expect(alternatives.map((slot) => paris(slot.start)).slice(0, 2)).toEqual(['2026-12-17T09:00+01:00', '2026-12-17T11:30+01:00']);
    expect(await client.read(`${bookingUid('lead-second-0005')}.ics`)).toEqual({ ok: true, value: null });
    expect(bookingWords(second, settings, 'en', { invitationByMail: true })).toMatch(
      /^That time has just been taken\. Nothing is booked\. Free times to offer instead, in Paris time: Thursday, December 17 at 9:00 AM \(start: 2026-12-17T09:00\+01:00\); Thursday, December 17 at 11:30 AM/,
    );
  });

  test('a lead who holds a slot keeps it: another start is not booked', async () => {
    const now = monday(1);
    expect(await bookMeeting(client, settings, now, request('lead-keeps-0006', '2026-12-18T10:00+01:00'))).toMatchObject({ outcome: 'booked' });
    const other = await bookMeeting(client, settings, now, request('lead-keeps-0006', '2026-12-18T14:00+01:00'));
    expect(other).toMatchObject({ outcome: 'already-booked', booking: { start: at('2026-12-18T09:00:00Z') } });
    expect(await objectsIn({ start: at('2026-12-18T12:00:00Z'), end: at('2026-12-18T14:00:00Z') })).toEqual([]);
  });

  test('a slot that becomes busy between the check and the write is given up, and refused', async () => {
    const now = monday(2);
    // Someone takes 10:00 in their calendar app just as the lead's PUT goes out.
    const racing: CalDavClient = {
      ...client,
      async create(name, data) {
        await putEvent('walk-in', 'DTSTART:20261221T090000Z', 'DTEND:20261221T093000Z');
        return client.create(name, data);
      },
    };
    const outcome = await bookMeeting(racing, settings, now, request('lead-race-0007', '2026-12-21T10:00+01:00'));
    expect(outcome).toMatchObject({ outcome: 'refused', verdict: 'taken' });
    expect(await client.read(`${bookingUid('lead-race-0007')}.ics`)).toEqual({ ok: true, value: null });
    expect((await objectsIn({ start: at('2026-12-21T09:00:00Z'), end: at('2026-12-21T09:30:00Z') })).map((object) => object.url.split('/').at(-1))).toEqual([
      'walk-in.ics',
    ]);
  });

  test('a start that is no slot is refused without writing anything', async () => {
    const now = monday(1);
    const outside = await bookMeeting(client, settings, now, request('lead-late-0008', '2026-12-15T18:00+01:00'));
    expect(outside).toMatchObject({ outcome: 'refused', verdict: 'outside-hours' });
    const past = await bookMeeting(client, settings, now, request('lead-late-0008', '2026-12-01T10:00+01:00'));
    expect(past).toMatchObject({ outcome: 'refused', verdict: 'past' });
    expect(await client.read(`${bookingUid('lead-late-0008')}.ics`)).toEqual({ ok: true, value: null });
  });
});

describe('the tool as a host runs it', () => {
  test('settings from the environment, the zone from the calendar, the invitation for the mails', async () => {
    const env = {
      CALDAV_URL: radicale.url,
      CALDAV_USERNAME: radicale.username,
      CALDAV_PASSWORD: radicale.password,
      MEETING_HOURS: '09:00-12:00,14:00-18:00',
      MEETING_SLOT_MINUTES: '45',
    };
    const run = await bookMeetingTool(env, { ...request('lead-tool-0011', '2026-12-29T14:45+01:00'), invitationByMail: true }, monday(3));
    expect(run.settings).toMatchObject({ timeZone: 'Europe/Paris', slotMinutes: 45 });
    expect(run.outcome).toMatchObject({ outcome: 'booked', booking: { start: at('2026-12-29T13:45:00Z'), end: at('2026-12-29T14:30:00Z') } });
    expect(run.result).toMatch(/^Booked: a discovery call with the development team on Tuesday, December 29 at 2:45 PM Paris time \(45 minutes\)\./);
    const invite = new ICAL.Component(ICAL.parse(run.booked!.invitation));
    expect(invite.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(invite.getFirstSubcomponent('vevent')!.getFirstPropertyValue('uid')).toBe(bookingUid('lead-tool-0011'));
    // 12:00 to 14:00 is the break: 11:30 would end past noon.
    const lunch = await bookMeetingTool(env, { ...request('lead-tool-0012', '2026-12-29T11:30+01:00'), invitationByMail: true }, monday(3));
    expect(lunch.outcome).toMatchObject({ outcome: 'refused', verdict: 'outside-hours' });
    expect(lunch.booked).toBeNull();
  });
});

describe('a calendar that fails', () => {
  test('a wrong password: the calendar refused the credentials, nothing booked, the call goes on', async () => {
    const wrong = calDavClient({ ...config, password: 'not-the-password' }, fetchTransport);
    const times = await findMeetingTimes(wrong, settings, monday(0));
    expect(times).toMatchObject({ outcome: 'calendar-failed', failure: 'refused-credentials' });
    const booked = await bookMeeting(wrong, settings, monday(0), request('lead-wrong-0009', '2026-12-08T10:00+01:00'));
    expect(booked).toMatchObject({ outcome: 'calendar-failed', failure: 'refused-credentials' });
    expect(bookingWords(booked, settings, 'en', { invitationByMail: true })).toBe(
      'The calendar refused the credentials it was given, so nothing was booked. Do not mention the problem to the caller: tell them the team will email them to set a time, and carry on with the call.',
    );
  });

  test('a stopped server is unreachable', async () => {
    const gone = await startRadicale();
    await gone.stop();
    const stopped = calDavClient({ url: gone.url, username: gone.username, password: gone.password }, fetchTransport);
    const times = await findMeetingTimes(stopped, settings, monday(0));
    expect(times).toMatchObject({ outcome: 'calendar-failed', failure: 'unreachable' });
    expect(meetingTimesWords(times, settings, 'franchisor', 'fr')).toBe(
      'Le calendrier est injoignable pour le moment, donc aucun horaire ne peut être proposé. Ne parlez pas de ce problème à votre interlocuteur\u00a0: dites-lui que l’équipe lui écrira pour convenir d’un horaire, et poursuivez l’appel.',
    );
  });

  test('a server that never answers: a timeout within the operation’s deadline', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const hanging = calDavClient({ url: `http://127.0.0.1:${port}/team/team/`, username: 'team', password: 'x' }, fetchTransport, {
        deadline: Date.now() + 300,
      });
      const booked = await bookMeeting(hanging, settings, monday(0), request('lead-hang-0010', '2026-12-08T10:00+01:00'));
      expect(booked).toMatchObject({ outcome: 'calendar-failed', failure: 'timeout' });
      expect(bookingWords(booked, settings, 'en', { invitationByMail: false })).toMatch(
        /^The calendar did not answer in time, so nothing was booked\. .* carry on with the call\.$/,
      );
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
