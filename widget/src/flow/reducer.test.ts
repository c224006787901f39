import { describe, expect, it } from 'vitest';
import { copy, type CopyKey } from '../copy/copy.ts';
import { browserCallNotice, browserCallStatus, callButton } from './call-view.ts';
import {
  browserCallRetry,
  fieldError,
  firstInvalidField,
  formAlert,
  otherFieldReasons,
  flowReducer,
  initialFlowState,
  isCallActive,
  loadingProgress,
  microphoneNotice,
  STEPS,
  type FlowAction,
  type FlowState,
} from './reducer.ts';
import type { DemoFormState } from '../first-render/form-rules/validation.ts';
import type { DemoRequest } from '@franchise-ai/shared/lead-rules';

// Every fixture is reached through the reducer itself, from the initial state, and deep-frozen so a
// reducer that mutates its input throws.
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

const run = (...actions: FlowAction[]): FlowState => deepFreeze(actions.reduce(flowReducer, initialFlowState()));
/** What the visitor typed, spaces included: the form keeps it as typed. */
const TYPED: DemoFormState = { name: '  Jane Smith ', company: 'Acme Franchise', email: 'jane@acme.com', website: 'acme.com', businessType: 'franchisor' };
/** What is sent: trimmed, website normalised. */
const REQUEST: DemoRequest = { name: 'Jane Smith', company: 'Acme Franchise', email: 'jane@acme.com', website: 'https://acme.com', businessType: 'franchisor' };
/** What the host's rules refuse (an email with no dot in its domain, a website with a space), and why. */
const INVALID = { email: 'jane@acme', website: 'acme .com' } as const;
const INVALID_FORM: DemoFormState = { ...TYPED, ...INVALID };
const INVALID_REASONS = { email: copy.emailInvalid, website: copy.websiteInvalid };
const AGENT_ID = 'MSO-AB12CD';
const ASSISTANT_ID = 'asst_123';
const PHONE = '+1 201 555 0123';
const PHONE_E164 = '+12015550123';
/** What the host's demo_form answer said about its calls. */
const CALLS = { recorded: true, countries: ['US', 'FR'], from: null };
/** A 400's reasons for the dialog's two controls, and a 429's words. */
const CALL_REASONS = { phoneNumber: 'This demo calls numbers in United States (+1) only.', consent: 'Check the box to agree to this AI demo call.' };
const LIMIT = 'Our demo line has placed all the calls it can today.';
/** The page's Date.now() when the voice SDK reported the call's start and end: 65 s apart. */
const CALL_START = 1_700_000_000_000;
const CALL_END = CALL_START + 65_000;
/** When the widget received the assistant, and the fresh one that replaces it once spent. */
const ASSISTANT_AT = CALL_START - 20_000;
const FRESH_ASSISTANT_ID = 'asst_456';
const FRESH_AT = CALL_END + 4_000;
/** A flow the tab kept, as a reload or Back restores it. */
const SAVED = { webhookBase: 'https://h.example/w', request: REQUEST, agentId: AGENT_ID, callTerms: CALLS, loadingStartedAt: 0, waited: false };
const BOOKING = {
  start: '2026-12-08T13:00:00.000Z',
  end: '2026-12-08T13:30:00.000Z',
  title: 'Discovery call with the development team',
  icsDataUrl: 'data:text/calendar,BEGIN%3AVCALENDAR',
  googleCalendarUrl: 'https://calendar.google.com/calendar/render',
};
const A = {
  name: { type: 'field-changed', field: 'name', value: TYPED.name },
  company: { type: 'field-changed', field: 'company', value: TYPED.company },
  email: { type: 'field-changed', field: 'email', value: TYPED.email },
  website: { type: 'field-changed', field: 'website', value: TYPED.website },
  franchisee: { type: 'business-type-changed', businessType: 'franchisee' },
  submitStarted: { type: 'submit-started' },
  submitChecked: { type: 'submit-checked' },
  submitSucceeded: { type: 'submit-succeeded', agentId: AGENT_ID, calls: CALLS, at: 1_000 },
  submitFailed: { type: 'submit-failed' },
  invalidEmail: { type: 'field-changed', field: 'email', value: INVALID.email },
  invalidWebsite: { type: 'field-changed', field: 'website', value: INVALID.website },
  hostRefused: { type: 'submit-failed', fields: { company: 'Not a brand we know.', businessType: 'Unknown type.' } },
  stage1: { type: 'loading-stage-reached', stage: 1 },
  stage2: { type: 'loading-stage-reached', stage: 2 },
  stage3: { type: 'loading-stage-reached', stage: 3 },
  loadingFinished: { type: 'loading-finished' },
  dialogOpened: { type: 'phone-dialog-opened' },
  dialogClosed: { type: 'phone-dialog-closed' },
  phoneChanged: { type: 'phone-number-changed', value: PHONE },
  phoneBlank: { type: 'phone-number-changed', value: '   ' },
  countryFr: { type: 'phone-country-changed', country: 'FR' },
  consentGiven: { type: 'phone-consent-changed', given: true },
  consentWithdrawn: { type: 'phone-consent-changed', given: false },
  phoneSubmitted: { type: 'phone-submitted', phoneNumber: PHONE_E164 },
  callScheduled: { type: 'phone-call-scheduled', phoneNumber: PHONE_E164 },
  /** 'Change number': another number, scheduled from 'Call Scheduled!'. */
  otherPhoneChanged: { type: 'phone-number-changed', value: '+33 6 12 34 56 78' },
  otherPhoneSubmitted: { type: 'phone-submitted', phoneNumber: '+33612345678' },
  otherCallScheduled: { type: 'phone-call-scheduled', phoneNumber: '+33612345678' },
  callFailedToConfirm: { type: 'phone-call-failed', phoneNumber: PHONE_E164 },
  phoneRetried: { type: 'phone-retried', typed: PHONE, country: null },
  phoneCancelled: { type: 'phone-cancelled' },
  callRefused: { type: 'phone-call-refused', fields: CALL_REASONS, alert: null },
  callLimited: { type: 'phone-call-refused', fields: {}, alert: LIMIT },
  browserChosen: { type: 'browser-chosen' },
  assistantLoaded: { type: 'assistant-loaded', assistantId: ASSISTANT_ID, at: ASSISTANT_AT },
  freshAssistantLoaded: { type: 'assistant-loaded', assistantId: FRESH_ASSISTANT_ID, at: FRESH_AT },
  assistantFailed: { type: 'assistant-failed' },
  assistantRetried: { type: 'assistant-retried' },
  assistantUsed: { type: 'assistant-used' },
  assistantSpent: { type: 'assistant-spent' },
  callRequested: { type: 'call-requested' },
  callStarted: { type: 'call-started', at: CALL_START },
  speechStarted: { type: 'speech-started' },
  speechEnded: { type: 'speech-ended' },
  agentSaid: { type: 'transcript', speaker: 'assistant', text: 'Hello.', final: true },
  muted: { type: 'mute-changed', muted: true },
  callEnded: { type: 'call-ended', at: CALL_END },
  secondCallStarted: { type: 'call-started', at: CALL_END + 5_000 },
  callFailed: { type: 'call-failed', reason: 'error' },
  callUnavailable: { type: 'call-failed', reason: 'unavailable' },
  publicKeyGiven: { type: 'public-key-given' },
  micBlocked: { type: 'call-failed', reason: 'microphone-blocked' },
  micNotFound: { type: 'call-failed', reason: 'microphone-not-found' },
  micUnavailable: { type: 'call-failed', reason: 'microphone-unavailable' },
  restored: { type: 'restored', saved: SAVED, at: 1 },
  bookingShown: { type: 'booking-shown', booking: BOOKING },
} as const satisfies Record<string, FlowAction>;

