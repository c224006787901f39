import type { PhoneLine, PhoneReading } from '@franchise-ai/shared/phone-reading';
import { isE164, normalizePhoneNumber } from './e164.ts';
import type { CopyKey } from '../copy.ts';

// The phone dialog's number, as people type it: national formats read for a country, or
// international with `+`. The numbering rules (libphonenumber-js with its full metadata, large) are
// loaded by the widget only when the dialog may be used; these decisions take them as an argument,
// so they stay pure.

/** The country read when no language tag names a supported one. */
export const FALLBACK_PHONE_COUNTRY = 'US';

export interface PhoneCountry {
  /** ISO 3166-1 alpha-2, e.g. `FR`. */
  code: string;
  /** Without `+`, e.g. `33`. */
  callingCode: string;
}

/** What the widget's phone-rules chunk provides: shared/src/phone-reading.ts and call-policy.ts, as every host reads a number. */
export interface PhoneRules {
  countries: readonly PhoneCountry[];
  /** How `text` reads for `country` (or international with `+`), trying `alternatives` when it is not valid there. */
  read(text: string, country: string, alternatives: readonly string[]): PhoneReading;
  /** Why a host that calls `countries` would not call `line` (premium, another country), in the hosts' words; null when it would. */
  lineProblem(line: PhoneLine, countries: readonly string[]): string | null;
  /** The countries a host calls unless it says otherwise (the company's two lines, US and FR). */
  defaultCountries: readonly string[];
}

/** The rules while their chunk loads, once loaded, or `'unavailable'` when the chunk could not be loaded. */
export type PhoneRulesStatus = 'loading' | 'unavailable' | PhoneRules;

/**
 * - `blank`: nothing typed; `loading`: typed, the rules not there yet;
 * - `invalid`: no real line has it (incomplete, too long, letters);
 * - `elsewhere`: not a line of the chosen country, but one of another likely country (`suggestion`):
 *   the dialog asks "Did you mean ...?" and sends nothing until the visitor takes it;
 * - `refused`: a real line this host would not call (`problem`, the hosts' own words; `code`, its
 *   reason's code, which words it in the widget's language: webhooks/refusal-words.ts);
 * - `valid`: the `line` that will be called.
 */
export type PhoneNumberCheck =
  | { state: 'blank' | 'loading' | 'invalid' }
  | { state: 'elsewhere'; suggestion: PhoneLine }
  | { state: 'refused'; problem: string; code: LineProblemCode }
  | { state: 'valid'; line: PhoneLine };

/** Why a host would not call a real line, as its refusal codes name it (CALL_REASONS in shared/src/call-policy.ts). */
export type LineProblemCode = 'phonePremium' | 'phoneNotServed';

export type PhoneNumberState = PhoneNumberCheck['state'];

/** Where a number may be read besides the chosen country, and which countries the host calls. */
export interface PhoneContext {
  /** The countries the host said it calls (`demo_form`'s `calls.countries`); null when it did not say. */
  served: readonly string[] | null;
  /** The visitor's languages' regions, closest first (`languageRegions`). */
  regions: readonly string[];
}

/**
 * Countries to try when a number is not valid for the chosen one, most likely first: those the host
 * calls (`defaults`, the company's own two, when it did not say), then the visitor's languages'.
 */
export const phoneAlternatives = ({ served, regions }: PhoneContext, defaults: readonly string[]): string[] => [
  ...new Set([...(served ?? defaults), ...regions]),
];

/**
 * One decision for the number: what it reads as, and whether it can be called. Only a `valid` line
 * is ever sent. When the host said which countries it calls, a line of another country, or a
 * premium-rate one, is refused here with the hosts' words rather than after sending. Without the
 * rules (their chunk failed to load) only an international number already in E.164 once
 * punctuation is removed passes, so a visitor who types `+` and the country code can still be called.
 */
export function checkPhoneNumber(raw: string, country: string, rules: PhoneRulesStatus, context: PhoneContext): PhoneNumberCheck {
  const text = raw.trim();
  if (text === '') return { state: 'blank' };
  if (rules === 'loading') return { state: 'loading' };
  if (rules === 'unavailable') {
    const e164 = normalizePhoneNumber(text);
    return text.startsWith('+') && isE164(e164) ? { state: 'valid', line: { e164, country: null, international: e164, premium: false } } : { state: 'invalid' };
  }
  const reading = rules.read(text, country, phoneAlternatives(context, rules.defaultCountries));
  switch (reading.kind) {
    case 'blank':
    case 'invalid':
      return { state: 'invalid' };
    case 'elsewhere':
      return { state: 'elsewhere', suggestion: reading.suggestion };
    case 'valid': {
      // The hosts check E.164 themselves; a reading that is not would be refused there.
      if (!isE164(reading.line.e164)) return { state: 'invalid' };
      const problem = context.served ? rules.lineProblem(reading.line, context.served) : null;
      // lineProblem's order: a premium line first, whatever its country.
      return problem ? { state: 'refused', problem, code: reading.line.premium ? 'phonePremium' : 'phoneNotServed' } : { state: 'valid', line: reading.line };
    }
  }
}

