// When a lead can meet the team: the free slots of the working week in the calendar's time zone,
// and whether a start the agent asks to book is one of them. Pure: the busy intervals come from the
// calendar (caldav-client.ts, calendar-events.ts), `now` from the host. Time zones through Intl only,
// which every host has (n8n's Code node sandbox included), so no zone database is bundled.

/** 1 is Monday … 7 is Sunday (ISO 8601). */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** A stretch of time, in milliseconds since the epoch; `end` excluded. */
export interface Interval {
  start: number;
  end: number;
}

export interface MeetingSettings {
  /** The IANA zone working hours are in and times are said in (CALDAV_TIMEZONE, else the calendar's own, else UTC). */
  timeZone: string;
  /** The working days (MEETING_DAYS). */
  days: readonly Weekday[];
  /** The working hours of each working day, in minutes after midnight, in order and apart (MEETING_HOURS). */
  hours: readonly { from: number; to: number }[];
  /** Each meeting's length; slots start every this many minutes from each range's start (MEETING_SLOT_MINUTES). */
  slotMinutes: number;
  /** The least notice before a meeting, in minutes (MEETING_NOTICE_MINUTES). */
  noticeMinutes: number;
  /** How many days ahead a meeting may be booked (MEETING_HORIZON_DAYS). */
  horizonDays: number;
  /** How many free times find_meeting_times offers at most (MEETING_SLOTS_OFFERED). */
  slotsOffered: number;
}

/**
 * UTC unless the operator or the calendar names a zone: a guessed zone would put the working hours
 * somewhere else without a word, whereas every time the agent says names its zone, so "UTC" shows.
 */
export const DEFAULT_TIME_ZONE = 'UTC';
export const DEFAULT_MEETING_SETTINGS: Omit<MeetingSettings, 'timeZone'> = {
  days: [1, 2, 3, 4, 5],
  hours: [{ from: 9 * 60, to: 17 * 60 }],
  slotMinutes: 30,
  // A team needs some warning; a lead calling at 16:30 is offered tomorrow, not 17:00 today.
  noticeMinutes: 120,
  horizonDays: 21,
  // A caller keeps three or four times in mind, not ten.
  slotsOffered: 4,
};
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const WEEKDAY_NAMES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
/** A day of slots never has more than this many (a 5-minute slot round the clock is 288). */
const MAX_SLOTS_A_DAY = 288;

/** Whether Intl knows `zone` (an IANA name such as Europe/Paris, or UTC). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.trim() !== '';
  } catch {
    return false;
  }
}

/**
 * The settings from the environment: each unset one has its default, a malformed one throws naming
 * the variable. `calendarZone` is the calendar's own zone (caldav-client.ts reads it), used when
 * CALDAV_TIMEZONE is not set.
 */
export function meetingSettingsFromEnv(env: Record<string, string | undefined>, calendarZone?: string | null): MeetingSettings {
  const value = (name: string) => env[name]?.trim() || undefined;
  const zone = value('CALDAV_TIMEZONE');
  if (zone !== undefined && !isTimeZone(zone))
    throw new Error(`CALDAV_TIMEZONE must be an IANA time zone such as Europe/Paris or America/New_York; got "${zone}".`);
  const whole = (name: string, fallback: number, min: number, max: number) => {
    const text = value(name);
    if (text === undefined) return fallback;
    if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max)
      throw new Error(`${name} must be a whole number from ${min} to ${max}; got "${text}".`);
    return Number(text);
  };
  const days = parseDays(value('MEETING_DAYS'));
  const hours = parseHours(value('MEETING_HOURS'));
  const slotMinutes = whole('MEETING_SLOT_MINUTES', DEFAULT_MEETING_SETTINGS.slotMinutes, 5, 480);
  if (!hours.some((range) => range.to - range.from >= slotMinutes))
    throw new Error(`MEETING_HOURS has no range as long as one meeting (MEETING_SLOT_MINUTES=${slotMinutes}).`);
  return {
    timeZone: zone ?? (calendarZone && isTimeZone(calendarZone) ? calendarZone : DEFAULT_TIME_ZONE),
    days,
    hours,
    slotMinutes,
    noticeMinutes: whole('MEETING_NOTICE_MINUTES', DEFAULT_MEETING_SETTINGS.noticeMinutes, 0, 60 * 24 * 14),
    horizonDays: whole('MEETING_HORIZON_DAYS', DEFAULT_MEETING_SETTINGS.horizonDays, 1, 366),
    slotsOffered: whole('MEETING_SLOTS_OFFERED', DEFAULT_MEETING_SETTINGS.slotsOffered, 1, 10),
  };
}