const FILL = [A.name, A.company, A.email, A.website] as const;
const FILL_INVALID = [...FILL, A.invalidEmail, A.invalidWebsite] as const;
const TO_LOADING = [...FILL, A.submitStarted, A.submitChecked, A.submitSucceeded] as const;
const TO_CONGRATS = [...TO_LOADING, A.loadingFinished] as const;
const TO_BROWSER = [...TO_CONGRATS, A.browserChosen] as const;
const TO_READY = [...TO_BROWSER, A.assistantLoaded] as const;
const TO_ACTIVE = [...TO_READY, A.callRequested, A.assistantUsed, A.callStarted] as const;
/** A second call on the step, its assistant spent by the first: a fresh one is being fetched. */
const TO_RENEWING = [...TO_ACTIVE, A.callEnded, A.callRequested, A.assistantSpent] as const;
const SCHEDULE = [A.dialogOpened, A.phoneChanged, A.consentGiven, A.phoneSubmitted, A.callScheduled] as const;
const S = {
  formEmpty: run(),
  formPartial: run(A.name, A.company), // email missing
  formBlank: run({ type: 'field-changed', field: 'name', value: '  ' }, A.company, A.email),
  formFilled: run(...FILL),
  formSending: run(...FILL, A.submitStarted),
  formFailed: run(...FILL, A.submitStarted, A.submitFailed),
  formInvalid: run(...FILL_INVALID),
  formSendingInvalid: run(...FILL_INVALID, A.submitStarted),
  formRefused: run(...FILL_INVALID, A.submitStarted, A.submitChecked),
  formResendRefused: run(...FILL_INVALID, A.submitStarted, A.submitChecked, A.submitStarted),
  formResendInvalid: run(...FILL, A.submitStarted, A.submitFailed, A.invalidEmail, A.submitStarted),
  formFailedInvalid: run(...FILL, A.submitStarted, A.submitFailed, A.invalidEmail),
  formHostRefused: run(...FILL, A.submitStarted, A.hostRefused),
  loading0: run(...TO_LOADING),
  loading1: run(...TO_LOADING, A.stage1),
  loading2: run(...TO_LOADING, A.stage1, A.stage2),
  loading3: run(...TO_LOADING, A.stage1, A.stage2, A.stage3),
  congrats: run(...TO_CONGRATS),
  congratsDialog: run(...TO_CONGRATS, A.dialogOpened),
  congratsDialogBlank: run(...TO_CONGRATS, A.dialogOpened, A.phoneBlank),
  congratsDialogFr: run(...TO_CONGRATS, A.dialogOpened, A.countryFr),
  congratsDialogNumber: run(...TO_CONGRATS, A.dialogOpened, A.phoneChanged),
  congratsDialogConsent: run(...TO_CONGRATS, A.dialogOpened, A.phoneChanged, A.consentGiven),
  phoneSending: run(...TO_CONGRATS, A.dialogOpened, A.phoneChanged, A.consentGiven, A.phoneSubmitted),
  phoneRefused: run(...TO_CONGRATS, A.dialogOpened, A.phoneChanged, A.consentGiven, A.phoneSubmitted, A.callRefused),
  phoneLimited: run(...TO_CONGRATS, A.dialogOpened, A.phoneChanged, A.consentGiven, A.phoneSubmitted, A.callLimited),
  callScheduled: run(...TO_CONGRATS, A.dialogOpened, A.phoneChanged, A.consentGiven, A.phoneSubmitted, A.callScheduled),
  /** 'Change number' from 'Call Scheduled!': another number sent, the host's answer awaited. */
  changeSending: run(...TO_CONGRATS, ...SCHEDULE, A.dialogOpened, A.otherPhoneChanged, A.consentGiven, A.otherPhoneSubmitted),
  callUnconfirmed: run(...TO_CONGRATS, A.dialogOpened, A.phoneChanged, A.consentGiven, A.phoneSubmitted, A.callFailedToConfirm),
  phoneRetrying: run(...TO_CONGRATS, A.dialogOpened, A.phoneChanged, A.consentGiven, A.phoneSubmitted, A.callFailedToConfirm, A.phoneRetried),
  browserLoading: run(...TO_BROWSER),
  browserReady: run(...TO_READY),
  browserFailed: run(...TO_BROWSER, A.assistantFailed),
  browserRetrying: run(...TO_BROWSER, A.assistantFailed, A.assistantRetried),
  failedNotReady: run(...TO_BROWSER, A.assistantFailed, A.callRequested),
  browserDialog: run(...TO_READY, A.dialogOpened, A.phoneChanged),
  browserSending: run(...TO_READY, A.dialogOpened, A.phoneChanged, A.consentGiven, A.phoneSubmitted),
  notReady: run(...TO_BROWSER, A.callRequested),
  starting: run(...TO_READY, A.callRequested),
  active: run(...TO_ACTIVE),
  speaking: run(...TO_ACTIVE, A.speechStarted),
  listening: run(...TO_ACTIVE, A.speechStarted, A.speechEnded),
  ended: run(...TO_ACTIVE, A.callEnded),
  restarting: run(...TO_ACTIVE, A.callEnded, A.callRequested),
  callError: run(...TO_ACTIVE, A.callFailed),
  startError: run(...TO_READY, A.callRequested, A.callFailed),
  unavailable: run(...TO_READY, A.callRequested, A.callUnavailable),
  micBlocked: run(...TO_READY, A.callRequested, A.micBlocked),
  micNotFound: run(...TO_READY, A.callRequested, A.micNotFound),
  micUnavailable: run(...TO_READY, A.callRequested, A.micUnavailable),
  renewing: run(...TO_RENEWING),
  renewFailed: run(...TO_RENEWING, A.assistantFailed),
  renewEnded: run(...TO_RENEWING, A.callEnded),
} satisfies Record<string, FlowState>;
type Fixture = keyof typeof S;
const FIXTURES = Object.keys(S) as Fixture[];
// The fixtures no arrow below reaches in one step from another (those the arrows check exactly).
it.each<[Fixture, Partial<FlowState>]>([
  ['formInvalid', { step: 'form', form: INVALID_FORM, fieldErrors: {}, refusals: 0 }],
  ['formResendRefused', { step: 'form', sending: true, fieldErrors: {}, refusals: 1 }],
  ['formResendInvalid', { step: 'form', sending: true, submitFailed: false, form: { ...TYPED, email: INVALID.email } }],
  ['formFailedInvalid', { step: 'form', submitFailed: true, form: { ...TYPED, email: INVALID.email } }],
  ['phoneRetrying', { step: 'call-scheduled', phoneDialogOpen: true, phoneSending: true, phoneConsent: true, phoneNumber: PHONE, callUnconfirmed: true }],
  ['browserDialog', { step: 'browser-call', phoneDialogOpen: true }],
  ['active', { callStatus: 'active', assistantSpeaking: null, assistantUsed: true }],
  ['callError', { callStatus: 'error' }],
])('fixture %s reaches the state it is named after', (fixture, expected) => {
  expect(S[fixture]).toMatchObject(expected);
});

