import type { BookingView } from '@franchise-ai/shared/booking-view';
import type { Language } from '../copy/language.ts';

// When the booked meeting is, as the visitor reads dates: in the widget's language (the browser's own
// variant of it when it prefers one: en-GB writes "Tuesday 8 December"), in the browser's time zone,
// with that zone named, since the agent said the time in the team's.

/** `preferred`: the browser's languages (navigator.languages); `timeZone`: the browser's unless given. */
export function bookingWhen(booking: Pick<BookingView, 'start' | 'end'>, language: Language, preferred: readonly string[], timeZone?: string): string {
  const locales = [...preferred.filter((tag) => tag.toLowerCase().split('-')[0] === language), language];
  const format = new Intl.DateTimeFormat(locales, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  });
  return format.formatRange(new Date(booking.start), new Date(booking.end));
}
