import type { BusinessType } from '@franchise-ai/shared/constants';
import type { DemoRequest, PhoneCallRequest } from '@franchise-ai/shared/lead-rules';
import { websiteScheme } from '@franchise-ai/shared/web-url';
import { looksBlank } from '@franchise-ai/shared/blank-text';

export interface DemoFormState {
  name: string;
  company: string;
  email: string;
  website: string;
  businessType: BusinessType;
}

/** As the hosts judge it: a field of spaces or zero-width characters alone is empty (shared/blank-text.ts). */
export const isBlank = (value: string | undefined): boolean => !value || looksBlank(value);

/** `https://` before a website with no scheme; another scheme stays, so the lead rules refuse it with their reason. */
export function normalizeWebsite(website: string | undefined): string | undefined {
  const trimmed = website?.trim();
  if (!trimmed) return undefined;
  return websiteScheme(trimmed) === 'none' ? `https://${trimmed}` : trimmed;
}

export type SubmitState = 'ready' | 'sending' | 'missing-name' | 'missing-company' | 'missing-email';

/** One decision for the submit button: first the request in flight, then the required fields in form order. */
export function submitState(form: DemoFormState, sending: boolean): SubmitState {
  if (sending) return 'sending';
  if (isBlank(form.name)) return 'missing-name';
  if (isBlank(form.company)) return 'missing-company';
  if (isBlank(form.email)) return 'missing-email';
  return 'ready';
}

/** The payload for `demo_form` / `website_demo_call`: trimmed, website normalised, empty website left out. */
export function toDemoRequest(form: DemoFormState): DemoRequest {
  const website = normalizeWebsite(form.website);
  return {
    name: form.name.trim(),
    company: form.company.trim(),
    email: form.email.trim(),
    ...(website ? { website } : {}),
    businessType: form.businessType,
  };
}

/** The visitor's consent to the call: the exact words shown beside the box they ticked. */
export interface CallConsent {
  given: true;
  text: string;
}

/** What `trigger_ai_demo_call` is sent: the lead, the number and the consent (extends the spec's "same plus phoneNumber"). */
export interface ConsentedCallRequest extends PhoneCallRequest {
  consent: CallConsent;
}

export const toPhoneCallRequest = (request: DemoRequest, phoneNumberE164: string, consentText: string): ConsentedCallRequest => ({
  ...request,
  phoneNumber: phoneNumberE164.trim(),
  consent: { given: true, text: consentText },
});
