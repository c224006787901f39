// The pure half of the landing-paint bench: from each round's timings (read in the page by run.mjs)
// to the lines it prints. No browser here, so that the arithmetic and the wording are tested on
// their own (summary.test.ts).
import { comparableRounds, isComparable, loadNote, withSpread } from '@franchise-ai/test-support/bench-figures.mjs';
import { momentWithSpread, seconds } from '../time-to-ready/summary.mjs';

/** The target: the landing's first contentful paint at most this long after its HTML and CSS have arrived. */
export const TARGET_GAP_MS = 300;
/** How long a round waits for the page's load and first paint. */
export const TIMEOUT_MS = 15_000;

const fileName = (url) => new URL(url).pathname.split('/').pop();

/**
 * A round: `html` (the document's responseEnd), `blocking` ([{ url, end }]: every render-blocking
 * resource's responseEnd; today the one stylesheet), `fcp` (null when not reached), `domContentLoaded`,
 * `longTasks` ({ count, ms } before the paint), `load` and `othersCores` (bench-figures.mjs's
 * startSample, over the round), all times in ms from navigation start. When the page could first paint: the HTML and every
 * render-blocking resource arrived.
 */
export const arrivedAt = (round) => Math.max(round.html, ...round.blocking.map((resource) => resource.end));

/** First contentful paint less the moment the HTML and its render-blocking CSS had all arrived; Infinity without a paint. */
export const gap = (round) => (round.fcp === null ? Infinity : round.fcp - arrivedAt(round));

const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'no paint');

/** One round's line, with its load, other processes' CPU and, when it is not comparable, the mark. */
export function roundLine(round, index, total) {
  const css = round.blocking.map((resource) => `${fileName(resource.url)} ${seconds(resource.end)}`).join(', ') || 'none';
  const paint = round.fcp === null ? 'no first contentful paint' : `first contentful paint ${seconds(round.fcp)}`;
  return (
    `round ${index + 1}/${total}: HTML ${seconds(round.html)}, render-blocking ${css}, ${paint}: ${ms(gap(round))} after both had arrived` +
    ` (DOMContentLoaded ${seconds(round.domContentLoaded)}, long tasks before the paint ${round.longTasks.count}, ${Math.round(round.longTasks.ms)} ms)` +
    ` | ${loadNote(round)}`
  );
}

/** "640 ms (520–910 ms)": a median with its spread; no spread when the rounds agree. */
export function msWithSpread(values) {
  const { median, min, max } = withSpread(values);
  if (!Number.isFinite(median) || min === max) return ms(median);
  return `${ms(median)} (${Math.round(min)}–${ms(max)})`;
}

/** The summary: the gap's median and spread over the comparable rounds (or all, saying so), against the target. */
export function summaryLines(rounds) {
  const { indices, mixed, which } = comparableRounds(rounds.map((round) => isComparable(round)));
  const gaps = (picked) => msWithSpread(picked.map((round) => gap(round)));
  const used = indices.map((index) => rounds[index]);
  const moment = (values) => momentWithSpread(withSpread(values), { timeoutMs: TIMEOUT_MS });
  const lines = [
    `first contentful paint after the HTML and CSS had arrived, median (min–max) of ${which}: ${gaps(used)} (target ≤ ${TARGET_GAP_MS} ms)`,
    `  HTML and CSS arrived at ${moment(used.map((round) => arrivedAt(round)))}, first contentful paint at ${moment(used.map((round) => round.fcp ?? Infinity))}`,
  ];
  if (mixed) lines.push(`  with the not-comparable rounds too (all ${rounds.length}): ${gaps(rounds)}`);
  return lines;
}
