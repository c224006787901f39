import { describe, expect, it } from 'vitest';
import { CALL_REASONS, callPolicyFromEnv, checkCallFields, CONSENT_TEXT_LIMIT, countryLabel, networkCeiling } from './call-policy.ts';
import { DEFAULT_COMPANY_NAME } from './constants.ts';

describe('callPolicyFromEnv', () => {
  it('defaults: the US and France, 100 calls a day, nothing recorded, the company', () => {
    expect(callPolicyFromEnv({})).toEqual({
      countries: ['US', 'FR'],
      callsPerDay: { limit: 100, windowMs: 86_400_000 },
      recordCalls: false,
      companyName: DEFAULT_COMPANY_NAME,
      networkShare: 20,
      privacyUrls: { en: null, fr: null },
    });
  });
  it('reads each variable', () => {
    expect(
      callPolicyFromEnv({
        CALL_COUNTRIES: ' fr, de ,FR',
        MAX_CALLS_PER_DAY: '7',
        RECORD_CALLS: '1',
        COMPANY_NAME: ' Acme AI ',
        CALL_NETWORK_SHARE: '35%',
        PRIVACY_POLICY_URL: ' https://acme.example/privacy ',
      }),
    ).toEqual({
      countries: ['FR', 'DE'],
      callsPerDay: { limit: 7, windowMs: 86_400_000 },
      recordCalls: true,
      companyName: 'Acme AI',
      networkShare: 35,
      privacyUrls: { en: 'https://acme.example/privacy', fr: 'https://acme.example/privacy' },
    });
    expect(callPolicyFromEnv({ CALL_NETWORK_SHARE: 'off' }).networkShare).toBeNull();
    const urls = { PRIVACY_POLICY_URL: 'https://acme.example/privacy', PRIVACY_POLICY_URL_FR: 'https://acme.example/fr/confidentialite' };
    expect(callPolicyFromEnv(urls).privacyUrls).toEqual({ en: urls.PRIVACY_POLICY_URL, fr: urls.PRIVACY_POLICY_URL_FR });
    expect(callPolicyFromEnv({ CALL_NETWORK_SHARE: '100' }).networkShare).toBe(100);
    expect(callPolicyFromEnv({ MAX_CALLS_PER_DAY: 'off', RECORD_CALLS: '0' })).toMatchObject({ callsPerDay: null, recordCalls: false });
  });
  it.each<[Record<string, string>, RegExp]>([
    [{ CALL_COUNTRIES: 'US,XX' }, /CALL_COUNTRIES: XX is not a country code/],
    [{ CALL_COUNTRIES: 'USA' }, /USA is not a country code/],
    [{ MAX_CALLS_PER_DAY: '0' }, /MAX_CALLS_PER_DAY must be a whole number/],
    [{ MAX_CALLS_PER_DAY: '1.5' }, /MAX_CALLS_PER_DAY/],
    [{ RECORD_CALLS: 'yes' }, /RECORD_CALLS must be 1 \(on\) or 0 \(off\)/],
    [{ CALL_NETWORK_SHARE: '0' }, /CALL_NETWORK_SHARE must be a whole per cent from 1 to 100/],
    [{ CALL_NETWORK_SHARE: '101%' }, /CALL_NETWORK_SHARE/],
    [{ CALL_NETWORK_SHARE: '0.2' }, /CALL_NETWORK_SHARE/],
    [{ PRIVACY_POLICY_URL: '/privacy' }, /PRIVACY_POLICY_URL must be an absolute http\(s\) address/],
    [{ PRIVACY_POLICY_URL: 'javascript:alert(1)' }, /PRIVACY_POLICY_URL/],
    [{ PRIVACY_POLICY_URL: 'https://acme.example/a b' }, /PRIVACY_POLICY_URL/],
    [{ PRIVACY_POLICY_URL_FR: '/fr/confidentialite' }, /PRIVACY_POLICY_URL_FR must be an absolute http\(s\) address/],
  ])('refuses %j', (env, message) => expect(() => callPolicyFromEnv(env)).toThrow(message));
});

describe("networkCeiling: one network's share of the daily ceiling", () => {
  const day = 86_400_000;
  it.each<[Record<string, string>, number | null]>([
    [{}, 20],
    [{ MAX_CALLS_PER_DAY: '30' }, 6],
    [{ MAX_CALLS_PER_DAY: '30', CALL_NETWORK_SHARE: '25' }, 7],
    // Rounded down, but never below one call.
    [{ MAX_CALLS_PER_DAY: '3' }, 1],
    [{ MAX_CALLS_PER_DAY: '30', CALL_NETWORK_SHARE: '100' }, 30],
    [{ CALL_NETWORK_SHARE: 'off' }, null],
    [{ MAX_CALLS_PER_DAY: 'off' }, null],
  ])('%j -> %s calls a day', (env, limit) => expect(networkCeiling(callPolicyFromEnv(env))).toEqual(limit === null ? null : { limit, windowMs: day }));
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
    [
      'no number, no consent',
      {},
      {
        ok: false,
        fields: { phoneNumber: CALL_REASONS.phoneRequired, consent: CALL_REASONS.consentRequired },
        codes: { phoneNumber: 'phoneRequired', consent: 'consentRequired' },
      },
    ],
    [
      'a national number',
      { phoneNumber: '06 12 34 56 78', consent },
      { ok: false, fields: { phoneNumber: CALL_REASONS.phoneInvalid }, codes: { phoneNumber: 'phoneInvalid' } },
    ],
    [
      'no line has it',
      { phoneNumber: '+1 555 123 4567', consent },
      { ok: false, fields: { phoneNumber: CALL_REASONS.phoneInvalid }, codes: { phoneNumber: 'phoneInvalid' } },
    ],
    [
      'another country',
      { phoneNumber: '+44 20 7946 0018', consent },
      { ok: false, fields: { phoneNumber: 'This demo calls numbers in United States (+1), France (+33) only.' }, codes: { phoneNumber: 'phoneNotServed' } },
    ],
    [
      'premium-rate',
      { phoneNumber: '+33 8 99 12 34 56', consent },
      { ok: false, fields: { phoneNumber: CALL_REASONS.phonePremium }, codes: { phoneNumber: 'phonePremium' } },
    ],
    [
      'consent not given',
      { phoneNumber: '+12015550123', consent: { given: false, text: consent.text } },
      { ok: false, fields: { consent: CALL_REASONS.consentRequired }, codes: { consent: 'consentRequired' } },
    ],
    [
      'consent "true" as a string',
      { phoneNumber: '+12015550123', consent: { given: 'true', text: consent.text } },
      { ok: false, fields: { consent: CALL_REASONS.consentRequired }, codes: { consent: 'consentRequired' } },
    ],
    [
      'consent without its words',
      { phoneNumber: '+12015550123', consent: { given: true, text: ' ' } },
      { ok: false, fields: { consent: CALL_REASONS.consentMalformed }, codes: { consent: 'consentMalformed' } },
    ],
    [
      'consent words too long',
      { phoneNumber: '+12015550123', consent: { given: true, text: 'x'.repeat(CONSENT_TEXT_LIMIT + 1) } },
      { ok: false, fields: { consent: CALL_REASONS.consentMalformed }, codes: { consent: 'consentMalformed' } },
    ],
  ])('%s', (_label, input, expected) => expect(checkCallFields(input, policy)).toEqual(expected));
});

it('countryLabel names a country with its calling code', () => {
  expect(['FR', 'US', 'GB'].map(countryLabel)).toEqual(['France (+33)', 'United States (+1)', 'United Kingdom (+44)']);
});
