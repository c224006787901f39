// What every host allows before anyone is called, read from the same environment variables: which
// countries are called, how many calls a day the host places at most, whether calls are recorded,
// which company the agent says it speaks for, and what a call request must carry (a valid number,
// consent). The stand-in and the n8n workflows apply it alike; the widget's phone chunk judges a
// number with the same words before sending it.
import type { FollowUpTerms } from './follow-up.ts';
import { DEFAULT_COMPANY_NAME } from './constants.ts';
import { parseSwitch } from './env-switch.ts';
import type { RateLimit } from './rate-limits.ts';
import { isPhoneCountry, PHONE_COUNTRIES, receivedLine, type PhoneLine } from './phone-reading.ts';

/** The company's two lines (spec: US and FR): the countries called unless `CALL_COUNTRIES` says otherwise. */
export const DEFAULT_CALL_COUNTRIES = ['US', 'FR'] as const;
/** Outbound calls the whole host places in any 24 hours unless `MAX_CALLS_PER_DAY` says otherwise. */
export const DEFAULT_MAX_CALLS_PER_DAY = 100;
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
}

/** The policy from the environment; a malformed value throws, naming the variable and what it takes. */
export function callPolicyFromEnv(env: Record<string, string | undefined>): CallPolicy {
  return {
    countries: parseCountries(env['CALL_COUNTRIES']),
    callsPerDay: parseCallsPerDay(env['MAX_CALLS_PER_DAY']),
    recordCalls: parseSwitch('RECORD_CALLS', env['RECORD_CALLS']),
    companyName: env['COMPANY_NAME']?.trim() || DEFAULT_COMPANY_NAME,
  };
}

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
  /** What follows a call: a summary by e-mail, a booking link (issue 27, follow-up.ts). */
  followUp: FollowUpTerms;
}

export const callTerms = (policy: CallPolicy, followUp: FollowUpTerms = { mail: false, bookingUrl: null }): CallTerms => ({
  recorded: policy.recordCalls,
  countries: [...policy.countries],
  from: policy.companyName,
  followUp,
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
  consentRequired: 'Tick the box to agree to this AI demo call.',
  consentMalformed: `consent must be {"given": true, "text": "<the words shown beside the box>"}, the text at most ${CONSENT_TEXT_LIMIT} characters.`,
} as const;

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
 * reason per field, as `fields`.
 */
export function checkCallFields(
  input: Readonly<Record<string, unknown>>,
  policy: Pick<CallPolicy, 'countries'>,
): { ok: true; call: CallFields } | { ok: false; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const raw = input['phoneNumber'];
  let phoneNumber = '';
  if (typeof raw !== 'string' || raw.trim() === '') fields['phoneNumber'] = CALL_REASONS.phoneRequired;
  else {
    const line = receivedLine(raw);
    const problem = line ? lineProblem(line, policy.countries) : CALL_REASONS.phoneInvalid;
    if (problem) fields['phoneNumber'] = problem;
    else phoneNumber = line!.e164;
  }
  const consent = input['consent'];
  const given = typeof consent === 'object' && consent !== null && (consent as Record<string, unknown>)['given'] === true;
  const text = given ? (consent as Record<string, unknown>)['text'] : undefined;
  if (!given) fields['consent'] = CALL_REASONS.consentRequired;
  else if (typeof text !== 'string' || text.trim() === '' || text.length > CONSENT_TEXT_LIMIT) fields['consent'] = CALL_REASONS.consentMalformed;

  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, call: { phoneNumber, consentText: (text as string).trim() } };
}