describe('initialFlowState', () => {
  it('starts on an empty form (franchisor unless told otherwise), nothing sent, nothing loaded, no call under way', () => {
    const state = initialFlowState();
    expect(initialFlowState('franchisee').form.businessType).toBe('franchisee');
    expect(state).toMatchObject({ step: 'form', form: { name: '', company: '', email: '', website: '', businessType: 'franchisor' }, request: null });
    expect([state.sending, state.agentId, state.phoneDialogOpen, state.assistantStatus, state.callStatus]).toEqual([false, null, false, 'idle', 'idle']);
  });
  it.each(['assistantReceivedAt', 'assistantUsed', 'scheduledNumber', 'callSchedules', 'callUnconfirmed', 'captions', 'muted'])(
    'carries no %s: the first render does not need it',
    (field) => {
      expect(initialFlowState()).not.toHaveProperty(field);
    },
  );
  it('returns a fresh object each time', () => {
    expect(initialFlowState()).not.toBe(initialFlowState());
    expect(initialFlowState().form).not.toBe(initialFlowState().form);
  });
  it('lists the six steps in flow order', () => {
    expect(STEPS).toEqual(['form', 'loading', 'congratulations', 'call-scheduled', 'browser-call', 'chat']);
  });
});

const form = (overrides: Partial<DemoFormState>) => ({ ...S.formEmpty.form, ...overrides });
/** Exactly these fields change; everything else is carried over. */
function expectArrow(from: Fixture, action: FlowAction, changes: Partial<FlowState>) {
  const after = flowReducer(S[from], action);
  expect(after).not.toBe(S[from]);
  expect(after).toEqual({ ...S[from], ...changes });
}
const READY = { assistantStatus: 'ready', assistantId: ASSISTANT_ID, assistantReceivedAt: ASSISTANT_AT } as const;
const FRESH = { assistantStatus: 'ready', assistantId: FRESH_ASSISTANT_ID, assistantReceivedAt: FRESH_AT } as const;
const UNCONFIRMED_CHANGE = { phoneDialogOpen: false, phoneSending: false, callUnconfirmed: true, callFailures: 1, scheduledNumber: '+33612345678' } as const;
const SCHEDULED = { step: 'call-scheduled', phoneDialogOpen: false, phoneSending: false, scheduledNumber: PHONE_E164, callSchedules: 1 } as const;
const FAILED = { sending: false, submitFailed: true, request: null } as const;
const PHONE_REFUSED = { phoneDialogOpen: true, phoneSending: false, phoneRefusals: 1 } as const;
const EMAIL_FIXED = { type: 'field-changed', field: 'email', value: 'jane@acme.io' } as const;
const EMAIL_REASON = { email: copy.emailInvalid };
const WEBSITE_REASON = { website: copy.websiteInvalid };
const TYPE_REASON = { businessType: 'Unknown type.' };
const CONSENT_REASON = { consent: CALL_REASONS.consent };
const LOADED = { loadingStartedAt: 1_000, agentId: AGENT_ID, callTerms: CALLS } as const;
const SUBMITTED = { step: 'loading', sending: false, loadingStage: 0, ...LOADED } as const;
const DEMO_ID = 'AbCdEfGhIjKlMnOpQrStU_';
const REFUSED = { sending: false, request: null, refusals: 1 } as const;
const INVALID_REQUEST = { ...REQUEST, ...INVALID, website: 'https://acme .com' };
const ENDED_TIMES = { callStatus: 'ended', assistantSpeaking: null, callTimes: { start: CALL_START, end: CALL_END } } as const;

