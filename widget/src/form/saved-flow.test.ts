import { describe, expect, it, vi } from 'vitest';
import { flowReducer } from '../after-form/reducer.ts';
import { formReducer, initialFlowState, type FlowState } from './reducer.ts';
import { forgetFlow, saveFlow } from '../after-form/flow/save-flow.ts';
import { readSavedFlow } from './saved-flow.ts';

// The tab's copy of a flow (LIFECYCLE.md, "Reload and Back"): kept for its host only, and where the
// browser refuses storage, nothing fails.

const BASE = 'https://hooks.example.com/webhook/acme';
const KEY = 'franchise-ai-demo:/demo:0';

const filled = (): FlowState => ({
  ...initialFlowState(),
  form: { name: 'Jane', company: 'Acme', email: 'jane@acme.com', website: '', businessType: 'franchisor' },
});
const SUCCEEDED = { type: 'submit-succeeded', agentId: 'MSO-AB12CD', calls: { recorded: null, countries: null, from: null }, at: 5_000 } as const;
const loadingState = (): FlowState => flowReducer(formReducer(filled(), { type: 'submit-started' }), SUCCEEDED);

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
    key: () => null,
    get length() {
      return items.size;
    },
  };
}

describe('saved flow', () => {
  it('keeps the agent for its host, and forgets it', () => {
    vi.stubGlobal('sessionStorage', memoryStorage());
    const state = loadingState();
    saveFlow(KEY, BASE, state);
    expect(readSavedFlow(KEY, BASE)).toEqual({
      webhookBase: BASE,
      request: state.request,
      agentId: 'MSO-AB12CD',
      callTerms: state.callTerms,
      loadingStartedAt: 5_000,
      waited: false,
    });
    expect(readSavedFlow(KEY, 'https://other.example.com/webhook/acme'), 'another host').toBeNull();
    saveFlow(KEY, BASE, flowReducer(state, { type: 'loading-finished' }));
    expect(readSavedFlow(KEY, BASE)?.waited).toBe(true);
    forgetFlow(KEY);
    expect(readSavedFlow(KEY, BASE)).toBeNull();
  });

  it("keeps no browser call's assistant: after a reload the step fetches a fresh one (the host deletes a used one)", () => {
    const storage = memoryStorage();
    vi.stubGlobal('sessionStorage', storage);
    const actions = [
      { type: 'loading-finished' },
      { type: 'browser-chosen' },
      { type: 'assistant-loaded', assistantId: 'asst_123', at: 9_000 },
      { type: 'call-requested' },
      { type: 'assistant-used' },
    ] as const;
    const state = actions.reduce(flowReducer, loadingState());
    expect(state).toMatchObject({ step: 'browser-call', assistantId: 'asst_123', assistantUsed: true });
    saveFlow(KEY, BASE, state);
    expect(storage.getItem(KEY)).not.toContain('asst_123');
    expect(readSavedFlow(KEY, BASE)).not.toHaveProperty('assistantId');
  });

  it('keeps the demoId the host named with the request, and a restore brings it back', () => {
    vi.stubGlobal('sessionStorage', memoryStorage());
    const named = flowReducer(formReducer(filled(), { type: 'submit-started' }), { ...SUCCEEDED, demoId: 'AbCdEfGhIjKlMnOpQrStU_' });
    saveFlow(KEY, BASE, named);
    const restored = flowReducer(initialFlowState(), { type: 'restored', saved: readSavedFlow(KEY, BASE)!, at: 6_000 });
    expect(restored.request?.demoId).toBe('AbCdEfGhIjKlMnOpQrStU_');
  });

  it('reads nothing it cannot trust', () => {
    const storage = memoryStorage();
    vi.stubGlobal('sessionStorage', storage);
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
