import { WEBHOOK_PATHS } from './constants.ts';
import { checkCallFields, type CallPolicy } from './call-policy.ts';
import { checkLead, type CheckedLead } from './lead-rules.ts';
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
   * The demoId the request names (issue 26), only for `website_demo_call` and `trigger_ai_demo_call`;
   * null when it names none. Well-formed, not known: a host ignores one it has no demo for.
   */
  demoId: string | null;
  /**
   * The visitor's language (issue 33, language.ts): what the assistant speaks and the mails are
   * written in. Always set by validateBody; absent (a lead made before issue 33) reads as English.
   */
  language?: Language;
}

export type Validation = { ok: true; lead: Lead } | { ok: false; fields: Record<string, string> };

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
export function validateBody(endpoint: LeadEndpoint, body: unknown, policy: Pick<CallPolicy, 'countries'>): Validation;
export function validateBody(endpoint: string, body: unknown, policy?: Pick<CallPolicy, 'countries'>): Validation | DemoStatusCheck {
  if (endpoint === STATUS_ENDPOINT) return checkDemoStatusBody(body);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, fields: { body: 'The body must be a JSON object.' } };
  }
  const input = body as Record<string, unknown>;
  const checked = checkLead(input);
  const fields: Record<string, string> = checked.ok ? {} : { ...checked.fields };
  let call: { phoneNumber: string | null; consentText: string | null } = { phoneNumber: null, consentText: null };
  if (endpoint === CALL_ENDPOINT) {
    const checkedCall = checkCallFields(input, policy!);
    if (checkedCall.ok) call = checkedCall.call;
    else Object.assign(fields, checkedCall.fields);
  }
  // demo_form gets its demoId from the host, never from the visitor: one sent there is ignored.
  const demoId = endpoint === 'demo_form' || input['demoId'] === undefined ? null : input['demoId'];
  if (demoId !== null && !isDemoId(demoId)) fields['demoId'] = DEMO_ID_REFUSAL;
  const language = checkLanguage(input['language']);
  if (!language.ok) fields['language'] = language.reason;

  if (!checked.ok || !language.ok || Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, lead: { ...checked.lead, ...call, demoId: demoId as string | null, language: language.language } };
}
