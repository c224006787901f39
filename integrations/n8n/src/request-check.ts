import type { ToolSetup } from '@franchise-ai/shared/agent-tools';
import type { ChatRefusal } from '@franchise-ai/shared/chat';
import { callEventsFromEnv, type CallEventsServer } from '@franchise-ai/shared/call-events';
import { callPolicyFromEnv, callTerms, type CallPolicy, type CallTerms } from '@franchise-ai/shared/call-policy';
import { followUpFromEnv, followUpTerms, type FollowUpTerms } from '@franchise-ai/shared/follow-up';
import { contactFromEnv } from '@franchise-ai/shared/follow-up-contact';
import { clientAddress } from '@franchise-ai/shared/client-address';
import { originRefused, parseOriginPolicy } from '@franchise-ai/shared/origin-policy';
import { rateLimitsFromEnv, type LimitCode, type RateLimits } from '@franchise-ai/shared/rate-limits';
import { maxSiteReadsFromEnv } from '@franchise-ai/shared/read-cap';
import { toolSetupFromEnv } from './agent-tools-step.ts';
import { BODY_REFUSALS, isJsonType, MAX_BODY_BYTES, validateBody, type BodyPolicy, type Lead, type LeadEndpoint } from '@franchise-ai/shared/request-body';

// "Check request", the first Code node of every workflow: the stand-in's checks on the Webhook
// node's item, from the same shared modules, so a request the stand-in refuses n8n refuses with the
// same status and words; and the rows the later nodes store.

/** The Webhook node's item: lower-cased headers and the body as n8n parsed it. */
export interface WebhookItem {
  headers: Record<string, string | undefined>;
  /** An object for `application/json`; a string for `text/plain`, which a browser may send without a preflight. */
  body: unknown;
}

/** `$env`, as far as the workflows read it: the stand-in's variables. */
export type WorkflowEnv = Record<string, string | undefined>;

/** A refusal, answered as the stand-in answers it. */
export interface Refusal {
  ok: false;
  status: number;
  body: { error: string; fields?: Record<string, string>; codes?: Record<string, string>; code?: LimitCode | ChatRefusal; retryAfterSeconds?: number };
}

export interface Accepted {
  ok: true;
  lead: Lead;
  /** The client's address: the one the proxy in front of n8n reports under TRUST_PROXY=1, else 'unknown'. */
  client: string;
}

/** A refusal; with `fields`, each field's reason and (`codes`) the code the widget words it by, as the stand-in answers them. */
export const refuse = ({ status, error }: { status: number; error: string }, fields?: Record<string, string>, codes: Record<string, string> = {}): Refusal => ({
  ok: false,
  status,
  body: fields ? { error, fields, codes } : { error },
});

/** The host's settings, each read once per request; a malformed one throws, naming its variable. */
export interface Settings {
  policy: CallPolicy;
  limits: RateLimits;
  /** Where every assistant reports its calls (PUBLIC_WEBHOOK_BASE and VAPI_SERVER_SECRET); none: not at all. */
  callEvents: CallEventsServer | undefined;
  /** What follows a call: mail only with call events on (VAPI_SERVER_SECRET) and SMTP_URL; BOOKING_URL. */
  followUp: FollowUpTerms;
  /** MAX_SITE_READS: websites read at once (read-slots-step.ts). */
  maxSiteReads: number;
  /** Which of the agent's tools are set up (TERRITORIES_FILE, CALDAV_URL): agent-tools-step.ts. */
  tools: ToolSetup;
}

export function settingsFromEnv(env: WorkflowEnv): Settings {
  const callEvents = callEventsFromEnv(env);
  return {
    policy: callPolicyFromEnv(env),
    limits: rateLimitsFromEnv(env),
    callEvents: callEvents.server,
    followUp: followUpTerms(followUpFromEnv(env), callEvents.secret !== undefined, contactFromEnv(env)),
    maxSiteReads: maxSiteReadsFromEnv(env),
    tools: toolSetupFromEnv(env),
  };
}

/**
 * n8n's Webhook node gives a workflow no socket address, so the stand-in's rule is applied with none:
 * behind the operator's proxy (TRUST_PROXY=1, as for the stand-in) the address it appended, else
 * 'unknown' for everyone, and a header the client made up changes nothing.
 */
export const clientOf = (headers: WebhookItem['headers'], env: WorkflowEnv): string => clientAddress(headers, env['TRUST_PROXY'] === '1', undefined);

/**
 * The body's size in bytes, as the stand-in counts it: its Content-Length, which a browser always
 * sends. A chunked body has none, and a gzipped one declares less than it holds, so the body as n8n
 * parsed it is measured too, written back as compact JSON in UTF-8, and the larger size counts.
 */
export function bodyBytes(item: WebhookItem): number {
  const declared = Number(item.headers['content-length'] ?? 0);
  const text = typeof item.body === 'string' ? item.body : (JSON.stringify(item.body) ?? '');
  let parsed = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    parsed += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return Math.max(Number.isFinite(declared) ? declared : 0, parsed);
}

/** A body cap: its bytes and the 413 over it. */
export interface BodyCap {
  bytes: number;
  refusal: { status: number; error: string };
}
const LEAD_BODY_CAP: BodyCap = { bytes: MAX_BODY_BYTES, refusal: BODY_REFUSALS.tooLarge };

