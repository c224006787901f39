import { fillCopy, type Copy } from '../copy.ts';
import type { PhoneCountry } from './phone-check.ts';

export interface CountryOption {
  code: string;
  label: string;
}

/**
 * The country select's options, by name ('France (+33)'), in the copy's language. Names come from
 * the browser (Intl.DisplayNames); a code it cannot name is shown as it is.
 */
export function countryOptions(countries: readonly PhoneCountry[], copy: Copy, locale = 'en'): CountryOption[] {
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  return countries
    .map(({ code, callingCode }) => ({ code, label: fillCopy(copy.phoneCountryOption, { country: names.of(code) ?? code, callingCode }) }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
}

/** Before the rules are loaded: the one country a national number will be read for, by name. */
export const countryName = (code: string, locale = 'en'): string => new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }).of(code) ?? code;
