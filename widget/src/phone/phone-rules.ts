// The lazy phone chunk: libphonenumber-js with its `min` metadata, which knows every country's
// possible lengths (all `isPossible()` needs). Imported only by use-phone-rules.ts, with import(),
// so the first render never carries it; `pnpm size` prints its weight.
import { getCountries, getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { PhoneRules } from './phone-check.ts';

export const phoneRules: PhoneRules = {
  countries: getCountries().map((code) => ({ code, callingCode: getCountryCallingCode(code) })),
  toPossibleE164(text, country) {
    // `extract: false`: the whole input must be the number ('call 555...' is not one).
    const number = parsePhoneNumberFromString(text, isSupportedCountry(country) ? { defaultCountry: country, extract: false } : { extract: false });
    return number?.isPossible() ? number.number : null;
  },
};