/** MEETING_DAYS: `mon-fri`, `mon,tue,thu`, `mon-thu,sat` (English three-letter names, any case). */
function parseDays(text: string | undefined): Weekday[] {
  if (text === undefined) return [...DEFAULT_MEETING_SETTINGS.days];
  const refusal = () => new Error(`MEETING_DAYS must list days such as mon-fri or mon,tue,thu (mon tue wed thu fri sat sun); got "${text}".`);
  const day = (name: string) => {
    const index = WEEKDAY_NAMES.indexOf(name.trim().toLowerCase() as (typeof WEEKDAY_NAMES)[number]);
    if (index < 0) throw refusal();
    return (index + 1) as Weekday;
  };
  const days = new Set<Weekday>();
  for (const part of text.split(',')) {
    const [from, to, extra] = part.split('-');
    if (extra !== undefined || from === undefined) throw refusal();
    const first = day(from);
    const last = to === undefined ? first : day(to);
    if (last < first) throw refusal();
    for (let at = first; at <= last; at += 1) days.add(at as Weekday);
  }
  return [...days].sort();
}

/** MEETING_HOURS: `09:00-17:00`, or ranges with a break: `09:00-12:00,14:00-18:00`. */
function parseHours(text: string | undefined): { from: number; to: number }[] {
  if (text === undefined) return DEFAULT_MEETING_SETTINGS.hours.map((range) => ({ ...range }));
  const refusal = () => new Error(`MEETING_HOURS must be ranges such as 09:00-17:00 or 09:00-12:00,14:00-18:00, in order and apart; got "${text}".`);
  const minutes = (clock: string) => {
    const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(clock.trim());
    if (!match || (match[1] === '24' && match[2] !== '00')) throw refusal();
    return Number(match[1]) * 60 + Number(match[2]);
  };
  const ranges = text.split(',').map((part) => {
    const [from, to, extra] = part.split('-');
    if (from === undefined || to === undefined || extra !== undefined) throw refusal();
    return { from: minutes(from), to: minutes(to) };
  });
  ranges.forEach((range, index) => {
    if (range.to <= range.from || (index > 0 && range.from < ranges[index - 1]!.to)) throw refusal();
  });
  return ranges;
}

// --- Time zones, through Intl ---------------------------------------------------------------

/** A clock reading in some zone, without the zone. */
export interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(zone: string): Intl.DateTimeFormat {
  let found = formats.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(zone, found);
  }
  return found;
}

/** The wall clock in `zone` at `instant`. */
export function wallTime(zone: string, instant: number): Wall {
  const parts = Object.fromEntries(
    format(zone)
      .formatToParts(new Date(instant))
      .filter((part) => part.type !== 'literal')
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  return { year: parts['year']!, month: parts['month']!, day: parts['day']!, hour: parts['hour']! % 24, minute: parts['minute']!, second: parts['second']! };
}

const wallMs = (wall: Wall) => Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);

/** The zone's offset from UTC at `instant`, in milliseconds (Paris in winter: +3 600 000). */
export const zoneOffset = (zone: string, instant: number): number =>
  wallMs(wallTime(zone, Math.floor(instant / 1000) * 1000)) - Math.floor(instant / 1000) * 1000;

/**
 * The instant when `zone`'s clock shows `wall`; null when it never does (the hour skipped when
 * summer time starts). Of a wall time shown twice (the hour repeated in autumn), the first.
 */
export function zonedInstant(zone: string, wall: Wall): number | null {
  const target = wallMs(wall);
  // The offset just before and just after: one of them is the one in force at the answer.
  for (const offset of [zoneOffset(zone, target - DAY_MS / 2), zoneOffset(zone, target + DAY_MS / 2)].sort((a, b) => b - a)) {
    const instant = target - offset;
    if (wallMs(wallTime(zone, instant)) === target) return instant;
  }
  return null;
}

