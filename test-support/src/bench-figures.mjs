// How the benches qualify a timing so that someone else can reproduce it: the machine's load
// average beside it, whether what else ran meanwhile leaves it comparable, and medians with their
// spread. Shared by bench/ (time to ready, landing paint, submit to loading) and site/bench/
// (Lighthouse), so that the rule is one.
// Plain JavaScript: the benches are node scripts and Node 20 cannot import this package's TypeScript.
import { loadavg } from 'node:os';
import { othersCores, readCpu } from './cpu-sample.mjs';

/**
 * A timing is "not comparable" above a 1-minute load of 1.5 on the benches' 2-core machines. The
 * load average cannot tell it: the bench itself keeps about one core busy (its Chromium, CPU-throttled
 * 4x, and its local servers: alone on an idle machine they made the load average 1.4-2.2), so it would
 * mark the bench's own rounds. What is counted instead is the CPU of every process outside the bench's
 * tree during the timing, allowed half a core: bench about 1 + others 0.5 is that 1.5.
 */
export const OTHERS_LIMIT = 0.5;
/** The rule where other processes' CPU is not measured (not Linux: no /proc): the 1-minute load average. */
export const LOAD_LIMIT = 1.5;
const MEASURED = process.platform === 'linux';
/** The rule in words, for the notes and the summaries. */
export const RULE = MEASURED ? `other processes above ${OTHERS_LIMIT} core` : `1-minute load above ${LOAD_LIMIT}`;

/** The 1, 5 and 15-minute load averages now. */
export const loadAverage = () => loadavg();

/** `0.91 1.27 1.83`. */
export const formatLoad = (figures) => figures.map((figure) => figure.toFixed(2)).join(' ');

/**
 * Starts watching the machine while a timing is taken; `stop()` when it ends gives `{ load, othersCores }`:
 * the load averages then, and the cores other processes used on average meanwhile (null where not measured).
 */
export function startSample() {
  const before = MEASURED ? readCpu() : undefined;
  return { stop: () => ({ load: loadavg(), othersCores: before ? othersCores(before, readCpu()) : null }) };
}

/** Whether a timing with these figures (startSample's) compares with others. */
export const isComparable = ({ load, othersCores: others }) => (typeof others === 'number' ? others <= OTHERS_LIMIT : load[0] <= LOAD_LIMIT);

/** What a timing's line ends with: its load average, other processes' CPU, and the mark when it is not comparable. */
export const loadNote = (figures) =>
  `load average ${formatLoad(figures.load)}${typeof figures.othersCores === 'number' ? `, others ${figures.othersCores.toFixed(2)} cores` : ''}${isComparable(figures) ? '' : ` — not comparable (${RULE})`}`;

/**
 * Which rounds the medians are taken over, from each round's comparability: the comparable ones
 * when there is at least one, else all of them, with `which` saying so in words. `mixed`: some
 * rounds were left out, so a caller prints the figures with them as well.
 */
export function comparableRounds(comparable) {
  const total = comparable.length;
  const kept = comparable.flatMap((ok, index) => (ok ? [index] : []));
  const rounds = (count) => `${count} round${count === 1 ? '' : 's'}`;
  if (kept.length === total) return { indices: kept, mixed: false, which: `all ${rounds(total)}, every one comparable` };
  if (kept.length === 0)
    return {
      indices: comparable.map((_, index) => index),
      mixed: false,
      which: `all ${rounds(total)}, none comparable (${RULE} in each): figures of a busy machine`,
    };
  return {
    indices: kept,
    mixed: true,
    which: `the ${kept.length} comparable of ${rounds(total)} (${total - kept.length} not comparable: ${RULE})`,
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
