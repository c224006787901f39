import { describe, expect, test } from 'vitest';
import {
  checkStart,
  DEFAULT_MEETING_SETTINGS,
  freeSlots,
  meetingSettingsFromEnv,
  offeredSlots,
  readTime,
  startText,
  zonedInstant,
  type Interval,
  type MeetingSettings,
} from './meeting-slots.ts';

const PARIS: MeetingSettings = { ...DEFAULT_MEETING_SETTINGS, timeZone: 'Europe/Paris' };
const at = (iso: string) => Date.parse(iso);
const starts = (slots: readonly Interval[]) => slots.map((slot) => startText(slot.start, 'Europe/Paris'));
// Monday 7 December 2026, 08:00 in Paris (UTC+1): the notice (2 h) puts the first slot at 10:00.
const MONDAY_8AM = at('2026-12-07T07:00:00Z');

describe('meetingSettingsFromEnv', () => {
  test('defaults: Monday to Friday, 09:00 to 17:00, 30 minutes, 2 h notice, 21 days, 4 offered, UTC', () => {
    expect(meetingSettingsFromEnv({})).toEqual({
      timeZone: 'UTC',
      days: [1, 2, 3, 4, 5],
      hours: [{ from: 540, to: 1020 }],
      slotMinutes: 30,
      noticeMinutes: 120,
      horizonDays: 21,
      slotsOffered: 4,
    });
  });

  test('each setting read; CALDAV_TIMEZONE before the calendar’s own zone', () => {
    const settings = meetingSettingsFromEnv(
      {
        CALDAV_TIMEZONE: 'America/New_York',
        MEETING_DAYS: 'mon-wed, fri,SAT',
        MEETING_HOURS: '08:30-12:00,13:30-18:00',
        MEETING_SLOT_MINUTES: '45',
        MEETING_NOTICE_MINUTES: '0',
        MEETING_HORIZON_DAYS: '7',
        MEETING_SLOTS_OFFERED: '6',
      },
      'Europe/Paris',
    );
    expect(settings).toEqual({
      timeZone: 'America/New_York',
      days: [1, 2, 3, 5, 6],
      hours: [
        { from: 510, to: 720 },
        { from: 810, to: 1080 },
      ],
      slotMinutes: 45,
      noticeMinutes: 0,
      horizonDays: 7,
      slotsOffered: 6,
    });
  });

  test('the calendar’s own zone when CALDAV_TIMEZONE is unset; UTC when that zone is unknown', () => {
    expect(meetingSettingsFromEnv({}, 'Europe/Paris').timeZone).toBe('Europe/Paris');
    expect(meetingSettingsFromEnv({}, 'W. Europe Standard Time').timeZone).toBe('UTC');
  });

  test.each([
    [{ CALDAV_TIMEZONE: 'Paris' }, /CALDAV_TIMEZONE must be an IANA time zone/],
    [{ MEETING_DAYS: 'monday' }, /MEETING_DAYS must list days/],
    [{ MEETING_DAYS: 'fri-mon' }, /MEETING_DAYS/],
    [{ MEETING_HOURS: '9-17' }, /MEETING_HOURS must be ranges/],
    [{ MEETING_HOURS: '14:00-12:00' }, /MEETING_HOURS/],
    [{ MEETING_HOURS: '09:00-13:00,12:00-17:00' }, /in order and apart/],
    [{ MEETING_HOURS: '09:00-09:20' }, /no range as long as one meeting/],
    [{ MEETING_SLOT_MINUTES: '2' }, /MEETING_SLOT_MINUTES must be a whole number from 5 to 480/],
    [{ MEETING_SLOTS_OFFERED: 'four' }, /MEETING_SLOTS_OFFERED/],
  ])('%o is refused, naming the setting', (env, message) => {
    expect(() => meetingSettingsFromEnv(env)).toThrow(message);
  });
});

