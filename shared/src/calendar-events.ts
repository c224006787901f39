import ICAL from 'ical.js';
import { isTimeZone, zonedInstant, zoneOffset, type Interval, type Wall } from './meeting-slots.ts';

// When the calendar is busy, read from the iCalendar text a calendar-query answered (RFC 5545),
// with Mozilla's ical.js (what Thunderbird reads calendars with; no dependencies): each event's
// occurrences in the range, a recurring event's series expanded here since a calendar-query names
// the series, not its instances (Radicale, for one, expands nothing), with its exceptions
// (RECURRENCE-ID) and excluded dates (EXDATE). An event marked free (TRANSP:TRANSPARENT) or
// cancelled takes no time. Times in an IANA zone are converted with Intl's rules, others with the
// VTIMEZONE the object carries; floating times and all-day dates are the calendar's zone's.

/** What a set of calendar objects keeps busy within a range, and how many could not be read. */
export interface BusyTimes {
  busy: Interval[];
  /** Objects (or events in them) that are not iCalendar this reader understands: the caller decides what they cost. */
  unreadable: number;
}

/** A series is expanded to at most this many occurrences in a range; past it, the rest of the range counts as busy. */
const MAX_OCCURRENCES = 5_000;
const DAY_MS = 86_400_000;

/** `wall` in `zone`; a time the clock skips (spring forward) counts from the hour after it. */
function inZone(zone: string, wall: Wall): number {
  return (
    zonedInstant(zone, wall) ??
    zonedInstant(zone, { ...wall, hour: wall.hour + 1 }) ??
    Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - zoneOffset(zone, Date.now())
  );
}

/** The instant of an iCalendar time. `tzid` is the TZID its property named, which ical.js drops when the object has no VTIMEZONE for it. */
function instantOf(time: ICAL.Time, tzid: string | undefined, calendarZone: string): number {
  const wall = {
    year: time.year,
    month: time.month,
    day: time.day,
    hour: time.isDate ? 0 : time.hour,
    minute: time.isDate ? 0 : time.minute,
    second: time.isDate ? 0 : time.second,
  };
  if (time.isDate) return inZone(calendarZone, wall);
  const zone = time.zone?.tzid;
  if (zone === 'UTC') return time.toUnixTime() * 1000;
  const named = zone && zone !== 'floating' ? zone : tzid;
  if (named && isTimeZone(named)) return inZone(named, wall);
  // A zone known only from the object's own VTIMEZONE (Outlook writes "W. Europe Standard Time").
  if (zone && zone !== 'floating') return time.toUnixTime() * 1000;
  return inZone(calendarZone, wall);
}

const FREQUENCY_DAYS: Partial<Record<string, number>> = { DAILY: 1, WEEKLY: 7 };
const FREQUENCY_MONTHS: Partial<Record<string, number>> = { MONTHLY: 1, YEARLY: 12 };

/**
 * Moves a long-running series' DTSTART (and DTEND) forward by whole periods of its rule to just
 * before `rangeStart`, so its expansion does not walk every occurrence since it began (ical.js
 * takes some 40 µs an occurrence: a daily meeting since 2015 would cost a fifth of a second per
 * read). Only where that changes no occurrence after the new start: a rule without COUNT, and for
 * months or years a start on a day every month has. The first occurrence after the move may be
 * one the rule would not have made (ical.js counts DTSTART as one); it lies before the range.
 */
function fastForward(event: ICAL.Event, rangeStart: number, tzid: string | undefined, calendarZone: string): void {
  const rule = event.component.getFirstPropertyValue('rrule') as ICAL.Recur | null;
  if (!rule || rule.count || event.component.hasProperty('rdate')) return;
  const start = event.startDate;
  const first = instantOf(start, tzid, calendarZone);
  const durationMs = Math.max(0, event.duration.toSeconds() * 1000);
  const interval = rule.interval || 1;
  // Two periods and the event's length clear of the range, so the moved start is never in it.
  const days = FREQUENCY_DAYS[rule.freq];
  const months = FREQUENCY_MONTHS[rule.freq];
  const shifted = start.clone();
  if (days !== undefined) {
    const period = days * interval;
    const periods = Math.floor((rangeStart - first - durationMs) / (period * DAY_MS)) - 2;
    if (periods <= 0) return;
    shifted.adjust(periods * period, 0, 0, 0);
  } else if (months !== undefined && start.day <= 28) {
    const period = months * interval;
    const periods = Math.floor((rangeStart - first - durationMs) / (period * 31 * DAY_MS)) - 2;
    if (periods <= 0) return;
    const total = start.month - 1 + periods * period;
    shifted.year = start.year + Math.floor(total / 12);
    shifted.month = (total % 12) + 1;
  } else return;
  const duration = event.duration;
  const hadEnd = event.component.hasProperty('dtend');
  event.component.getFirstProperty('dtstart')!.setValue(shifted);
  if (hadEnd) {
    const end = shifted.clone();
    end.addDuration(duration);
    event.component.getFirstProperty('dtend')!.setValue(end);
  }
}

