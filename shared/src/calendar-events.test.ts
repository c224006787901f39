import { describe, expect, test } from 'vitest';
import { busyTimes } from './calendar-events.ts';

const at = (iso: string) => Date.parse(iso);
const iso = (instant: number) => new Date(instant).toISOString().replace(':00.000Z', 'Z');
/** One VCALENDAR holding `events` (and whatever else is given before them), CRLF as RFC 5545 writes it. */
const calendar = (...parts: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//test//EN', ...parts, 'END:VCALENDAR', ''].join('\r\n');
const vevent = (...lines: string[]) =>
  [
    'BEGIN:VEVENT',
    `UID:${lines.find((line) => line.startsWith('UID:'))?.slice(4) ?? 'e1'}`,
    'DTSTAMP:20261201T000000Z',
    ...lines.filter((line) => !line.startsWith('UID:')),
    'END:VEVENT',
  ].join('\r\n');
// Monday 7 to Monday 14 December 2026.
const WEEK = { start: at('2026-12-07T00:00:00Z'), end: at('2026-12-14T00:00:00Z') };
const busyOf = (texts: string[], range = WEEK, zone = 'Europe/Paris') => {
  const found = busyTimes(texts, range, zone);
  return { busy: found.busy.map((interval) => `${iso(interval.start)}/${iso(interval.end)}`), unreadable: found.unreadable };
};

/** Outlook's name for Paris's zone, with the rules it writes beside it. */
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

describe('busyTimes', () => {
  test('UTC, an IANA zone without its VTIMEZONE, an Outlook zone with one, a floating time', () => {
    const texts = [
      calendar(vevent('UID:utc', 'DTSTART:20261207T090000Z', 'DTEND:20261207T100000Z')),
      calendar(vevent('UID:paris', 'DTSTART;TZID=Europe/Paris:20261208T140000', 'DTEND;TZID=Europe/Paris:20261208T150000')),
      calendar(OUTLOOK_ZONE, vevent('UID:outlook', 'DTSTART;TZID=W. Europe Standard Time:20261209T140000', 'DURATION:PT30M')),
      calendar(vevent('UID:floating', 'DTSTART:20261210T140000', 'DTEND:20261210T143000')),
    ];
    expect(busyOf(texts)).toEqual({
      busy: [
        '2026-12-07T09:00Z/2026-12-07T10:00Z',
        '2026-12-08T13:00Z/2026-12-08T14:00Z',
        '2026-12-09T13:00Z/2026-12-09T13:30Z',
        '2026-12-10T13:00Z/2026-12-10T13:30Z',
      ],
      unreadable: 0,
    });
    // A floating time is the calendar's zone's.
    expect(busyOf([texts[3]!], WEEK, 'America/New_York').busy).toEqual(['2026-12-10T19:00Z/2026-12-10T19:30Z']);
  });

  test('an all-day event takes its days in the calendar’s zone; free and cancelled events take nothing', () => {
    const texts = [
      calendar(vevent('UID:holiday', 'DTSTART;VALUE=DATE:20261208', 'DTEND;VALUE=DATE:20261210')),
      calendar(vevent('UID:one-day', 'DTSTART;VALUE=DATE:20261211')),
      calendar(vevent('UID:free', 'DTSTART:20261207T090000Z', 'DTEND:20261207T100000Z', 'TRANSP:TRANSPARENT')),
      calendar(vevent('UID:cancelled', 'DTSTART:20261207T110000Z', 'DTEND:20261207T120000Z', 'STATUS:CANCELLED')),
    ];
    expect(busyOf(texts).busy).toEqual(['2026-12-07T23:00Z/2026-12-09T23:00Z', '2026-12-10T23:00Z/2026-12-11T23:00Z']);
  });

  test('a series is expanded in the range, with its excluded dates and its moved and cancelled occurrences', () => {
    const series = calendar(
      vevent(
        'UID:standup',
        'DTSTART;TZID=Europe/Paris:20261130T093000',
        'DTEND;TZID=Europe/Paris:20261130T100000',
        'RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR',
        'EXDATE;TZID=Europe/Paris:20261208T093000',
      ),
      vevent(
        'UID:standup',
        'RECURRENCE-ID;TZID=Europe/Paris:20261209T093000',
        'DTSTART;TZID=Europe/Paris:20261209T160000',
        'DTEND;TZID=Europe/Paris:20261209T163000',
      ),
      vevent(
        'UID:standup',
        'RECURRENCE-ID;TZID=Europe/Paris:20261210T093000',
        'DTSTART;TZID=Europe/Paris:20261210T093000',
        'DTEND;TZID=Europe/Paris:20261210T100000',
        'STATUS:CANCELLED',
      ),
    );
    expect(busyOf([series]).busy).toEqual([
      '2026-12-07T08:30Z/2026-12-07T09:00Z',
      '2026-12-09T15:00Z/2026-12-09T15:30Z',
      '2026-12-11T08:30Z/2026-12-11T09:00Z',
    ]);
  });

  test('a series begun years ago gives the same occurrences as one begun last week', () => {
    const rules = ['FREQ=DAILY', 'FREQ=WEEKLY;BYDAY=MO,TH', 'FREQ=WEEKLY;INTERVAL=2', 'FREQ=MONTHLY;BYDAY=2TU', 'FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=9'];
    const range = { start: at('2026-12-05T00:00:00Z'), end: at('2027-01-20T00:00:00Z') };
    for (const rule of rules) {
      // 3 December 2014 and 2 December 2026 are both Wednesdays, 626 weeks apart, so a weekly or
      // fortnightly rule with no BYDAY lands on the same days from either.
      const old = calendar(vevent('DTSTART;TZID=Europe/Paris:20141203T100000', 'DTEND;TZID=Europe/Paris:20141203T110000', `RRULE:${rule}`));
      const recent = calendar(vevent('DTSTART;TZID=Europe/Paris:20261202T100000', 'DTEND;TZID=Europe/Paris:20261202T110000', `RRULE:${rule}`));
      const found = busyOf([old], range);
      expect(found.busy.length, rule).toBeGreaterThan(0);
      expect(found, rule).toEqual(busyOf([recent], range));
    }
    // Every third day from 1 January 2015: 5, 8, 11 December 2026 (4356 days = 3 × 1452 to the 5th).
    const everyThird = calendar(vevent('DTSTART:20150101T100000Z', 'DTEND:20150101T110000Z', 'RRULE:FREQ=DAILY;INTERVAL=3'));
    expect(busyOf([everyThird]).busy).toEqual(['2026-12-08T10:00Z/2026-12-08T11:00Z', '2026-12-11T10:00Z/2026-12-11T11:00Z']);
  });

  test('a daily series since 1990 is read from just before the range, not walked through (which would stop at the cap)', () => {
    const since1990 = calendar(vevent('DTSTART:19900101T100000Z', 'DTEND:19900101T110000Z', 'RRULE:FREQ=DAILY'));
    expect(busyOf([since1990]).busy).toHaveLength(7);
  });

  test('a series with a count ends where its count does', () => {
    const counted = calendar(vevent('DTSTART:20261203T100000Z', 'DTEND:20261203T110000Z', 'RRULE:FREQ=DAILY;COUNT=6'));
    expect(busyOf([counted]).busy).toEqual(['2026-12-07T10:00Z/2026-12-07T11:00Z', '2026-12-08T10:00Z/2026-12-08T11:00Z']);
  });

  test('past the occurrences it expands, the rest of the range is busy', () => {
    const everyMinute = calendar(vevent('DTSTART:20261207T000000Z', 'DURATION:PT1M', 'RRULE:FREQ=MINUTELY;INTERVAL=1'));
    const found = busyTimes([everyMinute], WEEK, 'UTC');
    expect(found.busy.at(-1)!.end).toBe(WEEK.end);
    expect(found.busy.length).toBeLessThanOrEqual(5_001);
  });

  test('an occurrence across the range’s edge is cut to it', () => {
    const long = calendar(vevent('DTSTART:20261206T220000Z', 'DTEND:20261207T020000Z'));
    expect(busyOf([long]).busy).toEqual(['2026-12-07T00:00Z/2026-12-07T02:00Z']);
  });

  test('what cannot be read is counted, and the rest still read', () => {
    const texts = ['not a calendar', calendar(vevent('DTSTART:nonsense')), calendar(vevent('DTSTART:20261207T090000Z', 'DTEND:20261207T100000Z'))];
    expect(busyOf(texts)).toEqual({ busy: ['2026-12-07T09:00Z/2026-12-07T10:00Z'], unreadable: 2 });
  });
});
