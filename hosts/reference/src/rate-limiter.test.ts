import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limiter.ts';

describe('RateLimiter', () => {
  it('allows `limit` hits per window per key, then says how long to wait', () => {
    let now = 0;
    const limiter = new RateLimiter({ limit: 2, windowMs: 10_000 }, () => now);
    expect(limiter.hit('a')).toBe(0);
    now = 1_000;
    expect(limiter.hit('a')).toBe(0);
    expect(limiter.hit('b')).toBe(0);
    now = 2_000;
    // The oldest hit (t=0) leaves the window at t=10 s: 8 s from now.
    expect(limiter.hit('a')).toBe(8);
    now = 10_001;
    expect(limiter.hit('a')).toBe(0);
  });

  it('does not count refused hits against the window', () => {
    let now = 0;
    const limiter = new RateLimiter({ limit: 1, windowMs: 1_000 }, () => now);
    limiter.hit('a');
    for (let i = 0; i < 5; i++) expect(limiter.hit('a')).toBeGreaterThan(0);
    now = 1_001;
    expect(limiter.hit('a')).toBe(0);
  });

  it('wait() answers like hit() but records nothing', () => {
    let now = 0;
    const limiter = new RateLimiter({ limit: 2, windowMs: 10_000 }, () => now);
    for (let i = 0; i < 5; i++) expect(limiter.wait('a')).toBe(0);
    expect(limiter.hit('a')).toBe(0);
    now = 4_000;
    expect(limiter.hit('a')).toBe(0);
    // Full now: the oldest hit (t=0) leaves at t=10 s.
    expect(limiter.wait('a')).toBe(6);
    expect(limiter.hit('a')).toBe(6);
    now = 10_001;
    expect(limiter.wait('a')).toBe(0);
    expect(limiter.wait('a')).toBe(0);
    expect(limiter.hit('a')).toBe(0);
    expect(limiter.wait('a')).toBe(4);
  });
});
