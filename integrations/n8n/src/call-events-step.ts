import {
  callEventsFromEnv,
  checkSecret,
  EVENT_REFUSALS,
  eventKey,
  MAX_EVENT_BODY_BYTES,
  parseCallEvent,
  SECRET_HEADER,
  type CallEvent,
  type ReportEvent,
} from '@franchise-ai/shared/call-events';
import { BODY_REFUSALS, isJsonType } from '@franchise-ai/shared/request-body';
import { followUpFromEnv, followUpMails, type FollowUpBooking, type FollowUpLead } from '@franchise-ai/shared/follow-up';
import { callPolicyFromEnv } from '@franchise-ai/shared/call-policy';
import { leadWebhookFromEnv, type TerritoryCheck } from '@franchise-ai/shared/lead-event';
import type { Booking } from '@franchise-ai/shared/meeting-event';
import type { Answer } from './answer-steps.ts';
import { isToolCallsMessage } from '@franchise-ai/shared/tool-calls';
import { outboxRow, type OutboxRow } from './outbox-step.ts';
import { invalidMessage, toolCallsToAnswer, type ToolCallsToAnswer } from './tool-calls-step.ts';
import { linkedLead, type LinkedRows } from './linked-lead.ts';
import { bodyBytes, misconfigured, refuse, type Refusal, type WebhookItem, type WorkflowEnv } from './request-check.ts';

export { linkedLead, type LinkedRows } from './linked-lead.ts';

// The `call_events` workflow's Code nodes: the stand-in's checks on what the voice provider
// reports (shared call-events.ts), the row each event is stored as, which of two deliveries of one
// event is the one kept, and the follow-up mails a newly stored end-of-call report puts in the outbox.

/** The events table's columns: one row per event, `key` (shared eventKey) naming it across redeliveries. */
export const EVENT_COLUMNS = [
  'key',
  'callId',
  'assistantId',
  'kind',
  'status',
  'at',
  'receivedAt',
  'endedReason',
  'transcript',
  'summary',
  'structuredData',
  'recordingUrl',
] as const;
export type EventRow = Record<(typeof EVENT_COLUMNS)[number], string>;

/** A report to store: its row, and the event for the later nodes. */
export interface EventToStore {
  store: true;
  row: EventRow;
  event: CallEvent;
}
/** Answered without storing anything: a refusal, or a message type the hosts do not use (200, `ignored`). */
export type EventAnswer = (Refusal | { ok: true; status: 200; body: { ok: true; ignored: string } }) & { store: false };

export function eventRow(event: CallEvent, receivedAt: Date): EventRow {
  const report = event.kind === 'report' ? event : null;
  return {
    key: eventKey(event),
    callId: event.callId,
    assistantId: event.assistantId ?? '',
    kind: event.kind,
    status: event.kind === 'status' ? event.status : '',
    at: event.at,
    receivedAt: receivedAt.toISOString(),
    endedReason: event.endedReason ?? '',
    transcript: report?.transcript ?? '',
    summary: report?.summary ?? '',
    structuredData: report?.structuredData ? JSON.stringify(report.structuredData) : '',
    recordingUrl: report?.recordingUrl ?? '',
  };
}

/**
 * "Check event": the secret first (the stand-in refuses before reading the body, so a wrong one
 * stores nothing), then the settings (a malformed one answers 500, so the provider retries once it
 * is fixed, rather than a report being stored with its mails dropped), the body's type and size, and
 * the message: a tool-calls message goes to the tools' answer instead.
 */
export function eventCheckStep(item: WebhookItem, env: WorkflowEnv, now: number): EventToStore | EventAnswer | ToolCallsToAnswer {
  const answer = (refusal: Refusal): EventAnswer => ({ ...refusal, store: false });
  let secret: string | undefined;
  try {
    secret = callEventsFromEnv(env).secret;
  } catch (error) {
    return answer(misconfigured(error));
  }
  const access = checkSecret(secret, item.headers[SECRET_HEADER]);
  if (access !== 'ok') return answer(refuse(EVENT_REFUSALS[access]));
  try {
    followUpFromEnv(env);
    callPolicyFromEnv(env);
    leadWebhookFromEnv(env);
  } catch (error) {
    return answer(misconfigured(error));
  }
  if (!isJsonType(item.headers['content-type'])) return answer(refuse(BODY_REFUSALS.notJson));
  if (bodyBytes(item) > MAX_EVENT_BODY_BYTES) return answer(refuse(BODY_REFUSALS.tooLarge));
  // A tool call during a call is answered, never stored as an event (tool-calls-step.ts).
  if (isToolCallsMessage(item.body)) return toolCallsToAnswer(item.body, env);
  const receivedAt = new Date(now);
  const parsed = parseCallEvent(item.body, receivedAt);
  if (!parsed.ok) return invalidMessage(parsed.reason);
  if (parsed.event === null) return { ok: true, status: 200, body: { ok: true, ignored: parsed.ignored }, store: false };
  return { store: true, row: eventRow(parsed.event, receivedAt), event: parsed.event };
}

