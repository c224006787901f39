import type { PhoneLine, PhoneReading } from '@franchise-ai/shared/phone-reading';
import { describe, expect, it } from 'vitest';
import {
  checkPhoneNumber,
  defaultPhoneCountry,
  languageRegions,
  phoneAlternatives,
  phoneHint,
  scheduleState,
  takeSuggestion,
  type PhoneContext,
  type PhoneHint,
  type PhoneNumberCheck,
  type PhoneRules,
  type PhoneRulesStatus,
  type ScheduleState,
} from './phone-check.ts';

// A stand-in for the widget's rules (the real ones, shared/src/phone-reading.ts over
// libphonenumber-js, are tested in phone-rules.test.ts): a US line is 10 digits starting 2-9 (900
// numbers premium), a French one 0 and 9 digits, and a `+` number is read by its calling code.
const US = (digits: string): PhoneLine => ({ e164: `+1${digits}`, country: 'US', international: `+1 ${digits}`, premium: digits.startsWith('900') });
const FR = (digits: string): PhoneLine => ({ e164: `+33${digits}`, country: 'FR', international: `+33 ${digits}`, premium: false });
function lineFor(text: string, country: string): PhoneLine | null {
  const digits = text.replace(/\D/g, '');
  if (text.startsWith('+1')) return /^1[2-9]\d{9}$/.test(digits) ? US(digits.slice(1)) : null;
  if (text.startsWith('+33')) return /^33[1-9]\d{8}$/.test(digits) ? FR(digits.slice(2)) : null;
  if (text.startsWith('+')) return null;
  if (country === 'US') return /^[2-9]\d{9}$/.test(digits) ? US(digits) : null;
  if (country === 'FR') return /^0[1-9]\d{8}$/.test(digits) ? FR(digits.slice(1)) : null;
  return null;
}
const RULES: PhoneRules = {
  countries: [
    { code: 'US', callingCode: '1' },
    { code: 'FR', callingCode: '33' },
  ],
  read(raw, country, alternatives): PhoneReading {
    const text = raw.trim();
    if (!text) return { kind: 'blank' };
    const line = lineFor(text, country);
    if (line) return { kind: 'valid', line };
    for (const other of alternatives) {
      const suggestion = other === country ? null : lineFor(text, other);
      if (suggestion) return { kind: 'elsewhere', suggestion };
    }
    const international = text.startsWith('+') ? null : lineFor(`+${text}`, country);
    return international ? { kind: 'elsewhere', suggestion: international } : { kind: 'invalid' };
  },
  lineProblem: (line, countries) => (line.premium ? 'premium' : line.country && countries.includes(line.country) ? null : `only ${countries.join(', ')}`),
  defaultCountries: ['US', 'FR'],
};

const NO_COUNTRY = (e164: string): PhoneLine => ({ e164, country: null, international: e164, premium: false });
const FR_VALID: PhoneNumberCheck = { state: 'valid', line: FR('612345678') };
const FR_ELSEWHERE: PhoneNumberCheck = { state: 'elsewhere', suggestion: FR('612345678') };
const PREMIUM: PhoneNumberCheck = { state: 'refused', problem: 'premium', code: 'phonePremium' };
const UNKNOWN: PhoneContext = { served: null, regions: [] };
const ONLY_US: PhoneContext = { served: ['US'], regions: [] };

describe('checkPhoneNumber', () => {
  it.each<[string, string, string, PhoneRulesStatus, PhoneContext, PhoneNumberCheck]>([
    ['empty', '', 'US', RULES, UNKNOWN, { state: 'blank' }],
    ['whitespace only', ' \t ', 'US', RULES, UNKNOWN, { state: 'blank' }],
    ['blank while the rules load', '', 'US', 'loading', UNKNOWN, { state: 'blank' }],
    ['a number while the rules load', '(201) 555-0123', 'US', 'loading', UNKNOWN, { state: 'loading' }],
    ['US national format', '(201) 555-0123', 'US', RULES, UNKNOWN, { state: 'valid', line: US('2015550123') }],
    ['French national format', '06 12 34 56 78', 'FR', RULES, UNKNOWN, FR_VALID],
    ['too short', '12', 'US', RULES, UNKNOWN, { state: 'invalid' }],
    // Not valid for the page's country, valid for one the company calls (US, FR by default): asked, never sent as +1.
    ['a French number on a US page', '06 12 34 56 78', 'US', RULES, UNKNOWN, FR_ELSEWHERE],
    ['the host calls only the US: France still suggested by the language', '06 12 34 56 78', 'US', RULES, { served: ['US'], regions: ['FR'] }, FR_ELSEWHERE],
    ['the + left out', '33 6 12 34 56 78', 'US', RULES, UNKNOWN, FR_ELSEWHERE],
    ['international, whatever the country', '+33 6 12 34 56 78', 'US', RULES, UNKNOWN, FR_VALID],
    ['surrounding spaces are not part of the number', ' +33 6 12 34 56 78 ', 'US', RULES, UNKNOWN, FR_VALID],
    // The host's countries, once it said them: a line elsewhere or premium is refused here, in its words.
    ['a country the host does not call', '+33 6 12 34 56 78', 'US', RULES, ONLY_US, { state: 'refused', problem: 'only US', code: 'phoneNotServed' }],
    ['a premium number', '(900) 555-0123', 'US', RULES, ONLY_US, PREMIUM],
    // Unknown countries: no restriction of our own (an older host decides for itself).
    ['a premium number, the host silent', '(900) 555-0123', 'US', RULES, UNKNOWN, { state: 'valid', line: US('9005550123') }],
    ['a served line', '+1 201 555 0123', 'FR', RULES, ONLY_US, { state: 'valid', line: US('2015550123') }],
    ['rules unavailable: international still goes', '+44 (20) 7946-0958', 'US', 'unavailable', UNKNOWN, { state: 'valid', line: NO_COUNTRY('+442079460958') }],
    ['rules unavailable: a leading space', ' +33 6 12 34 56 78', 'US', 'unavailable', UNKNOWN, { state: 'valid', line: NO_COUNTRY('+33612345678') }],
    ['rules unavailable: national cannot be read', '(201) 555-0123', 'US', 'unavailable', UNKNOWN, { state: 'invalid' }],
    ['rules unavailable: letters', '+44 abc', 'US', 'unavailable', UNKNOWN, { state: 'invalid' }],
    ['rules unavailable: + and too few digits', '+1 555', 'US', 'unavailable', UNKNOWN, { state: 'invalid' }],
    // The rules' answer must still be E.164 (what the host accepts), or nothing is sent.
    [
      'a reading that is not E.164',
      '555',
      'US',
      { ...RULES, read: () => ({ kind: 'valid', line: { ...US('555'), e164: '555' } }) },
      UNKNOWN,
      { state: 'invalid' },
    ],
  ])('%s: %j (%s)', (_label, raw, country, rules, context, expected) => {
    expect(checkPhoneNumber(raw, country, rules, context)).toEqual(expected);
  });

  it("tries the host's countries first, then the visitor's regions, each once", () => {
    expect(phoneAlternatives({ served: null, regions: ['FR', 'US', 'DE'] }, ['US', 'FR'])).toEqual(['US', 'FR', 'DE']);
    expect(phoneAlternatives({ served: ['GB'], regions: ['DE', 'GB'] }, ['US', 'FR'])).toEqual(['GB', 'DE']);
  });
});

