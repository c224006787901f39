// The pure half of the time-to-ready bench: from the rounds' raw moments to the rows and the table.
// No browser here, so that the wording and the arithmetic are tested on their own (summary.test.ts).
// Every median comes with its spread (min–max) over the same rounds.
import { median, withSpread } from '@franchise-ai/test-support/bench-figures.mjs';

/** What each moment means, in the order the table shows them. */
export const MILESTONES = {
  defined: 'element defined',
  frame: 'iframe shell visible',
  control: 'first visible control',
  usable: 'first usable input',
};

/** How many times ours the figure is, e.g. "2.6×"; a figure past the timeout is at least its ratio ("≥ 7.7×"). */
export function ratio(theirs, ours, timeoutMs) {
  if (!Number.isFinite(ours)) return 'n/a (ours not reached)';
  if (Number.isFinite(theirs)) return `${(theirs / ours).toFixed(1)}×`;
  return `≥ ${(timeoutMs / ours).toFixed(1)}×`;
}

export const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

/** A moment's median as the table shows it; past the timeout: "≥ 15 s, not reached" and, when given, what was not. */
export function moment(ms, { timeoutMs, what }) {
  if (Number.isFinite(ms)) return seconds(ms);
  return `≥ ${timeoutMs / 1000} s, not reached${what ? `: ${what}` : ''}`;
}

/** A median with its spread, "1.93 s (1.85–2.10 s)"; no spread when every round agrees; a round past the timeout: "(1.85 s–not reached)". */
export function momentWithSpread({ median: middle, min, max }, { timeoutMs, what }) {
  if (!Number.isFinite(middle) || min === max) return moment(middle, { timeoutMs, what });
  const range = Number.isFinite(max) ? `${(min / 1000).toFixed(2)}–${seconds(max)}` : `${seconds(min)}–not reached`;
  return `${seconds(middle)} (${range})`;
}

/**
 * Each round's ready over ours in the same round (the rounds are interleaved, so both met the same
 * machine): Infinity where theirs was not reached, left out where ours was not.
 */
export function roundRatios(theirs, ours, key) {
  return theirs.flatMap((round, index) => {
    const mine = ours[index]?.[key] ?? null;
    if (mine === null) return [];
    return [(round[key] ?? Infinity) / mine];
  });
}

/** A ratio to two decimals, e.g. "1.52×"; Infinity: "not reached". */
export const times = (value) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : 'not reached');

/** The per-round ratios' median and spread against their target, e.g. "1.52× (1.41–1.60×) round by round; target ≤ 1.15×". */
export function ratioWithTarget({ median: middle, min, max }, target) {
  const range = min === max ? '' : ` (${Number.isFinite(min) ? min.toFixed(2) : 'not reached'}–${times(max)})`;
  return `${times(middle)}${range} round by round; target ≤ ${target}×`;
}

/** Why an embed got no further offline: the hosts its page asked for and could not reach. */
export function unreachable(hosts) {
  const distinct = [...new Set(hosts)].sort();
  return distinct.length === 0 ? '' : `it asked for ${distinct.join(', ')}, unreachable offline`;
}

const NOT_REACHED = { median: Infinity, min: Infinity, max: Infinity };

/**
 * One row per embed from its rounds. A round: { defined, frame, control, usable } in ms from navigation
 * start (null when not reached, undefined when the embed has no such moment, e.g. no custom element),
 * scriptMs and longTasks ({ count, ms }) up to ready (or up to the timeout), and failedHosts.
 * `ours`: our rounds of the same run, for an embed with a `ratioTarget` (its ratio is taken round by round).
 */
