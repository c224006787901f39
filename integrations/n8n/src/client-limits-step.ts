import { clientKey } from '@franchise-ai/shared/client-address';
import { LIMIT_MESSAGES, secondsUntilAllowed, type RateLimit } from '@franchise-ai/shared/rate-limits';
import type { LeadEndpoint } from '@franchise-ai/shared/request-body';
import { idsInCommitOrder } from './call-claims.ts';
import type { Settings, WorkflowEnv } from './request-check.ts';

// The per-client limits of demo_form, website_demo_call and chat_message (RATE_LIMIT_DEMO_FORM,
// RATE_LIMIT_ASSISTANT, RATE_LIMIT_CHAT, the stand-in's settings and defaults). The stand-in counts in memory; n8n's
// executions share nothing but the Data Tables, which have no check-then-insert, so each request
// *claims first, then counts*, as the call limits do (call-claims.ts says why that holds): "Hit"
// inserts its row into the hits table, "Hits in window" reads that client's rows for the endpoint,
// and this decision lets it on only within the limit; a refused hit is deleted (it stops counting)
// and answered 429. On SQLite the earlier ids count; on PostgreSQL every visible row, so a burst
// there may refuse a request the limit had room for, never let one more through. The rows outlive
// their window only until the housekeeping workflow deletes them.

/** The hits table's columns: when, which endpoint, and the client as its limit counts it (shared clientKey). */
export const HIT_COLUMNS = ['receivedAt', 'endpoint', 'clientKey'] as const;
export type HitRow = Record<(typeof HIT_COLUMNS)[number], string>;

/** The endpoints whose hits are counted here: the lead webhooks and chat_message. */
export type HitEndpoint = LeadEndpoint | 'chat_message';

/** The per-client limit of each endpoint that has its own here (trigger_ai_demo_call's is in call-claims.ts). */
export const limitOf = (endpoint: HitEndpoint, limits: Settings['limits']): RateLimit | null =>
  endpoint === 'demo_form'
    ? limits.demoFormPerIp
    : endpoint === 'website_demo_call'
      ? limits.assistantPerIp
      : endpoint === 'chat_message'
        ? limits.chatPerIp
        : null;

/** "Hit row": the row to claim and the oldest receivedAt its window counts; none when the limit is off. */
export function hitStep(
  endpoint: HitEndpoint,
  client: string,
  limits: Settings['limits'],
  now: number,
): { limited: false } | { limited: true; row: HitRow; since: string } {
  const rule = limitOf(endpoint, limits);
  if (!rule) return { limited: false };
  return {
    limited: true,
    row: { receivedAt: new Date(now).toISOString(), endpoint, clientKey: clientKey(client) },
    since: new Date(now - rule.windowMs).toISOString(),
  };
}

export type HitDecision = { ok: true } | { ok: false; status: 429; body: { error: string; code: 'client'; retryAfterSeconds: number } };

/** "Client limit": whether the hit "Hit" inserted (`claimed`) is within its limit, over the rows "Hits in window" read after it. */
export function hitDecisionStep(
  claimed: unknown,
  window: readonly unknown[],
  endpoint: HitEndpoint,
  limits: Settings['limits'],
  env: WorkflowEnv,
  now: number,
): HitDecision {
  const rule = limitOf(endpoint, limits);
  const own = claimed as { id?: unknown; clientKey?: unknown } | null;
  const ownId = Number(own?.id);
  if (!Number.isSafeInteger(ownId)) throw new Error(`The hits table answered the insert without the row's id: ${JSON.stringify(claimed)}`);
  if (!rule) return { ok: true };
  const ordered = idsInCommitOrder(env);
  const hits = window
    .map((json) => json as { id?: unknown; receivedAt?: unknown; endpoint?: unknown; clientKey?: unknown } | null)
    .filter((row) => {
      const id = Number(row?.id);
      return Number.isSafeInteger(id) && id !== ownId && (!ordered || id < ownId) && row?.endpoint === endpoint && row?.clientKey === own?.clientKey;
    })
    .map((row) => Date.parse(String(row?.receivedAt)));
  const wait = secondsUntilAllowed(rule, hits, now);
  return wait > 0 ? { ok: false, status: 429, body: { error: LIMIT_MESSAGES.client, code: 'client', retryAfterSeconds: wait } } : { ok: true };
}

/** The longest window a hit row can count in: the housekeeping workflow deletes rows older than this. */
export const longestHitWindowMs = (limits: Settings['limits']): number =>
  Math.max(limits.demoFormPerIp?.windowMs ?? 0, limits.assistantPerIp?.windowMs ?? 0, limits.chatPerIp?.windowMs ?? 0);
