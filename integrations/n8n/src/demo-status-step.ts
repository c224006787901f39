import type { BrandProfile } from '@franchise-ai/shared/brand-profile';
import { demoIdFromBytes } from '@franchise-ai/shared/demo-id';
import { callView, checkDemoStatusBody, DEMO_STATUS_MESSAGES, profileView, type ReportedStatus } from '@franchise-ai/shared/demo-status';
import { CALL_STATUSES } from '@franchise-ai/shared/call-events';
import { BODY_REFUSALS } from '@franchise-ai/shared/request-body';
import type { BookingView } from '@franchise-ai/shared/booking-view';
import { storedLanguage, type Language } from '@franchise-ai/shared/language';
import type { Answer } from './answer-steps.ts';
import { envelopeRefusal, frenchOnly, refuse, type Refusal, type WebhookItem, type WorkflowEnv } from './request-check.ts';

// The profiles table's rows (demo_form writes them) and what the workflows make of them: demo_status's
// answer, and the profile the later calls give the assistant. A row is 'reading' until the site is read.

/** A row of the profiles table (every column a string). */
export interface ProfileRow {
  demoId: string;
  receivedAt: string;
  website: string;
  status: string;
  /** The BrandProfile as JSON; '' while reading. */
  profile: string;
  /** The language of the demo's lead, only when French (request-check.ts's frenchOnly): demo_status answers the greeting in it. */
  language?: string;
}

/** "Reading row" (demo_form): a new demo, its id from 16 bytes of node's crypto (the sandbox has none of its own). */
export const readingRow = (randomBytes: Uint8Array, website: string | null, now: number, language?: Language): ProfileRow => ({
  demoId: demoIdFromBytes(randomBytes),
  receivedAt: new Date(now).toISOString(),
  website: website ?? '',
  status: 'reading',
  profile: '',
  ...frenchOnly(language),
});

/** The stored profile of `demoId` among `rows` (a Data Table node's output); null when none is or it is still being read. */
export function storedProfile(rows: readonly Partial<ProfileRow>[], demoId: string | null): BrandProfile | null {
  const row = demoId === null ? undefined : rows.find((candidate) => candidate.demoId === demoId);
  if (!row || row.status === 'reading' || !row.profile) return null;
  try {
    return JSON.parse(row.profile) as BrandProfile;
  } catch {
    return null;
  }
}

/** "Check status" (demo_status): the stand-in's envelope checks, then a well-formed demoId (and webCallId, when sent). */
export function statusCheckStep(item: WebhookItem, env: WorkflowEnv): { ok: true; demoId: string; webCallId: string | null } | Refusal {
  const refused = envelopeRefusal(item, env);
  if (refused) return refused;
  const checked = checkDemoStatusBody(item.body);
  return checked.ok ? { ok: true, demoId: checked.demoId, webCallId: checked.webCallId } : refuse(BODY_REFUSALS.invalid, checked.fields);
}

/**
 * The call links table's columns: which demo a provider call belongs to. trigger_ai_demo_call
 * writes one for each phone call it placed for a demo ('phone', `receivedAt` the request's time),
 * demo_status one for the browser call the widget reports (`webCallId`, 'browser').
 */
export const CALL_LINK_COLUMNS = ['callId', 'demoId', 'channel', 'receivedAt'] as const;
export type CallLinkRow = Record<(typeof CALL_LINK_COLUMNS)[number], string>;

/** A link row; none (an empty list, so the node after it does not run) without a call id or a demo. */
export const callLinkRows = (
  callId: string | null | undefined,
  demoId: string | null | undefined,
  channel: 'phone' | 'browser',
  receivedAt: string,
): CallLinkRow[] => (callId && demoId ? [{ callId, demoId, channel, receivedAt }] : []);

const text = (row: unknown, name: string): string => {
  const value = (row as Record<string, unknown> | null)?.[name];
  return typeof value === 'string' ? value : '';
};

/**
 * The phone call of a demo as the provider reported it: the latest phone link of `demoId` among
 * `links` and the status events of its call among `events` (rows of the events table), as the shared
 * callView; null when no call was placed for it or none was reported.
 */
export function demoCallView(demoId: string, links: readonly unknown[], events: readonly unknown[]) {
  const link = links.filter((row) => text(row, 'demoId') === demoId && text(row, 'channel') === 'phone' && text(row, 'callId') !== '').at(-1);
  if (!link) return null;
  const statuses: ReportedStatus[] = events
    .filter(
      (row) =>
        text(row, 'callId') === text(link, 'callId') && text(row, 'kind') === 'status' && (CALL_STATUSES as readonly string[]).includes(text(row, 'status')),
    )
    .map((row) => ({ status: text(row, 'status') as ReportedStatus['status'], at: text(row, 'at') }));
  return callView(text(link, 'receivedAt'), statuses);
}

/**
 * The meeting the agent booked for `demoId`, from the bookings table's rows (tool-calls-step.ts's
 * BookingRow, whose `view` is the shared bookingView as JSON); null when none was booked.
 */
export function demoBookingView(demoId: string, bookings: readonly unknown[]): BookingView | null {
  const row = bookings.filter((candidate) => text(candidate, 'demoId') === demoId && text(candidate, 'view') !== '').at(-1);
  if (!row) return null;
  try {
    return JSON.parse(text(row, 'view')) as BookingView;
  } catch {
    return null;
  }
}

/**
 * "Status" (demo_status): the visitor's view of the demo's profile, or 404 for a demo this host does
 * not know; with `call` once a phone call was placed for the demo and the provider reported on it,
 * and `booking` once the agent booked a meeting for it.
 */
export function statusStep(
  rows: readonly Partial<ProfileRow>[],
  demoId: string,
  links: readonly unknown[] = [],
  events: readonly unknown[] = [],
  bookings: readonly unknown[] = [],
): Answer {
  const row = rows.find((candidate) => candidate.demoId === demoId);
  if (!row) return { status: 404, body: { error: DEMO_STATUS_MESSAGES.unknown } };
  const call = demoCallView(demoId, links, events);
  const booking = demoBookingView(demoId, bookings);
  return {
    status: 200,
    body: { profile: profileView(storedProfile([row], demoId), storedLanguage(row.language)), ...(call ? { call } : {}), ...(booking ? { booking } : {}) },
  };
}
