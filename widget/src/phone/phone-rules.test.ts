import { checkPhoneNumber, type PhoneNumberCheck } from './phone-check.ts';
import { describe, expect, it } from 'vitest';
import { countryOptions } from './country-options.ts';
import { phoneRules } from './phone-rules.ts';

// The real rules (libphonenumber-js, min metadata) behind the dialog's decision.
describe('checkPhoneNumber with the real phone rules', () => {
  it.each<[string, string, PhoneNumberCheck]>([
    ['(555) 010-1234', 'US', { state: 'possible', e164: '+15550101234' }],
    ['555.010.1234', 'US', { state: 'possible', e164: '+15550101234' }],
    ['1 (555) 010-1234', 'US', { state: 'possible', e164: '+15550101234' }],
    ['06 12 34 56 78', 'FR', { state: 'possible', e164: '+33612345678' }],
    ['+44 20 7946 0958', 'US', { state: 'possible', e164: '+442079460958' }],
    ['+44 20 7946 0958', 'FR', { state: 'possible', e164: '+442079460958' }],
    ['+1 555 123 4567', 'DE', { state: 'possible', e164: '+15551234567' }],
    ['12', 'US', { state: 'incomplete', e164: null }],
    ['555-0101', 'US', { state: 'incomplete', e164: null }], // no area code
    ['(555) 010-12345', 'US', { state: 'incomplete', e164: null }], // one digit too many
    ['+1', 'US', { state: 'incomplete', e164: null }],
    ['abc', 'US', { state: 'incomplete', e164: null }],
    ['call 555 010 1234', 'US', { state: 'incomplete', e164: null }],
    ['(555) 010-1234', 'ZZ', { state: 'incomplete', e164: null }], // no country to read it for
  ])('%j read for %s', (raw, country, expected) => {
    expect(checkPhoneNumber(raw, country, phoneRules)).toEqual(expected);
  });

  it('knows every country with its calling code', () => {
    expect(phoneRules.countries.length).toBeGreaterThan(200);
    expect(phoneRules.countries).toContainEqual({ code: 'FR', callingCode: '33' });
    expect(phoneRules.countries).toContainEqual({ code: 'US', callingCode: '1' });
  });
});

describe('countryOptions', () => {
  it('names each country with its calling code, sorted by name', () => {
    const options = countryOptions(phoneRules.countries);
    expect(options).toHaveLength(phoneRules.countries.length);
    expect(options).toContainEqual({ code: 'FR', label: 'France (+33)' });
    expect(options).toContainEqual({ code: 'US', label: 'United States (+1)' });
    const labels = options.map((option) => option.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
  });
});
