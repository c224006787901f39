// How the benches qualify a timing so that someone else can reproduce it: the machine's load
// average beside it, whether that load leaves it comparable, and medians with their spread. Shared
// by bench/ (time to ready, landing paint) and site/bench/ (Lighthouse), so that the rule is one.
// Plain JavaScript: the benches are node scripts and Node 20 cannot import this package's TypeScript.
import { loadavg } from 'node:os';

/**
 * Above this 1-minute load average a timing is "not comparable" (issue 32's rule): the figures are
 * taken on 2-core machines shared with other jobs, where the bench's own browser is part of the
 * load, and anything much beyond it competes with what is being timed.
 */
export const LOAD_LIMIT = 1.5;

/** The 1, 5 and 15-minute load averages now. */
export const loadAverage = () => loadavg();

/** `0.91 1.27 1.83`. */
export const formatLoad = (figures) => figures.map((figure) => figure.toFixed(2)).join(' ');

/** Whether a timing taken under this load (its 1-minute figure) compares with others. */
export const isComparable = (figures) => figures[0] <= LOAD_LIMIT;

/** What a timing's line ends with: its load, and the mark when that load leaves it not comparable. */
export const loadNote = (figures) =>
  `load average ${formatLoad(figures)}${isComparable(figures) ? '' : ` — not comparable (1-minute load above ${LOAD_LIMIT})`}`;

/**
 * Which rounds the medians are taken over, from each round's comparability: the comparable ones
 * when there is at least one, else all of them, with `which` saying so in words. `mixed`: some
 * rounds were left out, so a caller prints the figures with them as well.
 */
export function comparableRounds(comparable) {
  const total = comparable.length;
  const kept = comparable.flatMap((ok, index) => (ok ? [index] : []));
  const rule = `1-minute load above ${LOAD_LIMIT}`;
  const rounds = (count) => `${count} round${count === 1 ? '' : 's'}`;
  if (kept.length === total) return { indices: kept, mixed: false, which: `all ${rounds(total)}, every one comparable` };
  if (kept.length === 0)
    return {
      indices: comparable.map((_, index) => index),
      mixed: false,
      which: `all ${rounds(total)}, none comparable (${rule} in each): figures of a busy machine`,
    };
  return {
    indices: kept,
    mixed: true,
    which: `the ${kept.length} comparable of ${rounds(total)} (${total - kept.length} not comparable: ${rule})`,
  };
}

/** The median; Infinity (a moment never reached) sorts last, so a median past a timeout stays Infinity. */
export function median(values) {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The median with the smallest and largest value: what every median the benches print comes with. */
export function withSpread(values) {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}
