// The lazy phone chunk: how every host reads a number (libphonenumber-js `max`, which knows premium-rate lines).
import { DEFAULT_CALL_COUNTRIES, lineProblem } from '@franchise-ai/shared/call-policy';
import { PHONE_COUNTRIES, readPhoneNumber } from '@franchise-ai/shared/phone-reading';
import type { PhoneRules } from './phone-check.ts';

export const phoneRules: PhoneRules = { countries: PHONE_COUNTRIES, read: readPhoneNumber, lineProblem, defaultCountries: DEFAULT_CALL_COUNTRIES };
