import { CALL_REASONS } from '@franchise-ai/shared/call-policy';
import type { PhoneLine } from '@franchise-ai/shared/phone-reading';
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
import { phoneRules as RULES } from './phone-rules.ts';

// The real rules (shared/src/phone-reading.ts: libphonenumber-js, full metadata) behind the dialog's
// decision: what every host accepts is what the dialog sends.
const line = (e164: string, country: string | null, international = e164, premium = false): PhoneLine => ({ e164, country, international, premium });
const US_LINE = line('+12015550123', 'US', '+1 201 555 0123');
const US_PREMIUM = line('+19005550123', 'US', '+1 900 555 0123', true);
const FR_LINE = line('+33612345678', 'FR', '+33 6 12 34 56 78');
const US_VALID: PhoneNumberCheck = { state: 'valid', line: US_LINE };
const FR_VALID: PhoneNumberCheck = { state: 'valid', line: FR_LINE };
const FR_ELSEWHERE: PhoneNumberCheck = { state: 'elsewhere', suggestion: FR_LINE };
const PREMIUM: PhoneNumberCheck = { state: 'refused', problem: CALL_REASONS.phonePremium, code: 'phonePremium' };
const notServed = (countries: string[]): PhoneNumberCheck => ({ state: 'refused', problem: CALL_REASONS.phoneNotServed(countries), code: 'phoneNotServed' });
/** Rules that read any number as a line whose e164 is not E.164. */
const NOT_E164: PhoneRules = { ...RULES, read: () => ({ kind: 'valid', line: line('555', 'US') }) };
const UNKNOWN: PhoneContext = { served: null, regions: [] };
const ONLY_US: PhoneContext = { served: ['US'], regions: [] };
const US_FR: PhoneContext = { served: ['US', 'FR'], regions: [] };

describe('checkPhoneNumber', () => {
  it.each<[string, string, string, PhoneRulesStatus, PhoneContext, PhoneNumberCheck]>([
    ['empty', '', 'US', RULES, UNKNOWN, { state: 'blank' }],
    ['whitespace only', ' \t ', 'US', RULES, UNKNOWN, { state: 'blank' }],
    ['blank while the rules load', '', 'US', 'loading', UNKNOWN, { state: 'blank' }],
    ['a number while the rules load', '(201) 555-0123', 'US', 'loading', UNKNOWN, { state: 'loading' }],
    ['US national format', '(201) 555-0123', 'US', RULES, UNKNOWN, US_VALID],
    ['US with dots', '201.555.0123', 'US', RULES, UNKNOWN, US_VALID],
    ["US with the country's 1", '1 (201) 555-0123', 'US', RULES, UNKNOWN, US_VALID],
    ['French national format', '06 12 34 56 78', 'FR', RULES, UNKNOWN, FR_VALID],
    ["French digits with France's code, no +, on a French page", '33 6 12 34 56 78', 'FR', RULES, UNKNOWN, FR_VALID],
    ['too short', '12', 'US', RULES, UNKNOWN, { state: 'invalid' }],
    // Possible (the right length) but no real line, and more: shared/src/phone-reading.test.ts reads them.
    ['one digit too many', '(201) 555-01234', 'US', RULES, UNKNOWN, { state: 'invalid' }],
    ['a + and a calling code only', '+1', 'US', RULES, UNKNOWN, { state: 'invalid' }],
    ['letters', 'abc', 'US', RULES, UNKNOWN, { state: 'invalid' }],
    // Not valid for the page's country, valid for one the company calls (US, FR by default): asked, never sent as +1.
    ['a French number on a US page', '06 12 34 56 78', 'US', RULES, UNKNOWN, FR_ELSEWHERE],
    ['the host calls only the US: France still suggested by the language', '06 12 34 56 78', 'US', RULES, { served: ['US'], regions: ['FR'] }, FR_ELSEWHERE],
    ['the + left out', '33 6 12 34 56 78', 'US', RULES, UNKNOWN, FR_ELSEWHERE],
    ['international, whatever the country', '+33 6 12 34 56 78', 'US', RULES, UNKNOWN, FR_VALID],
    ['a British number on a French page', '+44 20 7946 0018', 'FR', RULES, UNKNOWN, { state: 'valid', line: line('+442079460018', 'GB', '+44 20 7946 0018') }],
    ['surrounding spaces are not part of the number', ' +33 6 12 34 56 78 ', 'US', RULES, UNKNOWN, FR_VALID],
    // The host's countries, once it said them: a line elsewhere or premium is refused here, in the hosts' words.
    ['a country the host does not call', '+33 6 12 34 56 78', 'US', RULES, ONLY_US, notServed(['US'])],
    ['a country neither of two calls', '+44 20 7946 0018', 'US', RULES, US_FR, notServed(['US', 'FR'])],
    ['a premium number', '(900) 555-0123', 'US', RULES, ONLY_US, PREMIUM],
    // Unknown countries: no restriction of our own (an older host decides for itself).
    ['a premium number, the host silent', '(900) 555-0123', 'US', RULES, UNKNOWN, { state: 'valid', line: US_PREMIUM }],
    ['a served line', '+1 201 555 0123', 'FR', RULES, ONLY_US, US_VALID],
    ['rules unavailable: international still goes', '+44 (20) 7946-0958', 'US', 'unavailable', UNKNOWN, { state: 'valid', line: line('+442079460958', null) }],
    ['rules unavailable: a leading space', ' +33 6 12 34 56 78', 'US', 'unavailable', UNKNOWN, { state: 'valid', line: line('+33612345678', null) }],
    ['rules unavailable: national cannot be read', '(201) 555-0123', 'US', 'unavailable', UNKNOWN, { state: 'invalid' }],
    ['rules unavailable: letters', '+44 abc', 'US', 'unavailable', UNKNOWN, { state: 'invalid' }],
    ['rules unavailable: + and too few digits', '+1 555', 'US', 'unavailable', UNKNOWN, { state: 'invalid' }],
    // The rules' answer must still be E.164 (what the host accepts), or nothing is sent.
    ['a reading that is not E.164', '555', 'US', NOT_E164, UNKNOWN, { state: 'invalid' }],
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
    ['valid: the number that will be called, international', FR_VALID, RULES, { kind: 'will-call', number: FR_LINE.international }],
    ['elsewhere: the reading to take', FR_ELSEWHERE, RULES, { kind: 'did-you-mean', number: FR_LINE.international }],
    ["refused: the host's words, and their code", PREMIUM, RULES, { kind: 'problem', text: CALL_REASONS.phonePremium, code: 'phonePremium' }],
  ])('%s', (_label, check, rules, expected) => {
    expect(phoneHint(check, rules)).toEqual(expected);
  });
});

