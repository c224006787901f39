import type { CalDavClient, CalDavFailure } from './caldav-client.ts';
import { busyTimes, readEvent } from './calendar-events.ts';
import { bookingFileName, bookingUid, storedEvent, type Booking, type MeetingLead } from './meeting-event.ts';
import { bookableWindow, checkStart, freeSlots, offeredSlots, readTime, type Interval, type MeetingSettings, type StartVerdict } from './meeting-slots.ts';
import type { BusinessType } from './constants.ts';
import type { Language } from './language.ts';

// What find_meeting_times and book_meeting do against the calendar, the same on every host: the
// free times from the busy ones, and a booking that holds at most once per lead. The lead's
// booking has one name in the calendar (`<uid>.ics`, bookingUid), written with If-None-Match: *,
// so the same tool call delivered twice, or run twice at once, books once: the second PUT gets 412
// and reads the first back. A slot another lead (or a person in the team's calendar app) took
// meanwhile is refused, twice over: before the PUT, and after it, when any other event now
// overlaps ours, ours gives way (deleted) and the slot is refused.
//
// What remains: CalDAV has no "create only if that time is free", so two bookings of one slot
// that both PUT before either checks again both see the other and both give way (both leads are
// offered other times: no double booking, one lost slot); a server that shows a write to a query
// only later (eventual consistency) could let both stand; a host that dies between its PUT and its
// second check leaves its event, which is then a booking like any other.

export type CalendarFailed = { outcome: 'calendar-failed'; failure: CalDavFailure; detail: string };

export type MeetingTimes =
  /** The few free times to offer (perhaps none), from `after` when it could be read. */
  { outcome: 'times'; slots: Interval[]; afterIgnored: boolean } | CalendarFailed;

export type BookingOutcome =
  /** The slot is the lead's: just now, or already (`repeated`: the same call delivered again). */
  | { outcome: 'booked'; booking: Booking; repeated: boolean }
  /** The lead holds another slot, which stands: one booking per lead. */
  | { outcome: 'already-booked'; booking: Interval & { uid: string } }
  | { outcome: 'refused'; verdict: Exclude<StartVerdict, 'ok'>; alternatives: Interval[] }
  | CalendarFailed;

const failed = (result: { failure: CalDavFailure; detail: string }): CalendarFailed => ({
  outcome: 'calendar-failed',
  failure: result.failure,
  detail: result.detail,
});

/** The busy times in `range` (the lead's own booking aside); what cannot be read counts as busy all through `range` when `strict`. */
async function busyIn(
  client: CalDavClient,
  settings: MeetingSettings,
  range: Interval,
  strict: boolean,
  ignoreUid?: string,
): Promise<{ ok: true; busy: Interval[] } | CalendarFailed> {
  const objects = await client.eventsBetween(range.start, range.end);
  if (!objects.ok) return failed(objects);
  const found = busyTimes(
    objects.value.map((object) => object.data),
    range,
    settings.timeZone,
    ignoreUid === undefined ? {} : { ignoreUid },
  );
  // The server says these overlap the range; an event we cannot read is not one we may book over.
  return { ok: true, busy: strict && found.unreadable > 0 ? [...found.busy, range] : found.busy };
}

/** find_meeting_times { after? }: the free times to offer, from `after` (a date or a time, readTime's forms) when given. */
export async function findMeetingTimes(client: CalDavClient, settings: MeetingSettings, now: number, after?: unknown): Promise<MeetingTimes> {
  const asked = after === undefined || after === null || after === '' ? null : readTime(after, settings.timeZone);
  const window = bookableWindow(settings, now);
  const from = Math.max(window.start, asked?.instant ?? window.start);
  const afterIgnored = after !== undefined && after !== null && after !== '' && asked === null;
  if (from >= window.end) return { outcome: 'times', slots: [], afterIgnored };
  const busy = await busyIn(client, settings, { start: from, end: window.end + settings.slotMinutes * 60_000 }, false);
  if ('outcome' in busy) return busy;
  return { outcome: 'times', slots: offeredSlots(settings, freeSlots(settings, busy.busy, now, from)), afterIgnored };
}

