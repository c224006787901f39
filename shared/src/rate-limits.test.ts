import { describe, expect, it } from 'vitest';
import { parseRateLimit, rateLimitsFromEnv, RATE_LIMIT_SETTINGS, secondsUntilAllowed } from './rate-limits.ts';

describe('parseRateLimit', () => {
  const fallback = { limit: 1, windowMs: 1_000 };
  it.each([
    [undefined, fallback],
    ['', fallback],
    ['off', null],
    ['5/600', { limit: 5, windowMs: 600_000 }],
    [' 3/60 ', { limit: 3, windowMs: 60_000 }],
  ])('%j -> %j', (input, expected) => expect(parseRateLimit(input, fallback)).toEqual(expected));

  it.each(['5', '0/60', '5/0', 'five/60', '5/60s'])('refuses %j', (input) => {
    expect(() => parseRateLimit(input, fallback)).toThrow(/count\/seconds/);
  });
});

describe('rateLimitsFromEnv', () => {
  it('falls back to each default, reads each variable, and RATE_LIMIT=off switches all off', () => {
    const defaults = rateLimitsFromEnv({});
    for (const [name, { fallback }] of Object.entries(RATE_LIMIT_SETTINGS)) expect(defaults[name as keyof typeof defaults]).toEqual(fallback);
    expect(rateLimitsFromEnv({ RATE_LIMIT_CALL_PHONE: '1/60' }).callPerPhone).toEqual({ limit: 1, windowMs: 60_000 });
    expect(Object.values(rateLimitsFromEnv({ RATE_LIMIT: 'off', RATE_LIMIT_CALL_PHONE: '1/60' }))).toEqual(Object.keys(RATE_LIMIT_SETTINGS).map(() => null));
    expect(rateLimitsFromEnv({ RATE_LIMIT_CALL_IPV6_48: '4/60' }).callPerIpv6Net48).toEqual({ limit: 4, windowMs: 60_000 });
    expect(rateLimitsFromEnv({ RATE_LIMIT_DEMO_STATUS: '2/60' }).statusPerIp).toEqual({ limit: 2, windowMs: 60_000 });
  });

  it('a malformed value names its variable', () => {
    expect(() => rateLimitsFromEnv({ RATE_LIMIT_CALL_IP: '5 per minute' })).toThrow(
      'RATE_LIMIT_CALL_IP: Rate limit "5 per minute" must look like count/seconds',
    );
  });
});

describe('secondsUntilAllowed (3 per 100 s, now = 1000 s)', () => {
  const rule = { limit: 3, windowMs: 100_000 };
  it.each([
    ['no hits', [], 0],
    ['two recent hits', [950_000, 990_000], 0],
    ['three hits, one outside the window', [850_000, 950_000, 990_000], 0],
    ['three recent hits: wait for the oldest to leave', [920_000, 950_000, 990_000], 20],
    ['in any order', [990_000, 920_000, 950_000], 20],
    ['four recent hits: wait for the second oldest', [910_000, 930_000, 950_000, 990_000], 30],
    ['a hit leaving within the second still waits one', [900_100, 950_000, 990_000], 1],
  ])('%s -> %i s', (_, hits, seconds) => expect(secondsUntilAllowed(rule, hits, 1_000_000)).toBe(seconds));
});
