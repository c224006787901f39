// What every host allows before anyone is called, read from the same environment variables: which
// countries are called, how many calls a day the host places at most, whether calls are recorded,
// which company the agent says it speaks for, and what a call request must carry (a valid number,
// consent). The stand-in and the n8n workflows apply it alike; the widget's phone chunk judges a
// number with the same words before sending it.
import type { FollowUpTerms } from './follow-up.ts';
import { DEFAULT_COMPANY_NAME } from './constants.ts';
import { issuedConsent, privacyUrlsFromEnv, type IssuedConsent } from './consent-words.ts';
import type { Language } from './language.ts';
import { parseSwitch } from './env-switch.ts';
import type { RateLimit } from './rate-limits.ts';
import { isPhoneCountry, PHONE_COUNTRIES, receivedLine, type PhoneLine } from './phone-reading.ts';

/** The company's two lines (spec: US and FR): the countries called unless `CALL_COUNTRIES` says otherwise. */
export const DEFAULT_CALL_COUNTRIES = ['US', 'FR'] as const;
/** Outbound calls the whole host places in any 24 hours unless `MAX_CALLS_PER_DAY` says otherwise. */
export const DEFAULT_MAX_CALLS_PER_DAY = 100;
/**
 * The share of that ceiling, in per cent, that one network (an IPv6 /48, an IPv4 /24:
 * client-address.ts's networkKey) may place in any 24 hours unless `CALL_NETWORK_SHARE` says
 * otherwise: one company, one provider's customer or one rented server block cannot use up the
 * day's calls for every other visitor.
 */
export const DEFAULT_CALL_NETWORK_SHARE = 20;
const DAY_MS = 86_400_000;
/** The longest consent text a host keeps: the disclosure and the box's label fit many times over. */
export const CONSENT_TEXT_LIMIT = 2000;
/** An example of a valid number, for the reasons below and the widget's placeholder. */
export const PHONE_EXAMPLE = '+1 201 555 0123';

export interface CallPolicy {
  /** ISO 3166-1 alpha-2 codes, upper case, in the operator's order. */
  countries: readonly string[];
  /** The host's ceiling on calls placed in any 24 hours; null when switched off. */
  callsPerDay: RateLimit | null;
  /** Whether the voice provider records calls (`RECORD_CALLS=1`); off unless the operator turns it on. */
  recordCalls: boolean;
  /** Who the agent says it calls for (`COMPANY_NAME`). */
  companyName: string;
  /** The per cent of `callsPerDay` one network may place (`CALL_NETWORK_SHARE`); null when switched off. */
  networkShare: number | null;
  /** The privacy policy the consent words link to, per language (`PRIVACY_POLICY_URL`, `PRIVACY_POLICY_URL_FR`: consent-words.ts); null: none. */
  privacyUrls: Readonly<Record<Language, string | null>>;
}

/** The policy from the environment; a malformed value throws, naming the variable and what it takes. */
export function callPolicyFromEnv(env: Record<string, string | undefined>): CallPolicy {
  return {
    countries: parseCountries(env['CALL_COUNTRIES']),
    callsPerDay: parseCallsPerDay(env['MAX_CALLS_PER_DAY']),
    recordCalls: parseSwitch('RECORD_CALLS', env['RECORD_CALLS']),
    companyName: env['COMPANY_NAME']?.trim() || DEFAULT_COMPANY_NAME,
    networkShare: parseNetworkShare(env['CALL_NETWORK_SHARE']),
    privacyUrls: privacyUrlsFromEnv(env),
  };
}

/** `CALL_NETWORK_SHARE`: a whole per cent from 1 to 100, with or without `%`; `off`: no share, only the ceiling. */
function parseNetworkShare(value: string | undefined): number | null {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return DEFAULT_CALL_NETWORK_SHARE;
  if (trimmed === 'off') return null;
  const match = /^(\d+)\s*%?$/.exec(trimmed);
  if (!match || Number(match[1]) < 1 || Number(match[1]) > 100) {
    throw new Error(`CALL_NETWORK_SHARE must be a whole per cent from 1 to 100 (e.g. 20 or 20%), or off; got "${value}".`);
  }
  return Number(match[1]);
}

/**
 * The most calls one network may place in any 24 hours: its share of the daily ceiling, rounded
 * down but at least 1 (a tiny ceiling still lets each network call); null when either is off.
 */
export function networkCeiling(policy: Pick<CallPolicy, 'callsPerDay' | 'networkShare'>): RateLimit | null {
  const { callsPerDay, networkShare } = policy;
  if (!callsPerDay || networkShare === null) return null;
  return { limit: Math.max(1, Math.floor((callsPerDay.limit * networkShare) / 100)), windowMs: callsPerDay.windowMs };
}

/** The consent words this host issues for a lead in `language` (consent-words.ts), and accepts back. */
export const consentFor = (policy: Pick<CallPolicy, 'companyName' | 'recordCalls' | 'privacyUrls'>, language: Language): IssuedConsent =>
  issuedConsent(language, { companyName: policy.companyName, recorded: policy.recordCalls, privacyUrl: policy.privacyUrls[language] });

function parseCountries(value: string | undefined): readonly string[] {
  const codes = (value ?? '')
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
  if (codes.length === 0) return DEFAULT_CALL_COUNTRIES;
  const unknown = codes.filter((code) => !isPhoneCountry(code));
  if (unknown.length > 0) {
    throw new Error(
      `CALL_COUNTRIES: ${unknown.join(', ')} ${unknown.length > 1 ? 'are not country codes' : 'is not a country code'}; list ISO 3166-1 alpha-2 codes, e.g. US,FR.`,
    );
  }
  return [...new Set(codes)];
}

