import type { Vapi } from '@vapi-ai/server-sdk';
import { WEBHOOK_PATHS, type BusinessType } from './constants.ts';
import { isHttpUrl, joinUrl, parseUrl } from './web-url.ts';
import type { Language } from './language.ts';

// What the voice provider (Vapi) tells a host about the calls it runs: the contract of
// the `call_events` webhook, the same on every host. Given a public address for the host
// (PUBLIC_WEBHOOK_BASE), every assistant the hosts create names the host as its `server`, proving
// itself with a shared secret in the `X-Vapi-Secret` header (set on the server's `headers`, or by a
// credential of the operator's, since Vapi refuses the `server.secret` it once had), and asks the provider for a summary and a qualification
// (structured outputs) after the call. The provider then POSTs `{ message: { type, call: { id },
// ... } }` to `{PUBLIC_WEBHOOK_BASE}/call_events`: here are the pure rules the hosts apply to it (the
// secret, the message, the key that makes a redelivery one).

/** Where the provider reports a call, and what it proves itself with. */
export interface CallEventsServer {
  /** `{PUBLIC_WEBHOOK_BASE}/call_events`. */
  url: string;
  /** VAPI_SERVER_SECRET: comes back as the `X-Vapi-Secret` header of every report. */
  secret: string;
  /**
   * VAPI_SERVER_CREDENTIAL_ID: a credential in the provider's dashboard (a Bearer Token one whose header
   * is `X-Vapi-Secret`, no prefix, holding VAPI_SERVER_SECRET) that sends the secret, so that it is not
   * written into every assistant; unset, the secret goes in the server's `headers`.
   */
  credentialId?: string | undefined;
}

/**
 * The header the provider sends the secret in (Node lower-cases header names). Vapi removed
 * `server.secret` in May 2025 (changelog 2025-05-20) and refuses it since: the secret is sent as this
 * header, which the server's `headers` or a credential set (docs.vapi.ai, "Server authentication",
 * "Legacy X-Vapi-Secret Support").
 */
export const SECRET_HEADER = 'x-vapi-secret';
/** The same header as the provider's docs spell it, for the server's `headers`. */
export const SECRET_HEADER_NAME = 'X-Vapi-Secret';

/** A secret is at least this long, so that guessing it is hopeless (as for LEADS_TOKEN). */
export const SERVER_SECRET_MIN_LENGTH = 32;

/**
 * The provider's reports can be long (a five-minute transcript, its messages and the call object),
 * far beyond a lead's 16 KB: a host reads a `call_events` body up to this many bytes.
 */
export const MAX_EVENT_BODY_BYTES = 1024 * 1024;

/** The most characters of a transcript or summary a host keeps: a five-minute call says far less. */
export const MAX_TRANSCRIPT_CHARS = 50_000;
export const MAX_SUMMARY_CHARS = 5_000;
/** The most characters of the qualification, as JSON: a few short answers; more is not kept. */
export const MAX_STRUCTURED_DATA_CHARS = 10_000;

/** Only the messages the hosts use: without this, the provider also sends every word as it is spoken. */
export const SERVER_MESSAGES = ['status-update', 'end-of-call-report'] as const;

/**
 * `VAPI_SERVER_SECRET`, which turns `call_events` on, and `PUBLIC_WEBHOOK_BASE` (the host's public
 * `…/webhook/{product}`), which makes every assistant report there. Undefined `server` when no base is
 * set: the assistants are exactly as before. A base without a secret, a short secret or a base that
 * is not an http(s) URL stops the start.
 */
export function callEventsFromEnv(env: Record<string, string | undefined>): { secret: string | undefined; server: CallEventsServer | undefined } {
  const base = env['PUBLIC_WEBHOOK_BASE']?.trim() || undefined;
  const secret = env['VAPI_SERVER_SECRET'] || undefined;
  const credentialId = env['VAPI_SERVER_CREDENTIAL_ID']?.trim() || undefined;
  if (secret !== undefined && secret.length < SERVER_SECRET_MIN_LENGTH) {
    throw new Error(
      `VAPI_SERVER_SECRET must be at least ${SERVER_SECRET_MIN_LENGTH} characters, got ${secret.length}; make one with \`openssl rand -hex 32\`.`,
    );
  }
  if (base === undefined) return { secret, server: undefined };
  if (!isHttpUrl(parseUrl(base))) throw new Error(`PUBLIC_WEBHOOK_BASE must be an http(s) URL ending in /webhook/{product}, got "${base}".`);
  if (secret === undefined) throw new Error('PUBLIC_WEBHOOK_BASE needs VAPI_SERVER_SECRET too: without it anyone could post call reports.');
  return { secret, server: { url: joinUrl(base, WEBHOOK_PATHS.callEvents), secret, ...(credentialId ? { credentialId } : {}) } };
}

