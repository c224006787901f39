import { eventKey, type ReportEvent } from '@franchise-ai/shared/call-events';
import { MAIL_RETRY } from '@franchise-ai/shared/follow-up';
import {
  deliveryOf,
  LEAD_WEBHOOK_TIMEOUT_MS,
  leadQualifiedEvent,
  leadWebhookFromEnv,
  nextDeliveryDelayMs,
  retryAfterMs,
  signedHeaders,
  type ConsentProof,
  type LeadEventFacts,
} from '@franchise-ai/shared/lead-event';
import { linkedLead, type LinkedRows } from './call-events-step.ts';
import type { WorkflowEnv } from './request-check.ts';

// The lead.qualified events' outbox on n8n, as the reference host's (shared lead-event.ts):
// call_events writes one row per newly stored end-of-call report linked to a lead, its webhook-id
// and body fixed then; the `lead_outbox` workflow claims each due row ('pending' → 'sending'),
// signs and posts it to LEAD_WEBHOOK_URL, and marks it 'delivered' (2xx), 'gone' (410) or back to
// 'pending' after the shared backoff (or the receiver's Retry-After). Claimed before the post, so
// after a 2xx it is never sent again under its id.

/** The table's columns (every one a string, as the Data Tables here are made). */
export const LEAD_OUTBOX_COLUMNS = [
  'key',
  'eventId',
  'callId',
  'leadId',
  'body',
  'status',
  'attempts',
  'nextAttemptAt',
  'queuedAt',
  'sentAt',
  'error',
] as const;
export type LeadOutboxRow = Record<(typeof LEAD_OUTBOX_COLUMNS)[number], string>;

/** A row's life: 'pending' → 'sending' (claimed) → 'delivered' or 'gone', or back to 'pending'. */
export const LEAD_STATUS = { pending: 'pending', sending: 'sending', delivered: 'delivered', gone: 'gone' } as const;

/** The facts n8n does not have yet: what the agent's tools did during the call (filled once n8n keeps them). */
export interface CallToolFacts {
  booking: LeadEventFacts['booking'];
  territory: LeadEventFacts['territory'];
}

const field = (row: unknown, name: string): string => {
  const value = (row as Record<string, unknown> | null)?.[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
};

/** The consent a phone call was placed on: its calls row (a browser call has none). */
function consentOf(callId: string, rows: LinkedRows): ConsentProof | null {
  const call = rows.calls.find((row) => field(row, 'callId') === callId);
  if (!call || field(call, 'consentText') === '') return null;
  return { text: field(call, 'consentText'), at: field(call, 'receivedAt'), ip: field(call, 'client'), phoneNumber: field(call, 'phoneNumber') };
}

/** The lead's row id in the leads table: the one linkedLead took (same receivedAt and e-mail). */
function leadIdOf(lead: { email: string }, rows: LinkedRows, callId: string): string {
  const call = rows.calls.find((row) => field(row, 'callId') === callId);
  const link = rows.links.find((row) => field(row, 'callId') === callId);
  const demo = link && rows.demos.find((row) => field(row, 'demoId') === field(link, 'demoId'));
  const receivedAt = field(call ?? demo, 'receivedAt');
  return field(
    rows.leads.find((row) => field(row, 'receivedAt') === receivedAt && field(row, 'email') === lead.email),
    'id',
  );
}

/**
 * "Lead event": for a newly stored report linked to a lead, with LEAD_WEBHOOK_URL set, its outbox
 * row (`newId`: a fresh UUID, node's crypto); none otherwise, and why. `tools`: the booking and the
 * territory answer of the call (null until n8n's tool calls keep them).
 */
export function leadEventStep(
  report: ReportEvent,
  rows: LinkedRows,
  env: WorkflowEnv,
  now: number,
  newId: () => string,
  tools: CallToolFacts = { booking: null, territory: null },
): { row: LeadOutboxRow | null; reason: string } {
  if (leadWebhookFromEnv(env) === undefined) return { row: null, reason: 'LEAD_WEBHOOK_URL is not set: no lead.qualified event.' };
  const lead = linkedLead(report.callId, rows);
  if (lead === null) return { row: null, reason: `No lead is linked to call ${report.callId}: no lead.qualified event.` };
  const leadId = leadIdOf(lead, rows, report.callId);
  return { row: leadEventRow({ leadId, lead, report, consent: consentOf(report.callId, rows), ...tools }, now, newId), reason: 'lead.qualified queued.' };
}

/** A report's lead.qualified event as its outbox row, due at once (`newId`: a fresh UUID): a call's or a chat's. */
export function leadEventRow(facts: LeadEventFacts, now: number, newId: () => string): LeadOutboxRow {
  const { report } = facts;
  const event = leadQualifiedEvent(facts);
  const at = new Date(now).toISOString();
  return {
    key: eventKey(report),
    eventId: `msg_${newId().replaceAll('-', '')}`,
    callId: report.callId,
    leadId: facts.leadId,
    body: JSON.stringify(event),
    status: LEAD_STATUS.pending,
    attempts: '0',
    nextAttemptAt: at,
    queuedAt: at,
    sentAt: '',
    error: '',
  };
}

/** LEAD_WEBHOOK_RETRY_FIRST_MS: the first wait after a failed delivery (doubling), as on the reference host. */
export function leadRetryFirstMs(env: WorkflowEnv): number {
  const value = env['LEAD_WEBHOOK_RETRY_FIRST_MS'];
  if (value === undefined || value === '') return MAIL_RETRY.firstMs;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`LEAD_WEBHOOK_RETRY_FIRST_MS must be a whole number ≥ 1, got "${value}".`);
  return parsed;
}

