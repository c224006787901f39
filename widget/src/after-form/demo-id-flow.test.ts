import { describe, expect, it } from 'vitest';
import { flowReducer, initialFlowState, type FlowAction, type FlowState } from './reducer.ts';
import { toPhoneCallRequest } from '../form/validation.ts';

// The demoId demo_form answered rides on the flow's request from the answer on: the later calls send
// that request, and the tab keeps it with the request (form/saved-flow.test.ts), so a reload still names the demo.

const DEMO_ID = 'AbCdEfGhIjKlMnOpQrStU_';
const CALLS = { recorded: null, countries: null, from: null };
const fill: FlowAction[] = [
  { type: 'field-changed', field: 'name', value: 'Jane Smith' },
  { type: 'field-changed', field: 'company', value: 'Acme Franchise' },
  { type: 'field-changed', field: 'email', value: 'jane@acme.com' },
  { type: 'field-changed', field: 'website', value: 'acme.com' },
  { type: 'submit-started' },
  { type: 'submit-checked' },
];
const run = (...actions: FlowAction[]): FlowState => actions.reduce(flowReducer, initialFlowState());

describe("submit-succeeded with the host's demoId", () => {
  it('puts the demoId on the request the later calls send', () => {
    const state = run(...fill, { type: 'submit-succeeded', agentId: 'MSO-AB12CD', calls: CALLS, at: 1, demoId: DEMO_ID });
    expect(state.step).toBe('loading');
    expect(state.request?.demoId).toBe(DEMO_ID);
    expect(toPhoneCallRequest(state.request!, '+12015550123', 'I agree').demoId).toBe(DEMO_ID);
  });

  it.each([{}, { demoId: null }])('leaves the request as sent to demo_form when the host named no demo (%j)', (named) => {
    const state = run(...fill, { type: 'submit-succeeded', agentId: 'MSO-AB12CD', calls: CALLS, at: 1, ...named });
    expect(state.step).toBe('loading');
    expect(state.request).not.toHaveProperty('demoId');
  });

  it('names no demo when the answer comes to a flow that is not sending', () => {
    const state = run({ type: 'submit-succeeded', agentId: 'MSO-AB12CD', calls: CALLS, at: 1, demoId: DEMO_ID });
    expect(state).toStrictEqual(initialFlowState());
  });
});