export interface BookingRequest {
  /** What the host keys the lead by (meeting-event.ts's BOOKING_KEY_PATTERN): one booking per key. */
  key: string;
  /** What the agent passed as `start`. */
  start: unknown;
  businessType: BusinessType;
  lead: MeetingLead;
  organizer: { name: string; email: string };
  language: Language;
}

/** The alternatives to a refused start, with the busy times of the whole window. */
async function refusal(client: CalDavClient, settings: MeetingSettings, now: number, start: unknown, ignoreUid: string): Promise<BookingOutcome> {
  const window = bookableWindow(settings, now);
  const busy = await busyIn(client, settings, { start: window.start, end: window.end + settings.slotMinutes * 60_000 }, false, ignoreUid);
  if ('outcome' in busy) return busy;
  const check = checkStart(settings, busy.busy, now, start);
  return check.verdict === 'ok'
    ? { outcome: 'refused', verdict: 'taken', alternatives: offeredSlots(settings, freeSlots(settings, busy.busy, now)) }
    : { outcome: 'refused', ...check };
}

/** The lead's booking read back: the same slot, or another one the lead holds. */
async function existing(
  client: CalDavClient,
  settings: MeetingSettings,
  name: string,
): Promise<{ ok: true; found: (Interval & { uid: string }) | null } | CalendarFailed> {
  const object = await client.read(name);
  if (!object.ok) return failed(object);
  if (object.value === null) return { ok: true, found: null };
  const event = readEvent(object.value.data, settings.timeZone);
  if (!event) return { outcome: 'calendar-failed', failure: 'calendar-error', detail: `${object.value.url}: the booking there cannot be read back` };
  return { ok: true, found: event };
}

/** book_meeting { start }: books the lead's one meeting at `start` if that is a free slot now. */
export async function bookMeeting(client: CalDavClient, settings: MeetingSettings, now: number, request: BookingRequest): Promise<BookingOutcome> {
  const uid = bookingUid(request.key);
  const name = bookingFileName(uid);
  const booking = (slot: Interval): Booking => ({
    uid,
    ...slot,
    businessType: request.businessType,
    lead: request.lead,
    organizer: request.organizer,
    language: request.language,
    booked: now,
  });
  const sameAs = (slot: Interval, held: Interval) => held.start === slot.start && held.end === slot.end;

  // The start judged on its own first: a time that is no slot costs no booking attempt.
  const alone = checkStart(settings, [], now, request.start);

  // The lead's booking, if there is one: the same call again answers as the first did.
  const held = await existing(client, settings, name);
  if ('outcome' in held) return held;
  if (held.found) {
    const asked = alone.verdict === 'ok' ? alone.slot : null;
    return asked && sameAs(asked, held.found)
      ? { outcome: 'booked', booking: booking(held.found), repeated: true }
      : { outcome: 'already-booked', booking: held.found };
  }
  if (alone.verdict !== 'ok') return refusal(client, settings, now, request.start, uid);
  const slot = alone.slot;

  const before = await busyIn(client, settings, slot, true, uid);
  if ('outcome' in before) return before;
  if (before.busy.length > 0) return refusal(client, settings, now, request.start, uid);

  const written = await client.create(name, storedEvent(booking(slot)));
  if (!written.ok) return failed(written);
  if (!written.value.created) {
    // Written meanwhile under the lead's name: by the same call delivered twice, or another slot the lead chose at once.
    const again = await existing(client, settings, name);
    if ('outcome' in again) return again;
    if (!again.found) return { outcome: 'calendar-failed', failure: 'calendar-error', detail: `${name}: 412 to If-None-Match: *, yet nothing there` };
    return sameAs(slot, again.found)
      ? { outcome: 'booked', booking: booking(again.found), repeated: true }
      : { outcome: 'already-booked', booking: again.found };
  }

  // Anything else on the slot now was written between the first check and the PUT: ours gives way.
  const after = await busyIn(client, settings, slot, true, uid);
  if ('outcome' in after) return { outcome: 'booked', booking: booking(slot), repeated: false };
  if (after.busy.length > 0) {
    const removed = await client.remove(name, written.value.etag);
    if (!removed.ok) return failed(removed);
    return refusal(client, settings, now, request.start, uid);
  }
  return { outcome: 'booked', booking: booking(slot), repeated: false };
}
