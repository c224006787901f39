import { CALL_REASONS } from '@franchise-ai/shared/call-policy';
import { describe, expect, it } from 'vitest';
import { copy } from '../copy/copy.ts';
import { countryOptions } from './country-options.ts';
import { callableNumber, checkPhoneNumber, takeSuggestion, type PhoneContext, type PhoneNumberCheck } from './phone-check.ts';
import { phoneRules } from './phone-rules.ts';

// The real rules (shared/src/phone-reading.ts: libphonenumber-js, full metadata) behind the dialog's
// decision: what every host accepts is what the dialog sends.
const line = (e164: string, country: string | null, international: string, premium = false) => ({ e164, country, international, premium });
const UNKNOWN: PhoneContext = { served: null, regions: [] };
const US_FR: PhoneContext = { served: ['US', 'FR'], regions: [] };

describe('checkPhoneNumber with the real phone rules', () => {
  it.each<[string, string, PhoneContext, PhoneNumberCheck]>([
    ['201.555.0123', 'US', UNKNOWN, { state: 'valid', line: line('+12015550123', 'US', '+1 201 555 0123') }],
    ['1 (201) 555-0123', 'US', UNKNOWN, { state: 'valid', line: line('+12015550123', 'US', '+1 201 555 0123') }],
    // On an English page, a French mobile typed the French way is never sent as +1: the company's countries are tried.
    ['06 12 34 56 78', 'US', UNKNOWN, { state: 'elsewhere', suggestion: line('+33612345678', 'FR', '+33 6 12 34 56 78') }],
    // A leading space (pasted) is not part of the number.
    [' +33 6 12 34 56 78', 'US', UNKNOWN, { state: 'valid', line: line('+33612345678', 'FR', '+33 6 12 34 56 78') }],
    ['+44 20 7946 0018', 'FR', UNKNOWN, { state: 'valid', line: line('+442079460018', 'GB', '+44 20 7946 0018') }],
    // Possible (the right length) but no real line, and more: shared/src/phone-reading.test.ts reads them.
    ['(201) 555-01234', 'US', UNKNOWN, { state: 'invalid' }], // one digit too many
    ['+1', 'US', UNKNOWN, { state: 'invalid' }],
    ['abc', 'US', UNKNOWN, { state: 'invalid' }],
    // The host said which countries it calls: the hosts' own words, before anything is sent.
    ['+44 20 7946 0018', 'US', US_FR, { state: 'refused', problem: CALL_REASONS.phoneNotServed(['US', 'FR']), code: 'phoneNotServed' }],
    ['+1 900 555 0123', 'US', US_FR, { state: 'refused', problem: CALL_REASONS.phonePremium, code: 'phonePremium' }],
  ])('%j read for %s', (raw, country, context, expected) => {
    expect(checkPhoneNumber(raw, country, phoneRules, context)).toEqual(expected);
  });
  it('"Did you mean" for digits without their +: taking it reads them for their country', () => {
    const check = checkPhoneNumber('33 6 12 34 56 78', 'US', phoneRules, { served: ['US'], regions: [] });
    if (check.state !== 'elsewhere') throw new Error(`expected a suggestion, got ${check.state}`);
    expect(check.suggestion.e164).toBe('+33612345678');
    // libphonenumber reads a French number that starts with France's code as France's.
    expect(takeSuggestion('33 6 12 34 56 78', check.suggestion, phoneRules)).toEqual({ change: 'country', country: 'FR' });
    expect(callableNumber(checkPhoneNumber('33 6 12 34 56 78', 'FR', phoneRules, UNKNOWN))).toBe('+33612345678');
  });
  it("tries the company's two countries when the host did not say which it calls", () => {
    expect(phoneRules.defaultCountries).toEqual(['US', 'FR']);
  });
  it('knows every country with its calling code', () => {
    expect(phoneRules.countries.length).toBeGreaterThan(200);
    expect(phoneRules.countries).toContainEqual({ code: 'FR', callingCode: '33' });
    expect(phoneRules.countries).toContainEqual({ code: 'US', callingCode: '1' });
  });
});

describe('countryOptions', () => {
  it('names each country with its calling code, sorted by name', () => {
    const options = countryOptions(phoneRules.countries, copy);
    expect(options).toHaveLength(phoneRules.countries.length);
    expect(options).toContainEqual({ code: 'FR', label: 'France (+33)' });
    expect(options).toContainEqual({ code: 'US', label: 'United States (+1)' });
    const labels = options.map((option) => option.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
  });
});
