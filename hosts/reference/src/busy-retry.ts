import { setTimeout as sleep } from 'node:timers/promises';
import { storageProblem } from './storage-errors.ts';

/** How long a request may wait for another process's write lock before it is answered 503. */
export const WRITE_DEADLINE_MS = 1000;

/**
 * Runs a synchronous database `attempt` until it gets past SQLITE_BUSY, sleeping between tries
 * (5 ms, doubling to 50 ms, with jitter so waiting requests do not retry in step) instead of
 * blocking inside SQLite, so the event loop keeps serving everything else. Any other error, or
 * still busy at the deadline, is thrown as it is. The attempt must write all or nothing (one
 * transaction or one statement) and may be run again after a busy throw.
 */
export async function retryWhileBusy<T>(attempt: () => T, deadlineMs = WRITE_DEADLINE_MS): Promise<T> {
  const giveUpAt = performance.now() + deadlineMs;
  for (let pauseMs = 5; ; pauseMs = Math.min(pauseMs * 2, 50)) {
    try {
      return attempt();
    } catch (error) {
      const pause = pauseMs / 2 + Math.random() * pauseMs;
      if (storageProblem(error) !== 'busy' || performance.now() + pause > giveUpAt) throw error;
      await sleep(pause);
    }
  }
}
