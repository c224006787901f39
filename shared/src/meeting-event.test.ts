import ICAL from 'ical.js';
import nodeIcal, { type VEvent } from 'node-ical';
import { describe, expect, test } from 'vitest';
import { readEvent } from './calendar-events.ts';
import { addToCalendar, bookingFileName, bookingUid, invitation, meetingSummary, storedEvent, type Booking } from './meeting-event.ts';

const BOOKING: Booking = {
  uid: bookingUid('k7yQ2mPzL0aB'),
  start: Date.parse('2026-12-08T13:00:00Z'),
  end: Date.parse('2026-12-08T13:30:00Z'),
  businessType: 'franchisor',
  lead: { name: 'Jane Doe', company: 'Acme Burgers', email: 'jane@acme.example', phoneNumber: '+33612345678' },
  organizer: { name: 'Franchise AI', email: 'team@franchise-ai.example' },
  language: 'en',
  booked: Date.parse('2026-12-07T07:05:00Z'),
};

type ParsedEvent = VEvent;

/** The file read by node-ical, a parser independent of the library that wrote it. */
function parsed(text: string): { calendar: Record<string, unknown>; event: ParsedEvent } {
  const all = nodeIcal.sync.parseICS(text);
  const events = Object.values(all).filter((entry) => entry?.type === 'VEVENT') as ParsedEvent[];
  expect(events).toHaveLength(1);
  return { calendar: all['vcalendar'] as unknown as Record<string, unknown>, event: events[0]! };
}

describe('bookingUid', () => {
  test('one per key, and the file named after it', () => {
    expect(bookingUid('k7yQ2mPzL0aB')).toBe('franchise-ai-booking-k7yQ2mPzL0aB');
    expect(bookingFileName(bookingUid('k7yQ2mPzL0aB'))).toBe('franchise-ai-booking-k7yQ2mPzL0aB.ics');
  });

  test.each(['short', 'has space in it', 'slash/in/it', 'x'.repeat(129)])('a key like %s is refused', (key) => {
    expect(() => bookingUid(key)).toThrow(/booking key/);
  });
});

describe('invitation', () => {
  test('METHOD:REQUEST, the company organising, the lead attending, UTC times, the booking’s UID', () => {
    const text = invitation(BOOKING);
    const { calendar, event } = parsed(text);
    expect(calendar['method']).toBe('REQUEST');
    expect(event.uid).toBe(BOOKING.uid);
    expect(event.start.toISOString()).toBe('2026-12-08T13:00:00.000Z');
    expect(event.end?.toISOString()).toBe('2026-12-08T13:30:00.000Z');
    expect(event.summary).toBe('Discovery call with the development team: Jane Doe (Acme Burgers)');
    expect(event.organizer).toEqual({ params: { CN: 'Franchise AI' }, val: 'mailto:team@franchise-ai.example' });
    expect(event.attendee).toEqual({
      params: { CN: 'Jane Doe', ROLE: 'REQ-PARTICIPANT', PARTSTAT: 'NEEDS-ACTION', RSVP: true },
      val: 'mailto:jane@acme.example',
    });
    expect(event.description).toBe(
      'Booked by the demo voice agent during the call.\nLead: Jane Doe, Acme Burgers\nEmail: jane@acme.example\nPhone: +33612345678',
    );
    // Lines end in CRLF and none is longer than 75 octets (RFC 5545 §3.1).
    expect(text.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    expect(text).not.toMatch(/[^\r]\n/);
    expect(text).toMatch(/^DTSTART:20261208T130000Z\r$/m);
  });

  test('the franchisee’s is an appointment at the location; French with French typography', () => {
    expect(parsed(invitation({ ...BOOKING, businessType: 'franchisee' })).event.summary).toBe('Appointment at the location: Jane Doe (Acme Burgers)');
    const french = parsed(invitation({ ...BOOKING, language: 'fr' })).event;
    expect(french.summary).toBe('Appel découverte avec l’équipe de développement\u00a0: Jane Doe (Acme Burgers)');
    expect(french.description).toContain('Contact\u00a0: Jane Doe, Acme Burgers');
    expect(meetingSummary({ ...BOOKING, businessType: 'franchisee', language: 'fr' })).toBe('Rendez-vous à l’établissement\u00a0: Jane Doe (Acme Burgers)');
  });

  test('a name with quotes, semicolons or a line break stays one parameter, for every reader', () => {
    const { event } = parsed(invitation({ ...BOOKING, lead: { ...BOOKING.lead, name: 'Jane "JD" Doe,\nJr; CEO: yes' } }));
    expect(event.attendee).toMatchObject({ params: { CN: 'Jane JD Doe, Jr CEO yes' }, val: 'mailto:jane@acme.example' });
    expect(event.summary).toBe('Discovery call with the development team: Jane "JD" Doe, Jr; CEO: yes (Acme Burgers)');
  });

  test('ical.js reads it back as the same event', () => {
    const back = readEvent(invitation(BOOKING), 'UTC');
    expect(back).toEqual({ uid: BOOKING.uid, start: BOOKING.start, end: BOOKING.end });
    const component = new ICAL.Component(ICAL.parse(invitation(BOOKING)));
    expect(component.getFirstPropertyValue('method')).toBe('REQUEST');
  });
});

describe('storedEvent', () => {
  test('no METHOD (RFC 4791 §4.1); the lead attends, but the server sends no invitation of its own', () => {
    const text = storedEvent(BOOKING);
    const { calendar, event } = parsed(text);
    expect(calendar['method']).toBeUndefined();
    expect(event.uid).toBe(BOOKING.uid);
    expect(event.attendee).toMatchObject({ params: { 'SCHEDULE-AGENT': 'CLIENT' }, val: 'mailto:jane@acme.example' });
  });
});

describe('addToCalendar', () => {
  test('a file with nobody to answer, as a data URL, and Google Calendar’s template link', () => {
    const offer = addToCalendar(BOOKING);
    const { calendar, event } = parsed(offer.ics);
    expect(calendar['method']).toBe('PUBLISH');
    expect(event.attendee).toBeUndefined();
    expect(decodeURIComponent(offer.icsDataUrl.replace(/^data:text\/calendar;charset=utf-8,/, ''))).toBe(offer.ics);
    const google = new URL(offer.googleCalendarUrl);
    expect(google.origin + google.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(Object.fromEntries(google.searchParams)).toMatchObject({
      action: 'TEMPLATE',
      text: 'Discovery call with the development team: Jane Doe (Acme Burgers)',
      dates: '20261208T130000Z/20261208T133000Z',
    });
  });
});
