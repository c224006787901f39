import type { BookingView } from '@franchise-ai/shared/booking-view';
import { MAX_POLL_FAILURES } from './profile-poll.ts';

// What the browser call shows of a meeting the agent books: not the model's words but the host's
// record, asked of `demo_status` once the voice SDK says the agent called book_meeting (and once
// more after the call, for an SDK that does not forward tool calls). Pure; the asking is
// booking-watch.ts's.

/** One answer: the booking (null: none yet, or none the widget could read), or the failure's HTTP status (0: no answer). */
export type BookingPollOutcome = { booking: BookingView | null } | { failedStatus: number };

/** `ask-again`: not booked yet, tries left; `done`: the booking is here; `stop`: a 404, failures in a row, or no tries left. */
export type BookingPollDecision = 'ask-again' | 'done' | 'stop';

/** Between two questions. */
export const BOOKING_POLL_MS = 2_000;
/**
 * Questions after a book_meeting call: 12, 2 s apart, outlast the 20 s the provider waits for the
 * host's answer (shared tool-calls.ts's TOOL_TIMEOUT_SECONDS), so a booking made is seen.
 */
export const BOOKING_TRIES = 12;
/** After the call, when no book_meeting call was seen: the booking would be stored by then. */
export const BOOKING_TRIES_AFTER_CALL = 2;

export function bookingPollDecision(outcome: BookingPollOutcome, failures: number, triesLeft: number): BookingPollDecision {
  if ('booking' in outcome && outcome.booking) return 'done';
  if ('failedStatus' in outcome && (outcome.failedStatus === 404 || failures + 1 >= MAX_POLL_FAILURES)) return 'stop';
  return triesLeft > 0 ? 'ask-again' : 'stop';
}

/** The same meeting: a new answer about it changes nothing on screen, so the live region says it once. */
export const sameBooking = (a: BookingView | undefined, b: BookingView): boolean =>
  a !== undefined &&
  a.start === b.start &&
  a.end === b.end &&
  a.title === b.title &&
  a.icsDataUrl === b.icsDataUrl &&
  a.googleCalendarUrl === b.googleCalendarUrl;