/** Origin, then body type, then size: every webhook's first checks, demo_status's and chat_message's (its own cap) too. */
export function envelopeRefusal(item: WebhookItem, env: WorkflowEnv, cap: BodyCap = LEAD_BODY_CAP): Refusal | null {
  const origin = item.headers['origin'];
  if (origin !== undefined && !parseOriginPolicy(env['CORS_ORIGINS'])(origin)) return refuse({ status: 403, error: originRefused(origin) });
  if (!isJsonType(item.headers['content-type'])) return refuse(BODY_REFUSALS.notJson);
  // n8n has read the body by now, up to N8N_PAYLOAD_SIZE_MAX (execution-data.env): refusing it here
  // keeps it out of every later node, and the workflows' settings keep the execution out of the database.
  if (bodyBytes(item) > cap.bytes) return refuse(cap.refusal);
  return null;
}

/**
 * Origin, then body (type, then size), then fields, in the stand-in's order. n8n's own "Allowed
 * Origins" only chooses the CORS header it sends back: a request from any other origin still runs
 * the workflow, so the check is here. Only JSON is read, as by the stand-in: a cross-origin
 * `text/plain` post needs no preflight, so it would otherwise reach the workflow from a page that
 * CORS never asked.
 */
export function checkRequest(endpoint: LeadEndpoint, item: WebhookItem, env: WorkflowEnv, policy: BodyPolicy): Accepted | Refusal {
  const refused = envelopeRefusal(item, env);
  if (refused) return refused;
  const validation = validateBody(endpoint, item.body, policy);
  if (!validation.ok) return refuse(BODY_REFUSALS.invalid, validation.fields, validation.codes);
  return { ok: true, lead: validation.lead, client: clientOf(item.headers, env) };
}

/** The answer when a setting is malformed: every request, until the operator fixes it (the stand-in would not start). */
export const misconfigured = (error: unknown): Refusal => ({
  ok: false,
  status: 500,
  body: { error: `The webhook host is misconfigured: ${(error as Error).message}` },
});

/**
 * A lead as one row of the leads table (every column a string; '' for none), but `language`, which
 * only a French lead's row has (see frenchOnly).
 */
export type LeadRow = Record<Exclude<(typeof LEAD_COLUMNS)[number], 'language'>, string> & { language?: 'fr' };

/**
 * The `language` column, on a row only when it says `fr`. n8n refuses a whole row that names a
 * column its table lacks ("unknown column name", n8n 2.8.4's data-table.service.js), and a table made
 * by earlier workflows lacks it: so English rows, as before, never name it and keep being stored there,
 * and only a French lead needs the column added (integrations/n8n/README.md). A row without it reads as English.
 */
export const frenchOnly = (language: Lead['language']): { language?: 'fr' } => (language === 'fr' ? { language } : {});

/**
 * The leads table's columns, in order: those of the first release, then the visitor's `language`,
 * which new tables get and an n8n that ran earlier workflows adds for French leads.
 */
export const LEAD_COLUMNS = [
  'receivedAt',
  'endpoint',
  'product',
  'name',
  'company',
  'email',
  'website',
  'businessType',
  'phoneNumber',
  'client',
  'language',
] as const;

/** A call request as one row of the calls table: the record of consent, and what the limits count. */
export type CallRow = Record<(typeof CALL_COLUMNS)[number], string>;

/**
 * The calls table's columns: who asked (name, email), for which line, with which words of consent,
 * when and from where; then what became of it (`outcome`, the provider's `callId`, its `error`).
 */
export const CALL_COLUMNS = ['receivedAt', 'product', 'name', 'email', 'phoneNumber', 'client', 'consentText', 'outcome', 'callId', 'error'] as const;

export interface CheckOutput {
  ok: true;
  lead: Lead;
  /** What the leads table stores. */
  row: LeadRow;
  /** What the calls table stores (trigger_ai_demo_call only): the claim, before any limit is checked. */
  call: CallRow | null;
  /** The host's settings, passed on so that no later node reads the environment again. */
  settings: Settings;
  /** What demo_form tells the widget about this host's calls, the consent words in the lead's language included. */
  terms: CallTerms;
  /** The oldest `receivedAt` any call limit looks at. */
  since: string;
}

/** "Check request": the settings, the request's checks, and the rows to store. */
export function checkStep(endpoint: LeadEndpoint, product: string, item: WebhookItem, env: WorkflowEnv, now: number): CheckOutput | Refusal {
  let settings: Settings;
  try {
    settings = settingsFromEnv(env);
  } catch (error) {
    return misconfigured(error);
  }
  const checked = checkRequest(endpoint, item, env, settings.policy);
  if (!checked.ok) return checked;
  const { lead, client } = checked;
  const receivedAt = new Date(now).toISOString();
  const row: LeadRow = {
    receivedAt,
    endpoint,
    product,
    name: lead.name,
    company: lead.company,
    email: lead.email,
    website: lead.website ?? '',
    businessType: lead.businessType,
    phoneNumber: lead.phoneNumber ?? '',
    client,
    ...frenchOnly(lead.language),
  };
  const call: CallRow | null =
    lead.phoneNumber === null
      ? null
      : {
          receivedAt,
          product,
          name: lead.name,
          email: lead.email,
          phoneNumber: lead.phoneNumber,
          client,
          consentText: lead.consentText ?? '',
          outcome: 'call-pending',
          callId: '',
          error: '',
        };
  const { limits, policy } = settings;
  const windows = [limits.callPerIp, limits.callPerIpv6Net56, limits.callPerIpv6Net48, limits.callPerPhone, policy.callsPerDay].map(
    (rule) => rule?.windowMs ?? 0,
  );
  return {
    ok: true,
    lead,
    row,
    call,
    settings,
    terms: callTerms(settings.policy, settings.followUp, lead.language),
    since: new Date(now - Math.max(...windows)).toISOString(),
  };
}
