import { createAgentId } from './flow/agent-id.ts';
import { submitDemoRequest, WebhookError, type WebhookOptions } from './webhooks/webhook-client.ts';
import { flowReducer, initialFlowState, type FlowAction, type FlowState } from './flow/flow.ts';
import { rememberedIdempotencyKeys } from './webhooks/idempotency-key.ts';
import { CONGRATULATIONS_AT_MS, LOADING_STAGES } from './figures.ts';
import { firstCopy } from './first-copy.ts';
import { useEffect, useLayoutEffect, useReducer, useRef } from 'preact/hooks';
import type { WidgetConfig } from './attributes.ts';
import { emit, type ErrorStage } from './events.ts';
import type { LaterHandlers } from './later-flow.ts';
import type { VoiceCall } from './voice/voice-types.ts';

// The one place with side effects for the first render: the form's webhook call, the loading
// timers, the host events, and the cleanup when the widget goes. The handlers of the steps after
// loading (the assistant, the phone call, the voice call) are later-flow.ts, in those steps' chunk;
// they work on what this hook returns. Views only read `state` and call handlers.

/** The flow as the first render has it, and what later-flow.ts's handlers work with. */
export interface FlowCore {
  state: FlowState;
  dispatch: (action: FlowAction) => void;
  submit(): void;
  /** The state with every action already applied (see `dispatch`): what guards read. */
  stateRef: { readonly current: FlowState };
  config: WidgetConfig & { webhookBase: string };
  host: HTMLElement;
  /** For each webhook call: the base, this flow's abort signal and its Idempotency-Keys. */
  options(): WebhookOptions;
  /** Logs and tells the page (`franchise-ai-demo-error`). */
  fail(stage: ErrorStage, message: string, cause?: unknown): void;
  /** The widget left the page: answers that arrive now are dropped. */
  aborted(): boolean;
  /** The browser call in progress, from the click on Start Call (also while the voice chunk loads); ended when the widget goes. */
  call: { current: VoiceCall | null };
  /** Where the call's volume level goes (steps/call-visualiser.tsx): straight to the DOM, never through the reducer. */
  volume: { current: ((level: number) => void) | null };
}

/** The whole flow, as the steps after loading have it. */
export type DemoFlow = FlowCore & LaterHandlers;

export function useDemoFlow(config: WidgetConfig & { webhookBase: string }, host: HTMLElement): FlowCore {
  const [state, render] = useReducer(flowReducer, config.businessType, initialFlowState);
  // `state` catches up only at the next render, so three clicks in one task would all pass a guard
  // that read it. Every action is applied to this ref first, synchronously: the guards below read
  // the ref, and it already holds the effect of the click before.
  const stateRef = useRef(state);
  const dispatch = (action: FlowAction): void => {
    stateRef.current = flowReducer(stateRef.current, action);
    render(action);
  };
  const aborter = useRef(new AbortController());
  const call = useRef<VoiceCall | null>(null);
  const volume = useRef<((level: number) => void) | null>(null);
  // One key per logical request for this flow: sending the same form again after a failure reuses it.
  const idempotencyKeys = useRef(rememberedIdempotencyKeys());
  const options = () => ({ webhookBase: config.webhookBase, signal: aborter.current.signal, idempotencyKeys: idempotencyKeys.current });
  const fail = (stage: ErrorStage, message: string, cause?: unknown) => {
    console.warn(`[franchise-ai-demo] ${stage}: ${message}`, cause ?? '');
    emit(host, 'franchise-ai-demo-error', { stage, message });
  };

  // The business-type attribute moves the toggle while the form is still being filled.
  useEffect(() => dispatch({ type: 'business-type-changed', businessType: config.businessType }), [config.businessType]);
  // A public-key given after a start found none makes 'Start Call' possible again.
  useEffect(() => void (config.publicKey && dispatch({ type: 'public-key-given' })), [config.publicKey]);

  // The host reflects the step in one attribute, and tells the page, in the same frame the step renders.
  useLayoutEffect(() => {
    host.setAttribute('data-step', state.step);
    emit(host, 'franchise-ai-demo-step', { step: state.step });
    if (state.step === 'congratulations' && state.agentId) emit(host, 'franchise-ai-demo-ready', { agentId: state.agentId });
  }, [state.step]);

  // The loading screen's schedule, from the moment the submit succeeded. A layout effect, like the
  // data-step reflection above: once the page can see `data-step="loading"`, the clock is running.
  useLayoutEffect(() => {
    if (state.step !== 'loading') return;
    const timers = LOADING_STAGES.map((stage, index) =>
      setTimeout(() => dispatch({ type: 'loading-stage-reached', stage: index + 1 }), stage.atMs),
    );
    timers.push(setTimeout(() => dispatch({ type: 'loading-finished' }), CONGRATULATIONS_AT_MS));
    return () => timers.forEach(clearTimeout);
  }, [state.step]);

  // Leaving the page: cancel requests in flight and end the call.
  useEffect(
    () => () => {
      aborter.current.abort();
      void call.current?.stop();
    },
    [],
  );

  async function submit() {
    const before = stateRef.current;
    dispatch({ type: 'submit-started' });
    // The reducer builds the request and checks it: nothing to send when the form was not ready,
    // was already being sent, or was refused with reasons.
    const { sending, request } = stateRef.current;
    if (stateRef.current === before || !sending || !request) return;
    emit(host, 'franchise-ai-demo-submit', { request });
    try {
      await submitDemoRequest(request, options());
      dispatch({ type: 'submit-succeeded', agentId: createAgentId() });
    } catch (error) {
      if (aborter.current.signal.aborted) return;
      dispatch({ type: 'submit-failed', ...(error instanceof WebhookError && error.fields ? { fields: error.fields } : {}) });
      fail('submit', firstCopy.submitError, error);
    }
  }

  return { state, dispatch, submit: () => void submit(), stateRef, config, host, options, fail, aborted: () => aborter.current.signal.aborted, call, volume };
}
