import { describe, expect, it } from 'vitest';
import { readCallTerms, type KnownCallTerms } from './call-terms.ts';

describe("readCallTerms: demo_form's answer, read field by field", () => {
  it.each<[string, unknown, KnownCallTerms]>([
    ['both told', { ok: true, calls: { recorded: false, countries: ['US', 'FR'] } }, { recorded: false, countries: ['US', 'FR'] }],
    ['recorded', { calls: { recorded: true, countries: ['GB'] } }, { recorded: true, countries: ['GB'] }],
    ['lower-case codes, repeated', { calls: { recorded: false, countries: ['fr', 'FR', 'us'] } }, { recorded: false, countries: ['FR', 'US'] }],
    // An older host, a stub, an n8n answering {ok: true}: nothing known, nothing promised.
    ['no calls', { ok: true }, { recorded: null, countries: null }],
    ['calls null', { calls: null }, { recorded: null, countries: null }],
    ['calls an array', { calls: [true, ['US']] }, { recorded: null, countries: null }],
    ['not an object', 'ok', { recorded: null, countries: null }],
    ['null', null, { recorded: null, countries: null }],
    ['recorded as a string', { calls: { recorded: 'true', countries: ['US'] } }, { recorded: null, countries: ['US'] }],
    ['recorded as 1', { calls: { recorded: 1, countries: ['US'] } }, { recorded: null, countries: ['US'] }],
    // A host that calls nowhere would refuse every number: a broken answer, not a rule.
    ['no countries', { calls: { recorded: true, countries: [] } }, { recorded: true, countries: null }],
    ['a country that is no code', { calls: { recorded: true, countries: ['US', 'France'] } }, { recorded: true, countries: null }],
    ['a number among the codes', { calls: { recorded: true, countries: ['US', 33] } }, { recorded: true, countries: null }],
    ['countries as a string', { calls: { recorded: true, countries: 'US,FR' } }, { recorded: true, countries: null }],
  ])('%s', (_label, body, expected) => {
    expect(readCallTerms(body)).toEqual(expected);
  });
});
