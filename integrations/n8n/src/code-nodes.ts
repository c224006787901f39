import { originRefused, parseOriginPolicy } from '@franchise-ai/shared/origin-policy';
import { LIMIT_MESSAGES, rateLimitsFromEnv, secondsUntilAllowed, type RateLimits } from '@franchise-ai/shared/rate-limits';
import { BODY_REFUSALS, isJsonType, validateBody, type Lead } from '@franchise-ai/shared/request-body';

import { assistantRequest, callRequest, DEFAULT_VAPI_API_BASE, PROVIDER_MESSAGES } from '@franchise-ai/shared/voice-requests';
import { joinUrl } from '@franchise-ai/shared/web-url';

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
export function checkCallLimits(rows: readonly CallRow[], lead: Pick<Lead, 'phoneNumber'>, client: string, limits: RateLimits, now: number): { ok: true } | LimitRefusal {
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

// --- the steps, as the Code nodes call them ------------------------------------------------------
// Each takes plain JSON and returns the item the node outputs; `ok: false` items go to a Respond
// node that answers `status` and `body`.

/** A lead as one row of the leads table (every column a string; '' for none). */
export type LeadRow = Record<(typeof LEAD_COLUMNS)[number], string>;

/** The leads table's columns, in order. */
export const LEAD_COLUMNS = ['receivedAt', 'endpoint', 'product', 'name', 'company', 'email', 'website', 'businessType', 'phoneNumber', 'client'] as const;

export type CheckOutput = { ok: true; row: LeadRow; since: string } | Refusal;

/** "Check request": the request's checks, and the row to store; `since` is where the call limits start looking. */
export function checkStep(endpoint: string, product: string, item: WebhookItem, env: Record<string, string | undefined>, now: number): CheckOutput {
  const checked = checkRequest(endpoint, item, env);
  if (!checked.ok) return checked;
  const { lead, client } = checked;
  const row: LeadRow = {
    receivedAt: new Date(now).toISOString(),
    endpoint,
    product,
    name: lead.name,
    company: lead.company,
    email: lead.email,
    website: lead.website ?? '',
    businessType: lead.businessType,
    phoneNumber: lead.phoneNumber ?? '',
    client,
  };
  const windows = Object.values(rateLimitsFromEnv(env)).map((rule) => rule?.windowMs ?? 0);
  return { ok: true, row, since: new Date(now - Math.max(...windows)).toISOString() };
}

/** "Limits": the call limits over the rows the table returned since `since` (an empty item when none). */
export function limitStep(check: { row: LeadRow }, recent: readonly Partial<LeadRow>[], env: Record<string, string | undefined>, now: number): { ok: true; row: LeadRow } | LimitRefusal {
  const rows = recent.filter((row): row is CallRow => typeof row.receivedAt === 'string' && typeof row.phoneNumber === 'string' && typeof row.client === 'string');
  const lead = { phoneNumber: check.row.phoneNumber };
  const decision = checkCallLimits(rows, lead, check.row.client, rateLimitsFromEnv(env), now);
  return decision.ok ? { ok: true, row: check.row } : decision;
}

/** Posts JSON to `{VAPI_API_BASE}{path}` with the private key; resolves to the answer's `id`, rejects on anything else. */
export type ProviderPost = (path: string, body: unknown) => Promise<string>;

/** n8n's `this.helpers.httpRequest`, as far as the provider calls use it. */
export type HttpRequest = (options: { method: 'POST'; url: string; headers: Record<string, string>; body: unknown; json: true; timeout: number }) => Promise<unknown>;

/** The provider calls through n8n's HTTP helper, with the stand-in's base, key and 10 s ceiling. */
export const providerPost =
  (env: Record<string, string | undefined>, request: HttpRequest): ProviderPost =>
  async (path, body) => {
    const url = joinUrl(env['VAPI_API_BASE'] || DEFAULT_VAPI_API_BASE, path);
    const answer = await request({ method: 'POST', url, headers: { Authorization: `Bearer ${env['VAPI_PRIVATE_KEY'] ?? ''}` }, body, json: true, timeout: 10_000 });
    const id = (answer as { id?: unknown } | null)?.id;
    if (typeof id !== 'string' || id === '') throw new Error(`POST ${path} answered no id.`);
    return id;
  };

/** An answer for a Respond node. */
export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

const leadOf = (row: LeadRow): Lead & { phoneNumber: string } => ({
  name: row.name,
  company: row.company,
  email: row.email,
  website: row.website || null,
  businessType: row.businessType as Lead['businessType'],
  phoneNumber: row.phoneNumber,
});

/** "Assistant" (website_demo_call): the configured assistant, or one made for this visitor. */
export async function assistantStep(row: LeadRow, env: Record<string, string | undefined>, post: ProviderPost): Promise<Answer> {
  if (env['VAPI_ASSISTANT_ID']) return { status: 200, body: { assistantId: env['VAPI_ASSISTANT_ID'] } };
  if (!env['VAPI_PRIVATE_KEY']) return { status: 503, body: { error: PROVIDER_MESSAGES.noAssistant } };
  try {
    return { status: 200, body: { assistantId: await post('/assistant', assistantRequest(leadOf(row))) } };
  } catch {
    return { status: 502, body: { error: PROVIDER_MESSAGES.failed } };
  }
}

/** "Call" (trigger_ai_demo_call, after the row is stored): the assistant, then the call; recorded only when calls are not set up. */
export async function callStep(row: LeadRow, env: Record<string, string | undefined>, post: ProviderPost): Promise<Answer> {
  if (!env['VAPI_PRIVATE_KEY'] || !env['VAPI_PHONE_NUMBER_ID']) return { status: 202, body: { status: 'recorded', message: PROVIDER_MESSAGES.callsNotConfigured } };
  const lead = leadOf(row);
  let assistantId = env['VAPI_ASSISTANT_ID'];
  try {
    assistantId ||= await post('/assistant', assistantRequest(lead));
  } catch {
    return { status: 502, body: { error: PROVIDER_MESSAGES.failed } };
  }
  try {
    return { status: 200, body: { status: 'placed', callId: await post('/call', callRequest(assistantId, env['VAPI_PHONE_NUMBER_ID'], lead)) } };
  } catch {
    // The provider may have placed it before failing to answer: say it may still ring.
    return { status: 502, body: { error: PROVIDER_MESSAGES.unconfirmed } };
  }
}
