import { describe, expect, it } from 'vitest';
import type { CopyKey } from '../copy.ts';
import {
  checkPhoneNumber,
  defaultPhoneCountry,
  phoneHint,
  type PhoneNumberCheck,
  type PhoneNumberState,
  type PhoneRules,
  type PhoneRulesStatus,
} from './phone-check.ts';

// A stand-in for the widget's rules (the real ones, libphonenumber-js, are tested in
// phone-rules.test.ts): a US number is 10 digits, a French one 9 after the 0,
// and a `+` number is taken as it is once 8 digits or more.
const RULES: PhoneRules = {
  countries: [
    { code: 'US', callingCode: '1' },
    { code: 'FR', callingCode: '33' },
  ],
  toPossibleE164(text, country) {
    const digits = text.replace(/\D/g, '');
    if (text.trim().startsWith('+')) return digits.length >= 8 ? `+${digits}` : null;
    if (country === 'US') return /^[2-9]\d{9}$/.test(digits) ? `+1${digits}` : null;
    if (country === 'FR') return /^0\d{9}$/.test(digits) ? `+33${digits.slice(1)}` : null;
    return null;
  },
};

describe('checkPhoneNumber', () => {
  it.each<[string, string, string, PhoneRulesStatus, PhoneNumberCheck]>([
    ['empty', '', 'US', RULES, { state: 'blank', e164: null }],
    ['whitespace only', ' \t ', 'US', RULES, { state: 'blank', e164: null }],
    ['blank while the rules load', '', 'US', 'loading', { state: 'blank', e164: null }],
    ['a number while the rules load', '(555) 010-1234', 'US', 'loading', { state: 'loading', e164: null }],
    ['US national format', '(555) 010-1234', 'US', RULES, { state: 'possible', e164: '+15550101234' }],
    ['French national format', '06 12 34 56 78', 'FR', RULES, { state: 'possible', e164: '+33612345678' }],
    ['too short', '12', 'US', RULES, { state: 'incomplete', e164: null }],
    ['a French number read as US', '06 12 34 56 78', 'US', RULES, { state: 'incomplete', e164: null }],
    ['international, whatever the country', '+44 20 7946 0958', 'FR', RULES, { state: 'possible', e164: '+442079460958' }],
    ['rules unavailable: international still goes', '+44 (20) 7946-0958', 'US', 'unavailable', { state: 'possible', e164: '+442079460958' }],
    ['rules unavailable: national cannot be read', '(555) 010-1234', 'US', 'unavailable', { state: 'incomplete', e164: null }],
    ['rules unavailable: letters', '+44 abc', 'US', 'unavailable', { state: 'incomplete', e164: null }],
    ['rules unavailable: + and too few digits', '+1 555', 'US', 'unavailable', { state: 'incomplete', e164: null }],
    // The rules' answer must still be E.164 (what the host accepts), or nothing is sent.
    ['an answer that is not E.164', '555', 'US', { ...RULES, toPossibleE164: () => '555' }, { state: 'incomplete', e164: null }],
  ])('%s: %j (%s)', (_label, raw, country, rules, expected) => {
    expect(checkPhoneNumber(raw, country, rules)).toEqual(expected);
  });
});

describe('phoneHint', () => {
  it.each<[PhoneNumberState, 'loading' | 'unavailable' | 'ready', CopyKey | null]>([
    ['blank', 'ready', null],
    ['possible', 'ready', null],
    ['incomplete', 'ready', 'phoneHintIncomplete'],
    ['blank', 'loading', null],
    ['loading', 'loading', 'phoneHintLoading'],
    // Without the rules the visitor learns at once, before typing, that only + works.
    ['blank', 'unavailable', 'phoneHintRulesUnavailable'],
    ['incomplete', 'unavailable', 'phoneHintRulesUnavailable'],
    ['possible', 'unavailable', null],
  ])('%s with the rules %s -> %s', (state, rules, expected) => {
    expect(phoneHint(state, rules === 'ready' ? RULES : rules)).toBe(expected);
  });
});

describe('defaultPhoneCountry', () => {
  const supported = (country: string) => ['US', 'FR', 'GB', 'DE', 'CA'].includes(country);
  it.each<[string, (string | null | undefined)[], string]>([
    ['the region of the first tag', ['en-US'], 'US'],
    ['French page', ['fr-FR', 'en-US'], 'FR'],
    ['a bare language: its likely region', ['fr'], 'FR'],
    ['a bare English', ['en'], 'US'],
    ['English for Canada', ['en-CA'], 'CA'],
    ['lower-case region', ['en-gb'], 'GB'],
    ['the element before the page', ['de-DE', 'fr-FR'], 'DE'],
    ['an empty lang falls through', ['', 'fr-FR'], 'FR'],
    ['no lang at all falls through', [null, undefined, 'en-GB'], 'GB'],
    ['not a language tag falls through', ['not a tag!', 'fr'], 'FR'],
    ['an unsupported region falls through', ['ja-JP', 'fr-FR'], 'FR'],
    ['a region that is no country (001) falls through', ['en-001', 'de'], 'DE'],
    ['nothing usable: US', ['ja-JP', '', null], 'US'],
    ['no tags: US', [], 'US'],
  ])('%s: %j -> %s', (_label, tags, expected) => {
    expect(defaultPhoneCountry(tags, supported)).toBe(expected);
  });
});
