import { describe, expect, it } from 'vitest';
import { LEADS_TOKEN_MIN_LENGTH, leadsAccess, parseLeadsToken, sameSecret, type LeadsAccess } from './leads-access.ts';

const TOKEN = 'a'.repeat(31) + 'Z';

describe('leadsAccess', () => {
  it.each<[string, string | undefined, string | undefined, string | undefined, LeadsAccess]>([
    ['no token configured, even with a bearer', undefined, `Bearer ${TOKEN}`, undefined, 'disabled'],
    ['no token configured, from a page', undefined, undefined, 'https://evil.example', 'disabled'],
    ['the right token', TOKEN, `Bearer ${TOKEN}`, undefined, 'granted'],
    ['any case of the scheme', TOKEN, `bEaReR ${TOKEN}`, undefined, 'granted'],
    ['spaces around the token', TOKEN, `Bearer   ${TOKEN} `, undefined, 'granted'],
    ['the right token from a page', TOKEN, `Bearer ${TOKEN}`, 'http://localhost:5173', 'from-browser'],
    ['Origin: null', TOKEN, `Bearer ${TOKEN}`, 'null', 'from-browser'],
    ['no Authorization', TOKEN, undefined, undefined, 'no-token'],
    ['an empty Authorization', TOKEN, '', undefined, 'no-token'],
    ['Bearer without a token', TOKEN, 'Bearer ', undefined, 'no-token'],
    ['the token without a scheme', TOKEN, TOKEN, undefined, 'no-token'],
    ['Basic credentials', TOKEN, `Basic ${TOKEN}`, undefined, 'no-token'],
    ['two tokens', TOKEN, `Bearer ${TOKEN} ${TOKEN}`, undefined, 'no-token'],
    ['a prefix of the token', TOKEN, `Bearer ${TOKEN.slice(0, -1)}`, undefined, 'wrong-token'],
    ['the token and more', TOKEN, `Bearer ${TOKEN}Z`, undefined, 'wrong-token'],
    ['the token in another case', TOKEN, `Bearer ${TOKEN.toUpperCase()}`, undefined, 'wrong-token'],
  ])('%s: %s', (_, configured, authorization, origin, expected) => {
    expect(leadsAccess(configured, { authorization, origin })).toBe(expected);
  });
});

describe('sameSecret', () => {
  it.each([
    ['abc', 'abc', true],
    ['abc', 'abd', false],
    ['abc', 'abcd', false],
    ['', '', true],
    ['', 'a', false],
  ])('%j vs %j: %s', (a, b, expected) => expect(sameSecret(a, b)).toBe(expected));
});

describe('parseLeadsToken', () => {
  it.each([undefined, ''])('%j: /leads is off', (value) => expect(parseLeadsToken(value)).toBeUndefined());

  it.each([
    ['64 hex digits (openssl rand -hex 32)', 'ab'.repeat(32)],
    ['base64 with padding (openssl rand -base64 32)', `${'Ab+/'.repeat(10)}a=`],
    [`exactly ${LEADS_TOKEN_MIN_LENGTH} characters`, TOKEN],
  ])('accepts %s', (_, value) => expect(parseLeadsToken(value)).toBe(value));

  it('refuses a short token, saying how long and how to make one', () => {
    expect(() => parseLeadsToken('secret')).toThrow('LEADS_TOKEN must be at least 32 characters, got 6; make one with `openssl rand -hex 32`.');
  });

  it.each([
    ['a space', `${TOKEN} x`],
    ['a quote', `${TOKEN}"`],
    ['padding in the middle', `${TOKEN}=x`],
    ['a non-ASCII letter', `${TOKEN}é`],
  ])('refuses a token with %s, which a Bearer header cannot carry', (_, value) => {
    expect(() => parseLeadsToken(value)).toThrow(/LEADS_TOKEN may hold only letters, digits and - \. _ ~ \+ \//);
  });
});
