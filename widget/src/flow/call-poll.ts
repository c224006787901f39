import { CALL_DURATION_MINUTES } from '@franchise-ai/shared/constants';
import type { CallView } from '@franchise-ai/shared/demo-status';
import { DEMO_STATUS_POLL_MS, MAX_POLL_FAILURES } from './profile-poll.ts';

// 'Call Scheduled!' asks `demo_status` about the phone call, to show how soon it rang and the meeting
// the agent booked on it; the hook is steps/call-scheduled/use-call-view.ts.

/** One answer: the host's `call` (null: none yet, or none the widget could read), or the failure's HTTP status (0: no answer). */
export type CallPollOutcome = { call: CallView | null } | { failedStatus: number };

/** `ask-again`: the call may still ring or book; `done`: the call is over; `stop`: a 404, failures in a row, or the time is up. */
export type CallPollDecision = 'ask-again' | 'done' | 'stop';

/** How long after the call was scheduled the step stops asking while it has not rung: the call is expected within 2-3 minutes. */
export const CALL_POLL_LIMIT_MS = 180_000;
/** Once it rang, the agent may book until the call ends: asked until then, for at most the wait and the longest call. */
export const CALL_WATCH_LIMIT_MS = CALL_POLL_LIMIT_MS + CALL_DURATION_MINUTES.max * 60_000;
/** How long between questions once the phone rang: a booking is news to see within seconds, not at once. */
export const CALL_WATCH_POLL_MS = 3_000;

/** Whether the host said the phone rang (or more): from then on the call is watched for a booking until it ends. */
export const hasRung = (call: CallView | null): boolean => call !== null && (call.secondsToRinging !== null || !['scheduled', 'queued'].includes(call.status));

/** The profile poll's rules (profile-poll.ts): a 404 is a host without `demo_status`; failures in a row end it quietly. `rang`: hasRung of the last view. */
export function callPollDecision(outcome: CallPollOutcome, failures: number, elapsedMs: number, rang = false): CallPollDecision {
  if ('call' in outcome && outcome.call?.status === 'ended') return 'done';
  if ('failedStatus' in outcome && (outcome.failedStatus === 404 || failures + 1 >= MAX_POLL_FAILURES)) return 'stop';
  const watched = rang || ('call' in outcome && hasRung(outcome.call));
  return elapsedMs >= (watched ? CALL_WATCH_LIMIT_MS : CALL_POLL_LIMIT_MS) ? 'stop' : 'ask-again';
}

/** The wait before the next question: every second until the phone rang (its seconds are shown at once), then every few. */
export const callPollDelay = (rang: boolean): number => (rang ? CALL_WATCH_POLL_MS : DEMO_STATUS_POLL_MS);

export const secondsToRinging = (call: CallView | null): number | null => call?.secondsToRinging ?? null;