describe('flowReducer: the arrows of spec section 4', () => {
  it.each<[string, Fixture, FlowAction, Partial<FlowState>]>([
    ['typing the name', 'formEmpty', A.name, { form: form({ name: TYPED.name }) }],
    ['typing the company', 'formEmpty', A.company, { form: form({ company: TYPED.company }) }],
    ['typing the email', 'formEmpty', A.email, { form: form({ email: TYPED.email }) }],
    ['typing the website', 'formEmpty', A.website, { form: form({ website: TYPED.website }) }],
    ['toggle to franchisee', 'formEmpty', A.franchisee, { form: form({ businessType: 'franchisee' }) }],
    ['toggle after a failed submit', 'formFailed', A.franchisee, { form: { ...TYPED, businessType: 'franchisee' } }],
    ['editing after a failed submit', 'formFailed', { type: 'field-changed', field: 'email', value: 'j@acme.io' }, { form: { ...TYPED, email: 'j@acme.io' } }],
    ['submit: idle -> sending', 'formFilled', A.submitStarted, { sending: true, submitFailed: false, request: REQUEST }],
    ['submit again after an error', 'formFailed', A.submitStarted, { sending: true, submitFailed: false, request: REQUEST }],
    ["submitted: -> loading, the host's terms kept", 'formSending', A.submitSucceeded, SUBMITTED],
    // The demoId demo_form answered rides on the request the later calls send (and the tab keeps: first-render/form-rules/saved-flow.test.ts).
    ["submitted with the host's demoId", 'formSending', { ...A.submitSucceeded, demoId: DEMO_ID }, { ...SUBMITTED, request: { ...REQUEST, demoId: DEMO_ID } }],
    ['submitted, the host naming no demo (null)', 'formSending', { ...A.submitSucceeded, demoId: null }, SUBMITTED],
    ['submit failed: the form keeps its values', 'formSending', A.submitFailed, { ...FAILED, step: 'form', form: TYPED }],
    ["failed with the host's reasons: kept, counted", 'formSending', A.hostRefused, { ...FAILED, fieldErrors: A.hostRefused.fields, refusals: 1 }],
    ['an empty reasons object is a plain failure', 'formSending', { type: 'submit-failed', fields: {} }, FAILED],
    // The host's own rules refuse the form before sending: not sending, no request, the reasons show.
    ['an invalid form is sent to be checked', 'formInvalid', A.submitStarted, { sending: true, fieldErrors: {}, request: INVALID_REQUEST }],
    ["submit refused by the host's rules", 'formSendingInvalid', A.submitChecked, { sending: false, request: null, fieldErrors: INVALID_REASONS, refusals: 1 }],
    ['refused after a failed send: ours instead', 'formResendInvalid', A.submitChecked, { ...REFUSED, submitFailed: false, fieldErrors: EMAIL_REASON }],
    ['refused again: counted again', 'formResendRefused', A.submitChecked, { sending: false, request: null, fieldErrors: INVALID_REASONS, refusals: 2 }],
    ['editing drops its reason only', 'formRefused', EMAIL_FIXED, { form: { ...INVALID_FORM, email: EMAIL_FIXED.value }, fieldErrors: WEBSITE_REASON }],
    ["editing keeps the others' reasons", 'formRefused', { ...A.name, value: 'Jane' }, { form: { ...INVALID_FORM, name: 'Jane' } }],
    ["editing drops the host's reason", 'formHostRefused', { ...A.company, value: 'Acme' }, { form: { ...TYPED, company: 'Acme' }, fieldErrors: TYPE_REASON }],
    ['the toggle keeps the reasons', 'formRefused', A.franchisee, { form: { ...INVALID_FORM, businessType: 'franchisee' } }],
    ['submitting again clears the reasons', 'formHostRefused', A.submitStarted, { sending: true, submitFailed: false, fieldErrors: {}, request: REQUEST }],
    ['loading stage 1', 'loading0', A.stage1, { loadingStage: 1 }],
    ['loading stage 2', 'loading1', A.stage2, { loadingStage: 2 }],
    ['loading stage 3', 'loading2', A.stage3, { loadingStage: 3 }],
    ['a late timer catches up (0 -> 2)', 'loading0', A.stage2, { loadingStage: 2 }],
    ['a stage past the last is capped', 'loading1', { type: 'loading-stage-reached', stage: 9 }, { loadingStage: 3 }],
    ['loading finished after stage 3', 'loading3', A.loadingFinished, { step: 'congratulations', loadingStage: 3 }],
    ['loading finished completes the bar', 'loading0', A.loadingFinished, { step: 'congratulations', loadingStage: 3 }],
    // 'Call Me' and the phone dialog; Schedule Call waits, busy, until the host answers.
    ["'Call Me' opens the dialog, the box unticked", 'congrats', A.dialogOpened, { phoneDialogOpen: true, phoneConsent: false }],
    ['typing a number', 'congratsDialog', A.phoneChanged, { phoneNumber: PHONE }],
    ['picking a country', 'congratsDialog', A.countryFr, { phoneCountry: 'FR' }],
    ['ticking the box', 'congratsDialogNumber', A.consentGiven, { phoneConsent: true }],
    ['unticking it', 'congratsDialogConsent', A.consentWithdrawn, { phoneConsent: false }],
    ['Cancel closes the dialog', 'congratsDialogNumber', A.dialogClosed, { phoneDialogOpen: false }],
    ['Schedule Call: the dialog waits', 'congratsDialogConsent', A.phoneSubmitted, { step: 'congratulations', phoneDialogOpen: true, phoneSending: true }],
    ['the host took it (or was not heard)', 'phoneSending', A.callScheduled, SCHEDULED],
    // Not confirmed: the step moves on, saying so; no call counted, the number kept.
    ['the host could not confirm it', 'phoneSending', A.callFailedToConfirm, { ...UNCONFIRMED_CHANGE, step: 'call-scheduled', scheduledNumber: PHONE_E164 }],
    ["'Change number' reopens the dialog, the box unticked", 'callScheduled', A.dialogOpened, { phoneDialogOpen: true, phoneConsent: false }],
    ["'Talk in your browser while you wait'", 'callScheduled', A.browserChosen, { step: 'browser-call', assistantStatus: 'loading' }],
    ["the host's reasons, counted", 'phoneSending', A.callRefused, { ...PHONE_REFUSED, step: 'congratulations', phoneErrors: CALL_REASONS, phoneAlert: null }],
    ["a limit: the host's words for the alert", 'phoneSending', A.callLimited, { ...PHONE_REFUSED, phoneErrors: {}, phoneAlert: LIMIT }],
    ['a new number drops its reason only', 'phoneRefused', A.otherPhoneChanged, { phoneNumber: A.otherPhoneChanged.value, phoneErrors: CONSENT_REASON }],
    ["another country drops the number's reason too", 'phoneRefused', A.countryFr, { phoneCountry: 'FR', phoneErrors: CONSENT_REASON }],
    ['the box drops its reason only', 'phoneRefused', A.consentWithdrawn, { phoneConsent: false, phoneErrors: { phoneNumber: CALL_REASONS.phoneNumber } }],
    ['sending again clears reasons and alert', 'phoneLimited', A.phoneSubmitted, { phoneSending: true, phoneErrors: {}, phoneAlert: null, phoneRefusals: 1 }],
    ['Cancel after a refusal', 'phoneRefused', A.dialogClosed, { phoneDialogOpen: false }],
    // Cancel while the host answers: the dialog closes on the step it was opened from, nothing sent is claimed.
    ['Cancel while the host answers', 'phoneSending', A.phoneCancelled, { phoneDialogOpen: false, phoneSending: false }],
    ["Cancel while 'Try Again' waits", 'phoneRetrying', A.phoneCancelled, { phoneDialogOpen: false, phoneSending: false }],
    ['Test In Browser: -> browser-call, assistant loading', 'congrats', A.browserChosen, { step: 'browser-call', assistantStatus: 'loading' }],
    ['Test In Browser closes an open dialog', 'congratsDialog', A.browserChosen, { step: 'browser-call', assistantStatus: 'loading', phoneDialogOpen: false }],
    ['assistant loaded, when kept', 'browserLoading', A.assistantLoaded, READY],
    ['assistant failed', 'browserLoading', A.assistantFailed, { assistantStatus: 'error' }],
    ['assistant loaded after a not-ready start', 'notReady', A.assistantLoaded, { ...READY, callStatus: 'idle' }],
    // 'Try Again' after 'Error getting assistant': fetched again, and that fetch's answer counts.
    ['Try Again: the assistant is fetched again', 'browserFailed', A.assistantRetried, { assistantStatus: 'loading' }],
    ['Try Again after a not-ready start forgets that start', 'failedNotReady', A.assistantRetried, { assistantStatus: 'loading', callStatus: 'idle' }],
    ['assistant loaded on the retry', 'browserRetrying', A.assistantLoaded, READY],
    ['assistant failed again on the retry', 'browserRetrying', A.assistantFailed, { assistantStatus: 'error' }],
    // A spent assistant (flow/fresh-assistant.ts finds it so at Start Call): a fresh one first.
    ['the voice SDK was given the assistant: spent from now on', 'starting', A.assistantUsed, { assistantUsed: true }],
    ['the fresh assistant: the call starts with it', 'renewing', A.freshAssistantLoaded, FRESH],
    ["the fresh assistant failed: 'Error getting assistant'", 'renewing', A.assistantFailed, { assistantStatus: 'error', callStatus: 'idle' }],
    ['End Call while the fresh assistant is fetched: the last times kept', 'renewing', A.callEnded, { callStatus: 'ended' }],
    ['Try Again after the fresh assistant failed', 'renewFailed', A.assistantRetried, { assistantStatus: 'loading' }],
    ['the fresh assistant after End Call', 'renewEnded', A.freshAssistantLoaded, FRESH],
    ['call requested without assistant id (loading)', 'browserLoading', A.callRequested, { callStatus: 'not-ready' }],
    ['call requested without assistant id (failed)', 'browserFailed', A.callRequested, { callStatus: 'not-ready' }],
    ['call requested: idle -> starting', 'browserReady', A.callRequested, { callStatus: 'starting', assistantSpeaking: null, captions: [], muted: false }],
    ['call started', 'starting', A.callStarted, { callStatus: 'active', assistantSpeaking: null, callTimes: { start: CALL_START, end: null } }],
    ['a second call: its own start', 'restarting', A.secondCallStarted, { callStatus: 'active', callTimes: { start: CALL_END + 5_000, end: null } }],
    ['assistant speaks', 'active', A.speechStarted, { assistantSpeaking: true }],
    ['assistant stops: listening', 'speaking', A.speechEnded, { assistantSpeaking: false }],
    ['assistant speaks again', 'listening', A.speechStarted, { assistantSpeaking: true }],
    ['speech-end before any speech-start', 'active', A.speechEnded, { assistantSpeaking: false }],
    ['call ended while connected', 'active', A.callEnded, ENDED_TIMES],
    ['call ended while speaking', 'speaking', A.callEnded, ENDED_TIMES],
    ['call ended while listening', 'listening', A.callEnded, ENDED_TIMES],
    ['call ended while starting (stopped): no call, no times', 'starting', A.callEnded, { callStatus: 'ended' }],
    ['a second start stopped before it connected keeps the last times', 'restarting', A.callEnded, { callStatus: 'ended' }],
    ['call failed while starting', 'starting', A.callFailed, { callStatus: 'error', assistantSpeaking: null }],
    ['call failed while speaking', 'speaking', A.callFailed, { callStatus: 'error', assistantSpeaking: null }],
    ['no start can succeed on this page', 'starting', A.callUnavailable, { callStatus: 'unavailable', assistantSpeaking: null }],
    ['the page gives a public-key afterwards: back to ready', 'unavailable', A.publicKeyGiven, { callStatus: 'idle' }],
    ['microphone blocked while starting', 'starting', A.micBlocked, { callStatus: 'microphone-blocked' }],
    ['microphone blocked while active', 'active', A.micBlocked, { callStatus: 'microphone-blocked', assistantSpeaking: null }],
    ['no microphone found while starting', 'starting', A.micNotFound, { callStatus: 'microphone-not-found' }],
    ['microphone in use while starting', 'starting', A.micUnavailable, { callStatus: 'microphone-unavailable' }],
    ['a transcript in a call: a caption line', 'active', A.agentSaid, { captions: [{ id: 1, speaker: 'assistant', text: 'Hello.', final: true }] }],
    ['a transcript while the assistant speaks', 'speaking', A.agentSaid, { captions: [{ id: 1, speaker: 'assistant', text: 'Hello.', final: true }] }],
    ['Mute in a call', 'listening', A.muted, { muted: true }],
    // The phone dialog from the browser step (fallback), never during a call.
    ['Cancel on the browser step', 'browserDialog', A.dialogClosed, { phoneDialogOpen: false, step: 'browser-call' }],
    ['ticking the box on the browser step', 'browserDialog', A.consentGiven, { phoneConsent: true }],
    ["the host's answer, from the browser step", 'browserSending', A.callScheduled, SCHEDULED],
    // 'Change number': the new schedule replaces the old; a refusal of it keeps the old one on the page.
    ["'Change number' taken", 'changeSending', A.otherCallScheduled, { ...SCHEDULED, scheduledNumber: '+33612345678', callSchedules: 2 }],
    ["'Change number' refused", 'changeSending', A.callLimited, { ...PHONE_REFUSED, phoneErrors: {}, phoneAlert: LIMIT }],
    // A failure after a confirmed call is said too: no promise of the new call.
    ["'Change number' not confirmed", 'changeSending', { type: 'phone-call-failed', phoneNumber: '+33612345678' }, UNCONFIRMED_CHANGE],
  ])('%s', (_label, from, action, changes) => {
    expectArrow(from, action, changes);
  });
  it.each<Fixture>(['ended', 'callError', 'micBlocked', 'micNotFound', 'micUnavailable'])('call again after %s: starting', (from) => {
    expectArrow(from, A.callRequested, { callStatus: 'starting' });
  });
  it.each<Fixture>(['browserReady', 'micBlocked', 'micNotFound', 'micUnavailable', 'browserFailed', 'browserLoading', 'ended', 'callError'])(
    "'Call Me' on the browser step (%s) opens the dialog",
    (from) => {
      expectArrow(from, A.dialogOpened, { phoneDialogOpen: true });
    },
  );
});

