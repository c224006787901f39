import { expect, it } from 'vitest';
import { possessive } from './possessive.ts';

it.each([
  ['Acme', "Acme's"],
  ['Acme Burgers', "Acme Burgers'"],
  ['BURGERS', "BURGERS'"],
  ['Acme Burgers ', "Acme Burgers'"],
  ['Jess', "Jess'"],
  ['Acme Co.', "Acme Co.'s"],
  ['', ''],
])('possessive(%j) is %j', (name, expected) => {
  expect(possessive(name)).toBe(expected);
});
