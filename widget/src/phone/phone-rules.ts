// The lazy phone chunk: how every host reads a number (shared/src/phone-reading.ts, libphonenumber-js
// with its full `max` metadata, which knows which digits each country's lines use and which are
// premium-rate) and which lines a host would not call (call-policy.ts). Imported only by
// use-phone-rules.ts, with import(), so the first render never carries it; `pnpm size` prints its weight.
import { DEFAULT_CALL_COUNTRIES, lineProblem } from '@franchise-ai/shared/call-policy';
import { PHONE_COUNTRIES, readPhoneNumber } from '@franchise-ai/shared/phone-reading';
import type { PhoneRules } from './phone-check.ts';

export const phoneRules: PhoneRules = { countries: PHONE_COUNTRIES, read: readPhoneNumber, lineProblem, defaultCountries: DEFAULT_CALL_COUNTRIES };
