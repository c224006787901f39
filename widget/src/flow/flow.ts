import { DEFAULT_BUSINESS_TYPE } from '@franchise-ai/shared/constants';
import { LOADING_STAGES } from '../figures.ts';
import type { CopyKey } from '../copy.ts';
import { checkLead, type DemoRequest, type FieldReasons } from '@franchise-ai/shared/lead-rules';
import type { BusinessType } from '@franchise-ai/shared/constants';
import type { DemoFormState } from './validation.ts';
import { isE164 } from '@franchise-ai/shared/phone-number';
import { submitState, toDemoRequest } from './validation.ts';

// The demo flow of spec section 4 as one pure reducer: every screen derives
// from this state, and every arrow of the spec is one action here.

export const STEPS = ['form', 'loading', 'congratulations', 'call-scheduled', 'browser-call'] as const;
export type Step = (typeof STEPS)[number];

export type AssistantStatus = 'idle' | 'loading' | 'ready' | 'error';
/** Why the microphone cannot be used: the browser refused it, there is none, or it is in use / unavailable. */
export type MicrophoneProblem = 'microphone-blocked' | 'microphone-not-found' | 'microphone-unavailable';
/**
 * `not-ready`: a start was asked for without an assistant id; `unavailable`: this page cannot make
 * browser calls at all (it gave no public-key), so no new start can succeed; a MicrophoneProblem:
 * the call needs a microphone it cannot have.
 */
export type CallStatus = 'idle' | 'starting' | 'active' | 'ended' | 'error' | 'unavailable' | 'not-ready' | MicrophoneProblem;

export interface FlowState {
  step: Step;
  form: DemoFormState;
  sending: boolean;
  submitFailed: boolean;
  /**
   * Why the last submit was refused, by field name: our own checks before sending, or the host's
   * 400 `fields`. A field's reason goes as the visitor edits that field.
   */
  fieldErrors: FieldReasons;
  /** Submits refused with reasons, counted so the view moves focus to the first invalid field once per refusal, not on every edit. */
  refusals: number;
  /** What is sent to `demo_form`, built once when the submit starts; later calls send the same. */
  request: DemoRequest | null;
  /** Loading stages completed, 0-3. */
  loadingStage: number;
  agentId: string | null;
  phoneDialogOpen: boolean;
  /** As typed; what is sent is its E.164 form (`checkPhoneNumber`). */
  phoneNumber: string;
  /** The country a national number is read for, once the visitor picked one; null: the page's language decides. */
  phoneCountry: string | null;
  assistantStatus: AssistantStatus;
  assistantId: string | null;
  callStatus: CallStatus;
  /** During an active call: who has the floor (null until the assistant first speaks). */
  assistantSpeaking: boolean | null;
}

/** The form's text fields, in form order; named as the webhooks name them, so a host's reasons find their field. */
export const FORM_FIELDS = ['name', 'company', 'email', 'website'] as const;
export type FormField = (typeof FORM_FIELDS)[number];

export type FlowAction =
  | { type: 'field-changed'; field: FormField; value: string }
  | { type: 'business-type-changed'; businessType: BusinessType }
  /** Sends the form, or refuses it with reasons when the host's own rules would (nothing is sent then). */
  | { type: 'submit-started' }
  | { type: 'submit-succeeded'; agentId: string }
  /** The send failed; `fields` are the host's reasons when it gave any (a 400). */
  | { type: 'submit-failed'; fields?: FieldReasons }
  | { type: 'loading-stage-reached'; stage: number }
  | { type: 'loading-finished' }
  | { type: 'phone-dialog-opened' }
  | { type: 'phone-dialog-closed' }
  | { type: 'phone-number-changed'; value: string }
  | { type: 'phone-country-changed'; country: string }
  /** `phoneNumber`: the E.164 number the call is requested for. */
  | { type: 'phone-submitted'; phoneNumber: string }
  | { type: 'browser-chosen' }
  | { type: 'assistant-loaded'; assistantId: string }
  | { type: 'assistant-failed' }
  /** 'Try Again' after 'Error getting assistant': the assistant is fetched again. */
  | { type: 'assistant-retried' }
  | { type: 'call-requested' }
  | { type: 'call-started' }
  | { type: 'speech-started' }
  | { type: 'speech-ended' }
  | { type: 'call-ended' }
  | { type: 'call-failed'; reason: 'error' | 'unavailable' | MicrophoneProblem }
  /** The page gave a public-key (again): browser calls are possible once more. */
  | { type: 'public-key-given' };

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
    agentId: null,
    phoneDialogOpen: false,
    phoneNumber: '',
    phoneCountry: null,
    assistantStatus: 'idle',
    assistantId: null,
    callStatus: 'idle',
    assistantSpeaking: null,
  };
}

