import type { CallView } from '@franchise-ai/shared/demo-status';
import { useEffect, useState } from 'preact/hooks';
import { callPollDecision, callPollDelay, hasRung, type CallPollOutcome } from '../../flow/call-poll.ts';
import { DEMO_STATUS_TIMEOUT_MS } from '../../flow/profile-poll.ts';
import type { DemoFlow } from '../../flow/use-demo-flow.ts';
import { askCallStatus } from '../../webhooks/demo-status.ts';
import { WebhookError } from '../../webhooks/webhook-client.ts';

// Asks `demo_status` about the phone call until flow/call-poll.ts says stop; a booking it reports
// goes to the flow (FlowState.booking). Nothing is logged or told to the page.

const sameCall = (a: CallView | null, b: CallView | null): boolean => a?.status === b?.status && a?.secondsToRinging === b?.secondsToRinging;

export function useCallView(flow: DemoFlow): CallView | null {
  const demoId = flow.state.request?.demoId;
  const schedule = flow.state.callSchedules ?? 0;
  // Keyed by the schedule, so a new schedule never shows the last call's view, not even for the
  // frame before this effect runs (Preact runs it after paint).
  const key = `${demoId}:${schedule}`;
  const [view, setView] = useState<{ key: string; call: CallView } | null>(null);
  useEffect(() => {
    if (!demoId) return;
    const id: string = demoId;
    const controller = new AbortController();
    const stop = () => controller.abort();
    flow.signal.addEventListener('abort', stop);
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let rang = false;
    const ask = async () => {
      let outcome: CallPollOutcome;
      try {
        const status = await askCallStatus(id, { webhookBase: flow.config.webhookBase, signal: controller.signal, timeoutMs: DEMO_STATUS_TIMEOUT_MS });
        if (status.booking && !controller.signal.aborted) flow.dispatch({ type: 'booking-shown', booking: status.booking });
        outcome = { call: status.call };
      } catch (error) {
        outcome = { failedStatus: error instanceof WebhookError && error.kind === 'status' ? (error.status ?? 0) : 0 };
      }
      if (controller.signal.aborted) return;
      const decision = callPollDecision(outcome, failures, Date.now() - started, rang);
      failures = 'call' in outcome ? 0 : failures + 1;
      // A new state only when the view changed: the live region speaks once per change, not per answer.
      if ('call' in outcome && outcome.call) {
        const next = outcome.call;
        rang ||= hasRung(next);
        setView((current) => (current?.key === key && sameCall(current.call, next) ? current : { key, call: next }));
      }
      if (decision === 'ask-again') timer = setTimeout(() => void ask(), callPollDelay(rang));
    };
    void ask();
    return () => {
      clearTimeout(timer);
      stop();
      flow.signal.removeEventListener('abort', stop);
    };
  }, [demoId, schedule]);
  return view?.key === key ? view.call : null;
}