/**
 * "First?": whether the row "Store event" inserted is the event's first delivery, from the rows of
 * its key read after the insert was committed. Data Tables have no unique column, so each delivery
 * inserts, then reads: the one with the lowest id is kept, a later one is a duplicate (its row is
 * deleted and nothing follows from it). On SQLite, n8n's default, ids are given in commit order
 * (call-claims.ts): a lower id was committed before this insert began, so this read sees it, and
 * exactly one delivery finds no lower id. (On PostgreSQL a lower id can still be uncommitted at
 * the read: two deliveries within milliseconds of each other may then both go on; see the README.)
 */
export function firstStep(claimed: unknown, rows: readonly unknown[], keyColumn = 'key'): { first: boolean; id: number } {
  const id = Number((claimed as { id?: unknown } | null)?.id);
  if (!Number.isSafeInteger(id)) throw new Error(`The table answered the insert without the row's id: ${JSON.stringify(claimed)}`);
  const key = (claimed as Record<string, unknown>)[keyColumn];
  const earlier = rows.filter((row) => {
    const other = row as Record<string, unknown> | null;
    return other?.[keyColumn] === key && Number(other?.['id']) < id;
  });
  return { first: earlier.length === 0, id };
}

/** What "Follow-up" outputs: the outbox rows to insert, and the answer to the provider. */
export interface FollowUpOutput {
  mails: OutboxRow[];
  answer: Answer;
}

/**
 * The meeting the agent booked during this call, from the bookings table's rows of its callId
 * (tool-calls-step.ts's BookingRow): what the mails name and attach; null for none, or a row not read.
 */
export function callBooking(rows: readonly unknown[]): (FollowUpBooking & { booking: Booking }) | null {
  const row = rows.at(-1) as Partial<Record<string, unknown>> | undefined;
  if (!row || typeof row['booking'] !== 'string' || typeof row['timeZone'] !== 'string' || typeof row['invitation'] !== 'string') return null;
  try {
    return { booking: JSON.parse(row['booking']) as Booking, timeZone: row['timeZone'], invitation: row['invitation'] };
  } catch {
    return null;
  }
}

/** check_territory's last answer during this call, from the territory checks table's rows of its callId (tool-calls-step.ts); null for none. */
export function callTerritory(rows: readonly unknown[]): TerritoryCheck | null {
  const row = rows.at(-1) as Partial<Record<string, unknown>> | undefined;
  if (!row || typeof row['check'] !== 'string') return null;
  try {
    return JSON.parse(row['check']) as TerritoryCheck;
  } catch {
    return null;
  }
}

/**
 * "Follow-up": for a newly stored end-of-call report linked to a lead, the shared mails as outbox
 * rows, when SMTP_URL is set. Otherwise no row, and the answer's `followUp` says why (the provider's
 * webhook log shows it; n8n keeps no execution that ended normally). `booked`: the meeting the agent
 * booked during this call (null for none), which both mails name, each row keeping its invitation.
 */
export function followUpStep(report: ReportEvent, rows: LinkedRows, env: WorkflowEnv, now: number, booked: FollowUpBooking | null): FollowUpOutput {
  const config = followUpFromEnv(env);
  const answer = (followUp: string): Answer => ({ status: 200, body: { ok: true, duplicate: false, followUp } });
  const lead = linkedLead(report.callId, rows);
  if (lead === null) return { mails: [], answer: answer(`No lead is linked to call ${report.callId}: no follow-up mail.`) };
  if (config.smtpUrl === undefined) return { mails: [], answer: answer('SMTP_URL is not set: no follow-up mail is sent.') };
  const mails = followUpRows(lead, report, env, now, booked);
  return { mails, answer: answer(`${mails.length} follow-up mail(s) queued.`) };
}

/** A report's follow-up mails as outbox rows, for its lead (a call's or a chat's); none without SMTP_URL. */
export function followUpRows(lead: FollowUpLead, report: ReportEvent, env: WorkflowEnv, now: number, booked: FollowUpBooking | null): OutboxRow[] {
  const config = followUpFromEnv(env);
  if (config.smtpUrl === undefined) return [];
  return followUpMails(lead, report, config, callPolicyFromEnv(env).companyName, booked ?? undefined).map((mail) => outboxRow(mail, eventKey(report), now));
}