it("a spent assistant (the host deletes it once its call has ended): Start Call with it: it is forgotten, with its age and use, and a fresh one fetched, the call 'Starting call...'", () => {
  const { assistantReceivedAt: _at, assistantUsed: _used, ...rest } = S.restarting;
  expect(S.restarting).toMatchObject({ assistantReceivedAt: ASSISTANT_AT, assistantUsed: true });
  expect(flowReducer(S.restarting, A.assistantSpent)).toEqual({ ...rest, assistantStatus: 'loading', assistantId: null });
});

describe("flowReducer: 'Call Scheduled!'", () => {
  it("the browser call from 'Call Scheduled!' starts afresh: an earlier call's problem is not carried over, nor its assistant", () => {
    const blocked = [A.callRequested, A.micBlocked, ...SCHEDULE].reduce(flowReducer, S.browserReady);
    expect(blocked).toMatchObject({ step: 'call-scheduled', callStatus: 'microphone-blocked', assistantId: ASSISTANT_ID });
    const again = flowReducer(blocked, A.browserChosen);
    expect(again).toMatchObject({ step: 'browser-call', assistantStatus: 'loading', callStatus: 'idle', assistantId: null });
    expect(again).not.toHaveProperty('assistantReceivedAt');
  });
  it("after a call, 'Call Me', then the browser again: the spent assistant is gone, nothing starts with it", () => {
    const scheduled = SCHEDULE.reduce(flowReducer, S.ended);
    expect(scheduled).toMatchObject({ step: 'call-scheduled', assistantId: ASSISTANT_ID, assistantUsed: true });
    const again = flowReducer(scheduled, A.browserChosen);
    expect(again).toMatchObject({ step: 'browser-call', assistantStatus: 'loading', assistantId: null });
    expect(again).not.toHaveProperty('assistantUsed');
    expect(callButton(again)).toEqual({ label: 'loadingButton', disabled: true });
  });
  it("'Try Again' waits in the dialog with the request as sent; confirmed then, the step forgets the failure", () => {
    const edited = [A.dialogOpened, A.otherPhoneChanged, A.dialogClosed].reduce(flowReducer, S.callUnconfirmed);
    expect(edited.phoneNumber).toBe('+33 6 12 34 56 78');
    const retrying = flowReducer(edited, A.phoneRetried);
    expect(retrying).toMatchObject({ phoneDialogOpen: true, phoneSending: true, phoneNumber: PHONE, phoneCountry: null, phoneConsent: true });
    const confirmed = flowReducer(retrying, A.callScheduled);
    expect(confirmed).toMatchObject({ step: 'call-scheduled', phoneDialogOpen: false, callSchedules: 1 });
    expect(confirmed).not.toHaveProperty('callUnconfirmed');
    expect(flowReducer(retrying, A.callFailedToConfirm)).toMatchObject({ callUnconfirmed: true, callFailures: 2, phoneDialogOpen: false });
  });
});

