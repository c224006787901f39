import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { PROGRESS_BYTES, STALL_MS, watchProgress } from './read-progress.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

test('a byte a second is no progress: stalled once, STALL_MS after the last response ended', () => {
  const stalled = vi.fn();
  const watch = watchProgress(stalled);
  vi.advanceTimersByTime(STALL_MS - 1_000);
  watch.progressed();
  for (let second = 0; second < STALL_MS / 1_000 - 1; second++) {
    watch.received(1);
    vi.advanceTimersByTime(1_000);
  }
  expect(stalled).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1_000);
  expect(stalled).toHaveBeenCalledTimes(1);
  vi.advanceTimersByTime(STALL_MS * 3);
  expect(stalled).toHaveBeenCalledTimes(1);
});

test('PROGRESS_BYTES arriving, or a response ending, start the window again; stop ends the watch', () => {
  const stalled = vi.fn();
  const watch = watchProgress(stalled);
  for (let step = 0; step < 4; step++) {
    vi.advanceTimersByTime(STALL_MS - 1);
    watch.received(PROGRESS_BYTES / 2);
    watch.received(PROGRESS_BYTES / 2);
  }
  vi.advanceTimersByTime(STALL_MS - 1);
  watch.progressed();
  vi.advanceTimersByTime(STALL_MS - 1);
  watch.stop();
  vi.advanceTimersByTime(STALL_MS * 2);
  expect(stalled).not.toHaveBeenCalled();
});