describe('time zones', () => {
  test('a wall time in Paris, winter and summer', () => {
    expect(zonedInstant('Europe/Paris', { year: 2026, month: 12, day: 8, hour: 14, minute: 0, second: 0 })).toBe(at('2026-12-08T13:00:00Z'));
    expect(zonedInstant('Europe/Paris', { year: 2026, month: 7, day: 8, hour: 14, minute: 0, second: 0 })).toBe(at('2026-07-08T12:00:00Z'));
  });

  test('the hour skipped in spring is no time; the hour repeated in autumn is its first', () => {
    expect(zonedInstant('Europe/Paris', { year: 2026, month: 3, day: 29, hour: 2, minute: 30, second: 0 })).toBeNull();
    expect(zonedInstant('Europe/Paris', { year: 2026, month: 10, day: 25, hour: 2, minute: 30, second: 0 })).toBe(at('2026-10-25T00:30:00Z'));
  });

  test('a start is written in the calendar’s clock with its offset', () => {
    expect(startText(at('2026-12-08T13:00:00Z'), 'Europe/Paris')).toBe('2026-12-08T14:00+01:00');
    expect(startText(at('2026-12-08T13:00:00Z'), 'America/New_York')).toBe('2026-12-08T08:00-05:00');
    expect(startText(at('2026-12-08T13:00:00Z'), 'UTC')).toBe('2026-12-08T13:00Z');
    expect(startText(at('2026-12-08T08:30:00Z'), 'Asia/Kolkata')).toBe('2026-12-08T14:00+05:30');
  });

  test('readTime: a date, a wall time, an instant; nothing else', () => {
    expect(readTime('2026-12-08', 'Europe/Paris')).toEqual({ instant: at('2026-12-07T23:00:00Z'), dateOnly: true });
    expect(readTime('2026-12-08T14:00', 'Europe/Paris')).toEqual({ instant: at('2026-12-08T13:00:00Z'), dateOnly: false });
    expect(readTime('2026-12-08 14:00:00', 'Europe/Paris')?.instant).toBe(at('2026-12-08T13:00:00Z'));
    expect(readTime('2026-12-08T14:00+01:00', 'America/New_York')?.instant).toBe(at('2026-12-08T13:00:00Z'));
    expect(readTime('2026-12-08T13:00:00.000Z', 'Europe/Paris')?.instant).toBe(at('2026-12-08T13:00:00Z'));
    expect(readTime('2026-12-08T14:00+0100', 'UTC')?.instant).toBe(at('2026-12-08T13:00:00Z'));
    for (const bad of ['2026-02-30', '2026-13-01T10:00', '2026-12-08T25:00', 'Tuesday at 2', '', '2026-03-29T02:30', 1765198800000, null, undefined])
      expect(readTime(bad, 'Europe/Paris'), String(bad)).toBeNull();
  });
});

describe('freeSlots', () => {
  test('working days and hours only, from the notice on, in order', () => {
    const free = freeSlots(PARIS, [], MONDAY_8AM);
    expect(starts(free.slice(0, 3))).toEqual(['2026-12-07T10:00+01:00', '2026-12-07T10:30+01:00', '2026-12-07T11:00+01:00']);
    // Monday's last slot ends at 17:00; Saturday and Sunday have none.
    expect(starts(free)).toContain('2026-12-07T16:30+01:00');
    expect(starts(free)).not.toContain('2026-12-07T17:00+01:00');
    expect(starts(free).some((start) => start.startsWith('2026-12-12') || start.startsWith('2026-12-13'))).toBe(false);
    expect(starts(free)).toContain('2026-12-14T09:00+01:00');
    // The horizon: 21 days from now.
    expect(free.at(-1)!.start).toBeLessThanOrEqual(MONDAY_8AM + 21 * 86_400_000);
    expect(free.every((slot) => slot.end - slot.start === 30 * 60_000)).toBe(true);
  });

  test('a busy interval takes every slot it touches, and no other', () => {
    const busy = [{ start: at('2026-12-07T09:15:00Z'), end: at('2026-12-07T09:45:00Z') }]; // 10:15-10:45 in Paris
    expect(starts(freeSlots(PARIS, busy, MONDAY_8AM).slice(0, 2))).toEqual(['2026-12-07T11:00+01:00', '2026-12-07T11:30+01:00']);
    // An event ending as a slot starts leaves it free.
    const before = [{ start: at('2026-12-07T08:00:00Z'), end: at('2026-12-07T09:00:00Z') }];
    expect(starts(freeSlots(PARIS, before, MONDAY_8AM).slice(0, 1))).toEqual(['2026-12-07T10:00+01:00']);
  });

  test('from a time the visitor asked for; never before the notice', () => {
    expect(starts(freeSlots(PARIS, [], MONDAY_8AM, at('2026-12-09T13:00:00Z')).slice(0, 1))).toEqual(['2026-12-09T14:00+01:00']);
    expect(starts(freeSlots(PARIS, [], MONDAY_8AM, at('2026-12-01T00:00:00Z')).slice(0, 1))).toEqual(['2026-12-07T10:00+01:00']);
    expect(freeSlots(PARIS, [], MONDAY_8AM, at('2027-06-01T00:00:00Z'))).toEqual([]);
  });

  test('across the change to summer time, 09:00 stays 09:00 on the clock', () => {
    const settings = { ...PARIS, days: [1, 2, 3, 4, 5, 6, 7] as const, hours: [{ from: 540, to: 570 }], noticeMinutes: 0 };
    const free = freeSlots(settings, [], at('2026-03-28T00:00:00Z'));
    expect(starts(free.slice(0, 3))).toEqual(['2026-03-28T09:00+01:00', '2026-03-29T09:00+02:00', '2026-03-30T09:00+02:00']);
    expect(free[1]!.start).toBe(at('2026-03-29T07:00:00Z'));
  });

  test('a working range through the skipped hour has no slot in it', () => {
    const night = { ...PARIS, days: [7] as const, hours: [{ from: 60, to: 240 }], slotMinutes: 60, noticeMinutes: 0 };
    expect(starts(freeSlots(night, [], at('2026-03-28T12:00:00Z')).slice(0, 2))).toEqual(['2026-03-29T01:00+01:00', '2026-03-29T03:00+02:00']);
  });
});

