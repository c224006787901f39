import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONGRATULATIONS_AT_MS } from '../../figures.ts';
import { flowReducer, initialFlowState, type FlowState } from '../../flow/reducer.ts';
import { forgetFlow, saveFlow } from '../../flow/save-flow.ts';
import { readSavedFlow } from './saved-flow.ts';

// The tab's copy of a flow (LIFECYCLE.md, "Reload and Back"): kept for its host only, and where the
// browser refuses storage, nothing fails.
const BASE = 'https://hooks.example.com/webhook/acme';
const KEY = 'franchise-ai-demo:/demo:0';
const FORM = { name: 'Jane', company: 'Acme', email: 'jane@acme.com', website: '', businessType: 'franchisor' } as const;
const filled = (): FlowState => ({ ...initialFlowState(), form: FORM });
const SUCCEEDED = { type: 'submit-succeeded', agentId: 'MSO-AB12CD', calls: { recorded: null, countries: null, from: null }, at: 5_000 } as const;
const loadingState = (): FlowState => flowReducer(flowReducer(filled(), { type: 'submit-started' }), SUCCEEDED);
/** The three calls save-flow.ts makes of sessionStorage. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('saved flow', () => {
  let storage: ReturnType<typeof memoryStorage>;
  beforeEach(() => vi.stubGlobal('sessionStorage', (storage = memoryStorage())));
  it('keeps the agent for its host, and forgets it', () => {
    const state = loadingState();
    saveFlow(KEY, BASE, state);
    const { request, callTerms } = state;
    expect(readSavedFlow(KEY, BASE)).toEqual({ webhookBase: BASE, request, agentId: 'MSO-AB12CD', callTerms, loadingStartedAt: 5_000, waited: false });
    expect(readSavedFlow(KEY, 'https://other.example.com/webhook/acme'), 'another host').toBeNull();
    saveFlow(KEY, BASE, flowReducer(state, { type: 'loading-finished' }));
    expect(readSavedFlow(KEY, BASE)?.waited).toBe(true);
    forgetFlow(KEY);
    expect(readSavedFlow(KEY, BASE)).toBeNull();
  });
  it("keeps no browser call's assistant: after a reload the step fetches a fresh one (the host deletes a used one)", () => {
    const loaded = { type: 'assistant-loaded', assistantId: 'asst_123', at: 9_000 } as const;
    const actions = [{ type: 'loading-finished' }, { type: 'browser-chosen' }, loaded, { type: 'call-requested' }, { type: 'assistant-used' }] as const;
    const state = actions.reduce(flowReducer, loadingState());
    expect(state).toMatchObject({ step: 'browser-call', assistantId: 'asst_123', assistantUsed: true });
    saveFlow(KEY, BASE, state);
    expect(storage.getItem(KEY)).not.toContain('asst_123');
    expect(readSavedFlow(KEY, BASE)).not.toHaveProperty('assistantId');
  });
  // A reload or Back: the same agent and request, and what is left of the wait.
  it.each([
    ['during the wait: the loading screen, counting from when it began', false, 41_999, { step: 'loading', loadingStage: 0 }],
    ['once the wait would have ended: congratulations', false, CONGRATULATIONS_AT_MS, { step: 'congratulations', loadingStage: 3 }],
    ['after the wait had ended: congratulations, even when the clock now says otherwise', true, 0, { step: 'congratulations' }],
  ] as const)('restored %s', (_name, waited, later, expected) => {
    const state = loadingState();
    saveFlow(KEY, BASE, waited ? flowReducer(state, { type: 'loading-finished' }) : state);
    const restored = flowReducer(initialFlowState(), { type: 'restored', saved: readSavedFlow(KEY, BASE)!, at: 5_000 + later });
    expect(restored).toMatchObject({ ...expected, request: state.request, agentId: 'MSO-AB12CD', callTerms: state.callTerms, loadingStartedAt: 5_000 });
  });
  it('keeps the demoId the host named with the request, and a restore brings it back', () => {
    const named = flowReducer(flowReducer(filled(), { type: 'submit-started' }), { ...SUCCEEDED, demoId: 'AbCdEfGhIjKlMnOpQrStU_' });
    saveFlow(KEY, BASE, named);
    const restored = flowReducer(initialFlowState(), { type: 'restored', saved: readSavedFlow(KEY, BASE)!, at: 6_000 });
    expect(restored.request?.demoId).toBe('AbCdEfGhIjKlMnOpQrStU_');
  });
  it('reads nothing it cannot trust', () => {
    for (const value of ['{', 'null', '{"webhookBase":"https://hooks.example.com/webhook/acme","agentId":1}']) {
      storage.setItem(KEY, value);
      expect(readSavedFlow(KEY, BASE)).toBeNull();
    }
  });
  it('where storage is refused (blocked, private mode), nothing is kept and nothing throws', () => {
    const refused = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    vi.stubGlobal('sessionStorage', { getItem: refused, setItem: refused, removeItem: refused });
    expect(() => saveFlow(KEY, BASE, loadingState())).not.toThrow();
    expect(readSavedFlow(KEY, BASE)).toBeNull();
    expect(() => forgetFlow(KEY)).not.toThrow();
  });
});
