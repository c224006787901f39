// The benches' shared rule for comparable figures (bench-figures.mjs): no timing asserted.
import { expect, test } from 'vitest';
import { comparableRounds, formatLoad, isComparable, LOAD_LIMIT, loadNote, median, withSpread } from './bench-figures.mjs';

test('a timing is comparable up to a 1-minute load of 1.5, whatever the 5 and 15-minute figures', () => {
  expect(LOAD_LIMIT).toBe(1.5);
  expect(isComparable([1.5, 9, 9])).toBe(true);
  expect(isComparable([1.51, 0, 0])).toBe(false);
  expect(formatLoad([0.912, 1.2, 12])).toBe('0.91 1.20 12.00');
  expect(loadNote([0.5, 1, 2])).toBe('load average 0.50 1.00 2.00');
  expect(loadNote([2.25, 1, 2])).toBe('load average 2.25 1.00 2.00 — not comparable (1-minute load above 1.5)');
});

test('medians are taken over the comparable rounds when there are any, and the words say which', () => {
  expect(comparableRounds([true, true])).toEqual({ indices: [0, 1], mixed: false, which: 'all 2 rounds, every one comparable' });
  expect(comparableRounds([true]).which).toBe('all 1 round, every one comparable');
  expect(comparableRounds([true, false, true])).toEqual({
    indices: [0, 2],
    mixed: true,
    which: 'the 2 comparable of 3 rounds (1 not comparable: 1-minute load above 1.5)',
  });
  expect(comparableRounds([false, false])).toEqual({
    indices: [0, 1],
    mixed: false,
    which: 'all 2 rounds, none comparable (1-minute load above 1.5 in each): figures of a busy machine',
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