describe('offeredSlots', () => {
  test('at most two a day, two hours apart where the day allows, at most slotsOffered', () => {
    const offered = offeredSlots(PARIS, freeSlots(PARIS, [], MONDAY_8AM));
    expect(starts(offered)).toEqual(['2026-12-07T10:00+01:00', '2026-12-07T12:00+01:00', '2026-12-08T09:00+01:00', '2026-12-08T11:00+01:00']);
    expect(offeredSlots({ ...PARIS, slotsOffered: 3 }, freeSlots(PARIS, [], MONDAY_8AM))).toHaveLength(3);
  });

  test('a day with free slots close together still offers two', () => {
    const busy = [{ start: at('2026-12-07T10:00:00Z'), end: at('2026-12-08T08:00:00Z') }]; // Monday 11:00 to Tuesday 09:00
    expect(starts(offeredSlots(PARIS, freeSlots(PARIS, busy, MONDAY_8AM)).slice(0, 2))).toEqual(['2026-12-07T10:00+01:00', '2026-12-07T10:30+01:00']);
  });

  test('none free, none offered', () => {
    expect(offeredSlots(PARIS, [])).toEqual([]);
  });
});

describe('checkStart', () => {
  const busy = [{ start: at('2026-12-08T09:00:00Z'), end: at('2026-12-08T10:00:00Z') }]; // Tuesday 10:00-11:00 in Paris
  const check = (start: unknown) => checkStart(PARIS, busy, MONDAY_8AM, start);

  test('a free slot is ok, in any of the forms readTime reads', () => {
    const slot = { start: at('2026-12-08T13:00:00Z'), end: at('2026-12-08T13:30:00Z') };
    expect(check('2026-12-08T14:00+01:00')).toEqual({ verdict: 'ok', slot });
    expect(check('2026-12-08T14:00')).toEqual({ verdict: 'ok', slot });
    expect(check('2026-12-08T13:00:00Z')).toEqual({ verdict: 'ok', slot });
  });

  test.each([
    ['invalid', 'next Tuesday', '2026-12-07T10:00+01:00'],
    ['invalid', '2026-12-08', '2026-12-07T10:00+01:00'],
    ['invalid', 42, '2026-12-07T10:00+01:00'],
    ['past', '2026-12-04T10:00+01:00', '2026-12-07T10:00+01:00'],
    ['too-soon', '2026-12-07T09:30+01:00', '2026-12-07T10:00+01:00'],
    ['too-far', '2027-01-15T10:00+01:00', '2026-12-07T10:00+01:00'],
    ['outside-hours', '2026-12-08T08:30+01:00', '2026-12-08T09:00+01:00'],
    ['outside-hours', '2026-12-08T16:45+01:00', '2026-12-08T09:00+01:00'],
    ['outside-hours', '2026-12-12T10:00+01:00', '2026-12-14T09:00+01:00'],
    ['not-a-slot', '2026-12-08T14:10+01:00', '2026-12-08T09:00+01:00'],
    ['not-a-slot', '2026-12-08T14:00:30+01:00', '2026-12-08T09:00+01:00'],
    ['taken', '2026-12-08T10:30+01:00', '2026-12-08T09:00+01:00'],
  ])('%s: %s, with free slots from %s', (verdict, start, first) => {
    const answer = check(start);
    expect(answer.verdict).toBe(verdict);
    const alternatives = 'alternatives' in answer ? answer.alternatives : [];
    expect(starts(alternatives)[0]).toBe(first);
    expect(alternatives.length).toBeGreaterThan(0);
    expect(alternatives.every((slot) => !busy.some((interval) => slot.start < interval.end && interval.start < slot.end))).toBe(true);
  });

  test('a taken slot’s alternatives skip the busy hour', () => {
    const answer = check('2026-12-08T10:00+01:00');
    expect(answer.verdict).toBe('taken');
    expect(starts('alternatives' in answer ? answer.alternatives : [])).toEqual([
      '2026-12-08T09:00+01:00',
      '2026-12-08T11:00+01:00',
      '2026-12-09T09:00+01:00',
      '2026-12-09T11:00+01:00',
    ]);
  });
});
