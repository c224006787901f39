import { checkLead } from '@franchise-ai/shared/lead-rules';
import { isE164 } from '../phone/e164.ts';
import { LOADING_STAGES } from '../figures.ts';
import type { CopyKey } from '../copy.ts';
import type { CallEvent } from '../voice/voice-types.ts';
import { formReducer, without, type FlowAction, type FlowState } from '../form/reducer.ts';
import { addCaption } from './flow/captions.ts';

// The whole reducer: every action but the form's, which it hands to form/reducer.ts.
export * from '../form/reducer.ts';

/** The reducer's action for a voice adapter event; `at` is the page's `Date.now()` when the SDK reported it. */
export function voiceAction(event: CallEvent, at: number): FlowAction {
  switch (event.type) {
    case 'call-failed':
      return { type: 'call-failed', reason: event.reason };
    case 'call-started':
    case 'call-ended':
      return { type: event.type, at };
    case 'transcript':
      return event;
    default:
      return { type: event.type };
  }
}

/** The whole flow. An action that does not apply to the current state returns that same state object. */
export function flowReducer(state: FlowState, action: FlowAction): FlowState {
  switch (action.type) {
    case 'submit-checked': {
      if (state.step !== 'form' || !state.sending || !state.request) return state;
      // The host's own rules, checked here first: what they refuse is never sent, and the visitor sees why.
      const check = checkLead(state.request);
      if (check.ok) return state;
      return { ...state, sending: false, request: null, fieldErrors: check.fields, refusals: state.refusals + 1 };
    }
    case 'submit-succeeded': {
      const next = formReducer(state, action);
      return next !== state && action.demoId && next.request ? { ...next, request: { ...next.request, demoId: action.demoId } } : next;
    }
    case 'loading-stage-reached': {
      const stage = Math.min(action.stage, LOADING_STAGES.length);
      if (state.step !== 'loading' || stage <= state.loadingStage) return state;
      return { ...state, loadingStage: stage };
    }
    case 'loading-finished':
      if (state.step !== 'loading') return state;
      return { ...state, step: 'congratulations', loadingStage: LOADING_STAGES.length };
    case 'phone-dialog-opened':
      // Also from the browser step (a blocked microphone offers 'Call Me') and 'Change number'.
      if (state.step !== 'congratulations' && state.step !== 'browser-call' && state.step !== 'call-scheduled') return state;
      if (state.phoneDialogOpen || isCallActive(state)) return state;
      // Consent is per request: the box starts unticked each time, and the last refusal is gone.
      return { ...state, phoneDialogOpen: true, phoneConsent: false, phoneErrors: {}, phoneAlert: null };
    case 'phone-dialog-closed':
      // While the host answers, only Cancel closes it (`phone-cancelled`: the handlers stop the request first).
      if (!state.phoneDialogOpen || state.phoneSending) return state;
      return { ...state, phoneDialogOpen: false };
    case 'phone-number-changed':
      if (!state.phoneDialogOpen || state.phoneSending) return state;
      return { ...state, phoneNumber: action.value, phoneErrors: without(state.phoneErrors, 'phoneNumber') };
    case 'phone-country-changed':
      if (!state.phoneDialogOpen || state.phoneSending || state.phoneCountry === action.country) return state;
      return { ...state, phoneCountry: action.country, phoneErrors: without(state.phoneErrors, 'phoneNumber') };
    case 'phone-consent-changed':
      if (!state.phoneDialogOpen || state.phoneSending || state.phoneConsent === action.given) return state;
      return { ...state, phoneConsent: action.given, phoneErrors: without(state.phoneErrors, 'consent') };
    case 'phone-submitted':
      // Only a callable number, already in E.164, with the box ticked: anything else would be refused.
      if (!state.phoneDialogOpen || state.phoneSending || !state.phoneConsent || !isE164(action.phoneNumber)) return state;
      return { ...state, phoneSending: true, phoneErrors: {}, phoneAlert: null };
    case 'phone-call-scheduled': {
      if (!state.phoneSending) return state;
      // A new schedule replaces the one before, and forgets that the last one was not placed.
      const { callNotPlaced: _, callUnconfirmed: _unconfirmed, ...rest } = state;
      return {
        ...rest,
        phoneSending: false,
        phoneDialogOpen: false,
        step: 'call-scheduled',
        ...(action.phoneNumber ? { scheduledNumber: action.phoneNumber } : {}),
        ...(action.placed === false ? { callNotPlaced: true } : {}),
        callSchedules: (state.callSchedules ?? 0) + 1,
      };
    }
    case 'phone-call-failed': {
      if (!state.phoneSending) return state;
      // The flow moves on as the spec has it, but no call is confirmed, so none is asked about.
      const { callNotPlaced: _, ...rest } = state;
      return {
        ...rest,
        phoneSending: false,
        phoneDialogOpen: false,
        step: 'call-scheduled',
        scheduledNumber: action.phoneNumber,
        callUnconfirmed: true,
        callFailures: (state.callFailures ?? 0) + 1,
      };
    }
    case 'phone-retried':
      if (state.step !== 'call-scheduled' || !state.callUnconfirmed || state.phoneDialogOpen || state.phoneSending) return state;
      // The request as it was sent, in the dialog while it waits, so Cancel works as for the first send.
      return {
        ...state,
        phoneDialogOpen: true,
        phoneSending: true,
        phoneNumber: action.typed,
        phoneCountry: action.country,
        phoneConsent: true,
        phoneErrors: {},
        phoneAlert: null,
      };
    case 'phone-cancelled':
      if (!state.phoneSending) return state;
      return { ...state, phoneSending: false, phoneDialogOpen: false };
    case 'phone-call-refused':
      if (!state.phoneSending) return state;
      return { ...state, phoneSending: false, phoneErrors: action.fields, phoneAlert: action.alert, phoneRefusals: state.phoneRefusals + 1 };
    case 'browser-chosen':
      if ((state.step !== 'congratulations' && state.step !== 'call-scheduled') || state.phoneSending) return state;
      // 'Start Call' afresh, with a new assistant: the one before may be spent.
      return {
        ...withoutAssistant(state),
        step: 'browser-call',
        phoneDialogOpen: false,
        assistantStatus: 'loading',
        callStatus: 'idle',
        assistantSpeaking: null,
      };
    case 'assistant-loaded':
      if (state.step !== 'browser-call' || state.assistantStatus !== 'loading') return state;
      // A start asked for too early is forgotten; one waiting for a fresh assistant stays 'starting'.
      return {
        ...withoutAssistant(state),
        assistantStatus: 'ready',
        assistantId: action.assistantId,
        assistantReceivedAt: action.at,
        callStatus: state.callStatus === 'not-ready' ? 'idle' : state.callStatus,
      };
    case 'assistant-failed':
      if (state.step !== 'browser-call' || state.assistantStatus !== 'loading') return state;
      // A start that waited for a fresh assistant ends here: 'Error getting assistant', as for any fetch.
      return { ...state, assistantStatus: 'error', callStatus: state.callStatus === 'starting' ? 'idle' : state.callStatus };
    case 'assistant-used':
      if (!isCallActive(state) || !state.assistantId || state.assistantUsed) return state;
      return { ...state, assistantUsed: true };
    case 'assistant-spent':
      // Only for the start it was found at: the call waits, 'Starting call...', for the new one.
      if (state.step !== 'browser-call' || state.callStatus !== 'starting' || state.assistantStatus !== 'ready') return state;
      return { ...withoutAssistant(state), assistantStatus: 'loading' };
    case 'assistant-retried':
      if (browserCallRetry(state) !== 'fetch-assistant') return state;
      // Back to 'Getting assistant ready...': a start asked for too early is forgotten with the failure.
      return { ...state, assistantStatus: 'loading', callStatus: state.callStatus === 'not-ready' ? 'idle' : state.callStatus };
    case 'call-requested':
      if (state.step !== 'browser-call' || isCallActive(state)) return state;
      if (!state.assistantId) return { ...state, callStatus: 'not-ready' };
      // A new call, new captions: the last call's lines go now, not when the first words come.
      return { ...state, callStatus: 'starting', assistantSpeaking: null, captions: [], muted: false };
    case 'call-started':
      if (state.callStatus !== 'starting') return state;
      return { ...state, callStatus: 'active', callTimes: { start: action.at, end: null } };
    case 'speech-started':
      if (state.callStatus !== 'active') return state;
      return { ...state, assistantSpeaking: true };
    case 'speech-ended':
      if (state.callStatus !== 'active') return state;
      return { ...state, assistantSpeaking: false };
    case 'call-ended':
      if (!isCallActive(state)) return state;
      return {
        ...state,
        callStatus: 'ended',
        assistantSpeaking: null,
        muted: false,
        // A start stopped before it connected keeps the last call's times.
        callTimes: state.callStatus === 'active' && state.callTimes ? { ...state.callTimes, end: action.at } : state.callTimes,
      };
    case 'call-failed':
      if (!isCallActive(state)) return state;
      return { ...state, callStatus: action.reason, assistantSpeaking: null, muted: false };
    case 'transcript': {
      if (state.callStatus !== 'active') return state;
      const { speaker, text, final } = action;
      const captions = state.captions ?? [];
      const next = addCaption(captions, { speaker, text, final });
      return next === captions ? state : { ...state, captions: next };
    }
    case 'mute-changed':
      if (state.callStatus !== 'active' || !state.muted === !action.muted) return state;
      return { ...state, muted: action.muted };
    case 'public-key-given':
      return state.callStatus === 'unavailable' ? { ...state, callStatus: 'idle' } : state;
    default:
      return formReducer(state, action);
  }
}

