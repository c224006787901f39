import { WIDGET_ASSISTANT_MINUTES } from '@franchise-ai/shared/assistant-cleanup';
import type { FlowState } from '../reducer.ts';

// Whether the browser call's assistant can still start a call. A host deletes the
// assistant it made for a visitor once the provider reports that assistant's call ended, and sweeps
// away the unused ones after ASSISTANT_LIFETIME_MINUTES (shared/src/assistant-cleanup.ts). The widget
// cannot tell such an assistant from an operator's one, so it treats every assistant alike: a spent
// one is replaced by a fresh one from website_demo_call before the next call.

/** How long after the widget received an assistant it still starts a call with it. */
export const ASSISTANT_SHELF_LIFE_MS = WIDGET_ASSISTANT_MINUTES * 60_000;

/**
 * Whether the flow's assistant is spent at `now` (the page's `Date.now()`): a call was started with it
 * (`assistantUsed`: the voice SDK was given it, so the provider may have made its call, even one that
 * then failed or was ended while starting), or the widget received it more than
 * WIDGET_ASSISTANT_MINUTES ago, or at a time it does not know. False when there is none.
 */
export function isAssistantSpent(state: Pick<FlowState, 'assistantId' | 'assistantReceivedAt' | 'assistantUsed'>, now: number): boolean {
  if (!state.assistantId) return false;
  if (state.assistantUsed || state.assistantReceivedAt === undefined) return true;
  return now - state.assistantReceivedAt > ASSISTANT_SHELF_LIFE_MS;
}
