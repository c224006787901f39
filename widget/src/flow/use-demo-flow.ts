import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { FlowConfig, FormSeed } from '../first-render/element/renderer.ts';
import type { ErrorStage } from '../first-render/element/events.ts';
import { CONGRATULATIONS_AT_MS, LOADING_STAGES } from '../figures.ts';
import { initialFlowState, type FlowAction, type FlowState } from './reducer.ts';
import { laterHandlers, type LaterHandlers } from './handlers.ts';
import { flowReducer } from './reducer.ts';
import type { VoiceCall } from '../voice/voice-types.ts';
import type { RememberedKeys } from '../webhooks/idempotency-key.ts';
import { useTexts, type Texts } from '../copy/copy-context.ts';
import type { FlowProps } from '../steps/franchise-ai-demo.tsx';

// The flow's core: its state, the loading screen's clock, the submit, and the cleanup when the
// widget goes. It reports steps and failures to the element (first-render/element/renderer.ts HostPort), which
// alone writes what the page sees. Views only read `state` and call handlers.

/** The flow as the first render has it, and what flow/handlers.ts works with. */
export interface FlowCore {
  state: FlowState;
  dispatch: (action: FlowAction) => void;
  submit(): void;
  /** The state with every action already applied (see `dispatch`): what guards read. */
  stateRef: { readonly current: FlowState };
  config: FlowConfig;
  host: HTMLElement;
  /** Aborted when the widget leaves the page: requests in flight stop, and answers that arrive later are dropped. */
  signal: AbortSignal;
  /** This flow's Idempotency-Keys, made when the first request needs them (webhooks/idempotency-key.ts). */
  keys: { current: RememberedKeys | null };
  fail(stage: ErrorStage, message: string, cause?: unknown): void;
  /** The browser call in progress, from the click on Start Call (also while the voice chunk loads); ended when the widget goes. */
  call: { current: VoiceCall | null };
  /** Where the call's volume level goes (steps/browser-call/call-visualiser.tsx): straight to the DOM, never through the reducer. */
  volume: { current: ((level: number) => void) | null };
  /** Built once on this core. */
  handlers?: LaterHandlers;
  savedKey: string;
  /** The widget's language and texts: what handlers say, and what the requests tell the hosts. */
  texts: Texts;
}

/** The whole flow, as the steps after the form have it. */
export type DemoFlow = FlowCore & LaterHandlers;

export function useDemoFlow({ start: { config, saved, savedKey }, host, port, seed, controls }: FlowProps): FlowCore {
  const texts = useTexts();
  const restored = useRef(false);
  /** The page was told 'ready' for this agent already: the tab kept it after the wait had ended. */
  const readyTold = useRef(false);
  const [state, render] = useState(() => {
    if (seed) return seededState(seed, config);
    const initial = initialFlowState(config.businessType);
    restored.current = saved !== null;
    readyTold.current = saved?.waited === true;
    return saved ? flowReducer(initial, { type: 'restored', saved, at: Date.now() }) : initial;
  });
  // One object for the widget's life, its fields brought up to date at each render: the handlers,
  // built once, read it when they run.
  const core = useRef({} as FlowCore).current;
  // `state` catches up only at the next render, so three clicks in one task would all pass a guard
  // that read it. Every action is applied to this ref first, synchronously: the guards read the
  // ref, and it already holds the effect of the click before.
  const stateRef = useRef(state);
  const dispatch = (action: FlowAction): void => render((stateRef.current = flowReducer(stateRef.current, action)));
  const signal = useRef(new AbortController());
  const call = useRef<VoiceCall | null>(null);
  const volume = useRef<((level: number) => void) | null>(null);
  const keys = useRef<RememberedKeys | null>(null);
  const fail = (stage: ErrorStage, message: string, cause?: unknown) => port.failed(stage, message, cause);

  controls.moveToggle = (businessType) => dispatch({ type: 'business-type-changed', businessType });
  // A public-key given after a start found none makes 'Start Call' possible again.
  useEffect(() => void (config.publicKey && dispatch({ type: 'public-key-given' })), [config.publicKey]);

  // Submitted in the first render before the chunk arrived: the request built from what was typed goes now.
  useEffect(() => {
    if (seed?.sending) core.handlers!.send();
  }, []);

  // In the same frame the step renders. 'ready' once per agent: not again when a reload restores congratulations.
  useLayoutEffect(() => {
    port.step(state.step);
    if (state.step === 'congratulations' && state.agentId && !readyTold.current) port.ready(state.agentId);
  }, [state.step]);

  // After the step is reported above (a step's own effects would run before it), so the clock starts
  // as the page sees `data-step="loading"`. A restored wait counts from when it began.
  useLayoutEffect(() => {
    if (state.step !== 'loading') return;
    const waited = restored.current ? Math.max(0, Date.now() - (state.loadingStartedAt ?? Date.now())) : 0;
    const timers = LOADING_STAGES.map((stage, index) => setTimeout(() => dispatch({ type: 'loading-stage-reached', stage: index + 1 }), stage.atMs - waited));
    timers.push(setTimeout(() => dispatch({ type: 'loading-finished' }), CONGRATULATIONS_AT_MS - waited));
    return () => timers.forEach(clearTimeout);
  }, [state.step]);

  useEffect(
    () => () => {
      signal.current.abort();
      void call.current?.stop();
    },
    [],
  );

  Object.assign(core, {
    state,
    dispatch,
    submit,
    stateRef,
    config,
    host,
    signal: signal.current.signal,
    keys,
    fail,
    call,
    volume,
    savedKey,
    texts,
  } satisfies Omit<FlowCore, 'handlers'>);
  // Built once, on the core's first fields (the signal, the refs), which never change after.
  core.handlers ??= laterHandlers(core);

  function submit() {
    const before = stateRef.current;
    dispatch({ type: 'submit-started' });
    if (stateRef.current === before) return; // not ready, or already being sent
    core.handlers!.send();
  }

  return core;
}

/** The flow as the first-render form left it: what was typed and chosen, a submit under way or a failed one. */
function seededState(seed: FormSeed, config: FlowConfig): FlowState {
  const typed = { ...initialFlowState(config.businessType), form: seed.form };
  if (seed.sending) return flowReducer(typed, { type: 'submit-started' });
  return seed.submitFailed ? { ...typed, submitFailed: true } : typed;
}
