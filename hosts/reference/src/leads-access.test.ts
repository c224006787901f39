import { describe, expect, it } from 'vitest';
import { LEADS_TOKEN_MIN_LENGTH, leadsAccess, parseLeadsToken, sameSecret, type LeadsAccess } from './leads-access.ts';

const TOKEN = '0123456789abcdef'.repeat(2); // 32 characters, 16 different

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
    ['64 hex digits (openssl rand -hex 32)', '85073a11e1a1c81ce84f89b0251951b19f31f37d28f22938f11a838313736845'],
    ['base64 with padding (openssl rand -base64 32)', 'q3Zb+7/Kx0TnWm2eLr9sYc4VhUjA1dGfPo8iEkN5wBQ='],
    ['exactly 8 different characters', 'abcdefgh'.repeat(4)],
    [`exactly ${LEADS_TOKEN_MIN_LENGTH} characters`, TOKEN],
  ])('accepts %s', (_, value) => expect(parseLeadsToken(value)).toBe(value));

  it('refuses a short token, saying how long and how to make one', () => {
    expect(() => parseLeadsToken('secret')).toThrow('LEADS_TOKEN must be at least 32 characters, got 6; make one with `openssl rand -hex 32`.');
  });

  it.each([
    ['32 × a', 'a'.repeat(32), 1],
    ['two characters repeated', 'ab'.repeat(32), 2],
    ['7 different characters', `${'a'.repeat(26)}bcdefg`, 7],
  ])('refuses a token with too little variety (%s), saying how to make one', (_, value, different) => {
    expect(() => parseLeadsToken(value)).toThrow(
      `LEADS_TOKEN must use at least 8 different characters, got ${different}: a random token does; make one with \`openssl rand -hex 32\`.`,
    );
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
