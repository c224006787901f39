import type { CalDavFailure } from './caldav-client.ts';
import type { BusinessType } from './constants.ts';
import { typesetFrench } from './french-typography.ts';
import type { Language } from './language.ts';
import type { BookingOutcome, MeetingTimes } from './meeting-booking.ts';
import { startText, type Interval, type MeetingSettings } from './meeting-slots.ts';

// What the agent reads back from find_meeting_times and book_meeting (the tools' results), in the
// visitor's language: each time as the caller should hear it, in the calendar's zone, named; the
// start to pass back, as the calendar's clock with its offset; and what to say when nothing could
// be booked, so the call goes on. Times through Intl (en-US, fr-FR), which every host has.

const LOCALES: Record<Language, string> = { en: 'en-US', fr: 'fr-FR' };

/** The meeting, by scenario, as a sentence names it (meeting-event.ts titles the event itself). */
const MEETINGS: Record<BusinessType, Record<Language, string>> = {
  franchisor: { en: 'a discovery call with the development team', fr: 'un appel découverte avec l’équipe de développement' },
  franchisee: { en: 'an appointment at the location', fr: 'un rendez-vous à l’établissement' },
};

const TITLES: Record<BusinessType, Record<Language, string>> = {
  franchisor: { en: 'Discovery call with the development team', fr: 'Appel découverte avec l’équipe de développement' },
  franchisee: { en: 'Appointment at the location', fr: 'Rendez-vous à l’établissement' },
};

/** What the meeting is, by scenario, in the lead's language: the event's title and the mails'. */
export const meetingTitle = (businessType: BusinessType, language: Language): string => TITLES[businessType][language];

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(language: Language, zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${zone}|${JSON.stringify(options)}`;
  let found = dateFormats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(LOCALES[language], { ...options, timeZone: zone });
    dateFormats.set(key, found);
  }
  return found;
}

/** The zone as a caller hears it named: "Paris time", "heure de Paris", "UTC", "GMT+3". */
export function zoneName(zone: string, language: Language): string {
  if (/^(Etc\/)?(UTC|GMT|Universal|Zulu|UCT|Greenwich)$/i.test(zone)) return 'UTC';
  if (!zone.includes('/') || zone.startsWith('Etc/')) {
    const offset = dateFormat(language, zone, { timeZoneName: 'shortOffset' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value;
    return offset ?? zone;
  }
  const city = zone.slice(zone.lastIndexOf('/') + 1).replace(/_/g, ' ');
  if (language === 'en') return `${city} time`;
  return /^[aeiouyàâéèêëîïôûü]/i.test(city) ? `heure d’${city}` : `heure de ${city}`;
}

/** A slot's start as said: "Tuesday, December 8 at 2:00 PM" / "mardi 8 décembre à 14:00". */
export const slotWords = (instant: number, zone: string, language: Language): string =>
  dateFormat(language, zone, { weekday: 'long', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(instant));

/** A clock time of the working day: "9:00 AM" / "9:00"; the day's end "midnight" / "minuit". */
function clockWords(minutes: number, language: Language): string {
  if (minutes >= 24 * 60) return language === 'fr' ? 'minuit' : 'midnight';
  return dateFormat(language, 'UTC', { hour: 'numeric', minute: '2-digit' }).format(new Date(Date.UTC(2024, 0, 1, Math.floor(minutes / 60), minutes % 60)));
}

/** 1 January 2024 was a Monday: day n of the week is n − 1 days after it. */
const dayName = (day: number, language: Language) => dateFormat(language, 'UTC', { weekday: 'long' }).format(new Date(Date.UTC(2024, 0, day)));

const joined = (items: string[], language: Language) => {
  const and = language === 'fr' ? ' et ' : ' and ';
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')}${and}${items.at(-1)}`;
};

/** The working week as said: "Monday to Friday, 9:00 AM to 5:00 PM" / "du lundi au vendredi, de 9:00 à 17:00". */
export function workingHoursWords(settings: MeetingSettings, language: Language): string {
  const runs: number[][] = [];
  for (const day of settings.days) {
    const run = runs.at(-1);
    if (run && run.at(-1) === day - 1) run.push(day);
    else runs.push([day]);
  }
  const fr = language === 'fr';
  const days = joined(
    runs.flatMap((run) =>
      run.length >= 3
        ? [fr ? `du ${dayName(run[0]!, language)} au ${dayName(run.at(-1)!, language)}` : `${dayName(run[0]!, language)} to ${dayName(run.at(-1)!, language)}`]
        : run.map((day) => dayName(day, language)),
    ),
    language,
  );
  const hours = joined(
    settings.hours.map((range) =>
      fr
        ? `de ${clockWords(range.from, language)} à ${clockWords(range.to, language)}`
        : `${clockWords(range.from, language)} to ${clockWords(range.to, language)}`,
    ),
    language,
  );
  return `${days}, ${hours}`;
}

