// The pure half of the time-to-ready bench: from the rounds' raw moments to the rows and the table.
// No browser here, so that the wording and the arithmetic are tested on their own (summary.test.mjs).

/** What each moment means, in the order the table shows them. */
export const MILESTONES = {
  defined: 'element defined',
  frame: 'iframe shell visible',
  control: 'first visible control',
  usable: 'first usable input',
};

/** The median; a round that never reached the moment counts as Infinity, so a median past the timeout is "not reached". */
export function median(values) {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

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

/** Why an embed got no further offline: the hosts its page asked for and could not reach. */
export function unreachable(hosts) {
  const distinct = [...new Set(hosts)].sort();
  return distinct.length === 0 ? '' : `it asked for ${distinct.join(', ')}, unreachable offline`;
}

/**
 * One row per embed from its rounds. A round: { defined, frame, control, usable } in ms from navigation
 * start (null when not reached, undefined when the embed has no such moment, e.g. no custom element),
 * scriptMs and longTasks ({ count, ms }) up to ready (or up to the timeout), and failedHosts.
 */
export function summarize(embed, rounds, _options) {
  const why = unreachable(rounds.flatMap((round) => round.failedHosts));
  const moments = {};
  for (const key of Object.keys(MILESTONES)) {
    if (rounds.every((round) => round[key] === undefined)) continue;
    moments[key] = median(rounds.map((round) => round[key] ?? Infinity));
  }
  const ready = moments[embed.ready] ?? Infinity;
  return {
    id: embed.id,
    name: embed.name,
    readyAs: MILESTONES[embed.ready],
    moments,
    ready,
    scriptMs: median(rounds.map((round) => round.scriptMs)),
    longTaskCount: median(rounds.map((round) => round.longTasks.count)),
    longTaskMs: median(rounds.map((round) => round.longTasks.ms)),
    notReached: Object.entries(moments)
      .filter(([, ms]) => !Number.isFinite(ms))
      .map(([key]) => MILESTONES[key]),
    why,
    rounds: rounds.length,
  };
}

/**
 * The table's rows, each { label, cells: { [embed id]: text } }, with ratios to ours (the first row
 * given): what `pnpm bench` joins to its weight table, and what formatTable prints.
 */
export function tableRows(rows, { timeoutMs }) {
  const ours = rows[0];
  // Only the ready row names what was not reached, and only the last row says why: each once.
  const cell = (row, key) => (key in row.moments ? moment(row.moments[key], { timeoutMs }) : '—');
  const upTo = (row) => (Number.isFinite(row.ready) ? '' : ` (up to ${timeoutMs / 1000} s)`);
  const line = (label, text) => ({ label, cells: Object.fromEntries(rows.map((row) => [row.id, text(row)])) });
  return [
    ...Object.entries(MILESTONES).map(([key, label]) => line(label, (row) => cell(row, key))),
    line('ready', (row) => `${moment(row.ready, { timeoutMs, what: row.readyAs })}${Number.isFinite(row.ready) ? ` (${row.readyAs})` : ''}`),
    line('ready, ratio to ours', (row) => (row === ours ? '1×' : ratio(row.ready, ours.ready, timeoutMs))),
    line('script time to ready', (row) => `${Math.round(row.scriptMs)} ms${upTo(row)}`),
    line('script time, ratio to ours', (row) => (row === ours ? '1×' : ratio(row.scriptMs, ours.scriptMs, timeoutMs))),
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