/** An action that does not apply to the current state returns that same state object. */
export function flowReducer(state: FlowState, action: FlowAction): FlowState {
  switch (action.type) {
    case 'field-changed':
      if (state.step !== 'form' || state.sending || state.form[action.field] === action.value) return state;
      return { ...state, form: { ...state.form, [action.field]: action.value }, fieldErrors: without(state.fieldErrors, action.field) };
    case 'business-type-changed':
      if (state.step !== 'form' || state.sending || state.form.businessType === action.businessType) return state;
      return { ...state, form: { ...state.form, businessType: action.businessType } };
    case 'submit-started': {
      if (state.step !== 'form' || submitState(state.form, state.sending) !== 'ready') return state;
      const request = toDemoRequest(state.form);
      // The host's own rules, checked here first: what they refuse is never sent, and the visitor sees why.
      const check = checkLead(request);
      if (!check.ok) return { ...state, submitFailed: false, fieldErrors: check.fields, refusals: state.refusals + 1 };
      return { ...state, sending: true, submitFailed: false, fieldErrors: {}, request };
    }
    case 'submit-succeeded':
      if (state.step !== 'form' || !state.sending) return state;
      return { ...state, step: 'loading', sending: false, loadingStage: 0, agentId: action.agentId };
    case 'submit-failed':
      // The form stays, with everything that was typed.
      if (state.step !== 'form' || !state.sending) return state;
      if (!hasReasons(action.fields)) return { ...state, sending: false, submitFailed: true, request: null };
      return { ...state, sending: false, submitFailed: true, request: null, fieldErrors: action.fields, refusals: state.refusals + 1 };
    case 'loading-stage-reached': {
      const stage = Math.min(action.stage, LOADING_STAGES.length);
      if (state.step !== 'loading' || stage <= state.loadingStage) return state;
      return { ...state, loadingStage: stage };
    }
    case 'loading-finished':
      if (state.step !== 'loading') return state;
      return { ...state, step: 'congratulations', loadingStage: LOADING_STAGES.length };
    case 'phone-dialog-opened':
      // From the browser step too: a visitor whose microphone is blocked is offered 'Call Me'.
      if (state.step !== 'congratulations' && state.step !== 'browser-call') return state;
      if (state.phoneDialogOpen || isCallActive(state)) return state;
      return { ...state, phoneDialogOpen: true };
    case 'phone-dialog-closed':
      if (!state.phoneDialogOpen) return state;
      return { ...state, phoneDialogOpen: false };
    case 'phone-number-changed':
      if (!state.phoneDialogOpen) return state;
      return { ...state, phoneNumber: action.value };
    case 'phone-country-changed':
      if (!state.phoneDialogOpen || state.phoneCountry === action.country) return state;
      return { ...state, phoneCountry: action.country };
    case 'phone-submitted':
      // Only a possible number, already in E.164, schedules the call: a refused one would be lost.
      if (!state.phoneDialogOpen || !isE164(action.phoneNumber)) return state;
      return { ...state, phoneDialogOpen: false, step: 'call-scheduled' };
    case 'browser-chosen':
      if (state.step !== 'congratulations') return state;
      return { ...state, step: 'browser-call', phoneDialogOpen: false, assistantStatus: 'loading' };
    case 'assistant-loaded':
      if (state.step !== 'browser-call' || state.assistantStatus !== 'loading') return state;
      // A start asked for too early ('Error: Assistant not ready') is forgotten once the assistant is there.
      return {
        ...state,
        assistantStatus: 'ready',
        assistantId: action.assistantId,
        callStatus: state.callStatus === 'not-ready' ? 'idle' : state.callStatus,
      };
    case 'assistant-failed':
      if (state.step !== 'browser-call' || state.assistantStatus !== 'loading') return state;
      return { ...state, assistantStatus: 'error' };
    case 'assistant-retried':
      if (browserCallRetry(state) !== 'fetch-assistant') return state;
      // Back to 'Getting assistant ready...': a start asked for too early is forgotten with the failure.
      return { ...state, assistantStatus: 'loading', callStatus: state.callStatus === 'not-ready' ? 'idle' : state.callStatus };
    case 'call-requested':
      if (state.step !== 'browser-call' || isCallActive(state)) return state;
      if (!state.assistantId) return { ...state, callStatus: 'not-ready' };
      return { ...state, callStatus: 'starting', assistantSpeaking: null };
    case 'call-started':
      if (state.callStatus !== 'starting') return state;
      return { ...state, callStatus: 'active' };
    case 'speech-started':
      if (state.callStatus !== 'active') return state;
      return { ...state, assistantSpeaking: true };
    case 'speech-ended':
      if (state.callStatus !== 'active') return state;
      return { ...state, assistantSpeaking: false };
    case 'call-ended':
      if (!isCallActive(state)) return state;
      return { ...state, callStatus: 'ended', assistantSpeaking: null };
    case 'call-failed':
      if (!isCallActive(state)) return state;
      return { ...state, callStatus: action.reason, assistantSpeaking: null };
    case 'public-key-given':
      return state.callStatus === 'unavailable' ? { ...state, callStatus: 'idle' } : state;
  }
}

