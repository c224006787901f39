import { describe, expect, it } from 'vitest';
import type { BookingView } from '@franchise-ai/shared/booking-view';
import { BOOKING_POLL_MS, BOOKING_TRIES, bookingPollDecision, sameBooking } from './booking-poll.ts';
import { bookingWhen } from './booking-time.ts';

const BOOKING: BookingView = {
  start: '2026-12-08T13:00:00.000Z',
  end: '2026-12-08T13:30:00.000Z',
  title: 'Discovery call with the development team',
  icsDataUrl: 'data:text/calendar;charset=utf-8,BEGIN%3AVCALENDAR',
  googleCalendarUrl: 'https://calendar.google.com/calendar/render?action=TEMPLATE',
};

describe('bookingPollDecision', () => {
  it.each([
    ['booked', { booking: BOOKING }, 0, 0, 'done'],
    ['not yet, tries left', { booking: null }, 0, 3, 'ask-again'],
    ['not yet, no tries left', { booking: null }, 0, 0, 'stop'],
    ['a host without demo_status (404)', { failedStatus: 404 }, 0, 3, 'stop'],
    ['a failure, tried again', { failedStatus: 0 }, 1, 3, 'ask-again'],
    ['the third failure in a row', { failedStatus: 503 }, 2, 3, 'stop'],
  ] as const)('%s', (_label, outcome, failures, left, decision) => {
    expect(bookingPollDecision(outcome, failures, left)).toBe(decision);
  });
  it('asks for longer than the provider waits for the tool’s answer (20 s)', () => {
    expect(BOOKING_POLL_MS * BOOKING_TRIES).toBeGreaterThan(20_000);
  });
  it('sameBooking: the same meeting, not another', () => {
    expect([sameBooking(undefined, BOOKING), sameBooking({ ...BOOKING }, BOOKING), sameBooking({ ...BOOKING, start: BOOKING.end }, BOOKING)]).toEqual([
      false,
      true,
      false,
    ]);
  });
});

it("bookingWhen: the day and both times in the visitor's zone and language, the zone named, the browser's variant of the language first", () => {
  expect(bookingWhen(BOOKING, 'en', ['fr-FR', 'en-US'], 'America/New_York')).toMatch(/^Tuesday, December 8, 8:00\s*–\s*8:30\sAM EST$/);
  expect(bookingWhen(BOOKING, 'en', ['en-GB'], 'Europe/London')).toMatch(/^Tuesday 8 December, 13:00\s*–\s*13:30 GMT$/);
  expect(bookingWhen(BOOKING, 'fr', ['en-US'], 'Europe/Paris')).toMatch(/^mardi 8 décembre, 14:00\s*–\s*14:30 UTC\+1$/);
});