export function summarize(embed, rounds, { ours } = {}) {
  const why = unreachable(rounds.flatMap((round) => round.failedHosts));
  const moments = {};
  for (const key of Object.keys(MILESTONES)) {
    if (rounds.every((round) => round[key] === undefined)) continue;
    moments[key] = withSpread(rounds.map((round) => round[key] ?? Infinity));
  }
  const ratios = embed.ratioTarget && ours ? roundRatios(rounds, ours, embed.ready) : [];
  return {
    id: embed.id,
    name: embed.name,
    readyAs: MILESTONES[embed.ready],
    moments,
    ready: moments[embed.ready] ?? NOT_REACHED,
    ...(ratios.length > 0 ? { roundRatio: withSpread(ratios), ratioTarget: embed.ratioTarget } : {}),
    scriptMs: withSpread(rounds.map((round) => round.scriptMs)),
    longTaskCount: median(rounds.map((round) => round.longTasks.count)),
    longTaskMs: median(rounds.map((round) => round.longTasks.ms)),
    notReached: Object.entries(moments)
      .filter(([, stats]) => !Number.isFinite(stats.median))
      .map(([key]) => MILESTONES[key]),
    why,
    rounds: rounds.length,
  };
}

/**
 * One row per subject ({ embed, rounds }, ours first, every subject measured once in each round)
 * over the rounds `indices` only: the others' per-round ratios are to ours in the same rounds.
 */
export function rowsOver(subjects, indices) {
  const pick = (measured) => indices.map((index) => measured[index]);
  const ours = pick(subjects[0].rounds);
  return subjects.map(({ embed, rounds }) => summarize(embed, pick(rounds), { ours }));
}

/**
 * The table's rows, each { label, cells: { [embed id]: text } }, with ratios to ours (the first row
 * given): what `pnpm bench` joins to its weight table, and what formatTable prints.
 */
export function tableRows(rows, { timeoutMs }) {
  const ours = rows[0];
  // Only the ready row names what was not reached, and only the last row says why: each once.
  const cell = (row, key) => (key in row.moments ? momentWithSpread(row.moments[key], { timeoutMs }) : '—');
  const upTo = (row) => (Number.isFinite(row.ready.median) ? '' : ` (up to ${timeoutMs / 1000} s)`);
  const line = (label, text) => ({ label, cells: Object.fromEntries(rows.map((row) => [row.id, text(row)])) });
  const milliseconds = ({ median: middle, min, max }) => `${Math.round(middle)} ms${min === max ? '' : ` (${Math.round(min)}–${Math.round(max)} ms)`}`;
  return [
    ...Object.entries(MILESTONES).map(([key, label]) => line(label, (row) => cell(row, key))),
    line('ready', (row) => `${momentWithSpread(row.ready, { timeoutMs, what: row.readyAs })}${Number.isFinite(row.ready.median) ? ` (${row.readyAs})` : ''}`),
    // A page that should match ours (the site's /demo) gets the ratio round by round, against its target; the alternatives, the ratio of the medians.
    line('ready, ratio to ours', (row) =>
      row === ours ? '1×' : row.roundRatio ? ratioWithTarget(row.roundRatio, row.ratioTarget) : ratio(row.ready.median, ours.ready.median, timeoutMs),
    ),
    line('script time to ready', (row) => `${milliseconds(row.scriptMs)}${upTo(row)}`),
    line('script time, ratio to ours', (row) => (row === ours ? '1×' : ratio(row.scriptMs.median, ours.scriptMs.median, timeoutMs))),
    line('long tasks to ready', (row) => `${row.longTaskCount} (${Math.round(row.longTaskMs)} ms)${upTo(row)}`),
    line('not reached offline', (row) => (row.notReached.length === 0 ? 'nothing' : `${row.notReached.join(', ')}${row.why ? ` (${row.why})` : ''}`)),
  ];
}

/** The table, as Markdown, the embeds as columns (ours first). */
export function formatTable(rows, { timeoutMs }) {
  const header = ['', ...rows.map((row) => row.name)];
  const body = tableRows(rows, { timeoutMs }).map(({ label, cells }) => [label, ...rows.map((row) => cells[row.id])]);
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...body.map((line) => `| ${line.join(' | ')} |`)].join('\n');
}

/** One line of the ready figures (and a ratio with a target), for the rounds a table left out. */
export function readyLine(rows, { timeoutMs }) {
  return rows
    .map(
      (row) =>
        `${row.name} ${momentWithSpread(row.ready, { timeoutMs, what: row.readyAs })}${row.roundRatio ? `, ratio ${ratioWithTarget(row.roundRatio, row.ratioTarget)}` : ''}`,
    )
    .join('; ');
}
