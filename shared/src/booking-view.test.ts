import { expect, test } from 'vitest';
import { bookingView } from './booking-view.ts';
import { bookingUid, type Booking } from './meeting-event.ts';

const BOOKING: Booking = {
  uid: bookingUid('k7yQ2mPzL0aB'),
  start: Date.parse('2026-12-08T13:00:00Z'),
  end: Date.parse('2026-12-08T13:30:00Z'),
  businessType: 'franchisee',
  lead: { name: 'Jeanne Dupont', company: 'Boulangerie Dupont', email: 'jeanne@dupont.example' },
  organizer: { name: 'Franchise AI', email: 'team@franchise-ai.example' },
  language: 'fr',
  booked: Date.parse('2026-12-07T07:05:00Z'),
};

test('the times as UTC instants, the title in the lead’s language, and both ways to add it, and no more', () => {
  const view = bookingView(BOOKING);
  expect(Object.keys(view).sort()).toEqual(['end', 'googleCalendarUrl', 'icsDataUrl', 'start', 'title']);
  expect(view).toMatchObject({ start: '2026-12-08T13:00:00.000Z', end: '2026-12-08T13:30:00.000Z', title: 'Rendez-vous à l’établissement' });
  expect(decodeURIComponent(view.icsDataUrl)).toMatch(/^data:text\/calendar;charset=utf-8,BEGIN:VCALENDAR[\s\S]*METHOD:PUBLISH[\s\S]*DTSTART:20261208T130000Z/);
  expect(new URL(view.googleCalendarUrl).searchParams.get('dates')).toBe('20261208T130000Z/20261208T133000Z');
  expect(bookingView({ ...BOOKING, businessType: 'franchisor', language: 'en' }).title).toBe('Discovery call with the development team');
});
