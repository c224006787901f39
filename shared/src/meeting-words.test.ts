import { describe, expect, test } from 'vitest';
import type { Booking } from './meeting-event.ts';
import { DEFAULT_MEETING_SETTINGS, type MeetingSettings } from './meeting-slots.ts';
import { bookingWords, meetingTimesWords, slotWords, workingHoursWords, zoneName } from './meeting-words.ts';

const PARIS: MeetingSettings = { ...DEFAULT_MEETING_SETTINGS, timeZone: 'Europe/Paris' };
const at = (iso: string) => Date.parse(iso);
const SLOTS = [
  { start: at('2026-12-08T13:00:00Z'), end: at('2026-12-08T13:30:00Z') },
  { start: at('2026-12-09T08:00:00Z'), end: at('2026-12-09T08:30:00Z') },
];
const BOOKING: Booking = {
  uid: 'franchise-ai-booking-k7yQ2mPzL0aB',
  ...SLOTS[0]!,
  businessType: 'franchisor',
  lead: { name: 'Jane Doe', company: 'Acme Burgers', email: 'jane@acme.example' },
  organizer: { name: 'Franchise AI', email: 'team@franchise-ai.example' },
  language: 'en',
  booked: at('2026-12-07T07:00:00Z'),
};

describe('how times are said', () => {
  test('the zone named by its city, UTC as UTC, an offset zone by its offset', () => {
    expect(zoneName('Europe/Paris', 'en')).toBe('Paris time');
    expect(zoneName('Europe/Paris', 'fr')).toBe('heure de Paris');
    expect(zoneName('America/New_York', 'en')).toBe('New York time');
    expect(zoneName('Europe/Amsterdam', 'fr')).toBe('heure d’Amsterdam');
    expect(zoneName('UTC', 'fr')).toBe('UTC');
    expect(zoneName('Etc/GMT-3', 'en')).toBe('GMT+3');
  });

  test('a start in the calendar’s zone, in the visitor’s language', () => {
    expect(slotWords(SLOTS[0]!.start, 'Europe/Paris', 'en')).toBe('Tuesday, December 8 at 2:00 PM');
    expect(slotWords(SLOTS[0]!.start, 'Europe/Paris', 'fr')).toBe('mardi 8 décembre à 14:00');
    expect(slotWords(SLOTS[0]!.start, 'America/New_York', 'en')).toBe('Tuesday, December 8 at 8:00 AM');
  });

  test('the working week', () => {
    expect(workingHoursWords(PARIS, 'en')).toBe('Monday to Friday, 9:00 AM to 5:00 PM');
    expect(workingHoursWords(PARIS, 'fr')).toBe('du lundi au vendredi, de 9:00 à 17:00');
    const split = {
      ...PARIS,
      days: [1, 2, 4, 6] as const,
      hours: [
        { from: 540, to: 720 },
        { from: 840, to: 1440 },
      ],
    };
    expect(workingHoursWords(split, 'en')).toBe('Monday, Tuesday, Thursday and Saturday, 9:00 AM to 12:00 PM and 2:00 PM to midnight');
  });
});

describe('meetingTimesWords', () => {
  test('each time as said, with the start to pass back, and what to do with them', () => {
    expect(meetingTimesWords({ outcome: 'times', slots: SLOTS, afterIgnored: false }, PARIS, 'franchisor', 'en')).toBe(
      "Free times for a discovery call with the development team (30 minutes), in Paris time: Tuesday, December 8 at 2:00 PM (start: 2026-12-08T14:00+01:00); Wednesday, December 9 at 9:00 AM (start: 2026-12-09T09:00+01:00). Offer the caller two or three of them and ask which suits them; once they choose, call book_meeting with that time's start exactly as written here. Say the times in Paris time.",
    );
  });

  test('in French, typeset, the starts left as written', () => {
    const words = meetingTimesWords({ outcome: 'times', slots: SLOTS.slice(0, 1), afterIgnored: true }, PARIS, 'franchisee', 'fr');
    expect(words).toBe(
      'La date demandée n’a pas pu être lue\u00a0: voici les prochains horaires libres. Horaires libres pour un rendez-vous à l’établissement (30 minutes), en heure de Paris\u00a0: mardi 8 décembre à 14:00 (start: 2026-12-08T14:00+01:00). Proposez-en deux ou trois et demandez lequel convient\u202f; une fois le choix fait, appelez book_meeting avec le start de cet horaire, tel qu’il est écrit ici. Dites les horaires en heure de Paris.',
    );
  });

  test('none free: the team will write, the call goes on', () => {
    expect(meetingTimesWords({ outcome: 'times', slots: [], afterIgnored: false }, PARIS, 'franchisor', 'en')).toBe(
      'There is no free time in the next 21 days from then. Tell the caller the team will email them to find a time, and carry on with the call.',
    );
  });

  test.each([
    ['unreachable', 'The calendar cannot be reached right now, so no times can be offered.'],
    ['timeout', 'The calendar did not answer in time, so no times can be offered.'],
    ['refused-credentials', 'The calendar refused the credentials it was given, so no times can be offered.'],
  ] as const)('a calendar that failed (%s): said so to the agent, not to the caller', (failure, start) => {
    const words = meetingTimesWords({ outcome: 'calendar-failed', failure, detail: 'x' }, PARIS, 'franchisor', 'en');
    expect(words).toBe(`${start} Do not mention the problem to the caller: tell them the team will email them to set a time, and carry on with the call.`);
  });
});

