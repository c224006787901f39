import { expect, it } from 'vitest';
import { CONGRATULATIONS_AT_MS } from '../figures.ts';
import { flowReducer, initialFlowState } from './reducer.ts';
import type { SavedFlow } from '../first-render/form-rules/saved-flow.ts';

// What a reload or Back restores (first-render/form-rules/saved-flow.ts).
const REQUEST = { name: 'Jane', company: 'Acme', email: 'jane@acme.com', website: 'https://acme.com', businessType: 'franchisee' } as const;
const KEPT = { request: REQUEST, agentId: 'MSO-AB12CD', callTerms: { recorded: true, countries: null, from: null } } as const;
const savedAt = (loadingStartedAt: number, waited = false): SavedFlow => ({
  webhookBase: 'https://hooks.example.com/webhook/acme',
  ...KEPT,
  loadingStartedAt,
  waited,
});
// The same agent and request, and what is left of the wait.
it.each([
  ['during the wait: the loading screen, counting from when it began', savedAt(1_000), 1_000 + 41_999, { step: 'loading', loadingStage: 0 }],
  ['once the wait would have ended: congratulations', savedAt(1_000), 1_000 + CONGRATULATIONS_AT_MS, { step: 'congratulations', loadingStage: 3 }],
  ['after the wait had ended: congratulations, even when the clock now says otherwise', savedAt(1_000, true), 1_000, { step: 'congratulations' }],
])('a flow restored %s', (_name, saved, at, expected) => {
  expect(flowReducer(initialFlowState(), { type: 'restored', saved, at })).toMatchObject({ ...expected, ...KEPT, loadingStartedAt: 1_000 });
});