/** What each side's call should find out: the qualification's JSON schema. */
const QUALIFICATION: Record<BusinessType, { description: string; properties: Record<string, Vapi.JsonSchema> }> = {
  franchisor: {
    description: 'How far the caller qualifies as a franchise candidate.',
    properties: {
      territoryWanted: { type: 'string', description: 'The territory, city or region the candidate wants; empty if not said.' },
      timeline: { type: 'string', description: 'When the candidate wants to open, in their words; empty if not said.' },
      experience: { type: 'string', description: 'Their business, management or franchise experience; empty if not said.' },
      wantsDiscoveryCall: { type: 'boolean', description: 'Whether they want a discovery call with the franchise team.' },
    },
  },
  franchisee: {
    description: 'What the caller wanted from the franchise location.',
    properties: {
      reasonForCalling: { type: 'string', description: 'Why they called, in a few words.' },
      bookingWanted: { type: 'boolean', description: 'Whether they wanted to book an appointment, a table or an order.' },
      bookingDetails: { type: 'string', description: 'What they wanted booked, and when; empty if nothing.' },
    },
  },
};

/**
 * The names of the two structured outputs (at most 40 characters, the provider's limit): the report
 * keys its results by the outputs' ids, each result with its name, so a host finds them by these.
 */
export const OUTPUT_NAMES = { summary: 'Call summary', qualification: 'Qualification' } as const;

/**
 * The summary's schema: a string, described as the provider's own summary prompt asks (2 or 3
 * sentences), in the lead's language: a French call's summary goes into the visitor's French mail.
 */
const SUMMARY: Record<Language, Vapi.JsonSchema> = {
  en: { type: 'string', description: 'A summary of the call in 2 or 3 sentences, in English.' },
  fr: { type: 'string', description: 'Le résumé de l’appel en français, en 2 ou 3 phrases.' },
};

/** The summary's and the qualification's schemas for a lead: a call's structured outputs, and a chat's analysis (chat.ts). */
export const analysisSchemas = (businessType: BusinessType, language: Language = 'en') => ({
  summary: SUMMARY[language],
  qualification: QUALIFICATION[businessType],
});

/**
 * The post-call analysis as structured outputs: the provider deprecated `analysisPlan` for
 * them ("Coming from analysisPlan?", docs.vapi.ai/assistants/call-analysis): a summary in the lead's
 * language and the qualification for the lead's side, given inline (transient outputs), so nothing is
 * made on the provider's account. Their results come in the report's `artifact.structuredOutputs`.
 */
export const structuredOutputs = (businessType: BusinessType, language: Language = 'en') =>
  [
    { name: OUTPUT_NAMES.summary, description: "What was said on the call, for the lead's follow-up mail.", schema: SUMMARY[language] },
    {
      name: OUTPUT_NAMES.qualification,
      description: QUALIFICATION[businessType].description,
      schema: { type: 'object', description: QUALIFICATION[businessType].description, properties: QUALIFICATION[businessType].properties },
    },
  ] satisfies Vapi.CreateStructuredOutputDto[];

/** How the provider proves itself: the secret in the server's headers, or the operator's credential that sends it (the tools' server too: agent-tools.ts). */
export const serverOf = (server: CallEventsServer) =>
  (server.credentialId
    ? { url: server.url, credentialId: server.credentialId }
    : { url: server.url, headers: { [SECRET_HEADER_NAME]: server.secret } }) satisfies Vapi.Server;

/**
 * What goes into an assistant (and a call's assistantOverrides) when the host has a public address:
 * where to report and with what proof, which messages, and (with the recording choice, which the
 * artifact plan also holds: voice-requests.ts) the outputs to report.
 */
