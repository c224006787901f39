import { WEBHOOK_PATHS } from '@franchise-ai/shared/constants';
import type { DemoRequest } from '@franchise-ai/shared/lead-rules';
import { emit } from '../first-render/element/events.ts';
import type { laterCopy } from '../copy/later-copy.ts';
import { createAgentId } from './agent-id.ts';
import { isAssistantSpent } from './fresh-assistant.ts';
import { browserCallOffered } from './browser-offer.ts';
import { browserCallRetry, isCallActive, voiceAction } from './reducer.ts';
import { toPhoneCallRequest } from '../first-render/form-rules/validation.ts';
import { loadVoice } from '../first-render/chunks/lazy-chunks.ts';
import type { FlowCore } from './use-demo-flow.ts';
import { startBrowserCall } from '../voice/browser-call.ts';
import type { CallEvent, VoiceCall, VoiceEvent } from '../voice/voice-types.ts';
import type { MicrophoneProblem } from './reducer.ts';
import { rememberedIdempotencyKeys } from '../webhooks/idempotency-key.ts';
import { callRefusal } from '../webhooks/call-refusal.ts';
import { fieldWords } from '../webhooks/refusal-words.ts';
import { fetchAssistantId, triggerDemoCall } from './requests.ts';
import { isWebCallId, reportWebCallId } from '../webhooks/demo-status.ts';
import { DEMO_STATUS_TIMEOUT_MS } from './profile-poll.ts';
import { BOOKING_TRIES, BOOKING_TRIES_AFTER_CALL } from './booking-poll.ts';
import { bookingWatch } from './booking-watch.ts';
import { submitDemoRequest, WebhookError, type WebhookOptions } from '../webhooks/webhook-client.ts';
import { chatHandlers, type ChatHandlers } from './chat-handlers.ts';

// The handlers from the form's sending on, on the flow's core (flow/use-demo-flow.ts).

/** What a failed browser call tells the page (`franchise-ai-demo-error`'s message): the words the visitor sees. */
const VOICE_FAILURE: Record<'error' | MicrophoneProblem, keyof typeof laterCopy> = {
  error: 'callErrorNotice',
  'microphone-blocked': 'microphoneBlocked',
  'microphone-not-found': 'microphoneNotFound',
  'microphone-unavailable': 'microphoneUnavailable',
};

export interface LaterHandlers extends ChatHandlers {
  /** Checks and sends the request that `submit-started` built; the submit calls it once the chunk is here. */
  send(): void;
  chooseBrowser(): void;
  /** 'Try Again' after 'Error getting assistant': fetches the assistant again (see `browserCallRetry`). */
  retryAssistant(): void;
  /** `phoneNumber` in E.164, once the dialog found it valid; `consentText`: the words beside the box the visitor ticked. */
  schedulePhoneCall(phoneNumber: string, consentText: string): void;
  /** 'Try Again' after a call request that could not be confirmed: the same request again (same body, so the same Idempotency-Key). */
  retryPhoneCall(): void;
  cancelPhoneCall(): void;
  /** What the call button showed decides: a second 'Start Call' before the button turns into 'End Call' starts nothing. */
  startCall(): void;
  endCall(): void;
  /** Mute / Unmute during a connected call: the SDK is told, then the reducer. */
  setMuted(muted: boolean): void;
}

