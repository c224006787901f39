import { describe, expect, it } from 'vitest';
import { AGENT_ID_LENGTH, AGENT_ID_PREFIX, CONGRATULATIONS_AT_MS, LOADING_STAGES, WEBHOOK_TIMEOUT_MS } from './figures.ts';

describe('spec section 9: loading timings', () => {
  it('runs the loading stages at 15 s, 28 s and 38 s with 33, 66 and 100 percent', () => {
    expect(LOADING_STAGES).toStrictEqual([
      { atMs: 15_000, progress: 33 },
      { atMs: 28_000, progress: 66 },
      { atMs: 38_000, progress: 100 },
    ]);
  });

  it('keeps the loading stages in order, ending at 100 percent', () => {
    for (let i = 1; i < LOADING_STAGES.length; i++) {
      const previous = LOADING_STAGES[i - 1];
      const current = LOADING_STAGES[i];
      expect(previous).toBeDefined();
      expect(current).toBeDefined();
      expect(current?.atMs).toBeGreaterThan(previous?.atMs ?? Infinity);
      expect(current?.progress).toBeGreaterThan(previous?.progress ?? Infinity);
    }
    expect(LOADING_STAGES.at(-1)?.progress).toBe(100);
  });

  it('opens the congratulations step at 42 s, after the last loading stage', () => {
    expect(CONGRATULATIONS_AT_MS).toBe(42_000);
    expect(CONGRATULATIONS_AT_MS).toBeGreaterThan(LOADING_STAGES.at(-1)?.atMs ?? Infinity);
  });
});

describe('spec section 9: agent id', () => {
  it('is MSO- followed by 6 characters', () => {
    expect(AGENT_ID_PREFIX).toBe('MSO-');
    expect(AGENT_ID_LENGTH).toBe(6);
  });
});

describe('our own webhook ceiling', () => {
  it('have a finite, positive timeout of our own', () => {
    expect(WEBHOOK_TIMEOUT_MS).toBe(20_000);
    expect(Number.isFinite(WEBHOOK_TIMEOUT_MS)).toBe(true);
  });
});
