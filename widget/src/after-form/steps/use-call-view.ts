import type { CallView } from '@franchise-ai/shared/demo-status';
import { useEffect, useState } from 'preact/hooks';
import { callPollDecision, type CallPollOutcome } from '../flow/call-poll.ts';
import { DEMO_STATUS_POLL_MS, DEMO_STATUS_TIMEOUT_MS } from '../flow/profile-poll.ts';
import type { DemoFlow } from '../../form/use-demo-flow.ts';
import { askCallView } from '../../webhooks/demo-status.ts';
import { WebhookError } from '../../webhooks/webhook-client.ts';

// 'Call Scheduled!' asks `demo_status` about the phone call as the loading step
// asks about the website (use-profile-view.ts): one question at a time, the next a second after
// each answer, while the step is on screen and the demo has a `demoId`. It stops once the seconds
// to ringing are known or the call ended (flow/call-poll.ts), on a 404, after three failures in a
// row, after three minutes, when the step goes, and when the widget goes. A new schedule ('Change
// number') starts it again from nothing. Nothing is logged or told to the page: without an answer
// the step is today's.

const sameCall = (a: CallView | null, b: CallView | null): boolean => a?.status === b?.status && a?.secondsToRinging === b?.secondsToRinging;

/** The host's latest view of the call this step scheduled, or null before it reported one. */
export function useCallView(flow: DemoFlow): CallView | null {
  const demoId = flow.state.request?.demoId;
  const schedule = flow.state.callSchedules ?? 0;
  const [call, setCall] = useState<CallView | null>(null);
  useEffect(() => {
    setCall(null);
    if (!demoId) return;
    const id: string = demoId;
    const controller = new AbortController();
    const stop = () => controller.abort();
    flow.signal.addEventListener('abort', stop);
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const ask = async () => {
      let outcome: CallPollOutcome;
      try {
        outcome = { call: await askCallView(id, { webhookBase: flow.config.webhookBase, signal: controller.signal, timeoutMs: DEMO_STATUS_TIMEOUT_MS }) };
      } catch (error) {
        outcome = { failedStatus: error instanceof WebhookError && error.kind === 'status' ? (error.status ?? 0) : 0 };
      }
      if (controller.signal.aborted) return;
      const decision = callPollDecision(outcome, failures, Date.now() - started);
      failures = 'call' in outcome ? 0 : failures + 1;
      // A new state only when the view changed: the live region speaks once per change, not per answer.
      if ('call' in outcome && outcome.call) {
        const next = outcome.call;
        setCall((current) => (sameCall(current, next) ? current : next));
      }
      if (decision === 'ask-again') timer = setTimeout(() => void ask(), DEMO_STATUS_POLL_MS);
    };
    void ask();
    return () => {
      clearTimeout(timer);
      stop();
      flow.signal.removeEventListener('abort', stop);
    };
  }, [demoId, schedule]);
  return call;
}