/** A length of time as said: "30 minutes", "2 hours", "1 day". */
export function lengthWords(minutes: number, language: Language): string {
  const unit = (count: number, en: string, fr: string) => `${count} ${language === 'fr' ? fr : en}${count > 1 ? 's' : ''}`;
  if (minutes >= 1440 && minutes % 1440 === 0) return unit(minutes / 1440, 'day', 'jour');
  if (minutes >= 60 && minutes % 60 === 0) return unit(minutes / 60, 'hour', 'heure');
  return unit(minutes, 'minute', 'minute');
}

/** A booked time as the agent says it and the mails write it, its zone named: "Tuesday, December 8 at 2:00 PM Paris time" / "mardi 8 décembre à 14:00 (heure de Paris)". */
export const bookedTimeWords = (instant: number, zone: string, language: Language): string =>
  `${slotWords(instant, zone, language)} ${language === 'fr' ? `(${zoneName(zone, language)})` : zoneName(zone, language)}`;

const said = (text: string, language: Language, slots: Record<string, string> = {}) =>
  language === 'fr' ? typesetFrench(text, slots) : text.replace(/\{(\w+)\}/g, (slot, name: string) => slots[name] ?? slot);

/** The times listed for the agent: each as said, with the start to pass to book_meeting. */
function timesList(slots: readonly Interval[], settings: MeetingSettings, language: Language): string {
  return slots.map((slot) => `${slotWords(slot.start, settings.timeZone, language)} (start: ${startText(slot.start, settings.timeZone)})`).join('; ');
}

const FAILURES: Record<CalDavFailure, Record<Language, string>> = {
  unreachable: { en: 'The calendar cannot be reached right now', fr: 'Le calendrier est injoignable pour le moment' },
  timeout: { en: 'The calendar did not answer in time', fr: 'Le calendrier n’a pas répondu à temps' },
  'refused-credentials': { en: 'The calendar refused the credentials it was given', fr: 'Le calendrier a refusé les identifiants fournis' },
  'not-found': { en: 'There is no calendar at the address configured', fr: 'Aucun calendrier ne se trouve à l’adresse configurée' },
  'calendar-error': { en: 'The calendar gave an answer that cannot be used', fr: 'Le calendrier a donné une réponse inutilisable' },
  'not-configured': { en: 'No calendar is set up for booking', fr: 'Aucun calendrier n’est configuré pour les réservations' },
};

/** What the agent does when the calendar failed: says nothing of it, promises the team's mail, goes on. */
function failureWords(failure: CalDavFailure, language: Language, what: 'times' | 'booking'): string {
  const none = {
    times: { en: 'so no times can be offered', fr: 'donc aucun horaire ne peut être proposé' },
    booking: { en: 'so nothing was booked', fr: 'donc rien n’a été réservé' },
  }[what][language];
  const go =
    language === 'fr'
      ? 'Ne parlez pas de ce problème à votre interlocuteur : dites-lui que l’équipe lui écrira pour convenir d’un horaire, et poursuivez l’appel.'
      : 'Do not mention the problem to the caller: tell them the team will email them to set a time, and carry on with the call.';
  return said(`${FAILURES[failure][language]}, ${none}. ${go}`, language);
}

/** find_meeting_times's result for the agent. */
export function meetingTimesWords(times: MeetingTimes, settings: MeetingSettings, businessType: BusinessType, language: Language): string {
  if (times.outcome === 'calendar-failed') return failureWords(times.failure, language, 'times');
  const zone = zoneName(settings.timeZone, language);
  const fr = language === 'fr';
  const ignored = times.afterIgnored
    ? fr
      ? 'La date demandée n’a pas pu être lue : voici les prochains horaires libres. '
      : 'The date asked for could not be read, so these are the next free times. '
    : '';
  if (times.slots.length === 0)
    return said(
      fr
        ? `${ignored}Aucun horaire libre dans les {days} jours à venir à partir de cette date. Dites à votre interlocuteur que l’équipe lui écrira pour convenir d’un horaire, et poursuivez l’appel.`
        : `${ignored}There is no free time in the next {days} days from then. Tell the caller the team will email them to find a time, and carry on with the call.`,
      language,
      { days: String(settings.horizonDays) },
    );
  const slots = {
    meeting: MEETINGS[businessType][language],
    length: lengthWords(settings.slotMinutes, language),
    zone,
    list: timesList(times.slots, settings, language),
  };
  return said(
    fr
      ? `${ignored}Horaires libres pour {meeting} ({length}), en {zone} : {list}. Proposez-en deux ou trois et demandez lequel convient ; une fois le choix fait, appelez book_meeting avec le start de cet horaire, tel qu’il est écrit ici. Dites les horaires en {zone}.`
      : `${ignored}Free times for {meeting} ({length}), in {zone}: {list}. Offer the caller two or three of them and ask which suits them; once they choose, call book_meeting with that time's start exactly as written here. Say the times in {zone}.`,
    language,
    slots,
  );
}

