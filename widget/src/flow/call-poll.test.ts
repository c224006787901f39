import { describe, expect, it } from 'vitest';
import { DEMO_STATUS_POLL_MS } from './profile-poll.ts';
import { CALL_POLL_LIMIT_MS, CALL_WATCH_LIMIT_MS, CALL_WATCH_POLL_MS, callPollDecision, callPollDelay, hasRung, secondsToRinging } from './call-poll.ts';

// 'Call Scheduled!''s questions to demo_status about the phone call and what it booked.
describe('callPollDecision', () => {
  const ringing = { status: 'ringing' as const, secondsToRinging: 7 };
  const queued = { status: 'queued' as const, secondsToRinging: null };
  it.each([
    ['no call reported yet', { call: null }, 0, 1_000, false, 'ask-again'],
    ['queued, not ringing yet', { call: queued }, 0, 1_000, false, 'ask-again'],
    ['rang: asked on, for a booking, until the call ends', { call: ringing }, 0, 1_000, false, 'ask-again'],
    ['ended: nothing more will come', { call: { status: 'ended' as const, secondsToRinging: null } }, 0, 1_000, false, 'done'],
    ['a host without demo_status (404)', { failedStatus: 404 }, 0, 1_000, false, 'stop'],
    ['a first failure is tried again', { failedStatus: 503 }, 0, 1_000, false, 'ask-again'],
    ['no answer, a second time', { failedStatus: 0 }, 1, 1_000, false, 'ask-again'],
    ['the third failure in a row', { failedStatus: 503 }, 2, 1_000, true, 'stop'],
    ['three minutes without a ring', { call: null }, 0, CALL_POLL_LIMIT_MS, false, 'stop'],
    ['three minutes, queued', { call: queued }, 0, CALL_POLL_LIMIT_MS + 1, false, 'stop'],
    ['three minutes into a call that rang', { call: { status: 'in-progress' as const, secondsToRinging: 40 } }, 0, CALL_POLL_LIMIT_MS, false, 'ask-again'],
    ['a failure mid-call, after three minutes', { failedStatus: 503 }, 0, CALL_POLL_LIMIT_MS, true, 'ask-again'],
    ['the longest call is over', { call: ringing }, 0, CALL_WATCH_LIMIT_MS, true, 'stop'],
  ] as const)('%s', (_label, outcome, failures, elapsed, rang, decision) => {
    expect(callPollDecision(outcome, failures, elapsed, rang)).toBe(decision);
  });
  it('stops within the 2-3 minutes the call is expected in, and after the longest call (5 minutes) more', () => {
    expect([CALL_POLL_LIMIT_MS, CALL_WATCH_LIMIT_MS]).toEqual([180_000, 480_000]);
  });
  it('asks every second until the phone rang, then every few', () => {
    expect([hasRung(null), hasRung({ status: 'queued', secondsToRinging: null }), hasRung({ status: 'in-progress', secondsToRinging: null })]).toEqual([
      false,
      false,
      true,
    ]);
    expect([callPollDelay(false), callPollDelay(true)]).toEqual([DEMO_STATUS_POLL_MS, CALL_WATCH_POLL_MS]);
  });
});

it("secondsToRinging is the host's figure once known, null otherwise", () => {
  expect(secondsToRinging(null)).toBeNull();
  expect(secondsToRinging({ status: 'queued', secondsToRinging: null })).toBeNull();
  expect(secondsToRinging({ status: 'ended', secondsToRinging: 0 })).toBe(0);
  expect(secondsToRinging({ status: 'ringing', secondsToRinging: 9 })).toBe(9);
});