describe('flowReducer: a visitor through the whole flow', () => {
  it('consent is per request: reopening the dialog unticks the box and forgets the last refusal, the number stays', () => {
    const reopened = [A.dialogClosed, A.dialogOpened].reduce(flowReducer, S.phoneRefused);
    expect(reopened).toMatchObject({ phoneDialogOpen: true, phoneConsent: false, phoneErrors: {}, phoneAlert: null, phoneNumber: PHONE });
    expect([A.dialogClosed, A.dialogOpened].reduce(flowReducer, S.phoneLimited)).toMatchObject({ phoneConsent: false, phoneAlert: null });
  });
  it.each(['browserFailed', 'startError', 'unavailable', 'micBlocked', 'micNotFound', 'micUnavailable'] as const)(
    '%s: Call Me schedules a phone call instead',
    (fixture) => {
      const state = SCHEDULE.reduce(flowReducer, S[fixture]);
      expect(state).toMatchObject({ step: 'call-scheduled', phoneDialogOpen: false, phoneNumber: PHONE, request: REQUEST });
    },
  );
});

// An action that does not apply returns the very same object. For each action, the fixtures where it
// applies; every other fixture is a no-op.
const inStep = (step: FlowState['step'], sending: boolean) => FIXTURES.filter((f) => S[f].step === step && S[f].sending === sending);
const FORM_EDITABLE = inStep('form', false);
const SENDING = inStep('form', true);
/** The dialog open and not waiting for the host: its controls can be used. */
const DIALOG_OPEN = FIXTURES.filter((f) => S[f].phoneDialogOpen && !S[f].phoneSending);
const UNTICKED: Fixture[] = ['congratsDialog', 'congratsDialogBlank', 'congratsDialogFr', 'congratsDialogNumber', 'browserDialog'];
const CALL_ACTIVE: Fixture[] = ['starting', 'restarting', 'renewing', 'active', 'speaking', 'listening'];
const IN_CALL: Fixture[] = ['active', 'speaking', 'listening'];
const MIC_PROBLEMS: Fixture[] = ['micBlocked', 'micNotFound', 'micUnavailable'];
const BROWSER_IDLE = FIXTURES.filter((f) => S[f].step === 'browser-call' && !CALL_ACTIVE.includes(f));
/** The assistant is being fetched on the browser step. */
const ASSISTANT_LOADING: Fixture[] = ['browserLoading', 'browserRetrying', 'notReady', 'renewing', 'renewEnded'];
const PHONE_WAITING: Fixture[] = ['phoneSending', 'browserSending', 'phoneRetrying', 'changeSending'];
const APPLIES: ReadonlyArray<[string, FlowAction, Fixture[]]> = [
  ['field-changed', A.name, FORM_EDITABLE],
  ['business-type-changed', A.franchisee, FORM_EDITABLE],
  // A reload or Back restores a flow into a fresh form only (first-render/form-rules/saved-flow.test.ts has what it restores).
  ['restored', A.restored, FORM_EDITABLE],
  ['submit-started', A.submitStarted, ['formFilled', 'formInvalid', 'formFailed', 'formFailedInvalid', 'formRefused', 'formHostRefused']],
  // The rules passed (`formSending`) change nothing: the request goes as built.
  ['submit-checked', A.submitChecked, ['formSendingInvalid', 'formResendRefused', 'formResendInvalid']],
  ['submit-succeeded', A.submitSucceeded, SENDING],
  ['submit-failed', A.submitFailed, SENDING],
  ['loading-stage-reached 1', A.stage1, ['loading0']],
  ['loading-stage-reached 3', A.stage3, ['loading0', 'loading1', 'loading2']],
  ['loading-finished', A.loadingFinished, ['loading0', 'loading1', 'loading2', 'loading3']],
  // Opening an already open dialog is checked once, below, not for every open-dialog fixture.
  ['phone-dialog-opened', A.dialogOpened, ['congrats', ...DIALOG_OPEN, ...BROWSER_IDLE, 'callScheduled', 'callUnconfirmed']],
  // While the host answers the dialog waits: it cannot be closed, nor its controls changed.
  ['phone-dialog-closed', A.dialogClosed, DIALOG_OPEN],
  ['phone-number-changed', A.phoneChanged, DIALOG_OPEN],
  ['phone-country-changed', A.countryFr, DIALOG_OPEN],
  ['phone-consent-changed', A.consentGiven, UNTICKED],
  // The dialog sends only a valid number (checkPhoneNumber) with the box ticked; the reducer checks both.
  ['phone-submitted', A.phoneSubmitted, ['congratsDialogConsent', 'phoneRefused', 'phoneLimited']],
  ['phone-call-scheduled', A.callScheduled, PHONE_WAITING],
  ['phone-call-failed', A.callFailedToConfirm, PHONE_WAITING],
  ['phone-retried', A.phoneRetried, ['callUnconfirmed']],
  ['phone-cancelled', A.phoneCancelled, PHONE_WAITING],
  ['phone-call-refused', A.callRefused, PHONE_WAITING],
  ['browser-chosen', A.browserChosen, ['congrats', ...DIALOG_OPEN.filter((f) => f !== 'browserDialog'), 'callScheduled', 'callUnconfirmed']],
  ['assistant-loaded', A.assistantLoaded, ASSISTANT_LOADING],
  ['assistant-failed', A.assistantFailed, ASSISTANT_LOADING],
  ['assistant-retried', A.assistantRetried, ['browserFailed', 'failedNotReady', 'renewFailed']],
  // Once per assistant: 'restarting' has used it already.
  ['assistant-used', A.assistantUsed, ['starting']],
  ['assistant-spent', A.assistantSpent, ['starting', 'restarting']],
  ['call-requested', A.callRequested, BROWSER_IDLE],
  ['call-started', A.callStarted, ['starting', 'restarting', 'renewing']],
  ['call-started (a second call)', A.secondCallStarted, ['starting', 'restarting', 'renewing']],
  ['speech-started', A.speechStarted, IN_CALL],
  ['speech-ended', A.speechEnded, IN_CALL],
  ['call-ended', A.callEnded, CALL_ACTIVE],
  ['call-failed error', A.callFailed, CALL_ACTIVE],
  ['call-failed unavailable', A.callUnavailable, CALL_ACTIVE],
  ['public-key-given', A.publicKeyGiven, ['unavailable']],
  ['call-failed microphone-blocked', A.micBlocked, CALL_ACTIVE],
  ['call-failed microphone-not-found', A.micNotFound, CALL_ACTIVE],
  ['call-failed microphone-unavailable', A.micUnavailable, CALL_ACTIVE],
  ['transcript', A.agentSaid, IN_CALL],
  ['mute-changed', A.muted, IN_CALL],
  // Where a call is, once a booking is read: a meeting told again is the same state (below).
  ['booking-shown', A.bookingShown, FIXTURES.filter((fixture) => ['browser-call', 'call-scheduled'].includes(S[fixture].step))],
];

