/** At most `limit` hits per key in any window of `windowMs` (sliding log; keys are few and windows short). */
export interface RateLimit {
  limit: number;
  windowMs: number;
}

export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly rule: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records a hit; answers 0 when allowed, else the seconds to wait before the next hit is allowed. */
  hit(key: string): number {
    const now = this.now();
    const since = now - this.rule.windowMs;
    const recent = (this.hits.get(key) ?? []).filter((at) => at > since);
    if (recent.length >= this.rule.limit) {
      this.hits.set(key, recent);
      return Math.max(1, Math.ceil((recent[0]! + this.rule.windowMs - now) / 1000));
    }
    recent.push(now);
    this.hits.set(key, recent);
    this.sweep(since);
    return 0;
  }

  // Forget idle keys now and then, so a scan from many addresses cannot grow the map forever.
  private sweeps = 0;
  private sweep(since: number): void {
    if (++this.sweeps % 1000 !== 0) return;
    for (const [key, times] of this.hits) if (times.every((at) => at <= since)) this.hits.delete(key);
  }
}

/** Parses `count/seconds`, e.g. `5/600`; `off` means no limit. */
export function parseRateLimit(value: string | undefined, fallback: RateLimit | null): RateLimit | null {
  if (value === undefined || value.trim() === '') return fallback;
  if (value.trim() === 'off') return null;
  const match = /^(\d+)\/(\d+)$/.exec(value.trim());
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
    throw new Error(`Rate limit "${value}" must look like count/seconds (e.g. 5/600) or off.`);
  }
  return { limit: Number(match[1]), windowMs: Number(match[2]) * 1000 };
}
