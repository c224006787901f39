// The pure half of the time-to-ready bench (summary.mjs): no browser, no timing asserted. In the
// vitest project 'bench': `npx vitest run --project bench time-to-ready/`.
import { test } from 'vitest';
import assert from 'node:assert/strict';
import {
  MILESTONES,
  formatTable,
  moment,
  momentWithSpread,
  ratio,
  ratioWithTarget,
  readyLine,
  roundRatios,
  rowsOver,
  summarize,
  times,
  unreachable,
} from './summary.mjs';

const TIMEOUT = { timeoutMs: 15_000 };

test('ratio: times ours to one decimal; at least the timeout over ours when theirs was not reached', () => {
  assert.equal(ratio(5000, 2000, 15_000), '2.5×');
  assert.equal(ratio(Infinity, 2000, 15_000), '≥ 7.5×');
  assert.equal(ratio(1000, Infinity, 15_000), 'n/a (ours not reached)');
});

test('moment: seconds to two decimals, or "≥ 15 s, not reached" naming what when asked', () => {
  assert.equal(moment(1937.4, TIMEOUT), '1.94 s');
  assert.equal(moment(Infinity, TIMEOUT), '≥ 15 s, not reached');
  assert.equal(moment(Infinity, { ...TIMEOUT, what: 'first visible control' }), '≥ 15 s, not reached: first visible control');
});

test('momentWithSpread: the median with min–max; none when the rounds agree; a round past the timeout as "not reached"', () => {
  assert.equal(momentWithSpread({ median: 1930, min: 1850, max: 2104 }, TIMEOUT), '1.93 s (1.85–2.10 s)');
  assert.equal(momentWithSpread({ median: 1930, min: 1930, max: 1930 }, TIMEOUT), '1.93 s');
  assert.equal(momentWithSpread({ median: 1930, min: 1850, max: Infinity }, TIMEOUT), '1.93 s (1.85 s–not reached)');
  assert.equal(momentWithSpread({ median: Infinity, min: 1850, max: Infinity }, { ...TIMEOUT, what: 'a control' }), '≥ 15 s, not reached: a control');
});

test('roundRatios: theirs over ours round by round; Infinity where theirs was not reached, nothing where ours was not', () => {
  const theirs = [{ usable: 3000 }, { usable: null }, { usable: 2500 }];
  const ours = [{ usable: 2000 }, { usable: 2000 }, { usable: null }];
  assert.deepEqual(roundRatios(theirs, ours, 'usable'), [1.5, Infinity]);
});

test('ratioWithTarget: two decimals with the spread and the target; times() says "not reached" for Infinity', () => {
  assert.equal(ratioWithTarget({ median: 1.523, min: 1.41, max: 1.6 }, 1.15), '1.52× (1.41–1.60×) round by round; target ≤ 1.15×');
  assert.equal(ratioWithTarget({ median: 1.1, min: 1.1, max: 1.1 }, 1.15), '1.10× round by round; target ≤ 1.15×');
  assert.equal(times(Infinity), 'not reached');
});

test('unreachable: each host once, sorted; nothing when it asked for none', () => {
  assert.equal(
    unreachable(['form.typeform.com', 'embed.typeform.com', 'form.typeform.com']),
    'it asked for embed.typeform.com, form.typeform.com, unreachable offline',
  );
  assert.equal(unreachable([]), '');
});

const round = (fields: object) => ({ scriptMs: 100, longTasks: { count: 1, ms: 60 }, failedHosts: [], ...fields });
const ours = { id: 'ours', name: 'this widget', ready: 'usable' };
const theirs = { id: 'theirs', name: 'an embed', ready: 'control' };
const page = { id: 'page', name: 'our page', ready: 'usable', ratioTarget: 1.15 };

test("summarize: medians with spread per moment, ready from the embed's own moment, what was not reached and why", () => {
  const row = summarize(theirs, [
    round({ defined: 900, control: null, failedHosts: ['api.example'] }),
    round({ defined: 1100, control: 5000 }),
    round({ defined: 1000, control: null, scriptMs: 300 }),
  ]);
  assert.deepEqual(row.moments, { defined: { median: 1000, min: 900, max: 1100 }, control: { median: Infinity, min: 5000, max: Infinity } });
  assert.equal(row.ready.median, Infinity);
  assert.equal(row.readyAs, MILESTONES.control);
  assert.deepEqual(row.notReached, [MILESTONES.control]);
  assert.equal(row.why, 'it asked for api.example, unreachable offline');
  assert.deepEqual(row.scriptMs, { median: 100, min: 100, max: 300 });
  assert.equal('roundRatio' in row, false);
  // A moment the embed does not have (no custom element: `defined` undefined in every round) is left out, not "not reached".
  assert.deepEqual(Object.keys(summarize(theirs, [round({ control: 10 })]).moments), ['control']);
});