const NO_OPS: Array<[string, Fixture, FlowAction]> = APPLIES.flatMap(([name, action, applies]) =>
  FIXTURES.filter((fixture) => !applies.includes(fixture)).map((fixture): [string, Fixture, FlowAction] => [name, fixture, action]),
);

describe('flowReducer: actions that do not apply return the same state object', () => {
  it('the no-op matrix is not empty and covers every action type', () => {
    expect(NO_OPS.length).toBeGreaterThan(300);
    expect(new Set(NO_OPS.map(([, , action]) => action.type)).size).toBe(36);
  });
  it.each(NO_OPS)('%s in %s', (_name, fixture, action) => {
    expect(flowReducer(S[fixture], action)).toBe(S[fixture]);
  });
  // Actions that match the step but whose guard refuses them (the matrix above has the rest).
  it.each<[string, Fixture, FlowAction]>([
    ['typing while sending', 'formSending', A.email],
    ['loading stage 0', 'loading0', { type: 'loading-stage-reached', stage: 0 }],
    ['loading stage -1', 'loading0', { type: 'loading-stage-reached', stage: -1 }],
    ['the same stage twice', 'loading2', A.stage2],
    ['a stage after the last', 'loading3', { type: 'loading-stage-reached', stage: 4 }],
    ['schedule with an empty number', 'congratsDialog', { type: 'phone-submitted', phoneNumber: '' }],
    ['schedule with a number as typed, not E.164', 'congratsDialogNumber', { type: 'phone-submitted', phoneNumber: PHONE }],
    ['schedule with a national number', 'congratsDialogNumber', { type: 'phone-submitted', phoneNumber: '(555) 010-1234' }],
    ['unticking while the host answers', 'phoneSending', A.consentWithdrawn],
    ['the same country picked again', 'congratsDialogFr', A.countryFr],
    ["'Call Me' while the dialog is already open", 'congratsDialogNumber', A.dialogOpened],
    ['assistant loaded twice', 'browserReady', { type: 'assistant-loaded', assistantId: 'asst_other', at: FRESH_AT }],
  ])('%s', (_label, fixture, action) => {
    expect(flowReducer(S[fixture], action)).toBe(S[fixture]);
  });
});

describe('loadingProgress', () => {
  it.each<[number, number]>([
    [-1, 0],
    [0, 0],
    [1, 33],
    [2, 66],
    [3, 100],
    [4, 100],
  ])('stage %i -> %i%%', (stage, percent) => {
    expect(loadingProgress(stage)).toBe(percent);
  });
});

describe('browserCallStatus and callButton: the status texts of spec section 4 and the button beside them', () => {
  it.each<[Fixture, CopyKey, CopyKey, boolean]>([
    ['browserLoading', 'statusGettingAssistant', 'loadingButton', true],
    ['browserReady', 'statusAssistantReady', 'startCall', false],
    // The fetch failed: why it cannot start, not 'Loading...' for ever.
    ['browserFailed', 'statusAssistantError', 'noAssistantButton', true],
    ['browserRetrying', 'statusGettingAssistant', 'loadingButton', true],
    // A start with no assistant reads not ready, even after a failed fetch.
    ['failedNotReady', 'statusNotReady', 'noAssistantButton', true],
    ['notReady', 'statusNotReady', 'loadingButton', true],
    ['browserDialog', 'statusAssistantReady', 'startCall', false],
    ['starting', 'statusStarting', 'endCall', false],
    ['active', 'statusCallStarted', 'endCall', false],
    ['speaking', 'statusSpeaking', 'endCall', false],
    ['listening', 'statusListening', 'endCall', false],
    ['ended', 'statusCallEnded', 'startCall', false],
    ['callError', 'statusError', 'startCall', false],
    ['startError', 'statusError', 'startCall', false],
    // No start can succeed: not offered; the notice's Call Me is the way on.
    ['unavailable', 'statusError', 'startCall', true],
    ['micBlocked', 'statusError', 'startCall', false],
    ['micNotFound', 'statusError', 'startCall', false],
    ['micUnavailable', 'statusError', 'startCall', false],
    // A fresh assistant for the next call: the start can be ended while it is fetched; without one, nothing starts.
    ['renewing', 'statusStarting', 'endCall', false],
    ['renewFailed', 'statusAssistantError', 'noAssistantButton', true],
    ['renewEnded', 'statusCallEnded', 'loadingButton', true],
  ])('%s -> %s, %s (disabled: %s)', (fixture, status, label, disabled) => {
    expect(browserCallStatus(S[fixture])).toBe(status);
    expect(callButton(S[fixture])).toEqual({ label, disabled });
  });
});

