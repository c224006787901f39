import type { BookingView } from '@franchise-ai/shared/booking-view';
import { fillCopy } from '../../copy/copy.ts';
import { useTexts } from '../../copy/copy-context.ts';
import type { Language } from '../../copy/language.ts';
import { bookingWhen } from '../../flow/booking-time.ts';
import type { DemoFlow } from '../../flow/use-demo-flow.ts';

// The meeting the agent booked (FlowState.booking, the host's record): its line during the browser
// call, and after either kind of call what it is, when, and 'Add to calendar'.

/** When, as the visitor reads it: their browser's languages and time zone. */
const whenOf = (booking: BookingView, language: Language): string =>
  bookingWhen(booking, language, typeof navigator === 'undefined' ? [] : navigator.languages);

/**
 * The line in the browser call's room once the host has the booking, in room the captions give up
 * (browser-call.css); said once, politely, by a region there from the start, as the captions' is.
 */
export function BookingLine({ flow }: { flow: DemoFlow }) {
  const { copy, language } = useTexts();
  const { booking } = flow.state;
  const text = booking ? fillCopy(copy.bookingMade, { when: whenOf(booking, language) }) : '';
  return (
    <>
      {booking && <p class="call-booked">{text}</p>}
      <p class="visually-hidden booked-heard" aria-live="polite">
        {booking && <span>{text}</span>}
      </p>
    </>
  );
}

/** What was booked and 'Add to calendar': the event as a file, and Google Calendar's page in a new tab (the widget stays). */
export function BookedMeeting({ booking, level }: { booking: BookingView; level: 3 | 4 }) {
  const { copy, language } = useTexts();
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <div class="booked">
      <Heading>{copy.bookingHeading}</Heading>
      <p>
        <strong>{booking.title}</strong>
        <br />
        {whenOf(booking, language)}
      </p>
      <div class="actions">
        <a class="button secondary" href={booking.icsDataUrl} download="meeting.ics">
          {copy.addToCalendar}
        </a>
        <a class="button secondary" href={booking.googleCalendarUrl} target="_blank" rel="noopener noreferrer">
          {copy.googleCalendar}
        </a>
      </div>
    </div>
  );
}