export const eventSettings = (server: CallEventsServer) =>
  ({
    server: serverOf(server),
    serverMessages: [...SERVER_MESSAGES],
  }) satisfies Vapi.CreateAssistantDto & Vapi.AssistantOverrides;

/**
 * Compares two strings, UTF-16 unit by unit, in time that depends on their lengths only, never on
 * where they differ (plain JavaScript, no `crypto` or `TextEncoder`, so that n8n's Code node sandbox
 * can run it too).
 */
export function constantTimeEqual(a: string, b: string): boolean {
  let difference = a.length ^ b.length;
  const length = Math.max(a.length, b.length);
  for (let index = 0; index < length; index++) difference |= (a.charCodeAt(index) || 0) ^ (b.charCodeAt(index) || 0);
  return difference === 0;
}

/** Every host's answer to a report it will not take. */
export const EVENT_REFUSALS = {
  off: { status: 404, error: 'Call events are off here: set VAPI_SERVER_SECRET (and PUBLIC_WEBHOOK_BASE) to receive them.' },
  secret: { status: 401, error: "The X-Vapi-Secret header is missing or is not this host's VAPI_SERVER_SECRET." },
  invalid: { status: 400, error: 'The body is not a call event the host understands.' },
} as const;

/** Whether a request may report on calls: the configured secret (undefined: off) against the header sent. */
export function checkSecret(configured: string | undefined, sent: string | string[] | undefined): 'ok' | 'off' | 'secret' {
  if (configured === undefined) return 'off';
  if (typeof sent !== 'string') return 'secret';
  return constantTimeEqual(sent, configured) ? 'ok' : 'secret';
}

/** A call's life as the provider reports it (`status-update`), in order: the latest is the one furthest along. */
export const CALL_STATUSES = ['scheduled', 'queued', 'ringing', 'in-progress', 'forwarding', 'ended'] as const;
/**
 * Every status the provider's schema lists (ServerMessageStatusUpdate): its life, then what it says
 * of a scheduled call it could not find or delete. Each is stored; only the life is shown (callView).
 */
export const PROVIDER_STATUSES = [...CALL_STATUSES, 'not-found', 'deletion-failed'] as const;
export type CallStatus = (typeof PROVIDER_STATUSES)[number];

/** A call's status changed. `at`: ISO 8601, the provider's timestamp, or when the host received it. */
export interface StatusEvent {
  kind: 'status';
  callId: string;
  /** The assistant the call ran (`call.assistantId`): a browser call to a per-visitor assistant is linked by it. */
  assistantId: string | null;
  status: CallStatus;
  at: string;
  endedReason: string | null;
}

/** The call is over and analysed. */
export interface ReportEvent {
  kind: 'report';
  callId: string;
  assistantId: string | null;
  at: string;
  endedReason: string | null;
  transcript: string | null;
  summary: string | null;
  /** The qualification the structured outputs (or, on a ready-made assistant, its analysisPlan) asked for, as the provider filled it in. */
  structuredData: Record<string, unknown> | null;
  recordingUrl: string | null;
}

export type CallEvent = StatusEvent | ReportEvent;

/**
 * The body parsed: an event, a message the hosts do not use (a type, or a status the provider's schema
 * did not list when the hosts were written: answered 200, stored nowhere, so the provider does not
 * retry it; the host logs it), or why it is not a message at all (400).
 */
export type ParsedEvent = { ok: true; event: CallEvent } | { ok: true; event: null; ignored: string } | { ok: false; reason: string };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const cut = (value: string | null, max: number): string | null => (value === null ? null : [...value].slice(0, max).join(''));

/** The provider's timestamp (ms since the epoch, or ISO 8601) as ISO 8601; `receivedAt` when it has none that reads. */
function timeOf(value: unknown, receivedAt: Date): string {
  const parsed = typeof value === 'number' ? new Date(value) : typeof value === 'string' ? new Date(value) : null;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed.toISOString() : receivedAt.toISOString();
}

/** `transcript`, or the spoken messages as `role: words` lines when only those came. */
function transcriptOf(message: Record<string, unknown>, artifact: Record<string, unknown>): string | null {
  const whole = text(artifact['transcript']) ?? text(message['transcript']);
  if (whole !== null) return whole;
  const messages = Array.isArray(artifact['messages']) ? artifact['messages'] : Array.isArray(message['messages']) ? message['messages'] : [];
  const lines = messages
    .filter(isObject)
    .filter((line) => line['role'] !== 'system' && text(line['message']) !== null)
    .map((line) => `${String(line['role'])}: ${String(line['message'])}`);
  return lines.length > 0 ? lines.join('\n') : null;
}