// No dead ends on the browser step: what retrying does, and the notice that offers 'Call Me' beside
// it, where the step is stuck; every other state has neither.
const STUCK: Partial<Record<Fixture, [ReturnType<typeof browserCallRetry>, CopyKey]>> = {
  // No assistant: only a new fetch can bring one.
  browserFailed: ['fetch-assistant', 'assistantErrorNotice'],
  failedNotReady: ['fetch-assistant', 'assistantErrorNotice'],
  renewFailed: ['fetch-assistant', 'assistantErrorNotice'],
  // The assistant is there (replaced first, should it be spent): a new start may work.
  callError: ['start-call', 'callErrorNotice'],
  startError: ['start-call', 'callErrorNotice'],
  // No start can succeed: Call Me alone.
  unavailable: ['none', 'callUnavailableNotice'],
  micBlocked: ['start-call', 'microphoneBlocked'],
  micNotFound: ['start-call', 'microphoneNotFound'],
  micUnavailable: ['start-call', 'microphoneUnavailable'],
};

describe('isCallActive, browserCallRetry, browserCallNotice and microphoneNotice: every state decided', () => {
  it.each(FIXTURES)('%s', (fixture) => {
    expect(isCallActive(S[fixture])).toBe(CALL_ACTIVE.includes(fixture));
    expect([browserCallRetry(S[fixture]), browserCallNotice(S[fixture])]).toEqual(STUCK[fixture] ?? ['none', null]);
    expect(microphoneNotice(S[fixture])).toBe(MIC_PROBLEMS.includes(fixture) ? STUCK[fixture]![1] : null);
  });
  it('every notice offers Call Me; those after an error say how to retry, except where no retry can work', () => {
    for (const [, notice] of Object.values(STUCK)) expect(copy[notice], notice).toContain(copy.callMeTitle);
    expect(copy.assistantErrorNotice).toMatch(/try again/i);
    expect(copy.callErrorNotice).toMatch(/start it again/i);
    expect(copy.callUnavailableNotice).not.toMatch(/again/i);
  });
  it('a start after a failed start is a new start, with the same assistant, and the notices go', () => {
    expect(flowReducer(S.startError, A.callRequested)).toMatchObject({ callStatus: 'starting', assistantId: ASSISTANT_ID, assistantStatus: 'ready' });
    for (const fixture of ['startError', ...MIC_PROBLEMS] as const) {
      const again = flowReducer(S[fixture], A.callRequested);
      expect([browserCallNotice(again), microphoneNotice(again)]).toEqual([null, null]);
    }
  });
});

describe('the form view: alert, reasons beside fields, the rest in the alert', () => {
  it.each<[Fixture, ReturnType<typeof formAlert>, ReturnType<typeof firstInvalidField>, string[]]>([
    ['formFilled', null, null, []],
    ['formSending', null, null, []],
    ['formFailed', 'submitError', null, []],
    ['formRefused', 'fieldsInvalid', 'email', []],
    ['formHostRefused', 'submitError', 'company', ['Unknown type.']],
  ])('%s: alert %j, first invalid %j, other reasons %j', (fixture, alert, first, others) => {
    expect(formAlert(S[fixture])).toBe(alert);
    expect(firstInvalidField(S[fixture])).toBe(first);
    expect(otherFieldReasons(S[fixture])).toEqual(others);
  });
  it('reads a reason by field name, never an inherited property', () => {
    expect(fieldError(S.formRefused, 'email')).toBe(copy.emailInvalid);
    expect(fieldError(S.formRefused, 'name')).toBeUndefined();
    const odd = flowReducer(S.formSending, { type: 'submit-failed', fields: JSON.parse('{"__proto__": "x", "constructor": "y"}') as Record<string, string> });
    expect(fieldError(odd, 'name')).toBeUndefined();
    expect(otherFieldReasons(odd)).toEqual(['x', 'y']);
  });
});

describe('captions and Mute through calls', () => {
  const said = (text: string, final = true): FlowAction => ({ type: 'transcript', speaker: 'user', text, final });
  it('a partial then its final make one line; the lines stay after the call and go when the next is asked for', () => {
    const inCall = [said('I run', false), said('I run a gym.')].reduce(flowReducer, S.active);
    expect(inCall.captions).toEqual([{ id: 1, speaker: 'user', text: 'I run a gym.', final: true }]);
    const ended = flowReducer(inCall, A.callEnded);
    expect(ended.captions).toBe(inCall.captions);
    expect(flowReducer(ended, A.callRequested).captions).toEqual([]);
  });
  it('Mute ends with the call (ended or failed), and the same Mute twice is the same state', () => {
    const muted = flowReducer(S.active, A.muted);
    expect(flowReducer(muted, A.muted)).toBe(muted);
    expect(flowReducer(muted, A.callEnded).muted).toBe(false);
    expect(flowReducer(muted, A.callFailed).muted).toBe(false);
    expect(flowReducer(muted, { type: 'mute-changed', muted: false }).muted).toBe(false);
  });
});

it('booking-shown: kept through the calls that follow; the same meeting told again is the same state, another replaces it', () => {
  const booked = flowReducer(S.callScheduled, A.bookingShown);
  expect(flowReducer(booked, { ...A.bookingShown, booking: { ...BOOKING } })).toBe(booked);
  expect(flowReducer(booked, { ...A.bookingShown, booking: { ...BOOKING, start: BOOKING.end, end: '2026-12-08T14:00:00.000Z' } }).booking?.start).toBe(
    BOOKING.end,
  );
  expect(flowReducer(booked, A.browserChosen).booking).toBe(BOOKING);
});
