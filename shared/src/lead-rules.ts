import { BUSINESS_TYPES, DEFAULT_BUSINESS_TYPE, LEAD_LIMITS, type BusinessType } from './constants.ts';
import { isHttpUrl, parseUrl, websiteScheme } from './web-url.ts';
import { LEAD_EXAMPLES } from './lead-examples.ts';
import { looksBlank } from './blank-text.ts';
import { isEmailAddress } from './email-address.ts';
import type { Language } from './language.ts';

// A lead as the webhooks receive it, and the one rule set for it: the widget checks it before
// sending (so a visitor learns what to fix without a round trip), and the webhook host checks it
// again on arrival (its 400 `fields`). Both must judge alike, or an input the widget lets through
// can never be sent.

/** What the demo form sends to `demo_form` and `website_demo_call` (spec section 3). */
export interface DemoRequest {
  name: string;
  company: string;
  email: string;
  /** Absolute http(s) URL; absent when the visitor left the field empty. */
  website?: string;
  businessType: BusinessType;
  /**
   * The demoId `demo_form` answered, on `website_demo_call` and `trigger_ai_demo_call`
   * only: the host links the request to the lead and gives the assistant the profile it read.
   */
  demoId?: string;
  /** The page's language: what the agent speaks and the mails are written in; `en` when absent. The host checks it (language.ts). */
  language?: Language;
}

/** What `trigger_ai_demo_call` receives: the demo request plus the number to call. */
export interface PhoneCallRequest extends DemoRequest {
  phoneNumber: string;
}

export { LEAD_EXAMPLES } from './lead-examples.ts';

const tooLong = (field: string, limit: number) => `${field} must be at most ${limit} characters.`;

/** Why a field is refused, worded for the visitor: the widget shows these beside its fields, the host answers them in a 400's `fields`. */
export const LEAD_REASONS = {
  nameRequired: 'Name is required.',
  companyRequired: 'Company is required.',
  emailRequired: 'Email is required.',
  nameTooLong: tooLong('Name', LEAD_LIMITS.name),
  companyTooLong: tooLong('Company', LEAD_LIMITS.company),
  emailTooLong: tooLong('Email', LEAD_LIMITS.email),
  websiteTooLong: tooLong('Website', LEAD_LIMITS.website),
  emailInvalid: `Email must be a complete address, such as ${LEAD_EXAMPLES.email}.`,
  websiteInvalid: `Website must be a web address, such as ${LEAD_EXAMPLES.website} or https://${LEAD_EXAMPLES.website}.`,
  websiteScheme: `Website must be a web page: start it with https://, http:// or nothing, as in ${LEAD_EXAMPLES.website}.`,
} as const;

/** The text fields of a lead, as the webhooks name them. */
export type LeadTextField = keyof typeof LEAD_LIMITS;

/** Why fields were refused, one reason per field name: the shape of a 400's `fields`. */
export type FieldReasons = Readonly<Record<string, string>>;

/** A lead that passed: trimmed, website `null` when absent, business type defaulted. */
export interface CheckedLead {
  name: string;
  company: string;
  email: string;
  website: string | null;
  businessType: BusinessType;
}

export type LeadCheck = { ok: true; lead: CheckedLead } | { ok: false; fields: FieldReasons };

export { isEmailAddress };

const REQUIRED: Record<LeadTextField, string | null> = {
  name: LEAD_REASONS.nameRequired,
  company: LEAD_REASONS.companyRequired,
  email: LEAD_REASONS.emailRequired,
  website: null,
};
const TOO_LONG: Record<LeadTextField, string> = {
  name: LEAD_REASONS.nameTooLong,
  company: LEAD_REASONS.companyTooLong,
  email: LEAD_REASONS.emailTooLong,
  website: LEAD_REASONS.websiteTooLong,
};
// Only a client other than the widget (which sends strings and a toggle's value) can earn these,
// so they speak to the integrator in the payload's own terms and are not visitor LEAD_REASONS.
const NOT_TEXT: Record<LeadTextField, string> = {
  name: 'Name must be a string.',
  company: 'Company must be a string.',
  email: 'Email must be a string.',
  website: 'Website must be a string.',
};
const UNKNOWN_BUSINESS_TYPE = `businessType must be one of: ${BUSINESS_TYPES.join(', ')}.`;

/** Characters as a visitor counts them (code points): an emoji is one, not two UTF-16 units. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** Checks a lead as the webhooks receive it (any JSON object); every problem is reported, one reason per field. */
export function checkLead(lead: object): LeadCheck {
  const input = lead as Readonly<Record<string, unknown>>;
  const fields: Record<string, string> = {};
  const text = (key: LeadTextField): string | null => {
    const value = input[key];
    if (value === undefined || value === null || (typeof value === 'string' && looksBlank(value))) {
      const required = REQUIRED[key];
      if (required) fields[key] = required;
      return null;
    }
    if (typeof value !== 'string') {
      fields[key] = NOT_TEXT[key];
      return null;
    }
    const trimmed = value.trim();
    if (characterCount(trimmed) > LEAD_LIMITS[key]) fields[key] = TOO_LONG[key];
    return trimmed;
  };

  const name = text('name');
  const company = text('company');
  const email = text('email');
  if (email !== null && !fields['email'] && !isEmailAddress(email)) fields['email'] = LEAD_REASONS.emailInvalid;
  const website = text('website');
  if (website !== null && !fields['website']) {
    const problem = websiteProblem(website);
    if (problem) fields['website'] = problem;
  }
  const businessType = input['businessType'] ?? DEFAULT_BUSINESS_TYPE;
  if (!(BUSINESS_TYPES as readonly unknown[]).includes(businessType)) fields['businessType'] = UNKNOWN_BUSINESS_TYPE;

  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, lead: { name: name!, company: company!, email: email!, website, businessType: businessType as BusinessType } };
}

// Browsers' URL parsers are laxer than the standard one Node follows (Chromium takes
// `https://acme burgers.com`), so the hostname is held to plain characters (IDNs arrive as
// punycode) and whitespace is refused outright: the widget and the host must judge alike.
const PLAIN_HOSTNAME = /^[a-z0-9_.-]+$|^\[[0-9a-f:.]+\]$/i;

/**
 * Why a website (as sent: absolute, http or https) is refused, or null. Another scheme gets its own
 * reason: `ftp://files.example` is a complete address, only not of a web page, and the visitor should
 * be told that rather than that it is no address at all.
 */
function websiteProblem(value: string): string | null {
  const scheme = websiteScheme(value);
  if (scheme === 'other') return LEAD_REASONS.websiteScheme;
  // `none`: the widget prepends https:// before it sends; a host is sent absolute addresses only.
  const url = scheme === 'web' && !/\s/.test(value) ? parseUrl(value) : null;
  return isHttpUrl(url) && PLAIN_HOSTNAME.test(url.hostname) ? null : LEAD_REASONS.websiteInvalid;
}
