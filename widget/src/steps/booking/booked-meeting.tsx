import type { BookingView } from '@franchise-ai/shared/booking-view';
import { fillCopy } from '../../copy/copy.ts';
import { useTexts } from '../../copy/copy-context.ts';
import { bookingWhen } from '../../flow/booking-time.ts';
import type { DemoFlow } from '../../flow/use-demo-flow.ts';

// The meeting the agent booked (FlowState.booking, the host's record): its line during the browser
// call, and after either kind of call what it is, when, and 'Add to calendar'.

/** When, as the visitor reads it: their browser's languages and time zone. */
function useWhen(booking: BookingView): string {
  const { language } = useTexts();
  return bookingWhen(booking, language, typeof navigator === 'undefined' ? [] : navigator.languages);
}

/**
 * The line in the browser call's room, which keeps its height empty (so nothing moves when the
 * booking comes) and announces it once, politely.
 */
export function BookingLine({ flow }: { flow: DemoFlow }) {
  const { booking } = flow.state;
  return (
    <p class="call-booked" aria-live="polite">
      {booking && <BookingLineText booking={booking} />}
    </p>
  );
}

function BookingLineText({ booking }: { booking: BookingView }) {
  const { copy } = useTexts();
  return <>{fillCopy(copy.bookingMade, { when: useWhen(booking) })}</>;
}

/** What was booked and 'Add to calendar': the event as a file, and Google Calendar's page in a new tab (the widget stays). */
export function BookedMeeting({ booking, level }: { booking: BookingView; level: 3 | 4 }) {
  const { copy } = useTexts();
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <div class="booked">
      <Heading>{copy.bookingHeading}</Heading>
      <p>
        <strong>{booking.title}</strong>
        <br />
        {useWhen(booking)}
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
