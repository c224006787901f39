import { originRefused, parseOriginPolicy } from '@franchise-ai/shared/origin-policy';
import { LIMIT_MESSAGES, secondsUntilAllowed, type RateLimits } from '@franchise-ai/shared/rate-limits';
import { BODY_REFUSALS, isJsonType, validateBody, type Lead } from '@franchise-ai/shared/request-body';

// The provider's request bodies, as the stand-in sends them.
export { assistantRequest, callRequest } from '@franchise-ai/shared/voice-requests';

// What the workflows' Code nodes run, bundled into each node's code by the workflow build: the
// stand-in's checks, from the same shared modules, so a request the stand-in refuses n8n refuses
// with the same status and the same words. Plain functions of the Webhook node's item and `$env`,
// so they are tested here without n8n.

/** The Webhook node's item: lower-cased headers and the body as n8n parsed it. */
export interface WebhookItem {
  headers: Record<string, string | undefined>;
  /** An object for `application/json`; a string for `text/plain`, which a browser may send without a preflight. */
  body: unknown;
}

/** The environment variables the workflows read, as the stand-in does. */
export interface WorkflowEnv {
  CORS_ORIGINS?: string | undefined;
}

/** A refusal, answered as the stand-in answers it. */
export interface Refusal {
  ok: false;
  status: number;
  body: { error: string; fields?: Record<string, string>; retryAfterSeconds?: number };
}

export interface Accepted {
  ok: true;
  lead: Lead;
  /** Who asked, for the per-client limit: the address the reverse proxy in front of n8n saw. */
  client: string;
}

const refuse = ({ status, error }: { status: number; error: string }, fields?: Record<string, string>): Refusal => ({ ok: false, status, body: fields ? { error, fields } : { error } });

/**
 * The client's address as the proxy in front of n8n reports it (the last X-Forwarded-For entry is
 * the one that proxy added; earlier ones come from the client). n8n's Webhook node passes no socket
 * address, so without a proxy every request counts as one client, 'unknown'.
 */
export function clientOf(headers: WebhookItem['headers']): string {
  return (headers['x-forwarded-for'] ?? '').split(',').at(-1)?.trim() || headers['x-real-ip']?.trim() || 'unknown';
}

/**
 * Origin, then body, then fields. n8n's own "Allowed Origins" only chooses the CORS header it
 * sends back: a request from any other origin still runs the workflow, so the check is here. Only
 * JSON is read, as by the stand-in: a cross-origin `text/plain` post needs no preflight, so it
 * would otherwise reach the workflow from a page that CORS never asked.
 */
export function checkRequest(endpoint: string, item: WebhookItem, env: WorkflowEnv): Accepted | Refusal {
  const origin = item.headers['origin'];
  if (origin !== undefined && !parseOriginPolicy(env.CORS_ORIGINS)(origin)) return refuse({ status: 403, error: originRefused(origin) });
  if (!isJsonType(item.headers['content-type'])) return refuse(BODY_REFUSALS.notJson);
  const validation = validateBody(endpoint, item.body);
  if (!validation.ok) return refuse(BODY_REFUSALS.invalid, validation.fields);
  return { ok: true, lead: validation.lead, client: clientOf(item.headers) };
}

/** A call already recorded, as the calls table holds it. */
export interface CallRow {
  phoneNumber: string;
  client: string;
  /** ISO 8601. */
  receivedAt: string;
}

export interface LimitRefusal extends Refusal {
  /** For the Retry-After header. */
  retryAfterSeconds: number;
}

/**
 * The per-client and per-number limits over the calls recorded so far, the stand-in's rules and
 * words: first the address (a few minutes), then the number (a day).
 */
export function checkCallLimits(rows: readonly CallRow[], lead: Lead, client: string, limits: RateLimits, now: number): { ok: true } | LimitRefusal {
  const checks = [
    [limits.callPerIp, rows.filter((row) => row.client === client), LIMIT_MESSAGES.client],
    [limits.callPerPhone, rows.filter((row) => row.phoneNumber === lead.phoneNumber), LIMIT_MESSAGES.phoneNumber],
  ] as const;
  for (const [rule, matching, message] of checks) {
    if (!rule) continue;
    const wait = secondsUntilAllowed(rule, matching.map((row) => Date.parse(row.receivedAt)), now);
    if (wait > 0) return { ok: false, status: 429, body: { error: message, retryAfterSeconds: wait }, retryAfterSeconds: wait };
  }
  return { ok: true };
}
