// The pure half of the time-to-ready bench (summary.mjs): no browser, no timing asserted. In the
// vitest project 'bench': `npx vitest run --project bench time-to-ready/`.
import { test } from 'vitest';
import assert from 'node:assert/strict';
import { MILESTONES, formatTable, median, moment, ratio, summarize, unreachable } from './summary.mjs';

const TIMEOUT = { timeoutMs: 15_000 };

test('median: the middle value, the mean of the two middle ones, and Infinity for a moment most rounds never reached', () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.equal(median([5, Infinity, Infinity]), Infinity);
  assert.equal(median([5, 6, Infinity]), 6);
  assert.throws(() => median([]), /no values/);
});

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

test("summarize: medians per moment, ready from the embed's own moment, what was not reached and why", () => {
  const row = summarize(
    theirs,
    [
      round({ defined: 900, control: null, failedHosts: ['api.example'] }),
      round({ defined: 1100, control: 5000 }),
      round({ defined: 1000, control: null, scriptMs: 300 }),
    ],
    TIMEOUT,
  );
  assert.deepEqual(row.moments, { defined: 1000, control: Infinity });
  assert.equal(row.ready, Infinity);
  assert.equal(row.readyAs, MILESTONES.control);
  assert.deepEqual(row.notReached, [MILESTONES.control]);
  assert.equal(row.why, 'it asked for api.example, unreachable offline');
  assert.equal(row.scriptMs, 100);
  // A moment the embed does not have (no custom element: `defined` undefined in every round) is left out, not "not reached".
  assert.deepEqual(Object.keys(summarize(theirs, [round({ control: 10 })], TIMEOUT).moments), ['control']);
});

test('formatTable: one column per embed, ours first; ratios to ours; "not reached" said once in the ready row and why in the last', () => {
  const rows = [
    summarize(ours, [round({ defined: 1800, control: 1900, usable: 2000 })], TIMEOUT),
    summarize(theirs, [round({ defined: 5000, control: null, scriptMs: 500, failedHosts: ['api.example'] })], TIMEOUT),
  ];
  const table = formatTable(rows, TIMEOUT).split('\n');
  assert.equal(table[0], '|  | this widget | an embed |');
  assert.equal(table[1], '|---|---|---|');
  const line = (label: string) => table.find((text) => text.startsWith(`| ${label} |`));
  assert.equal(line('element defined'), '| element defined | 1.80 s | 5.00 s |');
  assert.equal(line('iframe shell visible'), '| iframe shell visible | — | — |');
  assert.equal(line('first visible control'), '| first visible control | 1.90 s | ≥ 15 s, not reached |');
  assert.equal(line('ready'), '| ready | 2.00 s (first usable input) | ≥ 15 s, not reached: first visible control |');
  assert.equal(line('ready, ratio to ours'), '| ready, ratio to ours | 1× | ≥ 7.5× |');
  assert.equal(line('script time to ready'), '| script time to ready | 100 ms | 500 ms (up to 15 s) |');
  assert.equal(line('script time, ratio to ours'), '| script time, ratio to ours | 1× | 5.0× |');
  assert.equal(line('long tasks to ready'), '| long tasks to ready | 1 (60 ms) | 1 (60 ms) (up to 15 s) |');
  assert.equal(line('not reached offline'), '| not reached offline | nothing | first visible control (it asked for api.example, unreachable offline) |');
});
