import { isE164, normalizePhoneNumber } from './e164.ts';
import type { CopyKey } from '../copy.ts';
import { isBlank } from '../flow/validation.ts';

// The phone dialog's number, as people type it: national formats read for a country, or
// international with `+`. The numbering rules (libphonenumber-js, large) are loaded by the widget
// only when the dialog may be used; these decisions take them as an argument, so they stay pure.

/** The country read when no page language names a supported one. */
export const FALLBACK_PHONE_COUNTRY = 'US';

export interface PhoneCountry {
  /** ISO 3166-1 alpha-2, e.g. `FR`. */
  code: string;
  /** Without `+`, e.g. `33`. */
  callingCode: string;
}

/** What the widget's phone-rules chunk provides. */
export interface PhoneRules {
  countries: readonly PhoneCountry[];
  /** The number in E.164 when `text` is a possible number (national for `country`, or starting with `+`); otherwise null. */
  toPossibleE164(text: string, country: string): string | null;
}

/** The rules while their chunk loads, once loaded, or `'unavailable'` when the chunk could not be loaded. */
export type PhoneRulesStatus = 'loading' | 'unavailable' | PhoneRules;

export type PhoneNumberState = 'blank' | 'loading' | 'incomplete' | 'possible';

export interface PhoneNumberCheck {
  state: PhoneNumberState;
  /** Set only when `state` is `'possible'`: what is sent as `phoneNumber`. */
  e164: string | null;
}

/**
 * One decision for 'Schedule Call': enabled only for a possible number. Without the rules (their
 * chunk failed to load) only an international number already in E.164 once punctuation is removed
 * passes, so a visitor who types `+` and the country code can still be called.
 */
export function checkPhoneNumber(raw: string, country: string, rules: PhoneRulesStatus): PhoneNumberCheck {
  if (isBlank(raw)) return { state: 'blank', e164: null };
  if (rules === 'loading') return { state: 'loading', e164: null };
  const e164 = rules === 'unavailable' ? normalizePhoneNumber(raw) : rules.toPossibleE164(raw, country);
  return e164 !== null && isE164(e164) ? { state: 'possible', e164 } : { state: 'incomplete', e164: null };
}

/** The short line under the number: what the visitor should do next, or null when nothing is missing. */
export function phoneHint(state: PhoneNumberState, rules: PhoneRulesStatus): CopyKey | null {
  if (rules === 'unavailable') return state === 'possible' ? null : 'phoneHintRulesUnavailable';
  switch (state) {
    case 'blank':
    case 'possible':
      return null;
    case 'loading':
      return 'phoneHintLoading';
    case 'incomplete':
      return 'phoneHintIncomplete';
  }
}

/**
 * The country a national number is read for: the region of the first language tag that has one
 * (`fr-FR` -> FR; a bare `fr` -> its likely region, FR) and that the rules support, else US.
 * Tags in order of closeness: the element's `lang`, the page's, the browser's.
 */
export function defaultPhoneCountry(languageTags: readonly (string | null | undefined)[], isSupported: (country: string) => boolean): string {
  for (const tag of languageTags) {
    const region = regionOf(tag);
    if (region && isSupported(region)) return region;
  }
  return FALLBACK_PHONE_COUNTRY;
}

function regionOf(tag: string | null | undefined): string | undefined {
  if (!tag?.trim()) return undefined;
  try {
    return new Intl.Locale(tag.trim()).maximize().region;
  } catch {
    return undefined; // not a language tag
  }
}