function withoutAssistant(state: FlowState): FlowState {
  const { assistantReceivedAt: _at, assistantUsed: _used, ...rest } = state;
  return { ...rest, assistantId: null };
}

/** Starting or connected: the button reads 'End Call' and stops the call. */
export const isCallActive = (state: FlowState): boolean => state.callStatus === 'starting' || state.callStatus === 'active';

/** Loading bar percentage for the stages completed: 0, 33, 66, 100. */
export const loadingProgress = (loadingStage: number): number =>
  loadingStage <= 0 ? 0 : LOADING_STAGES[Math.min(loadingStage, LOADING_STAGES.length) - 1]!.progress;

/** The notice that says what is wrong with the microphone and offers 'Call Me' instead, or null. */
export function microphoneNotice(state: FlowState): CopyKey | null {
  switch (state.callStatus) {
    case 'microphone-blocked':
      return 'microphoneBlocked';
    case 'microphone-not-found':
      return 'microphoneNotFound';
    case 'microphone-unavailable':
      return 'microphoneUnavailable';
    default:
      return null;
  }
}

/**
 * What retrying does on the stuck browser step. `fetch-assistant`: the same request, so the same
 * Idempotency-Key, so an assistant whose answer was lost is answered again, not made twice.
 * `start-call`: what can clear is in the start itself (network, voice chunk, microphone), so
 * 'Start Call' is the retry. `none`: nothing stuck, or nothing can succeed (no public-key).
 */
export type BrowserCallRetry = 'fetch-assistant' | 'start-call' | 'none';

export function browserCallRetry(state: FlowState): BrowserCallRetry {
  if (state.step !== 'browser-call' || isCallActive(state)) return 'none';
  if (state.assistantStatus === 'error') return 'fetch-assistant';
  if (!state.assistantId) return 'none'; // still being fetched
  return state.callStatus === 'error' || microphoneNotice(state) !== null ? 'start-call' : 'none';
}
