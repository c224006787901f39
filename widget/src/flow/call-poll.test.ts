import { describe, expect, it } from 'vitest';
import { CALL_POLL_LIMIT_MS, callPollDecision, secondsToRinging } from './call-poll.ts';

// 'Call Scheduled!''s questions to demo_status about the phone call.
describe('callPollDecision', () => {
  const ringing = { status: 'ringing' as const, secondsToRinging: 7 };
  it.each([
    ['no call reported yet', { call: null }, 0, 1_000, 'ask-again'],
    ['queued, not ringing yet', { call: { status: 'queued' as const, secondsToRinging: null } }, 0, 1_000, 'ask-again'],
    ['the seconds to ringing are known', { call: ringing }, 0, 1_000, 'done'],
    ['ended before the host knew of a ring: nothing more will come', { call: { status: 'ended' as const, secondsToRinging: null } }, 0, 1_000, 'done'],
    ['in progress with the seconds', { call: { status: 'in-progress' as const, secondsToRinging: 12 } }, 0, 1_000, 'done'],
    ['a host without demo_status (404)', { failedStatus: 404 }, 0, 1_000, 'stop'],
    ['a first failure is tried again', { failedStatus: 503 }, 0, 1_000, 'ask-again'],
    ['no answer, a second time', { failedStatus: 0 }, 1, 1_000, 'ask-again'],
    ['the third failure in a row', { failedStatus: 503 }, 2, 1_000, 'stop'],
    ['three minutes without the seconds', { call: null }, 0, CALL_POLL_LIMIT_MS, 'stop'],
    ['three minutes, queued', { call: { status: 'queued' as const, secondsToRinging: null } }, 0, CALL_POLL_LIMIT_MS + 1, 'stop'],
    ['the seconds arriving at the limit are still shown', { call: ringing }, 0, CALL_POLL_LIMIT_MS, 'done'],
  ] as const)('%s: %s', (_label, outcome, failures, elapsed, decision) => {
    expect(callPollDecision(outcome, failures, elapsed)).toBe(decision);
  });
  it('stops within the 2-3 minutes the call is expected in, not later', () => {
    expect(CALL_POLL_LIMIT_MS).toBe(180_000);
  });
});

it("secondsToRinging is the host's figure once known, null otherwise", () => {
  expect(secondsToRinging(null)).toBeNull();
  expect(secondsToRinging({ status: 'queued', secondsToRinging: null })).toBeNull();
  expect(secondsToRinging({ status: 'ended', secondsToRinging: 0 })).toBe(0);
  expect(secondsToRinging({ status: 'ringing', secondsToRinging: 9 })).toBe(9);
});