describe('bookingWords', () => {
  test('booked: what, when, in which zone, to confirm out loud', () => {
    expect(bookingWords({ outcome: 'booked', booking: BOOKING, repeated: false }, PARIS, 'en', { invitationByMail: true })).toBe(
      'Booked: a discovery call with the development team on Tuesday, December 8 at 2:00 PM Paris time (30 minutes). Confirm it out loud to the caller: the day, the time and that it is Paris time; an invitation will reach them by email.',
    );
    expect(
      bookingWords({ outcome: 'booked', booking: { ...BOOKING, businessType: 'franchisee' }, repeated: true }, PARIS, 'fr', { invitationByMail: false }),
    ).toBe(
      'Réservé\u00a0: un rendez-vous à l’établissement le mardi 8 décembre à 14:00 (heure de Paris) (30 minutes). Confirmez-le à voix haute\u00a0: le jour, l’heure et le fuseau (heure de Paris).',
    );
  });

  test('already booked: the one booking stands', () => {
    expect(bookingWords({ outcome: 'already-booked', booking: { uid: BOOKING.uid, ...SLOTS[1]! } }, PARIS, 'en', { invitationByMail: true })).toBe(
      'This caller already has a meeting booked: Wednesday, December 9 at 9:00 AM Paris time. A caller gets one meeting: tell them it stands, and that the team can move it by email. Nothing new was booked.',
    );
  });

  test.each([
    ['taken', 'That time has just been taken.'],
    ['past', 'That time has already passed.'],
    ['too-soon', 'That is too soon: the team needs at least 2 hours of notice.'],
    ['too-far', 'That is too far ahead: meetings are booked at most 21 days ahead.'],
    ['outside-hours', 'That is outside working hours: Monday to Friday, 9:00 AM to 5:00 PM, Paris time.'],
    ['not-a-slot', 'Meetings start every 30 minutes from 9:00 AM: that time is not one of them.'],
    ['invalid', 'That start could not be read: use a start exactly as find_meeting_times gave it.'],
  ] as const)('refused (%s): why, and the times to offer instead', (verdict, reason) => {
    expect(bookingWords({ outcome: 'refused', verdict, alternatives: SLOTS.slice(1) }, PARIS, 'en', { invitationByMail: true })).toBe(
      `${reason} Nothing is booked. Free times to offer instead, in Paris time: Wednesday, December 9 at 9:00 AM (start: 2026-12-09T09:00+01:00).`,
    );
  });

  test('refused with nothing else free; in French', () => {
    expect(bookingWords({ outcome: 'refused', verdict: 'taken', alternatives: [] }, PARIS, 'fr', { invitationByMail: true })).toBe(
      'Cet horaire vient d’être pris. Rien n’est réservé, et aucun autre horaire n’est libre prochainement\u00a0: dites à votre interlocuteur que l’équipe lui écrira pour convenir d’un horaire.',
    );
  });

  test('a calendar that failed: nothing booked, the call goes on, in French too', () => {
    expect(bookingWords({ outcome: 'calendar-failed', failure: 'refused-credentials', detail: '401' }, PARIS, 'fr', { invitationByMail: true })).toBe(
      'Le calendrier a refusé les identifiants fournis, donc rien n’a été réservé. Ne parlez pas de ce problème à votre interlocuteur\u00a0: dites-lui que l’équipe lui écrira pour convenir d’un horaire, et poursuivez l’appel.',
    );
  });
});
