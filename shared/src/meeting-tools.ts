import { calDavClient, calDavFromEnv, type CalDavClient, type CalDavTransport } from './caldav-client.ts';
import type { BusinessType } from './constants.ts';
import type { Language } from './language.ts';
import { bookMeeting, findMeetingTimes, type BookingOutcome, type CalendarFailed, type MeetingTimes } from './meeting-booking.ts';
import { addToCalendar, invitation, type MeetingLead } from './meeting-event.ts';
import { meetingSettingsFromEnv, type MeetingSettings } from './meeting-slots.ts';
import { bookingWords, meetingTimesWords } from './meeting-words.ts';

// find_meeting_times and book_meeting as a host runs them for a tool call: the settings from its
// environment, the calendar through its HTTP (transport), the answer the agent reads (`result`)
// beside what the host keeps (the outcome; for a booking, the invitation and 'Add to calendar').
// The same on both hosts; each brings its transport and its clock.

/**
 * The most one tool call spends on the calendar: a booking takes up to six requests, and the voice
 * provider stops waiting for a tool's answer after its own timeout (Vapi's default is 20 s).
 */
export const CALENDAR_DEADLINE_MS = 10_000;

export interface CalendarContext {
  /** The host's environment: CALDAV_URL, CALDAV_USERNAME, CALDAV_PASSWORD, CALDAV_TIMEZONE, MEETING_*. */
  env: Record<string, string | undefined>;
  transport: CalDavTransport;
  now: number;
}

type Ready = { ok: true; client: CalDavClient; settings: MeetingSettings } | { ok: false; failed: CalendarFailed; settings: MeetingSettings };

/** The client and the settings; the calendar's own zone is asked for only when CALDAV_TIMEZONE names none. */
async function ready({ env, transport, now }: CalendarContext): Promise<Ready> {
  const fallback = (): MeetingSettings => {
    try {
      return meetingSettingsFromEnv(env);
    } catch {
      return meetingSettingsFromEnv({});
    }
  };
  let config: ReturnType<typeof calDavFromEnv>;
  try {
    config = calDavFromEnv(env);
    meetingSettingsFromEnv(env);
  } catch (error) {
    return { ok: false, failed: { outcome: 'calendar-failed', failure: 'not-configured', detail: (error as Error).message }, settings: fallback() };
  }
  if (!config) return { ok: false, failed: { outcome: 'calendar-failed', failure: 'not-configured', detail: 'CALDAV_URL is not set' }, settings: fallback() };
  const client = calDavClient(config, transport, { deadline: now + CALENDAR_DEADLINE_MS });
  if (env['CALDAV_TIMEZONE']?.trim()) return { ok: true, client, settings: meetingSettingsFromEnv(env) };
  const zone = await client.timeZone();
  if (!zone.ok) return { ok: false, failed: { outcome: 'calendar-failed', failure: zone.failure, detail: zone.detail }, settings: fallback() };
  return { ok: true, client, settings: meetingSettingsFromEnv(env, zone.value) };
}

export interface MeetingTimesCall extends CalendarContext {
  /** The tool call's `after`, as the agent passed it. */
  after?: unknown;
  businessType: BusinessType;
  language: Language;
}

/** find_meeting_times: the agent's `result`, and the times found (or why none). */
export async function runFindMeetingTimes(call: MeetingTimesCall): Promise<{ result: string; times: MeetingTimes; settings: MeetingSettings }> {
  const calendar = await ready(call);
  const times = calendar.ok ? await findMeetingTimes(calendar.client, calendar.settings, call.now, call.after) : calendar.failed;
  return { result: meetingTimesWords(times, calendar.settings, call.businessType, call.language), times, settings: calendar.settings };
}

export interface BookMeetingCall extends CalendarContext {
  /** The lead's booking key (meeting-event.ts's BOOKING_KEY_PATTERN). */
  key: string;
  /** The tool call's `start`, as the agent passed it. */
  start: unknown;
  businessType: BusinessType;
  lead: MeetingLead;
  /** ORGANIZER: COMPANY_NAME, and TEAM_EMAIL (else MAIL_FROM). */
  organizer: { name: string; email: string };
  language: Language;
  /** Whether the host's mails will carry the invitation (SMTP_URL set). */
  invitationByMail: boolean;
}

export interface BookedExtras {
  /** The `.ics` the visitor's and the team's mails attach (METHOD:REQUEST). */
  invitation: string;
  /** What the widget's 'Add to calendar' offers. */
  addToCalendar: ReturnType<typeof addToCalendar>;
}

/** book_meeting: the agent's `result`, the outcome, and for a booking what the mails and the widget show. */
export async function runBookMeeting(
  call: BookMeetingCall,
): Promise<{ result: string; outcome: BookingOutcome; settings: MeetingSettings; booked: BookedExtras | null }> {
  const calendar = await ready(call);
  const outcome = calendar.ok
    ? await bookMeeting(calendar.client, calendar.settings, call.now, {
        key: call.key,
        start: call.start,
        businessType: call.businessType,
        lead: call.lead,
        organizer: call.organizer,
        language: call.language,
      })
    : calendar.failed;
  const booked = outcome.outcome === 'booked' ? { invitation: invitation(outcome.booking), addToCalendar: addToCalendar(outcome.booking) } : null;
  return {
    result: bookingWords(outcome, calendar.settings, call.language, { invitationByMail: call.invitationByMail }),
    outcome,
    settings: calendar.settings,
    booked,
  };
}
