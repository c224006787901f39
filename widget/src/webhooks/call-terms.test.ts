import { describe, expect, it } from 'vitest';
import { readCallTerms, type KnownCallTerms } from './call-terms.ts';

describe("readCallTerms: demo_form's answer, read field by field", () => {
  it.each<[string, unknown, KnownCallTerms]>([
    ['both told', { ok: true, calls: { recorded: false, countries: ['US', 'FR'] } }, { recorded: false, countries: ['US', 'FR'], from: null }],
    ['recorded', { calls: { recorded: true, countries: ['GB'] } }, { recorded: true, countries: ['GB'], from: null }],
    ['lower-case codes, repeated', { calls: { recorded: false, countries: ['fr', 'FR', 'us'] } }, { recorded: false, countries: ['FR', 'US'], from: null }],
    // An older host, a stub, an n8n answering {ok: true}: nothing known, nothing promised.
    ['no calls', { ok: true }, { recorded: null, countries: null, from: null }],
    ['calls null', { calls: null }, { recorded: null, countries: null, from: null }],
    ['calls an array', { calls: [true, ['US']] }, { recorded: null, countries: null, from: null }],
    ['not an object', 'ok', { recorded: null, countries: null, from: null }],
    ['null', null, { recorded: null, countries: null, from: null }],
    ['recorded as a string', { calls: { recorded: 'true', countries: ['US'] } }, { recorded: null, countries: ['US'], from: null }],
    ['recorded as 1', { calls: { recorded: 1, countries: ['US'] } }, { recorded: null, countries: ['US'], from: null }],
    // A host that calls nowhere would refuse every number: a broken answer, not a rule.
    ['no countries', { calls: { recorded: true, countries: [] } }, { recorded: true, countries: null, from: null }],
    ['a country that is no code', { calls: { recorded: true, countries: ['US', 'France'] } }, { recorded: true, countries: null, from: null }],
    ['a number among the codes', { calls: { recorded: true, countries: ['US', 33] } }, { recorded: true, countries: null, from: null }],
    // Whom the agent says it speaks for: text, trimmed; anything else, or a name no company has, unknown.
    ['from told', { calls: { recorded: true, countries: ['US'], from: ' Acme AI ' } }, { recorded: true, countries: ['US'], from: 'Acme AI' }],
    ['from empty', { calls: { recorded: true, countries: ['US'], from: '  ' } }, { recorded: true, countries: ['US'], from: null }],
    ['from not text', { calls: { recorded: true, countries: ['US'], from: 7 } }, { recorded: true, countries: ['US'], from: null }],
    ['from too long', { calls: { recorded: true, countries: ['US'], from: 'A'.repeat(101) } }, { recorded: true, countries: ['US'], from: null }],
    ['countries as a string', { calls: { recorded: true, countries: 'US,FR' } }, { recorded: true, countries: null, from: null }],
  ])('%s', (_label, body, expected) => {
    expect(readCallTerms(body)).toEqual(expected);
  });
});

describe("readCallTerms: the host's consent words (calls.consent)", () => {
  const consent = {
    disclosure:
      'An AI voice agent from Acme AI will call this number once, for this demo. The call is not recorded. Agreeing is not a condition of any purchase.',
    privacyUrl: 'https://acme.example/privacy',
    privacyLabel: 'Privacy policy',
    label: 'I agree to receive this AI demo call',
    text: 'An AI voice agent from Acme AI … Privacy policy: https://acme.example/privacy\nI agree to receive this AI demo call',
  };
  const read = (value: unknown) => readCallTerms({ calls: { recorded: false, countries: ['US'], consent: value } }).consent;
  it('taken as the host wrote them, a privacy address or none', () => {
    expect(read(consent)).toEqual(consent);
    expect(read({ ...consent, privacyUrl: null })).toEqual({ ...consent, privacyUrl: null });
  });
  it.each<[string, unknown]>([
    ['none', undefined],
    ['not an object', 'I agree'],
    ['no text', { ...consent, text: undefined }],
    ['a blank label', { ...consent, label: ' ' }],
    ['a disclosure that is no text', { ...consent, disclosure: 7 }],
    ['a privacy address that is no web address', { ...consent, privacyUrl: 'javascript:alert(1)' }],
    ['a privacy address left out (not null)', { ...consent, privacyUrl: undefined }],
    ['a text longer than any host keeps', { ...consent, text: 'x'.repeat(2001) }],
  ])('%s: none, so the widget words it itself', (_label, value) => {
    expect(read(value)).toBeUndefined();
  });
});
