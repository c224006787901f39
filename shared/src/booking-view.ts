import { addToCalendar, meetingTitle, type Booking } from './meeting-event.ts';

// What the visitor sees of the meeting the agent booked (demo_status's `booking`), the same from
// every host: its times, what it is, and 'Add to calendar' (the event the visitor keeps), no more.
// The widget says the times in the visitor's own zone, so they go as UTC instants. Pure, with no Node built-ins, so n8n's Code nodes run it as the hosts do.

export interface BookingView {
  /** ISO 8601 in UTC ("2026-12-08T13:00:00.000Z"). */
  start: string;
  end: string;
  /** What the meeting is, in the lead's language (meetingTitle). */
  title: string;
  /** The event as a `data:text/calendar` URL, for a link with `download="meeting.ics"`. */
  icsDataUrl: string;
  /** Google Calendar's template link, with the same event. */
  googleCalendarUrl: string;
}

export function bookingView(booking: Booking): BookingView {
  const { icsDataUrl, googleCalendarUrl } = addToCalendar(booking);
  return {
    start: new Date(booking.start).toISOString(),
    end: new Date(booking.end).toISOString(),
    title: meetingTitle(booking.businessType, booking.language),
    icsDataUrl,
    googleCalendarUrl,
  };
}
