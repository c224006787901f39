import { DEFAULT_BUSINESS_TYPE, type BusinessType } from '@franchise-ai/shared/constants';
import type { DemoRequest, FieldReasons } from '@franchise-ai/shared/lead-rules';
import type { CopyKey } from '../copy.ts';
import type { KnownCallTerms } from '../webhooks/call-terms.ts';
import { CONGRATULATIONS_AT_MS, LOADING_STAGES } from '../figures.ts';
import type { SavedFlow } from './saved-flow.ts';
import { submitState, toDemoRequest, type DemoFormState } from './validation.ts';
import type { CaptionLine, Transcript } from '../after-form/flow/captions.ts';

// Phase: see widget/LIFECYCLE.md ("The two phases, and the map").
// The demo flow of spec section 4 as one pure reducer: every screen derives from this state, and
// every arrow of the spec is one action here. This file: the state, the actions, and the form's
// part of the reducer; after-form/reducer.ts has the rest.

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
  /**
   * What is sent to `demo_form`, built once when the submit starts; later calls send the same, with
   * the `demoId` the host answered, when it did: the tab keeps it with the request.
   */
  request: DemoRequest | null;
  /** Loading stages completed, 0-3. */
  loadingStage: number;
  /** The page's `Date.now()` when the loading screen began (the stages count from it); null before. */
  loadingStartedAt: number | null;
  agentId: string | null;
  phoneDialogOpen: boolean;
  /** What `demo_form`'s answer said about this host's calls (recorded? which countries?); unknown until then, or when it did not say. */
  callTerms: KnownCallTerms;
  /** As typed; what is sent is its E.164 form (`checkPhoneNumber`). */
  phoneNumber: string;
  /** The country a national number is read for, once the visitor picked one; null: the page's language decides. */
  phoneCountry: string | null;
  /** The consent box: unticked each time the dialog opens, since consent is given per request. */
  phoneConsent: boolean;
  /** The call request is with the host: the dialog waits for its answer, busy. */
  phoneSending: boolean;
  /** The host's reasons for refusing the call request (a 400's `fields`: `phoneNumber`, `consent`, others), by field; each goes as its control is edited. */
  phoneErrors: FieldReasons;
  /** The host's words for a refusal that belongs to no field (a 429's limit), shown in the dialog's alert. */
  phoneAlert: string | null;
  /** Refused call requests, counted so the dialog moves focus once per refusal, not on every edit. */
  phoneRefusals: number;
  assistantStatus: AssistantStatus;
  assistantId: string | null;
  /**
   * When the widget received `assistantId` (the page's `Date.now()`), and whether a call was started
   * with it: both decide when it is spent (after-form/flow/fresh-assistant.ts). Optional,
   * like `captions`, and absent from `initialFlowState`; gone with the assistant.
   */
  assistantReceivedAt?: number;
  assistantUsed?: boolean;
  callStatus: CallStatus;
  /** During an active call: who has the floor (null until the assistant first speaks). */
  assistantSpeaking: boolean | null;
  /**
   * The last call that connected: when it started and, once over, when it ended (the page's
   * `Date.now()` when the voice SDK said so). The timer counts from these, so a late render never
   * shortens the call. Null before any call connected.
   */
  callTimes: { start: number; end: number | null } | null;
  /**
   * The browser call's captions (flow/captions.ts): the last lines said, emptied when a call is
   * asked for, kept after it ends. Optional, and not in `initialFlowState`, so the first render
   * carries nothing of them; undefined reads as none.
   */
  captions?: readonly CaptionLine[];
  /** The visitor's microphone is muted in the call (Mute); only while it is active. Undefined reads as not. */
  muted?: boolean;
  /**
   * The E.164 number of the last phone call the host was asked for ('Call Scheduled!' shows it, issue
   * 27). Optional, like the two below, and absent from `initialFlowState`: the first render carries nothing of it.
   */
  scheduledNumber?: string;
  /** The host said it placed no call for the last schedule (no voice configured there). */
  callNotPlaced?: boolean;
  /**
   * The last call request failed or got no answer in time: the step after the dialog says the call
   * could not be confirmed and offers 'Try Again' (LIFECYCLE.md, "The dialog waits for the host").
   */
  callUnconfirmed?: boolean;
  /** Call requests that failed in this flow: each one, a 'Try Again' too, is said again (the step's heading takes the keyboard). */
  callFailures?: number;
  /** Phone calls scheduled in this flow: a new one ('Change number') starts 'Call Scheduled!''s questions again. */
  callSchedules?: number;
}

/** The form's text fields, in form order; named as the webhooks name them, so a host's reasons find their field. */
export const FORM_FIELDS = ['name', 'company', 'email', 'website'] as const;
export type FormField = (typeof FORM_FIELDS)[number];