/**
 * The recording, only as an http(s) URL (the lists print it, and a `javascript:` link is no
 * recording): the current `artifact.recording` (its mono mix, else its stereo file), then the
 * deprecated `artifact.recordingUrl`, then the older message's own `recordingUrl`.
 */
function recordingOf(message: Record<string, unknown>, artifact: Record<string, unknown>): string | null {
  const recording = isObject(artifact['recording']) ? artifact['recording'] : {};
  const mono = isObject(recording['mono']) ? recording['mono'] : {};
  const url =
    [mono['combinedUrl'], recording['stereoUrl'], artifact['recordingUrl'], message['recordingUrl']].map(text).find((found) => found !== null) ?? null;
  return url !== null && isHttpUrl(parseUrl(url)) ? url : null;
}

/** The result of the structured output named `name` (`artifact.structuredOutputs` is keyed by the outputs' ids). */
function outputOf(artifact: Record<string, unknown>, name: string): unknown {
  const outputs = isObject(artifact['structuredOutputs']) ? Object.values(artifact['structuredOutputs']) : [];
  return outputs.find((output): output is Record<string, unknown> => isObject(output) && output['name'] === name)?.['result'];
}

/** The structured data, when it is an object of a sensible size. */
const qualificationOf = (value: unknown): Record<string, unknown> | null =>
  isObject(value) && JSON.stringify(value).length <= MAX_STRUCTURED_DATA_CHARS ? value : null;

/** A provider's POST body, `{ message: {...} }`, as a typed event. */
export function parseCallEvent(body: unknown, receivedAt: Date): ParsedEvent {
  if (!isObject(body) || !isObject(body['message'])) return { ok: false, reason: 'The body must be an object with a "message" object.' };
  const message = body['message'];
  const type = text(message['type']);
  if (type === null) return { ok: false, reason: 'message.type must be a string.' };
  if (type !== 'status-update' && type !== 'end-of-call-report') return { ok: true, event: null, ignored: cut(type, 64)! };
  const call = isObject(message['call']) ? message['call'] : {};
  const callId = text(call['id']);
  if (callId === null || callId.length > 128) return { ok: false, reason: "message.call.id must be the provider's call id." };
  const assistant = text(call['assistantId']);
  const assistantId = assistant !== null && assistant.length <= 128 ? assistant : null;
  const at = timeOf(message['timestamp'], receivedAt);
  const endedReason = cut(text(message['endedReason']), 200);
  if (type === 'status-update') {
    const status = text(message['status']);
    if (status === null) return { ok: false, reason: 'message.status must be a string.' };
    if (!(PROVIDER_STATUSES as readonly string[]).includes(status)) return { ok: true, event: null, ignored: `status-update ${cut(status, 64)!}` };
    return { ok: true, event: { kind: 'status', callId, assistantId, status: status as CallStatus, at, endedReason } };
  }
  const artifact = isObject(message['artifact']) ? message['artifact'] : {};
  const analysis = isObject(message['analysis']) ? message['analysis'] : {};
  return {
    ok: true,
    event: {
      kind: 'report',
      callId,
      assistantId,
      at,
      endedReason,
      transcript: cut(transcriptOf(message, artifact), MAX_TRANSCRIPT_CHARS),
      // The outputs the hosts ask for; the analysis of a ready-made assistant's own analysisPlan otherwise.
      summary: cut(text(outputOf(artifact, OUTPUT_NAMES.summary)) ?? text(analysis['summary']), MAX_SUMMARY_CHARS),
      structuredData: qualificationOf(outputOf(artifact, OUTPUT_NAMES.qualification)) ?? qualificationOf(analysis['structuredData']),
      recordingUrl: recordingOf(message, artifact),
    },
  };
}

/**
 * The key that makes a redelivered event one: a call reaches each status once and is reported once,
 * so the call id and what happened name it, whatever timestamp a redelivery carries.
 */
export const eventKey = (event: CallEvent): string => (event.kind === 'status' ? `${event.callId}:status:${event.status}` : `${event.callId}:report`);
