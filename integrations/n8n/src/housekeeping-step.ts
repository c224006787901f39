import { IDEMPOTENCY_KEY_TTL_MS } from '@franchise-ai/shared/idempotency';
import { rateLimitsFromEnv } from '@franchise-ai/shared/rate-limits';
import { longestHitWindowMs } from './client-limits-step.ts';
import { READ_ABANDONED_MS } from './read-slots-step.ts';
import type { WorkflowEnv } from './request-check.ts';

// The housekeeping workflow (on a schedule, HOUSEKEEPING_MINUTES): the rows the webhooks leave
// behind once they no longer count, deleted, because n8n caps all Data Tables together at 50 MB and
// a flood must not fill them and stop the leads (the keys after their 24 h, the hits after their
// window); and the profiles left 'reading' by a read n8n stopped, settled (read-slots-step.ts).

/** How often it runs. */
export const HOUSEKEEPING_MINUTES = 1;

/** "Cut-offs": the receivedAt before which each table's rows are done with. */
export function housekeepingStep(env: WorkflowEnv, now: number): { keysBefore: string; hitsBefore: string; readingsBefore: string } {
  let hitWindowMs: number;
  try {
    hitWindowMs = longestHitWindowMs(rateLimitsFromEnv(env));
  } catch {
    // A malformed RATE_LIMIT_* (every webhook answers 500 until it is fixed): keep a day of hits.
    hitWindowMs = IDEMPOTENCY_KEY_TTL_MS;
  }
  const before = (ms: number) => new Date(now - ms).toISOString();
  return { keysBefore: before(IDEMPOTENCY_KEY_TTL_MS), hitsBefore: before(hitWindowMs), readingsBefore: before(READ_ABANDONED_MS) };
}
