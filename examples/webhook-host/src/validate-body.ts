import { checkLead, type CheckedLead } from '@franchise-ai/shared/lead-rules';
import { isE164, normalizePhoneNumber } from '@franchise-ai/shared/phone-number';
import type { Endpoint } from './endpoints.ts';

/** A request the host accepts, normalised for storage and the provider. */
export interface Lead extends CheckedLead {
  /** E.164, only for `trigger_ai_demo_call`. */
  phoneNumber: string | null;
}

export type Validation = { ok: true; lead: Lead } | { ok: false; fields: Record<string, string> };

/**
 * Checks a parsed JSON body; every problem is reported, one message per field. The lead's fields
 * follow the rule set the widget checks before sending (shared lead-rules.ts), so the widget and
 * the host never disagree about them; the phone number is judged here only.
 */
export function validateBody(endpoint: Endpoint, body: unknown): Validation {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, fields: { body: 'The body must be a JSON object.' } };
  }
  const input = body as Record<string, unknown>;
  const checked = checkLead(input);
  const fields: Record<string, string> = checked.ok ? {} : { ...checked.fields };
  let phoneNumber: string | null = null;
  if (endpoint === 'trigger_ai_demo_call') {
    const raw = input['phoneNumber'];
    if (typeof raw !== 'string' || raw.trim() === '') fields['phoneNumber'] = 'Phone number is required.';
    else if (!isE164((phoneNumber = normalizePhoneNumber(raw)))) {
      fields['phoneNumber'] = 'Phone number must be in international format, e.g. +1 555 123 4567.';
    }
  }

  if (!checked.ok || Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, lead: { ...checked.lead, phoneNumber } };
}
