import { fillCopy, type Copy } from '../copy/copy.ts';
import type { PhoneCountry } from './phone-check.ts';

export interface CountryOption {
  code: string;
  label: string;
}

/** The country select's options ('France (+33)'), named by the browser (Intl.DisplayNames) in the copy's language. */
export function countryOptions(countries: readonly PhoneCountry[], copy: Copy, locale = 'en'): CountryOption[] {
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  return countries
    .map(({ code, callingCode }) => ({ code, label: fillCopy(copy.phoneCountryOption, { country: names.of(code) ?? code, callingCode }) }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
}

/** Before the rules are loaded: the one country a national number will be read for, by name. */
export const countryName = (code: string, locale = 'en'): string => new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }).of(code) ?? code;
