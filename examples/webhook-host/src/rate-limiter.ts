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

  /** Answers 0 when a hit would be allowed now, else the seconds to wait; records nothing. */
  wait(key: string): number {
    const now = this.now();
    const recent = this.recent(key, now);
    if (recent.length < this.rule.limit) return 0;
    return Math.max(1, Math.ceil((recent[0]! + this.rule.windowMs - now) / 1000));
  }

  /** Records a hit when allowed; answers 0 when it was, else the seconds to wait (as `wait`). */
  hit(key: string): number {
    const wait = this.wait(key);
    if (wait > 0) return wait;
    const now = this.now();
    this.hits.set(key, [...this.recent(key, now), now]);
    this.sweep(now - this.rule.windowMs);
    return 0;
  }

  /** The key's hits still inside the window, oldest first. */
  private recent(key: string, now: number): number[] {
    return (this.hits.get(key) ?? []).filter((at) => at > now - this.rule.windowMs);
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