/** The VEVENTs of one VCALENDAR text grouped as events: each series with its exceptions, each single event alone. */
function eventsOf(calendar: ICAL.Component): ICAL.Event[] {
  const components = calendar.getAllSubcomponents('vevent');
  const masters = new Map<string, ICAL.Event>();
  const events: ICAL.Event[] = [];
  for (const component of components) {
    if (component.hasProperty('recurrence-id')) continue;
    const event = new ICAL.Event(component);
    events.push(event);
    masters.set(String(component.getFirstPropertyValue('uid') ?? ''), event);
  }
  for (const component of components) {
    if (!component.hasProperty('recurrence-id')) continue;
    const master = masters.get(String(component.getFirstPropertyValue('uid') ?? ''));
    // An overridden instance whose series is not here stands alone.
    if (master) master.relateException(component);
    else events.push(new ICAL.Event(component));
  }
  return events;
}

const takesTime = (component: ICAL.Component) =>
  String(component.getFirstPropertyValue('transp') ?? 'OPAQUE').toUpperCase() !== 'TRANSPARENT' &&
  String(component.getFirstPropertyValue('status') ?? '').toUpperCase() !== 'CANCELLED';

/** A property's TZID parameter, as written. */
const tzidOf = (component: ICAL.Component, name: string): string | undefined => {
  const value = component.getFirstProperty(name)?.getParameter('tzid');
  return typeof value === 'string' ? value : undefined;
};

/** What one event keeps busy within `range`. */
function eventBusy(event: ICAL.Event, range: Interval, calendarZone: string): Interval[] {
  const startZone = tzidOf(event.component, 'dtstart');
  const endZone = tzidOf(event.component, 'dtend') ?? startZone;
  if (!event.isRecurring()) {
    if (!takesTime(event.component)) return [];
    const start = instantOf(event.startDate, startZone, calendarZone);
    // No DTEND nor DURATION: a date lasts its day, a date-time is an instant (RFC 5545 §3.6.1).
    const timed = event.component.hasProperty('dtend') || event.component.hasProperty('duration') || event.startDate.isDate;
    const end = timed ? instantOf(event.endDate, endZone, calendarZone) : start;
    return start < range.end && end > range.start ? [{ start, end: Math.max(end, start) }] : [];
  }
  fastForward(event, range.start, startZone, calendarZone);
  const busy: Interval[] = [];
  const iterator = event.iterator();
  for (let count = 0; ; count += 1) {
    const next = iterator.next();
    if (!next) break;
    const details = event.getOccurrenceDetails(next);
    const item = details.item.component;
    const itemStartZone = tzidOf(item, 'dtstart') ?? startZone;
    const start = instantOf(details.startDate, itemStartZone, calendarZone);
    if (start >= range.end) break;
    if (count >= MAX_OCCURRENCES) {
      busy.push({ start, end: range.end });
      break;
    }
    const end = instantOf(details.endDate, tzidOf(item, 'dtend') ?? itemStartZone, calendarZone);
    if (end > range.start && takesTime(item)) busy.push({ start, end: Math.max(end, start) });
  }
  return busy;
}

/**
 * The busy intervals that the calendar objects `texts` (each one VCALENDAR) keep within `range`,
 * cut to it, in order. An object or event that cannot be read is counted, not guessed.
 */
export function busyTimes(texts: readonly string[], range: Interval, calendarZone: string, { ignoreUid }: { ignoreUid?: string } = {}): BusyTimes {
  const busy: Interval[] = [];
  let unreadable = 0;
  for (const text of texts) {
    let calendar: ICAL.Component;
    try {
      calendar = new ICAL.Component(ICAL.parse(text));
    } catch {
      unreadable += 1;
      continue;
    }
    let events: ICAL.Event[];
    try {
      events = eventsOf(calendar);
    } catch {
      unreadable += 1;
      continue;
    }
    for (const event of events) {
      // The lead's own booking is not in its own way.
      if (ignoreUid !== undefined && event.uid === ignoreUid) continue;
      try {
        busy.push(...eventBusy(event, range, calendarZone));
      } catch {
        unreadable += 1;
      }
    }
  }
  return {
    busy: busy
      .map((interval) => ({ start: Math.max(interval.start, range.start), end: Math.min(interval.end, range.end) }))
      .sort((a, b) => a.start - b.start || a.end - b.end),
    unreadable,
  };
}

/** The first event of one VCALENDAR text (a booking read back): its UID and when it is; null when there is none or it cannot be read. */
export function readEvent(text: string, calendarZone: string): { uid: string; start: number; end: number } | null {
  try {
    const calendar = new ICAL.Component(ICAL.parse(text));
    const component = calendar.getFirstSubcomponent('vevent');
    if (!component) return null;
    const event = new ICAL.Event(component);
    const zone = tzidOf(component, 'dtstart');
    return {
      uid: event.uid,
      start: instantOf(event.startDate, zone, calendarZone),
      end: instantOf(event.endDate, tzidOf(component, 'dtend') ?? zone, calendarZone),
    };
  } catch {
    return null;
  }
}