/** Why a start was refused, in a sentence. */
function verdictWords(outcome: Extract<BookingOutcome, { outcome: 'refused' }>, settings: MeetingSettings, language: Language): string {
  const fr = language === 'fr';
  const zone = zoneName(settings.timeZone, language);
  switch (outcome.verdict) {
    case 'invalid':
      return fr
        ? 'Ce start n’a pas pu être lu : utilisez un start exactement tel que find_meeting_times l’a donné.'
        : 'That start could not be read: use a start exactly as find_meeting_times gave it.';
    case 'past':
      return fr ? 'Cet horaire est déjà passé.' : 'That time has already passed.';
    case 'too-soon':
      return fr
        ? `C’est trop tôt : l’équipe a besoin d’au moins ${lengthWords(settings.noticeMinutes, language)} de préavis.`
        : `That is too soon: the team needs at least ${lengthWords(settings.noticeMinutes, language)} of notice.`;
    case 'too-far':
      return fr
        ? `C’est trop loin : les rendez-vous se prennent au plus ${settings.horizonDays} jours à l’avance.`
        : `That is too far ahead: meetings are booked at most ${settings.horizonDays} days ahead.`;
    case 'outside-hours':
      return fr
        ? `C’est en dehors des horaires : ${workingHoursWords(settings, language)}, ${zone}.`
        : `That is outside working hours: ${workingHoursWords(settings, language)}, ${zone}.`;
    case 'not-a-slot':
      return fr
        ? `Les rendez-vous commencent toutes les ${settings.slotMinutes} minutes à partir de ${clockWords(settings.hours[0]!.from, language)} : cet horaire n’en fait pas partie.`
        : `Meetings start every ${settings.slotMinutes} minutes from ${clockWords(settings.hours[0]!.from, language)}: that time is not one of them.`;
    case 'taken':
      return fr ? 'Cet horaire vient d’être pris.' : 'That time has just been taken.';
  }
}

export interface BookingWordsOptions {
  /** Whether the visitor's mail will carry the invitation (the host sends mail). */
  invitationByMail: boolean;
}

/** book_meeting's result for the agent. */
export function bookingWords(outcome: BookingOutcome, settings: MeetingSettings, language: Language, { invitationByMail }: BookingWordsOptions): string {
  const fr = language === 'fr';
  const zone = zoneName(settings.timeZone, language);
  const when = (slot: Interval) => bookedTimeWords(slot.start, settings.timeZone, language);
  switch (outcome.outcome) {
    case 'calendar-failed':
      return failureWords(outcome.failure, language, 'booking');
    case 'booked': {
      const mail = invitationByMail ? (fr ? ' ; une invitation lui parviendra par e-mail' : '; an invitation will reach them by email') : '';
      return said(
        fr
          ? `Réservé : {meeting} le {when} ({length}). Confirmez-le à voix haute : le jour, l’heure et le fuseau ({zone}){mail}.`
          : `Booked: {meeting} on {when} ({length}). Confirm it out loud to the caller: the day, the time and that it is {zone}{mail}.`,
        language,
        {
          meeting: MEETINGS[outcome.booking.businessType][language],
          when: when(outcome.booking),
          length: lengthWords(settings.slotMinutes, language),
          zone,
          mail,
        },
      );
    }
    case 'already-booked':
      return said(
        fr
          ? 'Un rendez-vous est déjà réservé pour cette personne : le {when}. Un seul rendez-vous par personne : dites-lui qu’il est maintenu et que l’équipe peut le déplacer par e-mail. Rien de nouveau n’a été réservé.'
          : 'This caller already has a meeting booked: {when}. A caller gets one meeting: tell them it stands, and that the team can move it by email. Nothing new was booked.',
        language,
        { when: when(outcome.booking) },
      );
    case 'refused': {
      const reason = verdictWords(outcome, settings, language);
      const instead =
        outcome.alternatives.length > 0
          ? fr
            ? `Rien n’est réservé. Horaires libres à proposer à la place, en {zone} : {list}.`
            : `Nothing is booked. Free times to offer instead, in {zone}: {list}.`
          : fr
            ? 'Rien n’est réservé, et aucun autre horaire n’est libre prochainement : dites à votre interlocuteur que l’équipe lui écrira pour convenir d’un horaire.'
            : 'Nothing is booked, and no other time is free soon: tell the caller the team will email them to find a time.';
      return said(`${reason} ${instead}`, language, { zone, list: timesList(outcome.alternatives, settings, language) });
    }
  }
}
