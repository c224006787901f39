import type { PhoneLine, PhoneReading } from '@franchise-ai/shared/phone-reading';
import { isE164, normalizePhoneNumber } from './e164.ts';
import type { CopyKey } from '../copy/copy.ts';

// The numbering rules (libphonenumber-js, large) load only when the dialog may be used, so they come in as an argument.

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

export type PhoneRulesStatus = 'loading' | 'unavailable' | PhoneRules;

/**
 * `elsewhere`: a line of another likely country, so the dialog asks "Did you mean ...?" and sends
 * nothing until the visitor takes it; `refused`: a real line this host would not call (`problem` in
 * the hosts' words, `code` for the widget's own: webhooks/refusal-words.ts).
 */
export type PhoneNumberCheck =
  | { state: 'blank' | 'loading' | 'invalid' }
  | { state: 'elsewhere'; suggestion: PhoneLine }
  | { state: 'refused'; problem: string; code: LineProblemCode }
  | { state: 'valid'; line: PhoneLine };

/** Why a host would not call a real line, as its refusal codes name it (CALL_REASONS in shared/src/call-policy.ts). */
export type LineProblemCode = 'phonePremium' | 'phoneNotServed';

export type PhoneNumberState = PhoneNumberCheck['state'];

export interface PhoneContext {
  /** The countries the host said it calls (`demo_form`'s `calls.countries`); null when it did not say. */
  served: readonly string[] | null;
  regions: readonly string[];
}

/** Countries to try when a number is not valid for the chosen one: the host's (else `defaults`), then the visitor's languages'. */
export const phoneAlternatives = ({ served, regions }: PhoneContext, defaults: readonly string[]): string[] => [
  ...new Set([...(served ?? defaults), ...regions]),
];

/**
 * Only a `valid` line is sent; a line the host would refuse is refused here, in its words. Without the
 * rules an international number in E.164 still passes, so a visitor who types `+` can still be called.
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

export const callableNumber = (check: PhoneNumberCheck): string | null => (check.state === 'valid' ? check.line.e164 : null);

/** The line under the number: what to do next, the number that will be called, or the suggestion. */
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
 * "Did you mean ...?": the suggestion's country when the typed number reads as that country's (the
 * visitor's digits stay), else the suggestion itself, international, in place of the text.
 */
export type SuggestionTaken = { change: 'country'; country: string } | { change: 'number'; value: string };

export function takeSuggestion(raw: string, suggestion: PhoneLine, rules: PhoneRules): SuggestionTaken {
  const { country } = suggestion;
  if (country && rules.read(raw, country, []).kind === 'valid') return { change: 'country', country };
  return { change: 'number', value: suggestion.international };
}

/** Why 'Schedule Call' cannot be pressed: the spec's "disabled while blank", extended to a callable number and consent. */
export type ScheduleState = 'ready' | 'sending' | 'missing-number' | 'missing-consent' | 'missing-both';

export function scheduleState(check: PhoneNumberCheck, consent: boolean, sending: boolean): ScheduleState {
  if (sending) return 'sending';
  const callable = callableNumber(check) !== null;
  if (callable) return consent ? 'ready' : 'missing-consent';
  return consent ? 'missing-number' : 'missing-both';
}

/**
 * A region a language tag names (`fr-FR`), closest first, since a set region says more than a bare
 * language; else a bare language's likely region (`en` -> US); else US.
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
