import { calDavClient, type CalDavTransport } from '@franchise-ai/shared/caldav-client';
import { startText, wallTime, zonedInstant } from '@franchise-ai/shared/meeting-slots';
import type { Radicale } from './radicale.ts';

// What both hosts' tests of the agent's tools hold them to (hosts/reference/test/tool-calls.test.ts,
// integrations/n8n/test/real-n8n.test.ts): one territory list and the words each place gets, one
// calendar in Paris's zone with the same working hours, the days the tests book on, and the
// calendar read back over CalDAV as the team's own app would read it. The hosts keep real time, so
// every day here is one a week and more ahead.

export const TOOLS_ZONE = 'Europe/Paris';
/** MEETING_HOURS of both hosts' tests, and the same in minutes of the day. */
export const MEETING_HOURS = '09:00-12:00,14:00-17:00';
const HOURS = [
  [9 * 60, 12 * 60],
  [14 * 60, 17 * 60],
] as const;

/** TERRITORIES_FILE's text (a CSV, as an operator writes one). */
export const TERRITORIES_CSV = 'name,codes,status\nLyon,"69001, 69002",open\nParis,75,sold\nMarseille,13,reserved\n';

/** check_territory's answer for each place, in English: open, sold (taken), and not in the list. */
export const TERRITORY_ANSWERS = [
  {
    id: 'call_lyon',
    place: 'Lyon',
    result:
      'In the territory list, "Lyon": open. Tell the caller it is open in the current list and that the franchise-development team confirms it with them; promise nothing more.',
  },
  {
    id: 'call_paris',
    place: '75011 Paris',
    result: 'In the territory list, "Paris": sold, so it is taken. Say so plainly, and offer to look at another territory.',
  },
  {
    id: 'call_bordeaux',
    place: 'Bordeaux',
    result: '"Bordeaux" is not in the territory list. Tell the caller the franchise team will check it and get back to them; promise nothing.',
  },
] as const;

/** A day of the week (1 Monday … 5 Friday) of the first full week starting ten days or more from now, in Paris, as YYYY-MM-DD. */
export function day(weekday: number): string {
  let at = Date.now() + 10 * 86_400_000;
  while (new Date(startText(at, TOOLS_ZONE).slice(0, 10)).getUTCDay() !== 1) at += 86_400_000;
  return startText(at + (weekday - 1) * 86_400_000, TOOLS_ZONE).slice(0, 10);
}

/** A start as the tools give it: that day's wall clock in Paris with its offset. */
export function start(date: string, time: string): string {
  const [year, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return startText(zonedInstant(TOOLS_ZONE, { year, month, day: dayOfMonth, hour, minute, second: 0 })!, TOOLS_ZONE);
}

/** The starts a result offers, in its order. */
export const startsIn = (result: string | undefined) => [...(result ?? '').matchAll(/\(start: ([0-9T:+\-Z]+)\)/g)].map((match) => match[1]!);

/**
 * Why each of `starts` (30-minute slots) is not one find_meeting_times may offer on or after `date`:
 * a weekend, outside MEETING_HOURS, or over one of `busy` (each [from, to] as starts); [] when none is.
 */
export function slotProblems(starts: readonly string[], date: string, busy: ReadonlyArray<readonly [string, string]>): string[] {
  const taken = busy.map(([from, to]) => ({ start: Date.parse(from), end: Date.parse(to) }));
  return starts.flatMap((text) => {
    const slot = { start: Date.parse(text), end: Date.parse(text) + 30 * 60_000 };
    const wall = wallTime(TOOLS_ZONE, slot.start);
    const minutes = wall.hour * 60 + wall.minute;
    const weekday = new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay();
    return [
      ...(text < date ? [`${text} is before ${date}`] : []),
      ...(weekday === 0 || weekday === 6 ? [`${text} is on a weekend`] : []),
      ...(HOURS.some(([from, to]) => minutes >= from && minutes + 30 <= to) ? [] : [`${text} is outside the working hours`]),
      ...(taken.some((interval) => slot.start < interval.end && interval.start < slot.end) ? [`${text} overlaps a meeting`] : []),
    ];
  });
}

/** Node's fetch as a CalDAV transport, for reading the test calendar back. */
const fetchTransport: CalDavTransport = async ({ method, url, headers, body }) => {
  try {
    const response = await fetch(url, { method, headers, ...(body !== undefined && { body }) });
    return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
  } catch {
    return { failed: 'unreachable' };
  }
};

/** The team's calendar on `radicale`, as a calendar app uses it: someone's event written, a day's objects and bookings read. */
export function teamCalendar(radicale: Radicale) {
  const client = calDavClient({ url: radicale.url, username: radicale.username, password: radicale.password }, fetchTransport);
  /** The calendar's objects overlapping a Paris day, as the server lists them. */
  async function objectsOn(date: string) {
    const found = await client.eventsBetween(Date.parse(start(date, '00:00')), Date.parse(start(date, '23:59')));
    if (!found.ok) throw new Error(found.detail);
    return found.value;
  }
  return {
    objectsOn,
    /** The booking events of a day (the team's own events aside). */
    bookingsOn: async (date: string) => (await objectsOn(date)).filter((object) => object.url.includes('franchise-ai-booking-')),
    /** Someone's event in the team's calendar, written as a calendar app writes it. */
    async putEvent(name: string, date: string, from: string, to: string): Promise<void> {
      const wall = (time: string) => `${date.replace(/-/g, '')}T${time.replace(':', '')}00`;
      const text = [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//test//test//EN',
        'BEGIN:VEVENT',
        `UID:${name}`,
        'DTSTAMP:20260101T000000Z',
        `DTSTART;TZID=${TOOLS_ZONE}:${wall(from)}`,
        `DTEND;TZID=${TOOLS_ZONE}:${wall(to)}`,
        'SUMMARY:Busy',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n');
      const written = await client.create(`${name}.ics`, text);
      if (!written.ok || !written.value.created) throw new Error(`could not write ${name}: ${JSON.stringify(written)}`);
    },
  };
}