describe('phoneHint', () => {
  it.each<[string, PhoneNumberCheck, PhoneRulesStatus, PhoneHint]>([
    ['blank', { state: 'blank' }, RULES, { kind: 'none' }],
    ['loading', { state: 'loading' }, 'loading', { kind: 'text', key: 'phoneHintLoading' }],
    ['invalid', { state: 'invalid' }, RULES, { kind: 'text', key: 'phoneHintIncomplete' }],
    // Without the rules the visitor learns at once, before typing, that only + works.
    ['blank without rules', { state: 'blank' }, 'unavailable', { kind: 'text', key: 'phoneHintRulesUnavailable' }],
    ['invalid without rules', { state: 'invalid' }, 'unavailable', { kind: 'text', key: 'phoneHintRulesUnavailable' }],
    ['valid: the number that will be called, international', FR_VALID, RULES, { kind: 'will-call', number: '+33 612345678' }],
    ['elsewhere: the reading to take', FR_ELSEWHERE, RULES, { kind: 'did-you-mean', number: '+33 612345678' }],
    ["refused: the host's words, and their code", PREMIUM, RULES, { kind: 'problem', text: 'premium', code: 'phonePremium' }],
  ])('%s', (_label, check, rules, expected) => {
    expect(phoneHint(check, rules)).toEqual(expected);
  });
});

describe('takeSuggestion', () => {
  it.each<[string, string, PhoneLine, ReturnType<typeof takeSuggestion>]>([
    ["picks the country when the digits as typed are that country's", '06 12 34 56 78', FR('612345678'), { change: 'country', country: 'FR' }],
    ['writes the number out when the + was left out', '33 6 12 34 56 78', FR('612345678'), { change: 'number', value: '+33 612345678' }],
    [
      'writes the number out for a line of no country',
      '800 1234 5678',
      { ...NO_COUNTRY('+80012345678'), international: '+800 1234 5678' },
      { change: 'number', value: '+800 1234 5678' },
    ],
  ])('%s', (_label, typed, suggestion, expected) => {
    expect(takeSuggestion(typed, suggestion, RULES)).toEqual(expected);
  });
});

describe('scheduleState: Schedule Call needs a number that can be called and the box ticked', () => {
  const valid: PhoneNumberCheck = { state: 'valid', line: US('2015550123') };
  it.each<[string, PhoneNumberCheck, boolean, boolean, ScheduleState]>([
    ['nothing yet', { state: 'blank' }, false, false, 'missing-both'],
    ['a valid number, the box unticked', valid, false, false, 'missing-consent'],
    ['the box ticked, no number', { state: 'blank' }, true, false, 'missing-number'],
    ['the box ticked, an invalid number', { state: 'invalid' }, true, false, 'missing-number'],
    ['the box ticked, "Did you mean" not taken', FR_ELSEWHERE, true, false, 'missing-number'],
    ['the box ticked, a line the host would not call', PREMIUM, true, false, 'missing-number'],
    ['the box ticked, the rules loading', { state: 'loading' }, true, false, 'missing-number'],
    ['both', valid, true, false, 'ready'],
    ['sent', valid, true, true, 'sending'],
  ])('%s -> %s', (_label, check, consent, sending, expected) => {
    expect(scheduleState(check, consent, sending)).toBe(expected);
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
    // A region someone set says more than a bare language: page `en`, browser `fr-FR` -> France.
    ['a set region beats a closer bare language', ['en', 'en', 'fr-FR', 'fr'], 'FR'],
    ['no region anywhere: the first bare language', ['en', 'fr'], 'US'],
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

describe('languageRegions', () => {
  it('the supported countries of the tags, set or likely, closest first, once each', () => {
    const supported = (country: string) => ['US', 'FR', 'GB', 'DE'].includes(country);
    expect(languageRegions(['en', 'fr-FR', 'en-US', 'ja-JP', 'en-001', 'de', 'bad tag!'], supported)).toEqual(['US', 'FR', 'DE']);
  });
});
