import { WIDGET_ASSISTANT_MINUTES } from '@franchise-ai/shared/assistant-cleanup';
import type { FlowState } from './reducer.ts';

// Hosts delete a visitor's assistant after its call (shared assistant-cleanup.ts); the widget cannot tell it from an operator's.

export const ASSISTANT_SHELF_LIFE_MS = WIDGET_ASSISTANT_MINUTES * 60_000;

/** Spent: the SDK was given it (the provider may have made its call, even a failed one), or it is too old or of unknown age. */
export function isAssistantSpent(state: Pick<FlowState, 'assistantId' | 'assistantReceivedAt' | 'assistantUsed'>, now: number): boolean {
  if (!state.assistantId) return false;
  if (state.assistantUsed || state.assistantReceivedAt === undefined) return true;
  return now - state.assistantReceivedAt > ASSISTANT_SHELF_LIFE_MS;
}
