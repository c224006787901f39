import type { BusinessType } from './constants.ts';
import type { ReportEvent } from './call-events.ts';
import { isEmailAddress } from './lead-rules.ts';
import { oneLine } from './fact-text.ts';
import { typesetFrench } from './french-typography.ts';
import { isHttpUrl, parseUrl } from './web-url.ts';
import type { Language } from './language.ts';
import type { Booking } from './meeting-event.ts';
import { bookedTimeWords, lengthWords, meetingTitle } from './meeting-words.ts';
import { endSentence } from './sentence.ts';
import type { FollowUpContact } from './follow-up-contact.ts';

// After the call: the two e-mails an end-of-call report produces, the same on
// every host, and the outbox's retry rule. A host that has SMTP_URL and a report linked to a lead
// writes both mails to its outbox in the transaction that stores the report (so a redelivered report,
// stored nothing, sends nothing), then sends them; a send that fails stays in the outbox and is tried
// again after retryDelayMs, so a mail server that is down loses nothing. Plain text only: nothing a
// caller said can become markup in a mail client. A meeting the agent booked during the call is in
// both, with its invitation (METHOD:REQUEST) for the host to attach as INVITATION_FILE.

/** The follow-up settings a host starts with; all optional. */
export interface FollowUpConfig {
  /** SMTP_URL, e.g. `smtp://127.0.0.1:2525` or `smtps://user:pass@mail.example:465`: no mail without it. */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the sender of both mails. */
  mailFrom: string;
  /** TEAM_EMAIL: where the team's mail goes; none is sent without it. */
  teamEmail: string | undefined;
  /** BOOKING_URL: where a visitor books a discovery call (e.g. a Cal.com page). */
  bookingUrl: string | undefined;
}

export const DEFAULT_MAIL_FROM = 'demo@franchise-ai.example';

/** The settings from the environment; a malformed value throws, naming the variable. */
export function followUpFromEnv(env: Record<string, string | undefined>): FollowUpConfig {
  const value = (name: string) => env[name]?.trim() || undefined;
  const smtpUrl = value('SMTP_URL');
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^/\s]+/i.test(smtpUrl))
    throw new Error(`SMTP_URL must be smtp://host:port or smtps://user:password@host:port, got "${smtpUrl}".`);
  const address = (name: string) => {
    const found = value(name);
    if (found !== undefined && !isEmailAddress(found)) throw new Error(`${name} must be an email address, got "${found}".`);
    return found;
  };
  const bookingUrl = value('BOOKING_URL');
  if (bookingUrl !== undefined && !isHttpUrl(parseUrl(bookingUrl))) throw new Error(`BOOKING_URL must be an http(s) URL, got "${bookingUrl}".`);
  return { smtpUrl, mailFrom: address('MAIL_FROM') ?? DEFAULT_MAIL_FROM, teamEmail: address('TEAM_EMAIL'), bookingUrl };
}

/**
 * What `demo_form`'s answer tells the widget of what follows a call (`calls.followUp`), so that
 * 'Call Scheduled!' and 'Call ended' promise only what happens: a summary by e-mail only when the
 * host both hears about calls (call events on) and can send mail; the booking link when there is one;
 * the company's contact (follow-up-contact.ts), the ending's way on without a booking page.
 */
export interface FollowUpTerms {
  mail: boolean;
  bookingUrl: string | null;
  contact: FollowUpContact;
}

export const followUpTerms = (config: FollowUpConfig, callEventsOn: boolean, contact: FollowUpContact = { email: null, phone: null }): FollowUpTerms => ({
  mail: callEventsOn && config.smtpUrl !== undefined,
  bookingUrl: config.bookingUrl ?? null,
  contact,
});

/** What a mail is about, as the lists show it. */
export type MailKind = 'visitor' | 'team';

export interface MailMessage {
  kind: MailKind;
  from: string;
  to: string;
  subject: string;
  text: string;
  /** The meeting's `.ics` invitation (METHOD:REQUEST), sent as INVITATION_FILE; absent when the call booked none. */
  invitation?: string;
}

/** The attachment's name, which the mails' words give too. */
export const INVITATION_FILE = 'invite.ics';

/** A meeting the agent booked during the call, as the mails carry it (the host's record of book_meeting). */
export interface FollowUpBooking {
  booking: Pick<Booking, 'start' | 'end' | 'businessType'>;
  /** The calendar's zone, which the agent said the time in. */
  timeZone: string;
  /** meeting-event.ts's `invitation()` of the booking. */
  invitation: string;
}