/** n8n's `this.helpers.httpRequest`, as the delivery calls it: the full response, no throw on a status. */
export type LeadHttpRequest = (options: {
  method: 'POST';
  url: string;
  headers: Record<string, string>;
  body: string;
  timeout: number;
  disableFollowRedirect: true;
  returnFullResponse: true;
  ignoreHttpStatusErrors: true;
}) => Promise<{ statusCode: number; headers?: Record<string, unknown> }>;

/** What "Deliver" writes back on the claimed row. */
export type LeadDelivery = Pick<LeadOutboxRow, 'status' | 'attempts' | 'nextAttemptAt' | 'sentAt' | 'error'>;

/**
 * "Deliver": the claimed row posted, signed anew under its fixed webhook-id; never throws. Settings
 * unset or wrong: the row goes back to 'pending' with the reason, so nothing is lost.
 */
export async function leadDeliveryStep(claimed: unknown, env: WorkflowEnv, request: LeadHttpRequest, now: () => number): Promise<LeadDelivery> {
  const row = claimed as Partial<LeadOutboxRow>;
  const attempts = (Number(row.attempts) || 0) + 1;
  const later = (error: string, firstMs: number, asked = 0): LeadDelivery => ({
    status: LEAD_STATUS.pending,
    attempts: String(attempts),
    nextAttemptAt: new Date(now() + nextDeliveryDelayMs(attempts, firstMs, asked)).toISOString(),
    sentAt: '',
    error: error.slice(0, 500),
  });
  let config: ReturnType<typeof leadWebhookFromEnv>;
  let firstMs: number = MAIL_RETRY.firstMs;
  try {
    config = leadWebhookFromEnv(env);
    firstMs = leadRetryFirstMs(env);
  } catch (error) {
    return later((error as Error).message, firstMs);
  }
  if (config === undefined) return later('LEAD_WEBHOOK_URL is not set: kept until it is.', firstMs);
  const body = row.body ?? '';
  let answer: Awaited<ReturnType<LeadHttpRequest>>;
  try {
    answer = await request({
      method: 'POST',
      url: config.url,
      headers: { 'Content-Type': 'application/json', ...signedHeaders(config.secret, row.eventId ?? '', new Date(now()), body) },
      body,
      timeout: LEAD_WEBHOOK_TIMEOUT_MS,
      disableFollowRedirect: true,
      returnFullResponse: true,
      ignoreHttpStatusErrors: true,
    });
  } catch (error) {
    return later(String((error as Error)?.message ?? error), firstMs);
  }
  const verdict = deliveryOf(answer.statusCode);
  if (verdict === 'delivered')
    return { status: LEAD_STATUS.delivered, attempts: String(attempts), nextAttemptAt: '', sentAt: new Date(now()).toISOString(), error: '' };
  const failure = `the receiver answered ${answer.statusCode}`;
  if (verdict === 'gone') return { status: LEAD_STATUS.gone, attempts: String(attempts), nextAttemptAt: '', sentAt: '', error: `${failure}: not tried again` };
  const retryAfter = answer.headers?.['retry-after'];
  return later(failure, firstMs, retryAfterMs(typeof retryAfter === 'string' ? retryAfter : null, now()));
}
