import { DEFAULT_BUSINESS_TYPE, type BusinessType } from '@franchise-ai/shared/constants';
import type { DemoRequest, FieldReasons } from '@franchise-ai/shared/lead-rules';
import type { CopyKey } from '../copy/copy.ts';
import type { KnownCallTerms } from '../webhooks/call-terms.ts';
import { CONGRATULATIONS_AT_MS, LOADING_STAGES } from '../figures.ts';
import type { SavedFlow } from '../first-render/form-rules/saved-flow.ts';
import { submitState, toDemoRequest, type DemoFormState } from '../first-render/form-rules/validation.ts';
import type { CaptionLine, Transcript } from './captions.ts';
import { checkLead } from '@franchise-ai/shared/lead-rules';
import { isE164 } from '../phone/e164.ts';
import type { CallEvent } from '../voice/voice-types.ts';
import { addCaption } from './captions.ts';
import type { BookingView } from '@franchise-ai/shared/booking-view';
import { sameBooking } from './booking-poll.ts';
import { type ChatAction, chatReducer, type ChatView } from './chat-state.ts';

// Spec section 4 as one pure reducer, every arrow one action.

export const STEPS = ['form', 'loading', 'congratulations', 'call-scheduled', 'browser-call', 'chat'] as const;
export type Step = (typeof STEPS)[number];

export type AssistantStatus = 'idle' | 'loading' | 'ready' | 'error';
export type MicrophoneProblem = 'microphone-blocked' | 'microphone-not-found' | 'microphone-unavailable';
/** `not-ready`: a start without an assistant id; `unavailable`: the page gave no public-key, so no start can succeed. */
export type CallStatus = 'idle' | 'starting' | 'active' | 'ended' | 'error' | 'unavailable' | 'not-ready' | MicrophoneProblem;

export interface FlowState {
  step: Step;
  form: DemoFormState;
  sending: boolean;
  submitFailed: boolean;
  /** Why the last submit was refused, by field: our checks or the host's 400 `fields`; each goes as its field is edited. */
  fieldErrors: FieldReasons;
  /** Submits refused with reasons, counted so the view moves focus to the first invalid field once per refusal, not on every edit. */
  refusals: number;
  /** What `demo_form` is sent, built once at submit; later calls send it again, with the host's `demoId` if it gave one. */
  request: DemoRequest | null;
  loadingStage: number;
  /** The page's `Date.now()` when the loading screen began (the stages count from it); null before. */
  loadingStartedAt: number | null;
  agentId: string | null;
  phoneDialogOpen: boolean;
  callTerms: KnownCallTerms;
  /** As typed; what is sent is its E.164 form (`checkPhoneNumber`). */
  phoneNumber: string;
  /** The country a national number is read for, once the visitor picked one; null: the page's language decides. */
  phoneCountry: string | null;
  /** The consent box: unticked each time the dialog opens, since consent is given per request. */
  phoneConsent: boolean;
  phoneSending: boolean;
  /** The host's reasons for refusing the call request (a 400's `fields`: `phoneNumber`, `consent`, others), by field; each goes as its control is edited. */
  phoneErrors: FieldReasons;
  /** The host's words for a refusal that belongs to no field (a 429's limit), shown in the dialog's alert. */
  phoneAlert: string | null;
  /** Refused call requests, counted so the dialog moves focus once per refusal, not on every edit. */
  phoneRefusals: number;
  assistantStatus: AssistantStatus;
  assistantId: string | null;
  /** When `assistantId` arrived (`Date.now()`) and whether a call used it: they decide when it is spent (flow/fresh-assistant.ts). */
  assistantReceivedAt?: number;
  assistantUsed?: boolean;
  callStatus: CallStatus;
  /** During an active call: who has the floor (null until the assistant first speaks). */
  assistantSpeaking: boolean | null;
  /** The last connected call's start and end (`Date.now()`): the timer counts from them, so a late render never shortens the call. */
  callTimes: { start: number; end: number | null } | null;
  /** The call's last lines said (flow/captions.ts), emptied when a call is asked for, kept after it ends. */
  captions?: readonly CaptionLine[];
  muted?: boolean;
  scheduledNumber?: string;
  callNotPlaced?: boolean;
  /** The last call request failed or timed out: the next step says it could not be confirmed and offers 'Try Again'. */
  callUnconfirmed?: boolean;
  /** Call requests that failed in this flow: each one, a 'Try Again' too, is said again (the step's heading takes the keyboard). */
  callFailures?: number;
  /** Phone calls scheduled in this flow: a new one ('Change number') starts 'Call Scheduled!''s questions again. */
  callSchedules?: number;
  /** The meeting the agent booked on a call, as the host recorded it (demo_status): one per lead, kept for the flow. */
  booking?: BookingView;
  /** The host chats for this lead (its answer to the `open` probe): 'Chat With It' and 'Chat instead' are offered. */
  chatOffered?: boolean;
  /** The chat by text, once chosen (flow/chat-state.ts). */
  chat?: ChatView;
  /** The true fact from the visitor's website the agent opens with, as demo_status gave it during the wait. */
  greetingFact?: string;
}

