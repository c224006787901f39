import { IDEMPOTENCY_KEY_HEADER } from '@franchise-ai/shared/constants';
import { IDEMPOTENCY_KEY_TTL_MS, KEY_REFUSALS, parseIdempotencyKey, requestFingerprint } from '@franchise-ai/shared/idempotency';
import type { Lead, LeadEndpoint } from '@franchise-ai/shared/request-body';
import { PROVIDER_MESSAGES } from '@franchise-ai/shared/voice-requests';
import type { Answer } from './answer-steps.ts';
import { idsInCommitOrder, RECOUNTS } from './call-claims.ts';
import type { Refusal, WebhookItem, WorkflowEnv } from './request-check.ts';

// A repeated Idempotency-Key on n8n, as the stand-in honours it (shared idempotency.ts): the first
// answer again with Idempotent-Replayed, and nothing stored or called twice. n8n's Data Tables have
// no check-then-insert, so a key is made safe as the call limits are (call-claims.ts): every keyed
// request *claims first, then looks*: "Claim key" inserts its row (state 'working') into the keys
// table, "Same key" reads every row of that key, and this decision lets only the key's owner work.
//
// - SQLite (ids in commit order, call-claims.ts says why): the owner is the lowest id among the
//   key's live rows. Every later claim committed after it and reads after its own commit, so it
//   sees the owner's row: 409 while the owner works, its answer once kept, 422 for another request.
//   Two claims at the same instant: one owner, the other 409.
// - PostgreSQL: ids are not in commit order, so a claim works only when it sees no other live row
//   of its key. Of two owners, the one whose read began last would have seen the other's committed
//   row, so there is at most one. A claim that sees only later ones reads again (RECOUNTS times,
//   they are dropped meanwhile) before it gives up with 409.
//
// The owner keeps its answer on its row before answering ("Keep answer": 'answered', or 'void' for
// an answer that stored nothing, so a retry does the work afresh, as on the stand-in). A row whose
// execution died while 'working' (n8n stopped) is abandoned after KEY_ABANDONED_MS: for a call it
// answers the stand-in's 502 "may have rung" (so a retry never rings the number twice), for the
// other endpoints it stops counting (a retry works again; at worst the lead is stored twice, where
// the visitor would otherwise be refused for a day).

/** The keys table's columns: the key, the hash of its request, when, 'working' | 'answered' | 'void', the answer as JSON, and the first request's id. */
export const KEY_COLUMNS = ['key', 'requestHash', 'receivedAt', 'state', 'answer', 'requestId'] as const;
export type KeyRow = Record<(typeof KEY_COLUMNS)[number], string>;

export const KEY_STATE = { working: 'working', answered: 'answered', void: 'void' } as const;

/**
 * How long a key may stay 'working' before its execution counts as dead: far longer than any
 * request's work (the provider's 10 s, the recounts), far shorter than the key's 24 h.
 */
export const KEY_ABANDONED_MS = 5 * 60_000;

/** "Request key": none (each request stands alone), malformed (400), or the row to claim. */
export type KeyCheck = { ok: true; keyed: false } | { ok: true; keyed: true; row: KeyRow; since: string } | Refusal;

/**
 * The Idempotency-Key of the Webhook node's item (headers lower-cased, a repeated one joined by
 * n8n's server) and, for a key, its claim row: the hash (`sha256`, node's crypto in the Code node)
 * of the request as validated, and `since`, the oldest receivedAt a live key may have.
 */
export function keyStep(
  endpoint: LeadEndpoint,
  product: string,
  item: WebhookItem,
  lead: Lead,
  requestId: string,
  sha256: (text: string) => string,
  now: number,
): KeyCheck {
  const key = parseIdempotencyKey(item.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);
  if (key === null) return { ok: false, status: KEY_REFUSALS.malformed.status, body: { error: KEY_REFUSALS.malformed.error } };
  if (key === undefined) return { ok: true, keyed: false };
  const row: KeyRow = {
    key,
    requestHash: sha256(requestFingerprint(endpoint, product, lead)),
    receivedAt: new Date(now).toISOString(),
    state: KEY_STATE.working,
    answer: '',
    requestId,
  };
  return { ok: true, keyed: true, row, since: new Date(now - IDEMPOTENCY_KEY_TTL_MS).toISOString() };
}

interface StoredKey extends KeyRow {
  id: number;
}

