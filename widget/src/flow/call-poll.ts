import type { CallView } from '@franchise-ai/shared/demo-status';
import { MAX_POLL_FAILURES } from './profile-poll.ts';

// 'Call Scheduled!' asks `demo_status` about the phone call, to show how soon it rang; the hook is steps/call-scheduled/use-call-view.ts.

/** One answer: the host's `call` (null: none yet, or none the widget could read), or the failure's HTTP status (0: no answer). */
export type CallPollOutcome = { call: CallView | null } | { failedStatus: number };

/** `ask-again`: nothing final yet; `done`: the seconds are known, or the call is over; `stop`: a 404, failures in a row, or the time is up. */
export type CallPollDecision = 'ask-again' | 'done' | 'stop';

/** How long after the call was scheduled the step stops asking: the call is expected within 2-3 minutes. */
export const CALL_POLL_LIMIT_MS = 180_000;

/** The profile poll's rules (profile-poll.ts): a 404 is a host without `demo_status`; failures in a row end it quietly. */
export function callPollDecision(outcome: CallPollOutcome, failures: number, elapsedMs: number): CallPollDecision {
  if ('call' in outcome && outcome.call && (outcome.call.secondsToRinging !== null || outcome.call.status === 'ended')) return 'done';
  if ('failedStatus' in outcome && (outcome.failedStatus === 404 || failures + 1 >= MAX_POLL_FAILURES)) return 'stop';
  return elapsedMs >= CALL_POLL_LIMIT_MS ? 'stop' : 'ask-again';
}

export const secondsToRinging = (call: CallView | null): number | null => call?.secondsToRinging ?? null;