/** The meeting as a line: "Discovery call with the development team: Tuesday, December 8 at 10:00 AM Paris time (30 minutes)". */
function meetingLine({ booking, timeZone }: FollowUpBooking, language: Language): string {
  const title = meetingTitle(booking.businessType, language);
  const when = bookedTimeWords(booking.start, timeZone, language);
  const length = lengthWords(Math.round((booking.end - booking.start) / 60_000), language);
  return language === 'fr' ? typesetFrench('{title} : {when}, {length}.', { title, when, length }) : `${title}: ${when} (${length}).`;
}

/** The visitor's paragraph on their meeting, in their language. */
function visitorMeetingBlock(booked: FollowUpBooking, language: Language): string[] {
  return language === 'fr'
    ? [
        'Votre rendez-vous',
        meetingLine(booked, 'fr'),
        typesetFrench(`L’invitation est jointe (${INVITATION_FILE}) : ouvrez-la pour ajouter le rendez-vous à votre agenda.`),
        '',
      ]
    : ['Your meeting', meetingLine(booked, 'en'), `The invitation is attached (${INVITATION_FILE}): open it to add the meeting to your calendar.`, ''];
}

/** The lead a report is linked to, as the mails name it. */
export interface FollowUpLead {
  name: string;
  company: string;
  email: string;
  businessType: BusinessType;
  website: string | null;
  phoneNumber: string | null;
  /** How the visitor met the agent. */
  channel: 'phone' | 'browser' | 'chat';
  /** The visitor's language: their mail is written in it; absent is English. */
  language?: Language;
}

const QUALIFICATION_LABELS: Record<string, string> = {
  territoryWanted: 'Territory wanted',
  timeline: 'Timeline',
  experience: 'Experience',
  wantsDiscoveryCall: 'Wants a discovery call',
  reasonForCalling: 'Reason for calling',
  bookingWanted: 'Wanted a booking',
  bookingDetails: 'Booking',
};

/** The qualification as `Label: answer` lines, in the schema's order, unanswered ones left out. */
export function qualificationLines(data: Record<string, unknown> | null): string[] {
  if (data === null) return [];
  return Object.entries(data)
    .filter(([, answer]) => answer !== null && answer !== undefined && answer !== '')
    .map(
      ([key, answer]) =>
        `${QUALIFICATION_LABELS[key] ?? key}: ${typeof answer === 'boolean' ? (answer ? 'yes' : 'no') : oneLine(typeof answer === 'string' ? answer : JSON.stringify(answer), 300)}`,
    );
}

/** How the visitor met the agent, as the English mails say it. */
const HOW_EN = { phone: 'phone call', browser: 'call in the browser', chat: 'chat' } as const;

const transcriptBlock = (report: ReportEvent) => report.transcript ?? '(The provider sent no transcript.)';
const summaryBlock = (report: ReportEvent) => report.summary ?? '(The provider sent no summary.)';

/** The visitor's mail in English: what the summary covered, the booking link, the transcript. */
function englishVisitorText(
  lead: FollowUpLead,
  report: ReportEvent,
  config: FollowUpConfig,
  companyName: string,
  booked: FollowUpBooking | undefined,
): Pick<MailMessage, 'subject' | 'text'> {
  const name = oneLine(lead.name, 100);
  const company = oneLine(lead.company, 100);
  const how = HOW_EN[lead.channel];
  // A visitor who booked during the call is not asked to book again.
  const booking = booked || !config.bookingUrl ? [] : ['Book a discovery call with our team, at a time that suits you:', config.bookingUrl, ''];
  return {
    subject: oneLine(`Your AI agent demo for ${company}: the summary`, 200),
    text: [
      `Hello ${name},`,
      '',
      `${endSentence(`Thank you for trying the AI agent ${companyName} built for ${company}`)} Here is what your ${how} covered.`,
      '',
      ...(booked ? visitorMeetingBlock(booked, 'en') : []),
      'Summary',
      summaryBlock(report),
      '',
      ...booking,
      'Transcript',
      transcriptBlock(report),
      '',
      `You are receiving this one email because you asked for the demo. ${companyName} will not call you unless you ask.`,
      '',
    ].join('\n'),
  };
}

/**
 * The visitor's mail in French: the same parts in the same order as the English one,
 * worded as a French team writes to a prospect. The summary and transcript are the provider's.
 */