function parseCallsPerDay(value: string | undefined): RateLimit | null {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return { limit: DEFAULT_MAX_CALLS_PER_DAY, windowMs: DAY_MS };
  if (trimmed === 'off') return null;
  if (!/^\d+$/.test(trimmed) || Number(trimmed) < 1) throw new Error(`MAX_CALLS_PER_DAY must be a whole number of at least 1, or off; got "${value}".`);
  return { limit: Number(trimmed), windowMs: DAY_MS };
}

/**
 * What the host tells the widget about its calls, in `demo_form`'s answer (`calls`), so that the
 * consent text and the browser call's notice say what this host does: whether it records, and
 * which countries it calls; and whom the agent says it speaks for, so the wait can show its first words.
 */
export interface CallTerms {
  recorded: boolean;
  countries: string[];
  /** The company the agent says it is from (`COMPANY_NAME`). */
  from: string;
  /** What follows a call: a summary by e-mail, a booking link (follow-up.ts). */
  followUp: FollowUpTerms;
  /** The consent words for the lead's language, and the one text the call request must send back (consent-words.ts). */
  consent: IssuedConsent;
}

export const callTerms = (
  policy: CallPolicy,
  followUp: FollowUpTerms = { mail: false, bookingUrl: null, contact: { email: null, phone: null } },
  language: Language = 'en',
): CallTerms => ({
  recorded: policy.recordCalls,
  countries: [...policy.countries],
  from: policy.companyName,
  followUp,
  consent: consentFor(policy, language),
});

/** `France (+33)`: how a reason names a country, in English. */
export function countryLabel(code: string): string {
  const name = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' }).of(code) ?? code;
  const callingCode = PHONE_COUNTRIES.find((country) => country.code === code)?.callingCode;
  return callingCode ? `${name} (+${callingCode})` : name;
}

/** Why a call request's fields are refused, worded for the visitor: the widget shows them beside the number and the box. */
export const CALL_REASONS = {
  phoneRequired: 'Phone number is required.',
  phoneInvalid: `Enter a valid phone number, starting with + and the country code, e.g. ${PHONE_EXAMPLE}.`,
  phonePremium: 'Premium-rate and shared-cost numbers cannot be called.',
  phoneNotServed: (countries: readonly string[]) => `This demo calls numbers in ${countries.map(countryLabel).join(', ')} only.`,
  consentRequired: 'Check the box to agree to this AI demo call.',
  consentMalformed: `consent must be {"given": true, "text": "<the words shown beside the box>"}, the text at most ${CONSENT_TEXT_LIMIT} characters.`,
  /** The text is not the words this host issued for the lead (`calls.consent.text` in demo_form's answer): changed, or never shown. */
  consentNotIssued: 'These are not the consent words this demo showed you. Reload the page and agree to the words shown, then try again.',
} as const;

/** Why a call request's field was refused, as a host's 400 names it in `codes` beside `fields`. */
export type CallReasonCode = keyof typeof CALL_REASONS;

/** Why a valid line is not called by this host, or null: a premium number, or a country it does not call. */
export function lineProblem(line: PhoneLine, countries: readonly string[]): string | null {
  if (line.premium) return CALL_REASONS.phonePremium;
  return line.country && countries.includes(line.country) ? null : CALL_REASONS.phoneNotServed(countries);
}

/** A call request's number and consent, as a host keeps them. */
export interface CallFields {
  /** E.164 of the line: what is called, stored and counted by. */
  phoneNumber: string;
  /** The exact words the visitor agreed to. */
  consentText: string;
}

/**
 * Checks what a call request adds to a lead: `phoneNumber` (international, a real line, not premium,
 * of a country the host calls) and `consent` (`{given: true, text}`). Every problem is reported, one
 * reason per field, as `fields`, and its code as `codes`. Whether the text is the one the host
 * issued is request-body.ts's check: it knows the lead's language.
 */
export function checkCallFields(
  input: Readonly<Record<string, unknown>>,
  policy: Pick<CallPolicy, 'countries'>,
): { ok: true; call: CallFields } | { ok: false; fields: Record<string, string>; codes: Record<string, CallReasonCode> } {
  const fields: Record<string, string> = {};
  const codes: Record<string, CallReasonCode> = {};
  const refuse = (field: string, code: CallReasonCode, reason: string = CALL_REASONS[code] as string) => {
    fields[field] = reason;
    codes[field] = code;
  };
  const raw = input['phoneNumber'];
  let phoneNumber = '';
  if (typeof raw !== 'string' || raw.trim() === '') refuse('phoneNumber', 'phoneRequired');
  else {
    const line = receivedLine(raw);
    if (!line) refuse('phoneNumber', 'phoneInvalid');
    else if (line.premium) refuse('phoneNumber', 'phonePremium');
    else if (!line.country || !policy.countries.includes(line.country)) refuse('phoneNumber', 'phoneNotServed', CALL_REASONS.phoneNotServed(policy.countries));
    else phoneNumber = line.e164;
  }
  const consent = input['consent'];
  const given = typeof consent === 'object' && consent !== null && (consent as Record<string, unknown>)['given'] === true;
  const text = given ? (consent as Record<string, unknown>)['text'] : undefined;
  if (!given) refuse('consent', 'consentRequired');
  else if (typeof text !== 'string' || text.trim() === '' || text.length > CONSENT_TEXT_LIMIT) refuse('consent', 'consentMalformed');

  if (Object.keys(fields).length > 0) return { ok: false, fields, codes };
  return { ok: true, call: { phoneNumber, consentText: (text as string).trim() } };
}