/** ISO weekday of a calendar date. */
const weekdayOf = (year: number, month: number, day: number): Weekday => (((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) + 1) as Weekday;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * A start as the agent gets it and gives it back: the calendar's wall clock with its offset,
 * `2026-12-08T14:00+01:00` (UTC: `…Z`), so the model reads the hour the caller hears.
 */
export function startText(instant: number, zone: string): string {
  const wall = wallTime(zone, instant);
  const offset = zoneOffset(zone, instant) / MINUTE_MS;
  const sign = offset < 0 ? '-' : '+';
  const zoneText = offset === 0 ? 'Z' : `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}${zoneText}`;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * What the agent passed as a date or time: a date (`2026-12-08`, that day from midnight in the
 * calendar's zone), a wall time there (`2026-12-08T14:00`), or an instant (`…Z`, `…+01:00`).
 * Null for anything else, an impossible date (February 30) included.
 */
export function readTime(text: unknown, zone: string): { instant: number; dateOnly: boolean } | null {
  if (typeof text !== 'string') return null;
  const trimmed = text.trim();
  const date = DATE.exec(trimmed);
  const time = date ? null : DATE_TIME.exec(trimmed);
  const fields = date ?? time;
  if (!fields) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = fields.slice(1, 7).map((part) => (part === undefined ? undefined : Number(part))) as number[];
  const wall: Wall = { year: year!, month: month!, day: day!, hour, minute, second };
  if (month! < 1 || month! > 12 || day! < 1 || day! > 31 || hour > 23 || minute > 59 || second > 59) return null;
  const asUtc = new Date(wallMs(wall));
  if (asUtc.getUTCMonth() !== month! - 1 || asUtc.getUTCDate() !== day) return null;
  const suffix = time?.[7];
  if (suffix) {
    if (/^z$/i.test(suffix)) return { instant: wallMs(wall), dateOnly: false };
    const [, sign, hours, minutes] = /^([+-])(\d{2}):?(\d{2})$/.exec(suffix)!;
    if (Number(hours) > 18 || Number(minutes) > 59) return null;
    const offset = (Number(hours) * 60 + Number(minutes)) * MINUTE_MS * (sign === '-' ? -1 : 1);
    return { instant: wallMs(wall) - offset, dateOnly: false };
  }
  // A day whose midnight the clock skips (a few zones start summer time at 00:00) starts at 01:00;
  // a time the clock skips is no time there.
  const instant = zonedInstant(zone, wall) ?? (date ? zonedInstant(zone, { ...wall, hour: 1 }) : null);
  return instant === null ? null : { instant, dateOnly: date !== null };
}

// --- Slots ----------------------------------------------------------------------------------

/** The earliest start the notice allows, and the latest the horizon does. */
export function bookableWindow(settings: MeetingSettings, now: number): Interval {
  return { start: now + settings.noticeMinutes * MINUTE_MS, end: now + settings.horizonDays * DAY_MS };
}

/** Every slot of the working days from `from`'s day to `until`'s, free or not, in order. */
function gridSlots(settings: MeetingSettings, from: number, until: number): Interval[] {
  const slots: Interval[] = [];
  const first = wallTime(settings.timeZone, from);
  // Calendar days walked in UTC arithmetic (no zone rules there), each turned into the zone's instants.
  for (let date = Date.UTC(first.year, first.month - 1, first.day); date - DAY_MS <= until; date += DAY_MS) {
    const day = new Date(date);
    const [year, month, dayOfMonth] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
    if (!settings.days.includes(weekdayOf(year, month, dayOfMonth))) continue;
    for (const range of settings.hours) {
      for (
        let minute = range.from, count = 0;
        minute + settings.slotMinutes <= range.to && count < MAX_SLOTS_A_DAY;
        minute += settings.slotMinutes, count += 1
      ) {
        const start = zonedInstant(settings.timeZone, { year, month, day: dayOfMonth, hour: Math.floor(minute / 60), minute: minute % 60, second: 0 });
        // A slot in the hour the clock skips does not exist that day.
        if (start !== null) slots.push({ start, end: start + settings.slotMinutes * MINUTE_MS });
      }
    }
  }
  return slots;
}

const overlaps = (a: Interval, b: Interval) => a.start < b.end && b.start < a.end;

/**
 * The free slots from `from` (default: now and the notice) to the horizon: within working hours,
 * overlapping no busy interval, in order. All of them; offeredSlots picks the few to say.
 */
export function freeSlots(settings: MeetingSettings, busy: readonly Interval[], now: number, from?: number): Interval[] {
  const window = bookableWindow(settings, now);
  const start = Math.max(window.start, from ?? window.start);
  if (start >= window.end) return [];
  return gridSlots(settings, start, window.end).filter(
    (slot) => slot.start >= start && slot.start <= window.end && !busy.some((interval) => overlaps(slot, interval)),
  );
}

/**
 * The few free slots to offer, spread so the caller hears a real choice: at most two a day, the
 * second at least two hours after the first where the day allows, in order, at most `slotsOffered`.
 */
export function offeredSlots(settings: MeetingSettings, free: readonly Interval[]): Interval[] {
  const byDay = new Map<string, Interval[]>();
  for (const slot of free) {
    const wall = wallTime(settings.timeZone, slot.start);
    const key = `${wall.year}-${wall.month}-${wall.day}`;
    byDay.set(key, [...(byDay.get(key) ?? []), slot]);
  }
  const chosen: Interval[] = [];
  for (const slots of byDay.values()) {
    const first = slots[0]!;
    const apart = slots.find((slot) => slot.start >= first.start + 2 * 60 * MINUTE_MS) ?? slots[1];
    chosen.push(first, ...(apart ? [apart] : []));
    if (chosen.length >= settings.slotsOffered) break;
  }
  return chosen.slice(0, settings.slotsOffered);
}

/** Why a start cannot be booked, or that it can. */
export type StartVerdict = 'ok' | 'invalid' | 'past' | 'too-soon' | 'too-far' | 'outside-hours' | 'not-a-slot' | 'taken';

export type StartCheck = { verdict: 'ok'; slot: Interval } | { verdict: Exclude<StartVerdict, 'ok'>; alternatives: Interval[] };

/**
 * Whether `start` (what the agent passed to book_meeting) is a free slot, judged in this order:
 * readable as a time, not past, with the notice, within the horizon, on a working day and inside
 * working hours, on the slot grid, free. Anything but 'ok' comes with the slots to offer instead,
 * from the day asked for (from the earliest bookable time when that day has gone).
 */
export function checkStart(settings: MeetingSettings, busy: readonly Interval[], now: number, start: unknown): StartCheck {
  const window = bookableWindow(settings, now);
  const read = readTime(start, settings.timeZone);
  const refuse = (verdict: Exclude<StartVerdict, 'ok'>, from?: number): StartCheck => ({
    verdict,
    alternatives: offeredSlots(settings, freeSlots(settings, busy, now, from)),
  });
  if (!read || read.dateOnly) return refuse('invalid');
  const instant = read.instant;
  if (instant < now) return refuse('past');
  if (instant < window.start) return refuse('too-soon');
  if (instant > window.end) return refuse('too-far');
  const wall = wallTime(settings.timeZone, instant);
  const dayStart = zonedInstant(settings.timeZone, { ...wall, hour: 0, minute: 0, second: 0 }) ?? instant;
  const minute = wall.hour * 60 + wall.minute;
  const range = settings.hours.find((hours) => minute >= hours.from && minute + settings.slotMinutes <= hours.to);
  if (!settings.days.includes(weekdayOf(wall.year, wall.month, wall.day)) || !range) return refuse('outside-hours', dayStart);
  if (wall.second !== 0 || instant % 1000 !== 0 || (minute - range.from) % settings.slotMinutes !== 0) return refuse('not-a-slot', dayStart);
  const slot = { start: instant, end: instant + settings.slotMinutes * MINUTE_MS };
  if (busy.some((interval) => overlaps(slot, interval))) return refuse('taken', dayStart);
  return { verdict: 'ok', slot };
}
