import { describe, expect, it } from 'vitest';
import { possessive } from './possessive.ts';

describe('possessive', () => {
  it.each([
    ['Acme', "Acme's"],
    ['Acme Burgers', "Acme Burgers'"],
    ['BURGERS', "BURGERS'"],
    ['Acme Burgers ', "Acme Burgers'"],
    ['Jess', "Jess'"],
    ['Acme Co.', "Acme Co.'s"],
    ['', ''],
  ])('%j -> %j', (name, expected) => {
    expect(possessive(name)).toBe(expected);
  });
});
