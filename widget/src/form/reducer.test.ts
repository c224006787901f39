import { describe, expect, it } from 'vitest';
import { flowReducer } from '../after-form/reducer.ts';
import { CONGRATULATIONS_AT_MS } from '../figures.ts';
import { formReducer, initialFlowState, type FlowAction, type FlowState } from './reducer.ts';
import type { SavedFlow } from './saved-flow.ts';

// The first render has only the form's reducer; the later steps' chunk brings the whole one. Until
// it arrives, the form's must do exactly what the whole one would for the form's own actions, and
// nothing for any other (nothing else can happen before the chunk is here).

const REQUEST = { name: 'Jane', company: 'Acme', email: 'jane@acme.com', website: 'https://acme.com', businessType: 'franchisee' } as const;
const savedAt = (loadingStartedAt: number, waited = false): SavedFlow => ({
  webhookBase: 'https://hooks.example.com/webhook/acme',
  request: REQUEST,
  agentId: 'MSO-AB12CD',
  callTerms: { recorded: true, countries: null, from: null },
  loadingStartedAt,
  waited,
});
const FILLED: FlowState = { ...initialFlowState(), form: { name: 'Jane', company: 'Acme', email: 'jane@acme.com', website: '', businessType: 'franchisor' } };
const SENDING = formReducer(FILLED, { type: 'submit-started' });

const FORM_ACTIONS: Array<[string, FlowState, FlowAction]> = [
  ['typing', initialFlowState(), { type: 'field-changed', field: 'name', value: 'Jane' }],
  ['the toggle', initialFlowState(), { type: 'business-type-changed', businessType: 'franchisee' }],
  ['submit on an empty form (refused: nothing happens)', initialFlowState(), { type: 'submit-started' }],
  ['submit', FILLED, { type: 'submit-started' }],
  ['sent', SENDING, { type: 'submit-succeeded', agentId: 'MSO-AB12CD', calls: { recorded: false, countries: ['US', 'FR'], from: null }, at: 1_000 }],
  ['not sent', SENDING, { type: 'submit-failed' }],
  ["not sent, with the host's reasons", SENDING, { type: 'submit-failed', fields: { email: 'No.' } }],
  ['restored', initialFlowState(), { type: 'restored', saved: savedAt(1_000), at: 2_000 }],
];

const OTHER_ACTIONS: FlowAction[] = [
  { type: 'submit-checked' },
  { type: 'loading-stage-reached', stage: 1 },
  { type: 'loading-finished' },
  { type: 'phone-dialog-opened' },
  { type: 'phone-consent-changed', given: true },
  { type: 'phone-call-refused', fields: {}, alert: 'No.' },
  { type: 'browser-chosen' },
  { type: 'call-requested' },
  { type: 'public-key-given' },
];

describe('formReducer', () => {
  it.each(FORM_ACTIONS)('%s: as the whole reducer does', (_name, state, action) => {
    expect(formReducer(state, action)).toEqual(flowReducer(state, action));
  });

  it.each(OTHER_ACTIONS)('leaves $type to the later steps: the same state object', (action) => {
    for (const state of [initialFlowState(), FILLED, SENDING]) expect(formReducer(state, action)).toBe(state);
  });

  it('the whole reducer checks what the form sent: a refused request is not sent', () => {
    const refused = flowReducer(formReducer({ ...FILLED, form: { ...FILLED.form, email: 'jane@acme' } }, { type: 'submit-started' }), {
      type: 'submit-checked',
    });
    expect(refused).toMatchObject({ sending: false, request: null, refusals: 1 });
    expect(Object.keys(refused.fieldErrors)).toEqual(['email']);
  });

  // A reload or Back (form/saved-flow.ts): the same agent and request, and what is left of the wait.
  it.each([
    ['during the wait: the loading screen, counting from when it began', savedAt(1_000), 1_000 + 41_999, { step: 'loading', loadingStage: 0 }],
    ['once the wait would have ended: congratulations', savedAt(1_000), 1_000 + CONGRATULATIONS_AT_MS, { step: 'congratulations', loadingStage: 3 }],
    ['after the wait had ended: congratulations, even when the clock now says otherwise', savedAt(1_000, true), 1_000, { step: 'congratulations' }],
  ])('restored %s', (_name, saved, at, expected) => {
    expect(formReducer(initialFlowState(), { type: 'restored', saved, at })).toMatchObject({
      ...expected,
      request: REQUEST,
      agentId: 'MSO-AB12CD',
      callTerms: { recorded: true, countries: null, from: null },
      loadingStartedAt: 1_000,
    });
  });

  it('restores nothing into a flow already under way', () => {
    for (const state of [SENDING, formReducer(SENDING, FORM_ACTIONS[4]![2])])
      expect(formReducer(state, { type: 'restored', saved: savedAt(0), at: 1 })).toBe(state);
  });
});
