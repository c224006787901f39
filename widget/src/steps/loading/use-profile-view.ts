import type { ProfileView } from '@franchise-ai/shared/demo-status';
import { useEffect, useState } from 'preact/hooks';
import { DEMO_STATUS_POLL_MS, DEMO_STATUS_TIMEOUT_MS, asksDemoStatus, pollDecision, type PollDecision, type PollOutcome } from '../../flow/profile-poll.ts';
import type { DemoFlow } from '../../flow/use-demo-flow.ts';
import { askDemoStatus } from '../../webhooks/demo-status.ts';
import { WebhookError } from '../../webhooks/webhook-client.ts';

// Asks `demo_status` one question at a time until flow/profile-poll.ts says stop; the panel is a bonus, so nothing is logged.

export interface PanelState {
  /** The host's last view, or null before its first readable answer. */
  view: ProfileView | null;
  stopped: Exclude<PollDecision, 'ask-again' | 'done'> | null;
}

const sameView = (a: ProfileView | null, b: ProfileView | null): boolean => JSON.stringify(a) === JSON.stringify(b);

export function useProfileView(flow: DemoFlow): PanelState {
  const { request } = flow.state;
  const demoId = request?.demoId;
  const [panel, setPanel] = useState<PanelState>({ view: null, stopped: null });
  useEffect(() => {
    if (!asksDemoStatus(demoId, request?.website)) return;
    const id: string = demoId;
    const controller = new AbortController();
    const stop = () => controller.abort();
    flow.signal.addEventListener('abort', stop);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const ask = async () => {
      let outcome: PollOutcome;
      try {
        outcome = { view: await askDemoStatus(id, { webhookBase: flow.config.webhookBase, signal: controller.signal, timeoutMs: DEMO_STATUS_TIMEOUT_MS }) };
      } catch (error) {
        outcome = { failedStatus: error instanceof WebhookError && error.kind === 'status' ? (error.status ?? 0) : 0 };
      }
      if (controller.signal.aborted) return;
      const decision = pollDecision(outcome, failures);
      failures = 'view' in outcome ? 0 : failures + 1;
      // A new state only when the view changed, so the panel's live region speaks once per change, not per answer.
      if ('view' in outcome && outcome.view) {
        const view = outcome.view;
        setPanel((current) => (sameView(current.view, view) ? current : { view, stopped: null }));
      }
      if (decision === 'ask-again') timer = setTimeout(() => void ask(), DEMO_STATUS_POLL_MS);
      else if (decision !== 'done') setPanel({ view: null, stopped: decision });
    };
    void ask();
    return () => {
      clearTimeout(timer);
      stop();
      flow.signal.removeEventListener('abort', stop);
    };
  }, [demoId]);
  return panel;
}
