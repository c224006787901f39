import { describe, expect, it } from 'vitest';
import { ASSISTANT_LIFETIME_MINUTES, WIDGET_ASSISTANT_MINUTES } from '@franchise-ai/shared/assistant-cleanup';
import { MAX_CALL_SECONDS } from '@franchise-ai/shared/voice-requests';
import { ASSISTANT_SHELF_LIFE_MS, isAssistantSpent } from './fresh-assistant.ts';

// When the browser call's assistant must be replaced before the next call (the host deletes a used one).
const RECEIVED = 1_700_000_000_000;
const MINUTE = 60_000;
const held = (more: { assistantUsed?: boolean; assistantReceivedAt?: number } = { assistantReceivedAt: RECEIVED }) => ({ assistantId: 'asst_123', ...more });

describe('isAssistantSpent', () => {
  it.each<[string, Parameters<typeof isAssistantSpent>[0], number, boolean]>([
    ['no assistant: nothing to replace', { assistantId: null }, RECEIVED, false],
    ['no assistant, an old receipt left over', { assistantId: null, assistantReceivedAt: 0, assistantUsed: true }, RECEIVED, false],
    ['just received', held(), RECEIVED, false],
    ['44 minutes on', held(), RECEIVED + 44 * MINUTE, false],
    ['exactly 45 minutes on: not older yet', held(), RECEIVED + 45 * MINUTE, false],
    ['older than 45 minutes', held(), RECEIVED + 45 * MINUTE + 1, true],
    ['hours on', held(), RECEIVED + 5 * 60 * MINUTE, true],
    ['a clock set back since: its age is not known to be over', held(), RECEIVED - 10 * MINUTE, false],
    ['a call was started with it, a moment ago', held({ assistantReceivedAt: RECEIVED, assistantUsed: true }), RECEIVED + 1_000, true],
    ['received at a time not known', held({}), RECEIVED, true],
  ])('%s -> %s', (_label, state, now, spent) => {
    expect(isAssistantSpent(state, now)).toBe(spent);
  });
  it("replaces it in time: a call started by then, however long, is over before the hosts' sweep may delete it", () => {
    expect(ASSISTANT_SHELF_LIFE_MS).toBe(WIDGET_ASSISTANT_MINUTES * MINUTE);
    expect(WIDGET_ASSISTANT_MINUTES).toBe(45);
    expect(ASSISTANT_SHELF_LIFE_MS + MAX_CALL_SECONDS * 1_000).toBeLessThan(ASSISTANT_LIFETIME_MINUTES * MINUTE);
  });
});