/** Built once, when the chunk arrives; `config` may change with the attributes, so it is read from `core` at each use. */
export function laterHandlers(core: FlowCore): LaterHandlers {
  const { stateRef, dispatch, host, signal, keys, fail, call, volume } = core;
  const aborted = () => signal.aborted;
  const idempotencyKeys = () => (keys.current ??= rememberedIdempotencyKeys());
  const options = (): WebhookOptions => ({ webhookBase: core.config.webhookBase, signal, idempotencyKeys: idempotencyKeys() });
  /** The request as the hosts get it: a French widget says so (`language`), so that the agent speaks French; English leaves it out, the hosts' default. */
  const told = (request: DemoRequest): DemoRequest => (core.texts.language === 'en' ? request : { ...request, language: core.texts.language });

  async function send() {
    dispatch({ type: 'submit-checked' });
    // Refused by the lead rules: the reasons show beside the fields, and nothing is sent.
    const { sending, request: typed } = stateRef.current;
    if (!sending || !typed) return;
    const request = told(typed);
    emit(host, 'franchise-ai-demo-submit', { request });
    try {
      const { calls, demoId } = await submitDemoRequest(request, options());
      dispatch({ type: 'submit-succeeded', agentId: createAgentId(), calls, demoId, at: Date.now() });
    } catch (error) {
      if (aborted()) return;
      const fields = error instanceof WebhookError && error.fields ? fieldWords(core.texts, error.fields, error.codes) : null;
      dispatch({ type: 'submit-failed', ...(fields ? { fields } : {}) });
      fail('submit', core.texts.copy.submitError, error);
    }
  }

  async function chooseBrowser() {
    const before = stateRef.current;
    const { request } = before;
    // No browser call can start on a page without a public-key: no assistant is asked for (the steps do not offer it).
    if (!request || !browserCallOffered(core.config)) return;
    dispatch({ type: 'browser-chosen' });
    if (stateRef.current === before) return; // not from congratulations or 'Call Scheduled!', or the dialog is sending
    void loadVoice().catch(() => undefined); // warm the voice chunk while the assistant is fetched
    // Back from 'Call Scheduled!' after a call: the host would answer the old key with the spent assistant.
    await fetchAssistant(request, isAssistantSpent(before, Date.now()));
  }

  async function retryAssistant() {
    const { request } = stateRef.current;
    if (!request || browserCallRetry(stateRef.current) !== 'fetch-assistant') return;
    dispatch({ type: 'assistant-retried' });
    await fetchAssistant(request);
  }

  /** A retry keeps the first try's Idempotency-Key; `fresh` takes a new one, since to the old key the host answers the spent assistant. */
  async function fetchAssistant(request: DemoRequest, fresh = false) {
    if (fresh) idempotencyKeys().renew(WEBHOOK_PATHS.websiteDemoCall);
    try {
      const assistantId = await fetchAssistantId(told(request), options());
      dispatch({ type: 'assistant-loaded', assistantId, at: Date.now() });
    } catch (error) {
      if (aborted()) return;
      dispatch({ type: 'assistant-failed' });
      fail('assistant', core.texts.copy.statusAssistantError, error);
    }
  }

  /** The last call request sent, as the visitor typed it too: what 'Try Again' sends again. */
  let lastCall: { phoneNumber: string; consentText: string; typed: string; country: string | null } | null = null;
  let callRequest: AbortController | null = null;

  async function schedulePhoneCall(phoneNumber: string, consentText: string) {
    const before = stateRef.current;
    const { request } = before;
    if (!request) return;
    dispatch({ type: 'phone-submitted', phoneNumber });
    if (stateRef.current === before) return; // not a request the host can take, or one already with it
    lastCall = { phoneNumber, consentText, typed: before.phoneNumber, country: before.phoneCountry };
    await requestCall(request, lastCall);
  }

  /**
   * The same body, so the first send's Idempotency-Key, whatever the failure: a host that stored the
   * call answers again without ringing twice (docs/INTEGRATION.md, "Idempotency"); a new key could.
   */
  async function retryPhoneCall() {
    const before = stateRef.current;
    const { request } = before;
    if (!request || !lastCall) return;
    dispatch({ type: 'phone-retried', typed: lastCall.typed, country: lastCall.country });
    if (stateRef.current === before) return;
    await requestCall(request, lastCall);
  }

  function cancelPhoneCall() {
    if (!stateRef.current.phoneSending) return;
    dispatch({ type: 'phone-cancelled' });
    callRequest?.abort();
  }

  /**
   * A refusal stays in the dialog with its reasons; a failure is only logged (spec section 8) and the
   * next step says the call is not confirmed. Cancel tells the page nothing: no answer came.
   */
  async function requestCall(request: DemoRequest, { phoneNumber, consentText }: { phoneNumber: string; consentText: string }) {
    const controller = new AbortController();
    callRequest = controller;
    const stop = () => controller.abort();
    signal.addEventListener('abort', stop, { once: true });
    try {
      const answer = await triggerDemoCall(toPhoneCallRequest(told(request), phoneNumber, consentText), { ...options(), signal: controller.signal });
      if (controller.signal.aborted) return;
      // A host with no voice: the step says so, and the console says what the host lacks.
      if (!answer.placed) console.warn(`[franchise-ai-demo] phone: the host recorded the request but placed no call. ${answer.reason ?? ''}`.trimEnd());
      emit(host, 'franchise-ai-demo-call-requested', { ok: true, refused: false, placed: answer.placed });
      dispatch({ type: 'phone-call-scheduled', phoneNumber, placed: answer.placed });
    } catch (error) {
      if (controller.signal.aborted) return; // Cancel, or the widget went
      const refusal = callRefusal(error, core.texts);
      // Not known to be placed: a failure is only logged, and the step says no call is confirmed.
      emit(host, 'franchise-ai-demo-call-requested', { ok: false, refused: refusal !== null, placed: false });
      if (refusal) return dispatch({ type: 'phone-call-refused', ...refusal });
      fail('phone', 'The call could not be requested.', error);
      dispatch({ type: 'phone-call-failed', phoneNumber });
    } finally {
      signal.removeEventListener('abort', stop);
      if (callRequest === controller) callRequest = null;
    }
  }

  const watchBooking = bookingWatch(core);

  /** A failure changes nothing for the visitor: one console.debug at most, never an error. */
  function tellWebCallId(demoId: string, webCallId: string) {
    if (!isWebCallId(webCallId)) return console.debug('[franchise-ai-demo] voice: the call id is not one the host takes; not reported.');
    reportWebCallId(demoId, webCallId, { webhookBase: core.config.webhookBase, signal, timeoutMs: DEMO_STATUS_TIMEOUT_MS }).catch(
      (error: unknown) => void (aborted() || console.debug('[franchise-ai-demo] demo_status: the call id was not reported.', error)),
    );
  }

  async function endCall() {
    if (!isCallActive(stateRef.current)) return;
    // Still waiting for a fresh assistant: the call ends before it began (startWithFreshAssistant sees it).
    if (!call.current) return tell({ type: 'call-ended' });
    await call.current.stop();
  }

  function setMuted(muted: boolean) {
    if (stateRef.current.callStatus !== 'active' || !call.current) return;
    // Said on screen only once the SDK took it: never 'Microphone muted' over a microphone still on.
    if (call.current.setMuted(muted)) dispatch({ type: 'mute-changed', muted });
  }

  /** What the call reports, for the reducer and the page. */
  function tell(event: CallEvent) {
    // Taken as the SDK reports it: the call timer counts from here (FlowState.callTimes).
    dispatch(voiceAction(event, Date.now()));
    if (event.type === 'call-started') emit(host, 'franchise-ai-demo-call-start', {});
    if (event.type === 'call-ended') emit(host, 'franchise-ai-demo-call-end', {});
    // The event and the page hear only our own words: the SDK's text (Daily's, or whatever reached
    // it) goes to the console alone, as the cause.
    if (event.type === 'call-failed') fail('voice', core.texts.copy[VOICE_FAILURE[event.reason]], event.message);
  }

  function startCall() {
    const current = stateRef.current;
    if (current.step !== 'browser-call' || isCallActive(current)) return;
    dispatch({ type: 'call-requested' });
    if (!current.assistantId || !current.request) return;
    const { publicKey } = core.config;
    if (!publicKey) return unavailable();
    if (!isAssistantSpent(current, Date.now())) return beginCall(current.assistantId, current.request, publicKey);
    // An earlier call used it (the host deletes it once that call ends), or it is old: a fresh one first.
    dispatch({ type: 'assistant-spent' });
    void startWithFreshAssistant(current.request);
  }

  /** No start can succeed on this page: the reducer offers 'Call Me' and no retry. */
  function unavailable() {
    dispatch({ type: 'call-failed', reason: 'unavailable' });
    fail('voice', 'The page gave no public-key for the voice call.');
  }

  /** Fetches a fresh assistant, then starts the call with it, unless the call was ended meanwhile (End Call, the widget gone). */
  async function startWithFreshAssistant(request: DemoRequest) {
    await fetchAssistant(request, true);
    const { callStatus, assistantId } = stateRef.current;
    if (callStatus !== 'starting' || !assistantId || call.current || aborted()) return;
    const { publicKey } = core.config;
    if (!publicKey) return unavailable();
    beginCall(assistantId, request, publicKey);
  }

  function beginCall(assistantId: string, request: DemoRequest, publicKey: string) {
    const { demoId, name, company, businessType } = request;
    const report = (event: VoiceEvent) => {
      // The call's id is the host's alone: it links the provider's reports to the demo's lead.
      if (event.type === 'call-id') return void (demoId && tellWebCallId(demoId, event.id));
      // What is shown is the host's record of the booking, not the model's words.
      if (event.type === 'booking-asked') return void (demoId && watchBooking(demoId, BOOKING_TRIES));
      const connected = stateRef.current.callStatus === 'active';
      tell(event);
      // Also for an SDK that forwards no tool calls: a connected call may have booked.
      if (event.type === 'call-ended' && connected && demoId) watchBooking(demoId, BOOKING_TRIES_AFTER_CALL);
    };
    const { config } = core;
    // The handle is ours before anything is awaited, so End Call and unmounting always find it.
    const handle: VoiceCall = startBrowserCall(loadVoice, {
      publicKey,
      apiBase: config.voiceApiBase,
      avoidEval: config.voiceAvoidEval,
      assistantId,
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
    send: () => void send(),
    chooseBrowser: () => void chooseBrowser(),
    retryAssistant: () => void retryAssistant(),
    schedulePhoneCall: (phoneNumber, consentText) => void schedulePhoneCall(phoneNumber, consentText),
    retryPhoneCall: () => void retryPhoneCall(),
    cancelPhoneCall,
    startCall,
    endCall: () => void endCall(),
    setMuted,
    ...chatHandlers(core),
  };
}
