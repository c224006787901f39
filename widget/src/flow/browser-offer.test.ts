import { describe, expect, it } from 'vitest';
import { browserCallOffered } from './browser-offer.ts';

describe('browserCallOffered: only where a browser call can start', () => {
  it.each<[string | null, boolean]>([
    ['pk_test_1', true],
    [null, false],
    ['', false],
  ])('public-key %j -> %s', (publicKey, offered) => {
    expect(browserCallOffered({ publicKey })).toBe(offered);
  });
});