test('summarize: a page with a ratio target gets its ratio to ours round by round, not the ratio of the medians', () => {
  const mine = [round({ usable: 2000 }), round({ usable: 1000 }), round({ usable: 4000 })];
  const row = summarize(page, [round({ usable: 3000 }), round({ usable: 1100 }), round({ usable: 4400 })], { ours: mine });
  assert.deepEqual(row.roundRatio, { median: 1.1, min: 1.1, max: 1.5 });
  assert.equal(row.ratioTarget, 1.15);
});

test('rowsOver: the medians and the ratios of the rounds kept only, each round of theirs against ours in the same round', () => {
  const subjects = [
    { embed: ours, rounds: [round({ usable: 2000 }), round({ usable: 9000 }), round({ usable: 2200 })] },
    { embed: page, rounds: [round({ usable: 3000 }), round({ usable: 9900 }), round({ usable: 2200 })] },
  ];
  const [mine, theirs] = rowsOver(subjects, [0, 2]);
  assert.deepEqual(mine?.ready, { median: 2100, min: 2000, max: 2200 });
  assert.deepEqual(theirs?.roundRatio, { median: 1.25, min: 1, max: 1.5 });
  assert.equal(theirs?.rounds, 2);
});

test('formatTable: one column per embed, ours first; spreads; ratios to ours; "not reached" said once in the ready row and why in the last', () => {
  const mine = [round({ defined: 1800, control: 1900, usable: 2000 }), round({ defined: 1700, control: 1800, usable: 2200, scriptMs: 140 })];
  const rows = [
    summarize(ours, mine),
    summarize(page, [round({ defined: 2700, control: 2800, usable: 3000 }), round({ defined: 2800, control: 2900, usable: 3300 })], { ours: mine }),
    summarize(theirs, [
      round({ defined: 5000, control: null, scriptMs: 500, failedHosts: ['api.example'] }),
      round({ defined: 5000, control: null, scriptMs: 500 }),
    ]),
  ];
  const table = formatTable(rows, TIMEOUT).split('\n');
  assert.equal(table[0], '|  | this widget | our page | an embed |');
  assert.equal(table[1], '|---|---|---|---|');
  const line = (label: string) => table.find((text) => text.startsWith(`| ${label} |`));
  assert.equal(line('element defined'), '| element defined | 1.75 s (1.70–1.80 s) | 2.75 s (2.70–2.80 s) | 5.00 s |');
  assert.equal(line('iframe shell visible'), '| iframe shell visible | — | — | — |');
  assert.equal(line('first visible control'), '| first visible control | 1.85 s (1.80–1.90 s) | 2.85 s (2.80–2.90 s) | ≥ 15 s, not reached |');
  assert.equal(
    line('ready'),
    '| ready | 2.10 s (2.00–2.20 s) (first usable input) | 3.15 s (3.00–3.30 s) (first usable input) | ≥ 15 s, not reached: first visible control |',
  );
  assert.equal(line('ready, ratio to ours'), '| ready, ratio to ours | 1× | 1.50× round by round; target ≤ 1.15× | ≥ 7.1× |');
  assert.equal(line('script time to ready'), '| script time to ready | 120 ms (100–140 ms) | 100 ms | 500 ms (up to 15 s) |');
  assert.equal(line('script time, ratio to ours'), '| script time, ratio to ours | 1× | 0.8× | 4.2× |');
  assert.equal(line('long tasks to ready'), '| long tasks to ready | 1 (60 ms) | 1 (60 ms) | 1 (60 ms) (up to 15 s) |');
  assert.equal(
    line('not reached offline'),
    '| not reached offline | nothing | nothing | first visible control (it asked for api.example, unreachable offline) |',
  );
  assert.equal(
    readyLine(rows.slice(0, 2), TIMEOUT),
    'this widget 2.10 s (2.00–2.20 s); our page 3.15 s (3.00–3.30 s), ratio 1.50× round by round; target ≤ 1.15×',
  );
});