const hasReasons = (fields: FieldReasons | undefined): fields is FieldReasons => !!fields && Object.keys(fields).length > 0;

function without(fields: FieldReasons, field: string): FieldReasons {
  if (!Object.hasOwn(fields, field)) return fields;
  const { [field]: _gone, ...rest } = fields;
  return rest;
}

/** The form's alert: the spec's message after a failed send, ours when our own checks refused the form, else none. */
export function formAlert(state: FlowState): Extract<CopyKey, 'submitError' | 'fieldsInvalid'> | null {
  if (state.submitFailed) return 'submitError';
  return hasReasons(state.fieldErrors) ? 'fieldsInvalid' : null;
}

/** The reason shown beside a field, if it has one. */
export const fieldError = (state: FlowState, field: FormField): string | undefined =>
  Object.hasOwn(state.fieldErrors, field) ? state.fieldErrors[field] : undefined;

/** The first field, in form order, with a reason beside it: where focus goes after a refusal. */
export const firstInvalidField = (state: FlowState): FormField | null =>
  FORM_FIELDS.find((field) => fieldError(state, field) !== undefined) ?? null;

/** Reasons for names that are no field of the form (a host's `businessType`, `body`, or rules of its own): shown in the alert. */
export const otherFieldReasons = (state: FlowState): string[] =>
  Object.entries(state.fieldErrors)
    .filter(([name]) => !(FORM_FIELDS as readonly string[]).includes(name))
    .map(([, reason]) => reason);

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
 * What retrying does on the browser step, once it is stuck:
 * - `fetch-assistant` when there is no assistant ('Error getting assistant'): nothing can start
 *   without one, and only a new fetch can bring it. The fetch sends the same request, so it carries
 *   the same Idempotency-Key: an assistant the host made for the first try, whose answer was lost
 *   on the way, is answered again rather than made twice.
 * - `start-call` when a start failed or the call broke off ('Error occurred', or the microphone):
 *   the assistant is there, and a new fetch would not change it, since it would send the same
 *   request with the same key and the host would answer with the assistant it already gave. What
 *   can clear is in the start itself: the network, the voice chunk (its load is tried again), the
 *   provider's answer, the start's time limit, a microphone now allowed. 'Start Call' is that retry.
 * - `none` otherwise: nothing is stuck, something is under way, or no retry can succeed
 *   (`unavailable`: the page gave no public-key), where 'Call Me' is the only way on.
 */
export type BrowserCallRetry = 'fetch-assistant' | 'start-call' | 'none';

export function browserCallRetry(state: FlowState): BrowserCallRetry {
  if (state.step !== 'browser-call' || isCallActive(state)) return 'none';
  if (state.assistantStatus === 'error') return 'fetch-assistant';
  if (!state.assistantId) return 'none'; // still being fetched
  return state.callStatus === 'error' || microphoneNotice(state) !== null ? 'start-call' : 'none';
}
