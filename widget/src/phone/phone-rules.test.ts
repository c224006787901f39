import { describe, expect, it } from 'vitest';
import { copy } from '../copy/copy.ts';
import { countryOptions } from './country-options.ts';
import { phoneRules } from './phone-rules.ts';

// The widget's phone chunk: shared/src/phone-reading.ts and call-policy.ts (phone-check.test.ts reads numbers with them).
describe('phoneRules', () => {
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
