import type { FlowState } from './reducer.ts';
import type { SavedFlow } from '../first-render/form-rules/saved-flow.ts';

/** Keeps the flow's agent in the tab under `key`, once it has one; quietly does nothing where storage is refused. */
export function saveFlow(key: string, webhookBase: string, state: FlowState): void {
  const { request, agentId, callTerms, loadingStartedAt } = state;
  if (!request || !agentId || loadingStartedAt === null) return;
  const saved: SavedFlow = { webhookBase, request, agentId, callTerms, loadingStartedAt, waited: state.step !== 'loading' };
  try {
    sessionStorage.setItem(key, JSON.stringify(saved));
  } catch {
    // Blocked storage, a full quota: a reload starts afresh.
  }
}

export function forgetFlow(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing was kept.
  }
}
