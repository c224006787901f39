import { DEFAULT_BUSINESS_TYPE, type BusinessType } from '@franchise-ai/shared/constants';
import type { DemoRequest, FieldReasons } from '@franchise-ai/shared/lead-rules';
import type { CopyKey } from '../copy.ts';
import type { KnownCallTerms } from '../webhooks/call-terms.ts';
import { CONGRATULATIONS_AT_MS, LOADING_STAGES } from '../figures.ts';
import type { SavedFlow } from './saved-flow.ts';
import { submitState, toDemoRequest, type DemoFormState } from './validation.ts';
import type { CaptionLine, Transcript } from '../after-form/flow/captions.ts';

// Spec section 4 as one pure reducer, every arrow one action; the form's part here, after-form/reducer.ts the rest.

export const STEPS = ['form', 'loading', 'congratulations', 'call-scheduled', 'browser-call'] as const;
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
  /** `calls`: what the host's answer said about its calls; `demoId`: its id for the demo, if it gave one (after-form/reducer.ts puts it on the request). */
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

/** The form and its sending, which `flowReducer` (after-form/reducer.ts) hands back; other actions return the same state. */
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

export const fieldError = (state: FlowState, field: FormField): string | undefined =>
  Object.hasOwn(state.fieldErrors, field) ? state.fieldErrors[field] : undefined;

/** The first field, in form order, with a reason beside it: where focus goes after a refusal. */
export const firstInvalidField = (state: FlowState): FormField | null => FORM_FIELDS.find((field) => fieldError(state, field) !== undefined) ?? null;

/** Reasons for names that are no field of the form (a host's `businessType`, `body`, or rules of its own): shown in the alert. */
export const otherFieldReasons = (state: FlowState): string[] =>
  Object.entries(state.fieldErrors)
    .filter(([name]) => !(FORM_FIELDS as readonly string[]).includes(name))
    .map(([, reason]) => reason);
