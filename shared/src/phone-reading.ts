// What a typed phone number is, judged with libphonenumber-js and its full (`max`) metadata: the
// widget's phone dialog (in its lazy phone chunk) and every host read a number with this one module,
// so a number the dialog calls valid is one the hosts accept. Validity, not mere possibility: the
// length-only check takes `06 12 34 56 78` read for the United States (`+10612345678`, a number
// that cannot exist), and only the full metadata knows which digits a country uses and which
// numbers are premium-rate.
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString, isSupportedCountry, type CountryCode, type PhoneNumber } from 'libphonenumber-js/max';

/** A number that can be called, in the forms the widget shows and the hosts send and count by. */
export interface PhoneLine {
  /** E.164, what is sent and stored: one spelling per line (`+33 06 12...` and `+33 6 12...` are both `+33612345678`). */
  e164: string;
  /** ISO 3166-1 alpha-2 of the line's country (`FR`), or null for a number of no country (`+800`...). */
  country: string | null;
  /** For people: `+33 6 12 34 56 78`. */
  international: string;
  /** Premium-rate or shared-cost: the callee earns from the call, what "call me" fraud looks for. */
  premium: boolean;
}

/**
 * How a typed number reads:
 * - `blank`: nothing typed;
 * - `valid`: a number of a real line, read for the chosen country (or international with `+`);
 * - `elsewhere`: not valid for the chosen country, but valid read another likely way (for one of the
 *   `alternatives` countries, or as digits that start with a country code): the widget asks
 *   "Did you mean ...?" and sends nothing until the visitor agrees;
 * - `invalid`: no line has it (incomplete, too long, letters).
 */
export type PhoneReading = { kind: 'blank' } | { kind: 'valid'; line: PhoneLine } | { kind: 'elsewhere'; suggestion: PhoneLine } | { kind: 'invalid' };

const PREMIUM_TYPES = new Set(['PREMIUM_RATE', 'SHARED_COST']);

const lineOf = (number: PhoneNumber): PhoneLine => ({
  e164: number.number,
  country: number.country ?? null,
  international: number.formatInternational(),
  premium: PREMIUM_TYPES.has(number.getType() ?? ''),
});

/** `text` as a number of a real line, read for `country` when it has no `+`; null when it is none. */
function validLine(text: string, country?: string): PhoneLine | null {
  // `extract: false`: the whole input must be the number ('call 555...' is not one).
  const options = country && isSupportedCountry(country) ? { defaultCountry: country as CountryCode, extract: false } : { extract: false };
  const number = parsePhoneNumberFromString(text, options);
  return number?.isValid() ? lineOf(number) : null;
}

/**
 * Reads `raw` as typed (surrounding spaces trimmed: a pasted ` +44 20...` is what it looks like).
 * `alternatives`: countries worth trying when the number is not valid for `country`, most likely
 * first (the countries the host calls, the visitor's languages' regions).
 */
export function readPhoneNumber(raw: string, country: string, alternatives: readonly string[] = []): PhoneReading {
  const text = raw.trim();
  if (text === '') return { kind: 'blank' };
  const line = validLine(text, country);
  if (line) return { kind: 'valid', line };
  if (!text.startsWith('+')) {
    for (const other of alternatives) {
      const suggestion = other === country ? null : validLine(text, other);
      if (suggestion) return { kind: 'elsewhere', suggestion };
    }
    // Digits that start with a country code, the `+` left out (`33 6 12 34 56 78`).
    const international = /^\d/.test(text) ? validLine(`+${text}`) : null;
    if (international) return { kind: 'elsewhere', suggestion: international };
  }
  return { kind: 'invalid' };
}

/** The number as the hosts receive it: international, `+` and the country code first; null unless valid. */
export const receivedLine = (raw: string): PhoneLine | null => {
  const text = raw.trim();
  return text.startsWith('+') ? validLine(text) : null;
};

/** Every country the rules know, with its calling code (`{code: 'FR', callingCode: '33'}`). */
export const PHONE_COUNTRIES: readonly { code: string; callingCode: string }[] = getCountries().map((code) => ({
  code,
  callingCode: getCountryCallingCode(code),
}));

export const isPhoneCountry = (code: string): boolean => isSupportedCountry(code);