export type FlowAction =
  | { type: 'field-changed'; field: FormField; value: string }
  | { type: 'business-type-changed'; businessType: BusinessType }
  /** The form is being sent: the request is built once, here. */
  | { type: 'submit-started' }
  /** The request checked by the host's own rules, before anything is sent: what they refuse is not sent, and the visitor sees why. */
  | { type: 'submit-checked' }
  /** `calls`: what the host's answer said about its calls; `demoId`: its id for the demo, if it gave one (after-form/reducer.ts puts it on the request). */
  | { type: 'submit-succeeded'; agentId: string; calls: KnownCallTerms; at: number; demoId?: string | null }
  /** The tab kept this element's flow (saved-flow.ts): back to its agent, with what is left of the wait. `at`: the page's `Date.now()`. */
  | { type: 'restored'; saved: SavedFlow; at: number }
  /** The send failed; `fields` are the host's reasons when it gave any (a 400). */
  | { type: 'submit-failed'; fields?: FieldReasons }
  | { type: 'loading-stage-reached'; stage: number }
  | { type: 'loading-finished' }
  | { type: 'phone-dialog-opened' }
  | { type: 'phone-dialog-closed' }
  | { type: 'phone-number-changed'; value: string }
  | { type: 'phone-country-changed'; country: string }
  | { type: 'phone-consent-changed'; given: boolean }
  /** `phoneNumber`: the E.164 number the call is requested for; the request goes to the host, and the dialog waits. */
  | { type: 'phone-submitted'; phoneNumber: string }
  /** The host took the call request: on to 'Call Scheduled!' (`phoneNumber`: the E.164 number asked for, which it shows). */
  | { type: 'phone-call-scheduled'; phoneNumber?: string; placed?: boolean }
  /**
   * The call request failed or got no answer in time (only logged, spec section 8): on to the same
   * step, which says the call to `phoneNumber` could not be confirmed.
   */
  | { type: 'phone-call-failed'; phoneNumber: string }
  /** 'Try Again' on that step: the same request again, in the dialog as it was sent (`typed`, `country`), waiting. */
  | { type: 'phone-retried'; typed: string; country: string | null }
  /** Cancel (or Esc) while the host has not answered: the widget stops waiting, and the dialog closes. */
  | { type: 'phone-cancelled' }
  /** The host refused the call request (a 400's `fields`, a 429's words in `alert`): the dialog stays, with the reasons. */
  | { type: 'phone-call-refused'; fields: FieldReasons; alert: string | null }
  | { type: 'browser-chosen' }
  /** `at`: the page's `Date.now()` when the answer came (its age counts from here). */
  | { type: 'assistant-loaded'; assistantId: string; at: number }
  | { type: 'assistant-failed' }
  /** 'Try Again' after 'Error getting assistant': the assistant is fetched again. */
  | { type: 'assistant-retried' }
  /** The voice SDK was given the assistant to start a call with (the adapter's `assistant-used`): from now on it is spent. */
  | { type: 'assistant-used' }
  /** 'Start Call' found the assistant spent (flow/fresh-assistant.ts): a new one is fetched, and the call starts with it. */
  | { type: 'assistant-spent' }
  | { type: 'call-requested' }
  /** `at`: the page's `Date.now()` when the voice SDK reported it. */
  | { type: 'call-started'; at: number }
  | { type: 'speech-started' }
  | { type: 'speech-ended' }
  | { type: 'call-ended'; at: number }
  | { type: 'call-failed'; reason: 'error' | 'unavailable' | MicrophoneProblem }
  /** A transcript from the call (the SDK's `message`): a caption line begins or changes. */
  | ({ type: 'transcript' } & Transcript)
  /** Mute / Unmute: the SDK was told. */
  | { type: 'mute-changed'; muted: boolean }
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

/**
 * The form and its sending: the part of the reducer that `flowReducer` (after-form/reducer.ts)
 * hands these actions back to. Any other action returns the same state object.
 */
export function formReducer(state: FlowState, action: FlowAction): FlowState {
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
    default:
      return state;
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

/** The reason shown beside a field, if it has one. */
export const fieldError = (state: FlowState, field: FormField): string | undefined =>
  Object.hasOwn(state.fieldErrors, field) ? state.fieldErrors[field] : undefined;

/** The first field, in form order, with a reason beside it: where focus goes after a refusal. */
export const firstInvalidField = (state: FlowState): FormField | null => FORM_FIELDS.find((field) => fieldError(state, field) !== undefined) ?? null;

/** Reasons for names that are no field of the form (a host's `businessType`, `body`, or rules of its own): shown in the alert. */
export const otherFieldReasons = (state: FlowState): string[] =>
  Object.entries(state.fieldErrors)
    .filter(([name]) => !(FORM_FIELDS as readonly string[]).includes(name))
    .map(([, reason]) => reason);
