import { askCallStatus } from '../webhooks/demo-status.ts';
import { WebhookError } from '../webhooks/webhook-client.ts';
import { BOOKING_POLL_MS, bookingPollDecision, type BookingPollOutcome } from './booking-poll.ts';
import { DEMO_STATUS_TIMEOUT_MS } from './profile-poll.ts';
import type { FlowCore } from './use-demo-flow.ts';

// During and after the browser call: asks `demo_status` what the agent booked, a bounded few times
// (booking-poll.ts), and hands the host's record to the reducer. Nothing is logged or told to the page.

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `watch(demoId, tries)`: asks up to `tries` times from now, one question at a time (a second watch adds to the first's tries). */
export function bookingWatch({ stateRef, dispatch, signal, config }: Pick<FlowCore, 'stateRef' | 'dispatch' | 'signal' | 'config'>) {
  let left = 0;
  let running = false;
  return (demoId: string, tries: number): void => {
    // One booking per lead: once it is here, the host has nothing else to say.
    if (stateRef.current.booking) return;
    left = Math.max(left, tries);
    if (running) return;
    running = true;
    void (async () => {
      let failures = 0;
      try {
        while (left > 0 && !signal.aborted) {
          left -= 1;
          // The host answers the tool call after the SDK forwarded it: the first question waits too.
          await pause(BOOKING_POLL_MS);
          if (signal.aborted) return;
          let outcome: BookingPollOutcome;
          try {
            const { booking } = await askCallStatus(demoId, { webhookBase: config.webhookBase, signal, timeoutMs: DEMO_STATUS_TIMEOUT_MS });
            outcome = { booking };
          } catch (error) {
            outcome = { failedStatus: error instanceof WebhookError && error.kind === 'status' ? (error.status ?? 0) : 0 };
          }
          if (signal.aborted) return;
          if ('booking' in outcome && outcome.booking) dispatch({ type: 'booking-shown', booking: outcome.booking });
          if (bookingPollDecision(outcome, failures, left) !== 'ask-again') return;
          failures = 'booking' in outcome ? 0 : failures + 1;
        }
      } finally {
        running = false;
        left = 0;
      }
    })();
  };
}
