import { createAgentId } from './flow/agent-id.ts';
import { fetchAssistantId, submitDemoRequest, triggerDemoCall, WebhookError } from './webhooks/webhook-client.ts';
import { browserCallRetry, flowReducer, initialFlowState, isCallActive, type FlowAction, type FlowState } from './flow/flow.ts';
import { rememberedIdempotencyKeys } from './webhooks/idempotency-key.ts';
import { toPhoneCallRequest } from './flow/validation.ts';
import { CONGRATULATIONS_AT_MS, LOADING_STAGES } from './figures.ts';
import { firstCopy } from './first-copy.ts';
import { useEffect, useLayoutEffect, useReducer, useRef } from 'preact/hooks';
import type { WidgetConfig } from './attributes.ts';
import type { DemoRequest } from '@franchise-ai/shared/lead-rules';
import { emit, type ErrorStage } from './events.ts';
import { loadVoice } from './lazy-chunks.ts';
import { startBrowserCall } from './voice/browser-call.ts';
import type { VoiceCall, VoiceEvent } from './voice/voice-types.ts';

// The one place with side effects: webhook calls, timers, the voice call and
// the host events. Views only read `state` and call these handlers.


export interface DemoFlow {
  state: FlowState;
  dispatch: (action: FlowAction) => void;
  submit(): void;
  chooseBrowser(): void;
  /** 'Try Again' after 'Error getting assistant': fetches the assistant again (see `browserCallRetry`). */
  retryAssistant(): void;
  /** `phoneNumber`: the number in E.164, once the dialog found it possible. */
  schedulePhoneCall(phoneNumber: string): void;
  /** What the call button showed decides: a second 'Start Call' before the button turns into 'End Call' starts nothing. */
  startCall(): void;
  endCall(): void;
  /** Where the call's volume level goes (steps/call-visualiser.tsx): straight to the DOM, never through the reducer. */
  volume: { current: ((level: number) => void) | null };
}

export function useDemoFlow(config: WidgetConfig & { webhookBase: string }, host: HTMLElement): DemoFlow {
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
  /** The browser call in progress, from the click on Start Call (also while the voice chunk loads). */
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

  async function chooseBrowser() {
    const { request, step } = stateRef.current;
    if (step !== 'congratulations' || !request) return;
    dispatch({ type: 'browser-chosen' });
    void loadVoice().catch(() => undefined); // warm the voice chunk while the assistant is fetched
    await fetchAssistant(request);
  }

  async function retryAssistant() {
    const { request } = stateRef.current;
    if (!request || browserCallRetry(stateRef.current) !== 'fetch-assistant') return;
    dispatch({ type: 'assistant-retried' });
    await fetchAssistant(request);
  }

  /** The same request each time, so `idempotencyKeys` gives a retry the key of the first try. */
  async function fetchAssistant(request: DemoRequest) {
    try {
      dispatch({ type: 'assistant-loaded', assistantId: await fetchAssistantId(request, options()) });
    } catch (error) {
      if (aborter.current.signal.aborted) return;
      dispatch({ type: 'assistant-failed' });
      fail('assistant', firstCopy.statusAssistantError, error);
    }
  }

  async function schedulePhoneCall(phoneNumber: string) {
    const { request, phoneDialogOpen } = stateRef.current;
    if (!request || !phoneDialogOpen) return;
    dispatch({ type: 'phone-submitted', phoneNumber });
    if (stateRef.current.phoneDialogOpen) return; // not a number the call can be requested for
    // The visitor moves on at once; a failed trigger is only logged (spec section 8).
    try {
      await triggerDemoCall(toPhoneCallRequest(request, phoneNumber), options());
      emit(host, 'franchise-ai-demo-call-requested', { ok: true });
    } catch (error) {
      if (aborter.current.signal.aborted) return;
      emit(host, 'franchise-ai-demo-call-requested', { ok: false });
      fail('phone', 'The call could not be requested.', error);
    }
  }

  async function endCall() {
    if (isCallActive(stateRef.current)) await call.current?.stop();
  }

  function startCall() {
    const current = stateRef.current;
    if (current.step !== 'browser-call' || isCallActive(current)) return;
    dispatch({ type: 'call-requested' });
    if (!current.assistantId || !current.request) return;
    const report = (event: VoiceEvent) => {
      dispatch(event.type === 'call-failed' ? { type: 'call-failed', reason: event.reason } : { type: event.type });
      if (event.type === 'call-started') emit(host, 'franchise-ai-demo-call-start', {});
      if (event.type === 'call-ended') emit(host, 'franchise-ai-demo-call-end', {});
      if (event.type === 'call-failed') fail('voice', event.message);
    };
    if (!config.publicKey) {
      // No start can succeed on this page: the reducer offers 'Call Me' and no retry.
      dispatch({ type: 'call-failed', reason: 'unavailable' });
      return fail('voice', 'The page gave no public-key for the voice call.');
    }
    const { name, company, businessType } = current.request;
    // The handle is ours before anything is awaited, so End Call and unmounting always find it.
    const handle: VoiceCall = startBrowserCall(loadVoice, {
      publicKey: config.publicKey,
      apiBase: config.voiceApiBase,
      avoidEval: config.voiceAvoidEval,
      assistantId: current.assistantId,
      variableValues: { name, company, businessType },
      onVolume: (level) => call.current === handle && volume.current?.(level),
      onEvent: (event) => {
        if (call.current !== handle) return; // a call this widget has already replaced
        if (event.type === 'call-ended' || event.type === 'call-failed') call.current = null;
        report(event);
      },
    });
    const replaced = call.current;
    call.current = handle;
    void replaced?.stop();
  }

  return {
    state,
    dispatch,
    submit: () => void submit(),
    chooseBrowser: () => void chooseBrowser(),
    retryAssistant: () => void retryAssistant(),
    schedulePhoneCall: (phoneNumber) => void schedulePhoneCall(phoneNumber),
    startCall,
    endCall: () => void endCall(),
    volume,
  };
}