function frenchVisitorText(
  lead: FollowUpLead,
  report: ReportEvent,
  config: FollowUpConfig,
  companyName: string,
  booked: FollowUpBooking | undefined,
): Pick<MailMessage, 'subject' | 'text'> {
  // Our words typeset; the visitor's, the host's and the provider's filled in as written.
  const slots = {
    name: oneLine(lead.name, 100),
    company: oneLine(lead.company, 100),
    from: companyName,
    summary: report.summary ?? '',
    transcript: report.transcript ?? '',
  };
  const thanks = endSentence(typesetFrench('Merci d’avoir essayé l’agent IA que {from} a conçu pour {company}', slots));
  const how = { phone: 'votre appel', browser: 'votre appel dans le navigateur', chat: 'votre conversation écrite' }[lead.channel];
  const booking = booked || !config.bookingUrl ? [] : ['Réservez un rendez-vous découverte avec notre équipe, au moment qui vous convient :', '{booking}', ''];
  return {
    // One line already: the company is (oneLine would undo the no-break space).
    subject: typesetFrench('Votre démo d’agent IA pour {company} : le compte rendu', slots),
    text: typesetFrench(
      [
        'Bonjour {name},',
        '',
        `{thanks} Voici ce qui s’est dit pendant ${how}.`,
        '',
        // Typeset already; typesetting is idempotent.
        ...(booked ? visitorMeetingBlock(booked, 'fr') : []),
        'Résumé',
        report.summary === null ? '(Le fournisseur n’a envoyé aucun résumé.)' : '{summary}',
        '',
        ...booking,
        'Transcription',
        report.transcript === null ? '(Le fournisseur n’a envoyé aucune transcription.)' : '{transcript}',
        '',
        'Vous recevez cet unique e-mail parce que vous avez demandé la démo. {from} ne vous rappellera pas sans votre demande.',
        '',
      ].join('\n'),
      { ...slots, thanks, booking: config.bookingUrl ?? '' },
    ),
  };
}

/**
 * The mails a report produces: one to the visitor, and one to the team when TEAM_EMAIL is set.
 * `companyName`: who the agent spoke for (COMPANY_NAME); `booked`: the meeting the agent booked
 * during that call, which both mails name and attach.
 */
export function followUpMails(lead: FollowUpLead, report: ReportEvent, config: FollowUpConfig, companyName: string, booked?: FollowUpBooking): MailMessage[] {
  const name = oneLine(lead.name, 100);
  const company = oneLine(lead.company, 100);
  const how = HOW_EN[lead.channel];
  const visitor: MailMessage = {
    kind: 'visitor',
    from: config.mailFrom,
    to: lead.email,
    ...(lead.language === 'fr' ? frenchVisitorText(lead, report, config, companyName, booked) : englishVisitorText(lead, report, config, companyName, booked)),
    ...(booked ? { invitation: booked.invitation } : {}),
  };
  if (config.teamEmail === undefined) return [visitor];
  const qualification = qualificationLines(report.structuredData);
  const team: MailMessage = {
    kind: 'team',
    from: config.mailFrom,
    to: config.teamEmail,
    subject: oneLine(`Demo lead: ${name}, ${company} (${lead.businessType})`, 200),
    text: [
      `${name} of ${company} (${lead.businessType}) finished a ${how} with the demo agent.`,
      '',
      'Lead',
      `Name: ${name}`,
      `Company: ${company}`,
      `E-mail: ${lead.email}`,
      ...(lead.phoneNumber ? [`Phone: ${lead.phoneNumber}`] : []),
      // The team's mail stays in the team's language; it says when the visitor was served in French.
      ...(lead.language === 'fr' ? ['Language: French'] : []),
      ...(lead.website ? [`Website: ${lead.website}`] : []),
      ...(report.endedReason ? [`${lead.channel === 'chat' ? 'Chat' : 'Call'} ended: ${report.endedReason}`] : []),
      ...(report.recordingUrl ? [`Recording: ${report.recordingUrl}`] : []),
      '',
      // In the team's language, the time in the calendar's zone as the agent said it to the lead.
      ...(booked ? ['Meeting booked', meetingLine(booked, 'en'), `It is in the team calendar; the invitation is attached (${INVITATION_FILE}).`, ''] : []),
      'Qualification',
      ...(qualification.length > 0 ? qualification : ['(Not answered.)']),
      '',
      'Summary',
      summaryBlock(report),
      '',
      'Transcript',
      transcriptBlock(report),
      '',
    ].join('\n'),
    ...(booked ? { invitation: booked.invitation } : {}),
  };
  return [visitor, team];
}

/** The outbox's backoff: 5 s, 10 s, 20 s ... doubling up to an hour, then every hour; never given up. */
export const MAIL_RETRY = { firstMs: 5_000, maxMs: 3_600_000 } as const;

/** How long to wait before attempt `failures + 1`, after `failures` failed sends (≥ 1). */
export const retryDelayMs = (failures: number, firstMs: number = MAIL_RETRY.firstMs): number =>
  Math.min(MAIL_RETRY.maxMs, firstMs * 2 ** Math.max(0, Math.min(failures - 1, 30)));
