import { secondsUntilAllowed, type RateLimit } from '@franchise-ai/shared/rate-limits';

export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly rule: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  /** Answers 0 when a hit would be allowed now, else the seconds to wait; records nothing. */
  wait(key: string): number {
    return secondsUntilAllowed(this.rule, this.hits.get(key) ?? [], this.now());
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
