import { WEBHOOK_PATHS } from './constants.ts';
import { CALL_REASONS, checkCallFields, consentFor, type CallPolicy, type CallReasonCode } from './call-policy.ts';
import { checkLead, LEAD_REASONS, type CheckedLead } from './lead-rules.ts';
import { isDemoId } from './demo-id.ts';
import { checkDemoStatusBody, type DemoStatusCheck } from './demo-status.ts';
import { checkLanguage, type Language } from './language.ts';

/** A request the host accepts, normalised for storage and the provider. */
export interface Lead extends CheckedLead {
  /** E.164 of the line, only for `trigger_ai_demo_call`. */
  phoneNumber: string | null;
  /** The words the visitor agreed to beside the consent box, only for `trigger_ai_demo_call`. */
  consentText: string | null;
  /**
   * The demoId the request names, only for `website_demo_call` and `trigger_ai_demo_call`;
   * null when it names none. Well-formed, not known: a host ignores one it has no demo for.
   */
  demoId: string | null;
  /**
   * The visitor's language (language.ts): what the assistant speaks and the mails are
   * written in. Always set by validateBody; absent (a lead stored before the
   * language column) reads as English.
   */
  language?: Language;
}

/**
 * Why a field was refused, as a code the widget words in the visitor's language: a key of
 * LEAD_REASONS (the lead's fields) or of CALL_REASONS (a call's number and consent). A field refused
 * in the integrator's terms (a wrong type, `language`, `demoId`, `businessType`) has none.
 */
export type ReasonCode = keyof typeof LEAD_REASONS | CallReasonCode;

export type Validation = { ok: true; lead: Lead } | { ok: false; fields: Record<string, string>; codes: Record<string, ReasonCode> };

/** The terms a call request's consent is checked against: the words the host issues (consent-words.ts). */
export type BodyPolicy = Pick<CallPolicy, 'countries' | 'companyName' | 'recordCalls' | 'privacyUrls'>;

const LEAD_CODES = new Map<string, keyof typeof LEAD_REASONS>(
  Object.entries(LEAD_REASONS).map(([code, reason]) => [reason, code as keyof typeof LEAD_REASONS]),
);

/** The largest body any host reads: a lead is a few hundred bytes, so anything near this is not one. */
export const MAX_BODY_BYTES = 16 * 1024;

/** Every host's answers to a body it cannot read: the status and the words. */
export const BODY_REFUSALS = {
  notJson: { status: 415, error: 'Send the body as JSON with Content-Type: application/json.' },
  tooLarge: { status: 413, error: `The body must be at most ${MAX_BODY_BYTES} bytes.` },
  unparsable: { status: 400, error: 'The body is not valid JSON.' },
  invalid: { status: 400, error: 'Some fields are missing or invalid.' },
} as const;

/** `Content-Type: application/json`, with or without parameters. */
export const isJsonType = (contentType: string | undefined): boolean => /^application\/json\s*(;|$)/i.test(contentType?.trim() ?? '');

/** The endpoint that also takes a phone number: the last segment of WEBHOOK_PATHS.triggerDemoCall. */
const CALL_ENDPOINT = WEBHOOK_PATHS.triggerDemoCall.slice(1);
/** The endpoint whose body is a demoId, not a lead. */
const STATUS_ENDPOINT = WEBHOOK_PATHS.demoStatus.slice(1) as 'demo_status';
/** The endpoints whose body is a lead. */
export type LeadEndpoint = 'demo_form' | 'website_demo_call' | 'trigger_ai_demo_call';

export const DEMO_ID_REFUSAL = 'demoId must be the 22-character id that demo_form answered, or left out.';

/**
 * Checks a parsed JSON body for the webhook named by the last segment of its path; every problem
 * is reported, one message per field. The lead's fields follow the rule set the widget checks
 * before sending (lead-rules.ts), so the widget and every host (the stand-in, the n8n workflows)
 * never disagree about them; a call request's number and consent follow call-policy.ts, which the
 * widget's phone dialog applies too, with the countries this host calls.
 */
export function validateBody(endpoint: 'demo_status', body: unknown): DemoStatusCheck;
export function validateBody(endpoint: LeadEndpoint, body: unknown, policy: BodyPolicy): Validation;
export function validateBody(endpoint: string, body: unknown, policy?: BodyPolicy): Validation | DemoStatusCheck {
  if (endpoint === STATUS_ENDPOINT) return checkDemoStatusBody(body);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, fields: { body: 'The body must be a JSON object.' }, codes: {} };
  }
  const input = body as Record<string, unknown>;
  const checked = checkLead(input);
  const fields: Record<string, string> = checked.ok ? {} : { ...checked.fields };
  const codes: Record<string, ReasonCode> = {};
  for (const [field, reason] of Object.entries(fields)) {
    const code = LEAD_CODES.get(reason);
    if (code) codes[field] = code;
  }
  const language = checkLanguage(input['language']);
  if (!language.ok) fields['language'] = language.reason;
  let call: { phoneNumber: string | null; consentText: string | null } = { phoneNumber: null, consentText: null };
  if (endpoint === CALL_ENDPOINT) {
    const checkedCall = checkCallFields(input, policy!);
    if (!checkedCall.ok) {
      Object.assign(fields, checkedCall.fields);
      Object.assign(codes, checkedCall.codes);
    } else if (language.ok && checkedCall.call.consentText !== consentFor(policy!, language.language).text) {
      // Recomputed from the lead's language and the host's settings, not looked up: the words issued
      // are a function of both, and settings changed since demo_form (recording turned on, another
      // company) mean the visitor agreed to words that are no longer true, so they are refused too.
      fields['consent'] = CALL_REASONS.consentNotIssued;
      codes['consent'] = 'consentNotIssued';
    } else call = checkedCall.call;
  }
  // demo_form gets its demoId from the host, never from the visitor: one sent there is ignored.
  const demoId = endpoint === 'demo_form' || input['demoId'] === undefined ? null : input['demoId'];
  if (demoId !== null && !isDemoId(demoId)) fields['demoId'] = DEMO_ID_REFUSAL;

  if (!checked.ok || !language.ok || Object.keys(fields).length > 0) return { ok: false, fields, codes };
  return { ok: true, lead: { ...checked.lead, ...call, demoId: demoId as string | null, language: language.language } };
}
