import ICAL from 'ical.js';
import type { BusinessType } from './constants.ts';
import { oneLine } from './fact-text.ts';
import { typesetFrench } from './french-typography.ts';
import type { Language } from './language.ts';
import type { Interval } from './meeting-slots.ts';
import { meetingTitle } from './meeting-words.ts';

// The booking as iCalendar (RFC 5545), written with ical.js, the library that reads the calendar
// (calendar-events.ts): the event stored in the team's calendar, the invitation the mails attach
// (METHOD:REQUEST, RFC 5546), and what 'Add to calendar' offers the visitor. Times in UTC: a TZID
// would need its VTIMEZONE written beside it (RFC 5545 §3.6.5), and every calendar shows a UTC
// time in its reader's own zone.

/** Who the meeting is with, as the lead gave it (request-body.ts's Lead). */
export interface MeetingLead {
  name: string;
  company: string;
  email: string;
  phoneNumber?: string | null;
}

export interface Booking extends Interval {
  /** The event's UID, one per lead (bookingUid). */
  uid: string;
  businessType: BusinessType;
  lead: MeetingLead;
  /** The company the team is: ORGANIZER (COMPANY_NAME, and TEAM_EMAIL or MAIL_FROM). */
  organizer: { name: string; email: string };
  language: Language;
  /** When it was booked: DTSTAMP. */
  booked: number;
}

/** What the host keys a lead's booking by: stable for the lead, not secret (it names the event in the team's calendar). */
export const BOOKING_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

/**
 * The UID of the lead's one booking, and so its name in the calendar (`<uid>.ics`): the same for
 * every try, so a second PUT with If-None-Match: * finds the first. `key` matches BOOKING_KEY_PATTERN
 * (a hash of the demoId, say: the demoId itself opens the demo's status and must not be written down).
 */
export function bookingUid(key: string): string {
  if (!BOOKING_KEY_PATTERN.test(key)) throw new Error('A booking key is 8 to 128 characters of A-Z, a-z, 0-9, _ and -.');
  return `franchise-ai-booking-${key}`;
}

export const bookingFileName = (uid: string): string => `${uid}.ics`;

// The title lives with the meeting's other words, which the mails read without ical.js.
export { meetingTitle };

/** Title and lead, so the team sees who it is in their calendar: "Discovery call with the development team: Jane Doe (Acme Burgers)". */
export function meetingSummary(booking: Pick<Booking, 'businessType' | 'language' | 'lead'>): string {
  const who = `${oneLine(booking.lead.name, 200)} (${oneLine(booking.lead.company, 200)})`;
  const title = meetingTitle(booking.businessType, booking.language);
  return booking.language === 'fr' ? typesetFrench('{title} : {who}', { title, who }) : `${title}: ${who}`;
}

function meetingDescription(booking: Booking): string {
  const lines =
    booking.language === 'fr'
      ? [
          'Réservé par l’agent vocal de la démo pendant l’appel.',
          'Contact : {name}, {company}',
          'E-mail : {email}',
          ...(booking.lead.phoneNumber ? ['Téléphone : {phone}'] : []),
        ]
      : [
          'Booked by the demo voice agent during the call.',
          'Lead: {name}, {company}',
          'Email: {email}',
          ...(booking.lead.phoneNumber ? ['Phone: {phone}'] : []),
        ];
  const slots = {
    name: oneLine(booking.lead.name, 200),
    company: oneLine(booking.lead.company, 200),
    email: booking.lead.email,
    phone: booking.lead.phoneNumber ?? '',
  };
  const text = lines.join('\n');
  return booking.language === 'fr' ? typesetFrench(text, slots) : text.replace(/\{(\w+)\}/g, (_, name: keyof typeof slots) => slots[name]);
}

/**
 * A name as a parameter (CN): no double quote, which no parameter may hold (RFC 5545 §3.2), and no
 * ; or :, which a quoted value may hold but some readers split on all the same (node-ical does).
 */
const paramText = (text: string) => oneLine(text.replace(/"/g, '').replace(/[;:]/g, ' '), 200);
const utc = (instant: number) => ICAL.Time.fromJSDate(new Date(instant), true);

type Variant = 'stored' | 'request' | 'publish';

function calendarText(booking: Booking, variant: Variant): string {
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.addPropertyWithValue('prodid', '-//Franchise AI//franchise-ai-demo//EN');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  // An object stored in a calendar collection carries no METHOD (RFC 4791 §4.1).
  if (variant !== 'stored') calendar.addPropertyWithValue('method', variant === 'request' ? 'REQUEST' : 'PUBLISH');
  const event = new ICAL.Component('vevent');
  event.addPropertyWithValue('uid', booking.uid);
  event.addPropertyWithValue('dtstamp', utc(booking.booked));
  event.addPropertyWithValue('dtstart', utc(booking.start));
  event.addPropertyWithValue('dtend', utc(booking.end));
  event.addPropertyWithValue('sequence', 0);
  event.addPropertyWithValue('status', 'CONFIRMED');
  event.addPropertyWithValue('transp', 'OPAQUE');
  event.addPropertyWithValue('summary', meetingSummary(booking));
  event.addPropertyWithValue('description', meetingDescription(booking));
  const organizer = event.addPropertyWithValue('organizer', `mailto:${booking.organizer.email}`);
  organizer.setParameter('cn', paramText(booking.organizer.name));
  if (variant !== 'publish') {
    const attendee = event.addPropertyWithValue('attendee', `mailto:${booking.lead.email}`);
    attendee.setParameter('cn', paramText(booking.lead.name));
    attendee.setParameter('role', 'REQ-PARTICIPANT');
    attendee.setParameter('partstat', 'NEEDS-ACTION');
    attendee.setParameter('rsvp', 'TRUE');
    // The mails carry the invitation; a server that schedules (RFC 6638: Nextcloud, iCloud,
    // Google) must not send one of its own as well.
    if (variant === 'stored') attendee.setParameter('schedule-agent', 'CLIENT');
  }
  calendar.addSubcomponent(event);
  return `${calendar.toString()}\r\n`;
}

/** The event as the team's calendar stores it (`<uid>.ics`): no METHOD, the lead an attendee the server does not invite. */
export const storedEvent = (booking: Booking): string => calendarText(booking, 'stored');

/** The invitation the visitor's and the team's mails attach (`invite.ics`, `text/calendar; method=REQUEST`). */
export const invitation = (booking: Booking): string => calendarText(booking, 'request');

/**
 * What the widget's 'Add to calendar' offers: the event as a file (METHOD:PUBLISH, nobody to answer;
 * Apple Calendar, Outlook and Thunderbird open it, Google imports it) as a data URL for a link with
 * `download="meeting.ics"`, and Google Calendar's template link for those who live there. Both are
 * made by the host, so the widget carries no iCalendar code.
 */
export function addToCalendar(booking: Booking): { ics: string; icsDataUrl: string; googleCalendarUrl: string } {
  const ics = calendarText(booking, 'publish');
  const stamp = (instant: number) =>
    new Date(instant)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
  // Written out rather than with URLSearchParams, which n8n's Code node sandbox does not have.
  const query = Object.entries({
    action: 'TEMPLATE',
    text: meetingSummary(booking),
    dates: `${stamp(booking.start)}/${stamp(booking.end)}`,
    details: meetingDescription(booking),
  })
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
  return {
    ics,
    icsDataUrl: `data:text/calendar;charset=utf-8,${encodeURIComponent(ics)}`,
    googleCalendarUrl: `https://calendar.google.com/calendar/render?${query}`,
  };
}
