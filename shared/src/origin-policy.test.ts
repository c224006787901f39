import { describe, expect, it } from 'vitest';
import { parseOriginPolicy } from './origin-policy.ts';

describe('parseOriginPolicy', () => {
  it.each([
    ['http://localhost:5173', true],
    ['http://localhost', true],
    ['https://127.0.0.1:8443', true],
    ['http://[::1]:3000', true],
    ['http://localhost.evil.example', false],
    ['http://127.0.0.1.evil.example', false],
    ['https://example.com', false],
    ['null', false],
  ])('by default, %s allowed: %s', (origin, allowed) => expect(parseOriginPolicy(undefined)(origin)).toBe(allowed));

  it('with a list, allows exactly those origins (trailing slash ignored)', () => {
    const allow = parseOriginPolicy('https://partner.example/, https://acme.example');
    expect(allow('https://partner.example')).toBe(true);
    expect(allow('https://acme.example')).toBe(true);
    expect(allow('http://localhost:5173')).toBe(false);
    expect(allow('https://partner.example:444')).toBe(false);
  });

  it('with *, allows any origin', () => expect(parseOriginPolicy('*')('https://anything.example')).toBe(true));
});