function storedKey(json: unknown): StoredKey | null {
  const row = json as Partial<Record<string, unknown>> | null;
  const id = Number(row?.['id']);
  const text = (name: string) => (typeof row?.[name] === 'string' ? (row[name] as string) : '');
  if (!Number.isSafeInteger(id) || text('key') === '' || text('receivedAt') === '') return null;
  return {
    id,
    key: text('key'),
    requestHash: text('requestHash'),
    receivedAt: text('receivedAt'),
    state: text('state'),
    answer: text('answer'),
    requestId: text('requestId'),
  };
}

/** What a live row of the key stands for: its kept answer, 'working', or null when it no longer counts. */
function rowAnswer(row: StoredKey, endpoint: LeadEndpoint, now: number): Answer | 'working' | null {
  if (now - Date.parse(row.receivedAt) >= IDEMPOTENCY_KEY_TTL_MS || row.state === KEY_STATE.void) return null;
  if (row.state === KEY_STATE.answered) {
    try {
      const answer = JSON.parse(row.answer) as Answer;
      if (typeof answer?.status === 'number' && answer.body && typeof answer.body === 'object') return answer;
    } catch {
      // A row n8n could not finish writing: as if still working, until it is abandoned.
    }
  }
  if (now - Date.parse(row.receivedAt) < KEY_ABANDONED_MS) return 'working';
  // Its execution died. A call may have rung: the stand-in's answer to a call it could not settle.
  if (endpoint === 'trigger_ai_demo_call') return { status: 502, body: { error: PROVIDER_MESSAGES.unconfirmed, requestId: row.requestId } };
  return null;
}

/** "Key decision": work on the request, send a kept answer again, refuse (409, 422), or read the key's rows again (PostgreSQL). */
export type KeyDecision =
  | { decision: 'fresh' }
  | { decision: 'replay'; status: number; body: Record<string, unknown> }
  | { decision: 'refuse'; status: number; body: { error: string; retryAfterSeconds?: number } }
  | { decision: 'recount' };

const inFlight = (): KeyDecision => ({
  decision: 'refuse',
  status: KEY_REFUSALS.inFlight.status,
  body: { error: KEY_REFUSALS.inFlight.error, retryAfterSeconds: KEY_REFUSALS.inFlight.retryAfterSeconds },
});
const mismatch = (): KeyDecision => ({ decision: 'refuse', status: KEY_REFUSALS.mismatch.status, body: { error: KEY_REFUSALS.mismatch.error } });

/**
 * The decision for the row "Claim key" inserted (`claimed`), over the rows "Same key" read after it
 * (`rows`, normally including it), on the `reading`-th read (0 first).
 */
export function keyDecisionStep(
  claimed: unknown,
  rows: readonly unknown[],
  endpoint: LeadEndpoint,
  env: WorkflowEnv,
  now: number,
  reading: number,
): KeyDecision {
  const own = storedKey(claimed);
  if (!own) throw new Error(`The keys table answered the insert without the row's id: ${JSON.stringify(claimed)}`);
  const live = rows
    .map(storedKey)
    .filter((row): row is StoredKey => row !== null && row.key === own.key && row.id !== own.id)
    .map((row) => ({ row, answer: rowAnswer(row, endpoint, now) }))
    .filter((entry): entry is { row: StoredKey; answer: Answer | 'working' } => entry.answer !== null)
    .sort((a, b) => a.row.id - b.row.id);
  const owner = idsInCommitOrder(env) ? live.find(({ row }) => row.id < own.id) : live[0];
  if (!owner) return { decision: 'fresh' };
  if (owner.row.requestHash !== own.requestHash) return mismatch();
  if (owner.answer !== 'working') return { decision: 'replay', status: owner.answer.status, body: owner.answer.body };
  if (!idsInCommitOrder(env)) {
    // Only later claims in sight (which drop their rows) and reads left: look again.
    const kept = live.find(({ answer }) => answer !== 'working');
    if (kept && kept.answer !== 'working') return { decision: 'replay', status: kept.answer.status, body: kept.answer.body };
    if (live.every(({ row }) => row.id > own.id) && reading < RECOUNTS) return { decision: 'recount' };
  }
  return inFlight();
}

/**
 * Whether an answer is kept under its key (an expression over the answer `from`, for "Keep answer"):
 * what stored something, or a call that may have rung, so its retry never rings again. Not kept: the
 * refusals and failures that stored nothing (429, 503, a browser assistant's 502) and a call that
 * certainly did not ring ('call-failed'), as on the stand-in; their retries do the work afresh.
 */
export const keptTest = (from: string): string => `(${from}.status >= 200 && ${from}.status < 300) || ${from}.outcome === 'call-unconfirmed'`;
