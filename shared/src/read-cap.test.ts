import { expect, test } from 'vitest';
import { DEFAULT_MAX_SITE_READS, maxSiteReadsFromEnv } from './read-cap.ts';

test('MAX_SITE_READS: 4 unless set, a whole number of at least 1, a malformed one named', () => {
  expect(maxSiteReadsFromEnv({})).toBe(DEFAULT_MAX_SITE_READS);
  expect(DEFAULT_MAX_SITE_READS).toBe(4);
  expect(maxSiteReadsFromEnv({ MAX_SITE_READS: '' })).toBe(4);
  expect(maxSiteReadsFromEnv({ MAX_SITE_READS: '2' })).toBe(2);
  for (const value of ['0', '-1', '1.5', 'four'])
    expect(() => maxSiteReadsFromEnv({ MAX_SITE_READS: value })).toThrow(`MAX_SITE_READS must be a whole number ≥ 1, got "${value}"`);
});
