import { describe, expect, it } from 'vitest';
import { CONGRATULATIONS_AT_MS, LOADING_STAGES, WEBHOOK_TIMEOUT_MS } from './figures.ts';

describe('spec section 9: loading timings', () => {
  it('runs the loading stages at 15 s, 28 s and 38 s with 33, 66 and 100 percent', () => {
    expect(LOADING_STAGES).toStrictEqual([
      { atMs: 15_000, progress: 33 },
      { atMs: 28_000, progress: 66 },
      { atMs: 38_000, progress: 100 },
    ]);
  });
  it('opens the congratulations step at 42 s, after the last loading stage', () => {
    expect(CONGRATULATIONS_AT_MS).toBe(42_000);
  });
});

it('our own webhook ceiling is 20 s', () => {
  expect(WEBHOOK_TIMEOUT_MS).toBe(20_000);
});
