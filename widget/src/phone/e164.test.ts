import { describe, expect, it } from 'vitest';
import { isE164, normalizePhoneNumber } from './e164.ts';

describe('isE164', () => {
  it.each<[string, boolean]>([
    ['+15550101234', true],
    ['+442079460958', true],
    ['+1 555 010 1234', false],
    ['15550101234', false],
    ['+05550101234', false],
    ['+123456', false],
    ['+1234567890123456', false],
  ])('%s -> %s', (value, expected) => {
    expect(isE164(value)).toBe(expected);
  });
});

describe('normalizePhoneNumber', () => {
  it.each<[string, string]>([
    ['+1 (555) 010-1234', '+15550101234'],
    ['+44 20.7946.0958', '+442079460958'],
    ['\t+33 6 12 34 56 78\n', '+33612345678'],
  ])('%j -> %s', (raw, expected) => {
    expect(normalizePhoneNumber(raw)).toBe(expected);
  });
});