/** The form's text fields, in form order; named as the webhooks name them, so a host's reasons find their field. */
export const FORM_FIELDS = ['name', 'company', 'email', 'website'] as const;
export type FormField = (typeof FORM_FIELDS)[number];

export type FlowAction =
  | { type: 'field-changed'; field: FormField; value: string }
  | { type: 'business-type-changed'; businessType: BusinessType }
  | { type: 'submit-started' }
  /** The request checked by the host's own rules, before anything is sent: what they refuse is not sent, and the visitor sees why. */
  | { type: 'submit-checked' }
  /** `calls`: what the host's answer said about its calls; `demoId`: its id for the demo, if it gave one (flow/reducer.ts puts it on the request). */
  | { type: 'submit-succeeded'; agentId: string; calls: KnownCallTerms; at: number; demoId?: string | null }
  /** The tab kept this element's flow (saved-flow.ts): back to its agent, with what is left of the wait. `at`: the page's `Date.now()`. */
  | { type: 'restored'; saved: SavedFlow; at: number }
  | { type: 'submit-failed'; fields?: FieldReasons }
  | { type: 'loading-stage-reached'; stage: number }
  | { type: 'loading-finished' }
  | { type: 'phone-dialog-opened' }
  | { type: 'phone-dialog-closed' }
  | { type: 'phone-number-changed'; value: string }
  | { type: 'phone-country-changed'; country: string }
  | { type: 'phone-consent-changed'; given: boolean }
  | { type: 'phone-submitted'; phoneNumber: string }
  | { type: 'phone-call-scheduled'; phoneNumber?: string; placed?: boolean }
  /** The call request failed or timed out (only logged, spec section 8): the same step says it could not be confirmed. */
  | { type: 'phone-call-failed'; phoneNumber: string }
  /** 'Try Again' on that step: the same request again, in the dialog as it was sent (`typed`, `country`), waiting. */
  | { type: 'phone-retried'; typed: string; country: string | null }
  | { type: 'phone-cancelled' }
  | { type: 'phone-call-refused'; fields: FieldReasons; alert: string | null }
  | { type: 'browser-chosen' }
  /** `at`: the page's `Date.now()` when the answer came (its age counts from here). */
  | { type: 'assistant-loaded'; assistantId: string; at: number }
  | { type: 'assistant-failed' }
  | { type: 'assistant-retried' }
  /** The voice SDK was given the assistant to start a call with (the adapter's `assistant-used`): from now on it is spent. */
  | { type: 'assistant-used' }
  /** 'Start Call' found the assistant spent (flow/fresh-assistant.ts): a new one is fetched, and the call starts with it. */
  | { type: 'assistant-spent' }
  | { type: 'call-requested' }
  | { type: 'call-started'; at: number }
  | { type: 'speech-started' }
  | { type: 'speech-ended' }
  | { type: 'call-ended'; at: number }
  | { type: 'call-failed'; reason: 'error' | 'unavailable' | MicrophoneProblem }
  | ({ type: 'transcript' } & Transcript)
  /** Mute / Unmute: the SDK was told. */
  | { type: 'mute-changed'; muted: boolean }
  /** The page gave a public-key (again): browser calls are possible once more. */
  | { type: 'public-key-given' }
  /** The host's record of the meeting the agent booked, read during or after a call. */
  | { type: 'booking-shown'; booking: BookingView }
  /** demo_status gave the fact the agent's first words quote: the chat greets with it too. */
  | { type: 'greeting-learned'; fact: string }
  | ChatAction;

export function initialFlowState(businessType: BusinessType = DEFAULT_BUSINESS_TYPE): FlowState {
  return {
    step: 'form',
    form: { name: '', company: '', email: '', website: '', businessType },
    sending: false,
    submitFailed: false,
    fieldErrors: {},
    refusals: 0,
    request: null,
    loadingStage: 0,
    loadingStartedAt: null,
    agentId: null,
    phoneDialogOpen: false,
    callTerms: { recorded: null, countries: null, from: null },
    phoneNumber: '',
    phoneCountry: null,
    phoneConsent: false,
    phoneSending: false,
    phoneErrors: {},
    phoneAlert: null,
    phoneRefusals: 0,
    assistantStatus: 'idle',
    assistantId: null,
    callStatus: 'idle',
    assistantSpeaking: null,
    callTimes: null,
  };
}

