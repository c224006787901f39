import { WEBHOOK_PATHS } from '@franchise-ai/shared/constants';
import type { BookingView } from '@franchise-ai/shared/booking-view';
import type { CallView, ProfileView, ViewFact } from '@franchise-ai/shared/demo-status';
import { isRecord } from './assistant-answer.ts';
import { postJson, type WebhookOptions } from './webhook-client.ts';

// The host is a stranger's server to the page: its `demo_status` answer is read field by field, and only text is kept.

/** The most facts the panel shows besides the description (shared demo-status.ts's MAX_VIEW_FACTS, which a host may not honour). */
const MAX_FACTS = 5;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

function readFact(value: unknown): ViewFact | null {
  if (!isRecord(value) || !text(value['text'])) return null;
  return { kind: text(value['kind']) as ViewFact['kind'], text: text(value['text']), source: text(value['source']) };
}

export function readProfileView(body: unknown): ProfileView | null {
  const profile = isRecord(body) ? body['profile'] : undefined;
  if (!isRecord(profile)) return null;
  const website = text(profile['website']);
  switch (profile['status']) {
    case 'reading':
      return { status: 'reading' };
    case 'unavailable':
      return { status: 'unavailable', website: website || null, reason: text(profile['reason']) as Extract<ProfileView, { status: 'unavailable' }>['reason'] };
    case 'ready': {
      const facts = Array.isArray(profile['facts']) ? profile['facts'].map(readFact).filter((fact) => fact !== null) : [];
      return {
        status: 'ready',
        website,
        description: readFact(profile['description']),
        facts: facts.slice(0, MAX_FACTS),
        greeting: text(profile['greeting']) || null,
      };
    }
    default:
      return null;
  }
}

/** The call statuses a host reports (shared call-events.ts's CALL_STATUSES, spelled here so this chunk does not carry that module). */
const CALL_STATUSES: readonly string[] = ['scheduled', 'queued', 'ringing', 'in-progress', 'forwarding', 'ended'];

/** More than an hour is no "speed to lead" (shared demo-status.ts's MAX_SECONDS_TO_RINGING): not shown. */
const MAX_SECONDS_TO_RINGING = 3600;

/** The `call` of a `demo_status` answer: a status the hosts use, and whole seconds to ringing up to an hour; else null. */
export function readCallView(body: unknown): CallView | null {
  const call = isRecord(body) ? body['call'] : undefined;
  if (!isRecord(call) || typeof call['status'] !== 'string' || !CALL_STATUSES.includes(call['status'])) return null;
  const seconds = call['secondsToRinging'];
  const known = typeof seconds === 'number' && Number.isInteger(seconds) && seconds >= 0 && seconds <= MAX_SECONDS_TO_RINGING;
  return { status: call['status'] as CallView['status'], secondsToRinging: known ? seconds : null };
}

/** 'Add to calendar' links only to the event itself or to Google Calendar's own pages: a host's other address is not put on the page. */
const ICS_URL = /^data:text\/calendar[;,]/;
const GOOGLE_CALENDAR = 'https://calendar.google.com/';
/** The data URL of one event is a few kilobytes; a host's megabytes are not put in an attribute. */
const MAX_URL_CHARS = 65_536;
const MAX_TITLE_CHARS = 200;

const instant = (value: unknown): number | null => {
  const at = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isFinite(at) ? at : null;
};
const link = (value: unknown, fits: (url: string) => boolean): string | null =>
  typeof value === 'string' && value.length <= MAX_URL_CHARS && fits(value) ? value : null;

/** The `booking` of a `demo_status` answer (shared booking-view.ts): times that are instants in order, a title and both links; else null. */
export function readBookingView(body: unknown): BookingView | null {
  const booking = isRecord(body) ? body['booking'] : undefined;
  if (!isRecord(booking)) return null;
  const start = instant(booking['start']);
  const end = instant(booking['end']);
  const title = text(booking['title']).slice(0, MAX_TITLE_CHARS);
  const icsDataUrl = link(booking['icsDataUrl'], (url) => ICS_URL.test(url));
  const googleCalendarUrl = link(booking['googleCalendarUrl'], (url) => url.startsWith(GOOGLE_CALENDAR));
  if (start === null || end === null || end <= start || !title || !icsDataUrl || !googleCalendarUrl) return null;
  return { start: new Date(start).toISOString(), end: new Date(end).toISOString(), title, icsDataUrl, googleCalendarUrl };
}

/** What 'Call Scheduled!' and the browser call ask of the host while a call may book: the phone call's view and the booking, each null until there. */
export interface CallStatusView {
  call: CallView | null;
  booking: BookingView | null;
}

/** Asks the host once about this demo's call and booking; rejects with a WebhookError. */
export async function askCallStatus(demoId: string, options: WebhookOptions): Promise<CallStatusView> {
  return postJson(WEBHOOK_PATHS.demoStatus, { demoId }, options, async (response) => {
    try {
      const body: unknown = JSON.parse(await response.text());
      return { call: readCallView(body), booking: readBookingView(body) };
    } catch {
      return { call: null, booking: null };
    }
  });
}

/** The voice provider's call id as the hosts take it: the hosts' own rule. */
export { isWebCallId } from '@franchise-ai/shared/demo-status';

/** Tells the host the browser call's id, so it links the provider's reports to this demo's lead. */
export async function reportWebCallId(demoId: string, webCallId: string, options: WebhookOptions): Promise<void> {
  await postJson(WEBHOOK_PATHS.demoStatus, { demoId, webCallId }, options, async (response) => void (await response.text()));
}

/** Asks the host once what it read of the website; rejects with a WebhookError (a 404: no `demo_status`), null if unreadable. */
export async function askDemoStatus(demoId: string, options: WebhookOptions): Promise<ProfileView | null> {
  return postJson(WEBHOOK_PATHS.demoStatus, { demoId }, options, async (response) => {
    try {
      return readProfileView(JSON.parse(await response.text()));
    } catch {
      return null;
    }
  });
}
