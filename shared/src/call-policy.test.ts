import { describe, expect, it } from 'vitest';
import { CALL_REASONS, callPolicyFromEnv, checkCallFields, CONSENT_TEXT_LIMIT, countryLabel } from './call-policy.ts';
import { DEFAULT_COMPANY_NAME } from './constants.ts';

describe('callPolicyFromEnv', () => {
  it('defaults: the US and France, 100 calls a day, nothing recorded, the company', () => {
    expect(callPolicyFromEnv({})).toEqual({
      countries: ['US', 'FR'],
      callsPerDay: { limit: 100, windowMs: 86_400_000 },
      recordCalls: false,
      companyName: DEFAULT_COMPANY_NAME,
    });
  });
  it('reads each variable', () => {
    expect(callPolicyFromEnv({ CALL_COUNTRIES: ' fr, de ,FR', MAX_CALLS_PER_DAY: '7', RECORD_CALLS: '1', COMPANY_NAME: ' Acme AI ' })).toEqual({
      countries: ['FR', 'DE'],
      callsPerDay: { limit: 7, windowMs: 86_400_000 },
      recordCalls: true,
      companyName: 'Acme AI',
    });
    expect(callPolicyFromEnv({ MAX_CALLS_PER_DAY: 'off', RECORD_CALLS: '0' })).toMatchObject({ callsPerDay: null, recordCalls: false });
  });
  it.each<[Record<string, string>, RegExp]>([
    [{ CALL_COUNTRIES: 'US,XX' }, /CALL_COUNTRIES: XX is not a country code/],
    [{ CALL_COUNTRIES: 'USA' }, /USA is not a country code/],
    [{ MAX_CALLS_PER_DAY: '0' }, /MAX_CALLS_PER_DAY must be a whole number/],
    [{ MAX_CALLS_PER_DAY: '1.5' }, /MAX_CALLS_PER_DAY/],
    [{ RECORD_CALLS: 'yes' }, /RECORD_CALLS must be 1 \(on\) or 0 \(off\)/],
  ])('refuses %j', (env, message) => expect(() => callPolicyFromEnv(env)).toThrow(message));
});

describe('checkCallFields', () => {
  const policy = { countries: ['US', 'FR'] };
  const consent = { given: true, text: 'Franchise AI will call this number once. I agree to receive this AI demo call.' };
  it.each<[string, Record<string, unknown>, unknown]>([
    [
      'a French mobile, spelt with the trunk 0',
      { phoneNumber: '+33 06 12 34 56 78', consent },
      { ok: true, call: { phoneNumber: '+33612345678', consentText: consent.text } },
    ],
    ['no number, no consent', {}, { ok: false, fields: { phoneNumber: CALL_REASONS.phoneRequired, consent: CALL_REASONS.consentRequired } }],
    ['a national number', { phoneNumber: '06 12 34 56 78', consent }, { ok: false, fields: { phoneNumber: CALL_REASONS.phoneInvalid } }],
    ['no line has it', { phoneNumber: '+1 555 123 4567', consent }, { ok: false, fields: { phoneNumber: CALL_REASONS.phoneInvalid } }],
    [
      'another country',
      { phoneNumber: '+44 20 7946 0018', consent },
      { ok: false, fields: { phoneNumber: 'This demo calls numbers in United States (+1), France (+33) only.' } },
    ],
    ['premium-rate', { phoneNumber: '+33 8 99 12 34 56', consent }, { ok: false, fields: { phoneNumber: CALL_REASONS.phonePremium } }],
    [
      'consent not given',
      { phoneNumber: '+12015550123', consent: { given: false, text: consent.text } },
      { ok: false, fields: { consent: CALL_REASONS.consentRequired } },
    ],
    [
      'consent "true" as a string',
      { phoneNumber: '+12015550123', consent: { given: 'true', text: consent.text } },
      { ok: false, fields: { consent: CALL_REASONS.consentRequired } },
    ],
    [
      'consent without its words',
      { phoneNumber: '+12015550123', consent: { given: true, text: ' ' } },
      { ok: false, fields: { consent: CALL_REASONS.consentMalformed } },
    ],
    [
      'consent words too long',
      { phoneNumber: '+12015550123', consent: { given: true, text: 'x'.repeat(CONSENT_TEXT_LIMIT + 1) } },
      { ok: false, fields: { consent: CALL_REASONS.consentMalformed } },
    ],
  ])('%s', (_label, input, expected) => expect(checkCallFields(input, policy)).toEqual(expected));
});

it('countryLabel names a country with its calling code', () => {
  expect(['FR', 'US', 'GB'].map(countryLabel)).toEqual(['France (+33)', 'United States (+1)', 'United Kingdom (+44)']);
});