/** The form and its sending, which `flowReducer` hands on; other actions return the same state. */
function formReducer(state: FlowState, action: FlowAction): FlowState {
  switch (action.type) {
    case 'field-changed':
      if (state.step !== 'form' || state.sending || state.form[action.field] === action.value) return state;
      return { ...state, form: { ...state.form, [action.field]: action.value }, fieldErrors: without(state.fieldErrors, action.field) };
    case 'business-type-changed':
      if (state.step !== 'form' || state.sending || state.form.businessType === action.businessType) return state;
      return { ...state, form: { ...state.form, businessType: action.businessType } };
    case 'submit-started':
      if (state.step !== 'form' || submitState(state.form, state.sending) !== 'ready') return state;
      return { ...state, sending: true, submitFailed: false, fieldErrors: {}, request: toDemoRequest(state.form) };
    case 'submit-succeeded':
      if (state.step !== 'form' || !state.sending) return state;
      return { ...state, step: 'loading', sending: false, loadingStage: 0, loadingStartedAt: action.at, agentId: action.agentId, callTerms: action.calls };
    case 'restored': {
      if (state.step !== 'form' || state.sending) return state;
      const { request, agentId, callTerms, loadingStartedAt } = action.saved;
      // The wait is over once 42 s have passed since it began, reloads or not; until then it goes on.
      const waited = action.saved.waited || action.at - loadingStartedAt >= CONGRATULATIONS_AT_MS;
      const step = waited ? 'congratulations' : 'loading';
      return { ...state, step, request, agentId, callTerms, loadingStartedAt, loadingStage: waited ? LOADING_STAGES.length : 0 };
    }
    case 'submit-failed':
      // The form stays, with everything that was typed.
      if (state.step !== 'form' || !state.sending) return state;
      if (!hasReasons(action.fields)) return { ...state, sending: false, submitFailed: true, request: null };
      return { ...state, sending: false, submitFailed: true, request: null, fieldErrors: action.fields, refusals: state.refusals + 1 };
    case 'greeting-learned':
      return state.greetingFact === action.fact ? state : { ...state, greetingFact: action.fact };
    default:
      return chatReducer(state, action as ChatAction);
  }
}

export const hasReasons = (fields: FieldReasons | undefined): fields is FieldReasons => !!fields && Object.keys(fields).length > 0;

export function without(fields: FieldReasons, field: string): FieldReasons {
  if (!Object.hasOwn(fields, field)) return fields;
  const { [field]: _gone, ...rest } = fields;
  return rest;
}

/** The form's alert: the spec's message after a failed send, ours when our own checks refused the form, else none. */
export function formAlert(state: FlowState): Extract<CopyKey, 'submitError' | 'fieldsInvalid'> | null {
  if (state.submitFailed) return 'submitError';
  return hasReasons(state.fieldErrors) ? 'fieldsInvalid' : null;
}

export const fieldError = (state: FlowState, field: FormField): string | undefined =>
  Object.hasOwn(state.fieldErrors, field) ? state.fieldErrors[field] : undefined;

/** The first field, in form order, with a reason beside it: where focus goes after a refusal. */
export const firstInvalidField = (state: FlowState): FormField | null => FORM_FIELDS.find((field) => fieldError(state, field) !== undefined) ?? null;

/** Reasons for names that are no field of the form (a host's `businessType`, `body`, or rules of its own): shown in the alert. */
export const otherFieldReasons = (state: FlowState): string[] =>
  Object.entries(state.fieldErrors)
    .filter(([name]) => !(FORM_FIELDS as readonly string[]).includes(name))
    .map(([, reason]) => reason);

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
      // Also from the browser step (a blocked microphone offers 'Call Me'), 'Change number' and the chat.
      if (state.step === 'form' || state.step === 'loading') return state;
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
      if ((state.step !== 'congratulations' && state.step !== 'call-scheduled' && state.step !== 'chat') || state.phoneSending) return state;
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
    case 'booking-shown':
      // Where a call is: the same meeting told again changes nothing, so it is announced once.
      if ((state.step !== 'browser-call' && state.step !== 'call-scheduled') || sameBooking(state.booking, action.booking)) return state;
      return { ...state, booking: action.booking };
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
