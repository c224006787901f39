import { describe, expect, it } from 'vitest';
import { copy } from '../copy/copy.ts';
import { submitState, type DemoFormState } from '../first-render/form-rules/validation.ts';
import { firstInvalidField, flowReducer, formAlert, initialFlowState, type FlowState } from './reducer.ts';

// The form's own check before anything is sent (the hosts' rules, shared/src/lead-rules.ts, run by
// the reducer's 'submit-checked'): which typed values it refuses, the reason beside each field,
// where focus goes, and what is sent once fixed. Browser wiring: widget/src/steps/form/field-errors.browser.test.ts.
const VISITOR: DemoFormState = { name: 'Jane Smith', company: 'Acme Burgers', email: 'jane@acme.com', website: 'acme.com', businessType: 'franchisor' };
const EMOJI = '😀';
type Field = 'name' | 'company' | 'email' | 'website';
/** Types the form field by field, then presses Submit: the state once our own check has run. */
function submitted(typed: Partial<DemoFormState>): FlowState {
  const form = { ...VISITOR, ...typed };
  let state = initialFlowState();
  for (const field of ['name', 'company', 'email', 'website'] as const) state = flowReducer(state, { type: 'field-changed', field, value: form[field] });
  state = flowReducer(state, { type: 'submit-started' });
  return flowReducer(state, { type: 'submit-checked' });
}

/** Refused: the reasons beside the fields, our alert, focus on the first, Submit still enabled (spec section 5), nothing sent. */
function expectRefused(state: FlowState, reasons: Partial<Record<Field, string>>, first: Field): void {
  expect(state.fieldErrors).toStrictEqual(reasons);
  expect(formAlert(state)).toBe('fieldsInvalid');
  expect(firstInvalidField(state)).toBe(first);
  expect([state.step, state.sending, state.request]).toEqual(['form', false, null]);
  expect(submitState(state.form, state.sending)).toBe('ready');
}

it.each<[string, Field, string, string]>([
  ['jane@example', 'email', 'jane@example', copy.emailInvalid],
  ['a 201-character name', 'name', 'n'.repeat(201), copy.nameTooLong],
  ['a name of 201 emoji', 'name', EMOJI.repeat(201), copy.nameTooLong],
  ['a 201-character company', 'company', 'c'.repeat(201), copy.companyTooLong],
  ['a website with a space in it', 'website', 'acme burgers.com', copy.websiteInvalid],
])('refused before sending, with the reason beside its field: %s', (_label, field, value, reason) => {
  expectRefused(submitted({ [field]: value }), { [field]: reason }, field);
});

// A website with a scheme other than the web's is never sent, least of all as
// `https://ftp://files.example`; without its scheme it is a website, and gets https://.
describe.each(['ftp://files.example', 'mailto:x@y.z', 'javascript:alert(1)', 'https://ftp://files.example'])('the website %s', (website) => {
  it('is refused with the scheme reason; typed without it, it is sent with https://', () => {
    let state = submitted({ website });
    expectRefused(state, { website: copy.websiteScheme }, 'website');
    state = flowReducer(state, { type: 'field-changed', field: 'website', value: 'files.example' });
    state = flowReducer(flowReducer(state, { type: 'submit-started' }), { type: 'submit-checked' });
    expect(state.sending).toBe(true);
    expect(state.request?.website).toBe('https://files.example');
  });
});
