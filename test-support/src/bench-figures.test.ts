// The benches' shared rule for comparable figures (bench-figures.mjs): no timing asserted.
import { expect, test } from 'vitest';
import { comparableRounds, formatLoad, isComparable, LOAD_LIMIT, loadNote, median, OTHERS_LIMIT, RULE, startSample, withSpread } from './bench-figures.mjs';

const BUSY_LOAD = [2.25, 1, 2];

test('a timing is comparable while other processes used at most half a core, whatever the load average, which is printed beside', () => {
  expect(OTHERS_LIMIT).toBe(0.5);
  expect(isComparable({ load: BUSY_LOAD, othersCores: 0.5 })).toBe(true);
  expect(isComparable({ load: [0.1, 0, 0], othersCores: 0.51 })).toBe(false);
  expect(formatLoad([0.912, 1.2, 12])).toBe('0.91 1.20 12.00');
  expect(loadNote({ load: [1.62, 1.4, 1.1], othersCores: 0.081 })).toBe('load average 1.62 1.40 1.10, others 0.08 cores');
  expect(loadNote({ load: [0.5, 1, 2], othersCores: 0.9 })).toBe(`load average 0.50 1.00 2.00, others 0.90 cores — not comparable (${RULE})`);
});

test('where other processes are not measured (not Linux), the 1-minute load average decides, up to 1.5', () => {
  expect(LOAD_LIMIT).toBe(1.5);
  expect(isComparable({ load: [1.5, 9, 9], othersCores: null })).toBe(true);
  expect(isComparable({ load: [1.51, 0, 0], othersCores: null })).toBe(false);
  expect(loadNote({ load: [0.5, 1, 2], othersCores: null })).toBe('load average 0.50 1.00 2.00');
  expect(loadNote({ load: BUSY_LOAD, othersCores: null })).toBe(`load average 2.25 1.00 2.00 — not comparable (${RULE})`);
  expect(RULE).toBe(process.platform === 'linux' ? 'other processes above 0.5 core' : '1-minute load above 1.5');
});

test("a sample gives the load averages when it stops and, on Linux, other processes' cores meanwhile", () => {
  const { load, othersCores } = startSample().stop();
  expect(load).toHaveLength(3);
  if (process.platform === 'linux') expect(othersCores).toBeGreaterThanOrEqual(0);
  else expect(othersCores).toBeNull();
});

test('medians are taken over the comparable rounds when there are any, and the words say which', () => {
  expect(comparableRounds([true, true])).toEqual({ indices: [0, 1], mixed: false, which: 'all 2 rounds, every one comparable' });
  expect(comparableRounds([true]).which).toBe('all 1 round, every one comparable');
  expect(comparableRounds([true, false, true])).toEqual({
    indices: [0, 2],
    mixed: true,
    which: `the 2 comparable of 3 rounds (1 not comparable: ${RULE})`,
  });
  expect(comparableRounds([false, false])).toEqual({
    indices: [0, 1],
    mixed: false,
    which: `all 2 rounds, none comparable (${RULE} in each): figures of a busy machine`,
  });
});

test('median and spread: the middle value or the mean of the two, Infinity (never reached) sorting last', () => {
  expect(median([3, 1, 2])).toBe(2);
  expect(median([4, 1, 3, 2])).toBe(2.5);
  expect(median([5, Infinity, Infinity])).toBe(Infinity);
  expect(median([5, 6, Infinity])).toBe(6);
  expect(() => median([])).toThrow(/no values/);
  expect(withSpread([3, 1, 2, Infinity])).toEqual({ median: 2.5, min: 1, max: Infinity });
});