/** Rules that read no number as any country's. */
const READS_NOTHING: PhoneRules = { ...RULES, read: () => ({ kind: 'invalid' }) };
describe('takeSuggestion', () => {
  it.each<[string, string, PhoneLine, PhoneRules, ReturnType<typeof takeSuggestion>]>([
    ["picks the country when the digits as typed are that country's", '06 12 34 56 78', FR_LINE, RULES, { change: 'country', country: 'FR' }],
    // libphonenumber reads a French number that starts with France's code as France's.
    ['picks the country for the + left out too', '33 6 12 34 56 78', FR_LINE, RULES, { change: 'country', country: 'FR' }],
    [
      'writes the number out for a line of no country',
      '800 1234 5678',
      line('+80012345678', null, '+800 1234 5678'),
      RULES,
      { change: 'number', value: '+800 1234 5678' },
    ],
    [
      "writes the number out when the digits do not read as the suggestion's country",
      '33 6 12 34 56 78',
      FR_LINE,
      READS_NOTHING,
      { change: 'number', value: FR_LINE.international },
    ],
  ])('%s', (_label, typed, suggestion, rules, expected) => {
    expect(takeSuggestion(typed, suggestion, rules)).toEqual(expected);
  });
});

describe('scheduleState: Schedule Call needs a number that can be called and the box ticked', () => {
  it.each<[string, PhoneNumberCheck, boolean, boolean, ScheduleState]>([
    ['nothing yet', { state: 'blank' }, false, false, 'missing-both'],
    ['a valid number, the box unticked', US_VALID, false, false, 'missing-consent'],
    ['the box ticked, no number', { state: 'blank' }, true, false, 'missing-number'],
    ['the box ticked, an invalid number', { state: 'invalid' }, true, false, 'missing-number'],
    ['the box ticked, "Did you mean" not taken', FR_ELSEWHERE, true, false, 'missing-number'],
    ['the box ticked, a line the host would not call', PREMIUM, true, false, 'missing-number'],
    ['the box ticked, the rules loading', { state: 'loading' }, true, false, 'missing-number'],
    ['both', US_VALID, true, false, 'ready'],
    ['sent', US_VALID, true, true, 'sending'],
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