/** The number that will be called, in E.164, or null while there is none. */
export const callableNumber = (check: PhoneNumberCheck): string | null => (check.state === 'valid' ? check.line.e164 : null);

/**
 * The line under the number: what the visitor should do next, the number that will be called, or
 * the suggestion; `none` while there is nothing to say.
 */
export type PhoneHint =
  | { kind: 'none' }
  | { kind: 'text'; key: Extract<CopyKey, 'phoneHintLoading' | 'phoneHintIncomplete' | 'phoneHintRulesUnavailable'> }
  | { kind: 'problem'; text: string; code: LineProblemCode }
  | { kind: 'did-you-mean'; number: string }
  | { kind: 'will-call'; number: string };

export function phoneHint(check: PhoneNumberCheck, rules: PhoneRulesStatus): PhoneHint {
  switch (check.state) {
    case 'valid':
      return { kind: 'will-call', number: check.line.international };
    case 'elsewhere':
      return { kind: 'did-you-mean', number: check.suggestion.international };
    case 'refused':
      return { kind: 'problem', text: check.problem, code: check.code };
    case 'loading':
      return { kind: 'text', key: 'phoneHintLoading' };
    case 'blank':
    case 'invalid':
      // Without the rules the visitor learns at once, before typing, that only + works.
      if (rules === 'unavailable') return { kind: 'text', key: 'phoneHintRulesUnavailable' };
      return check.state === 'blank' ? { kind: 'none' } : { kind: 'text', key: 'phoneHintIncomplete' };
  }
}

/**
 * What "Did you mean ...?" does: pick the suggestion's country when the number as typed reads as
 * that country's (the select then says so, and the visitor's digits stay as they are), else put the
 * suggestion itself, international, in place of the text (digits typed without their `+`).
 */
export type SuggestionTaken = { change: 'country'; country: string } | { change: 'number'; value: string };

export function takeSuggestion(raw: string, suggestion: PhoneLine, rules: PhoneRules): SuggestionTaken {
  const { country } = suggestion;
  if (country && rules.read(raw, country, []).kind === 'valid') return { change: 'country', country };
  return { change: 'number', value: suggestion.international };
}

/**
 * Why 'Schedule Call' cannot be pressed, or `ready`: it needs a number that can be called and the
 * box ticked (the spec's "disabled while the number is blank", extended); `sending` while the
 * host answers.
 */
export type ScheduleState = 'ready' | 'sending' | 'missing-number' | 'missing-consent' | 'missing-both';

export function scheduleState(check: PhoneNumberCheck, consent: boolean, sending: boolean): ScheduleState {
  if (sending) return 'sending';
  const callable = callableNumber(check) !== null;
  if (callable) return consent ? 'ready' : 'missing-consent';
  return consent ? 'missing-number' : 'missing-both';
}

/**
 * The country a national number is read for: a supported region named by one of the language tags
 * (`fr-FR` -> FR), the closest first, since a region someone set says more than a bare language;
 * only when none names one, the likely region of the first bare language that has one (`en` -> US,
 * `fr` -> FR); else US. Tags in order of closeness: the element's `lang`, the page's, the browser's.
 * So a page in `en` read by a browser set to `fr-FR` reads numbers for France.
 */
export function defaultPhoneCountry(languageTags: readonly (string | null | undefined)[], isSupported: (country: string) => boolean): string {
  const usable = (region: string | undefined) => (region && isCountry(region, isSupported) ? region : undefined);
  return (
    languageTags.map((tag) => usable(localeOf(tag)?.region)).find(Boolean) ??
    languageTags.map((tag) => usable(localeOf(tag)?.maximize().region)).find(Boolean) ??
    FALLBACK_PHONE_COUNTRY
  );
}

/** The supported regions of the language tags, closest first: set ones, else likely ones (`en` -> US). */
export function languageRegions(languageTags: readonly (string | null | undefined)[], isSupported: (country: string) => boolean): string[] {
  const regions = languageTags.map((tag) => {
    const locale = localeOf(tag);
    return locale?.region ?? locale?.maximize().region;
  });
  return [...new Set(regions.filter((region): region is string => !!region && isCountry(region, isSupported)))];
}

/** A region that is a country (`FR`), not a group of them (`001`, `419`), and one the rules know. */
const isCountry = (region: string, isSupported: (country: string) => boolean): boolean => /^[A-Z]{2}$/.test(region) && isSupported(region);

function localeOf(tag: string | null | undefined): Intl.Locale | undefined {
  if (!tag?.trim()) return undefined;
  try {
    return new Intl.Locale(tag.trim());
  } catch {
    return undefined; // not a language tag
  }
}
