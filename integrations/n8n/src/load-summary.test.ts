import { describe, expect, it } from 'vitest';
import { anyLoss, formatTable, percentile, summarize, type Outcome } from './load-summary.ts';

const ok = (email: string, ms: number, endedAt = ms): Outcome => ({ email, status: 200, okBody: true, ms, endedAt });
/** n8n 2.8.4's answer when a workflow fails before its Respond node. */
const emptyOk = (email: string): Outcome => ({ email, status: 200, okBody: false, ms: 5, endedAt: 5 });
const refused = (email: string, status: number, endedAt = 10): Outcome => ({ email, status, okBody: false, ms: endedAt, endedAt });

describe('percentile', () => {
  it.each([
    [[], 50, Number.NaN],
    [[7], 99, 7],
    [[3, 1, 2], 50, 2],
    [[4, 1, 3, 2], 50, 2],
    [[4, 1, 3, 2], 75, 3],
    [[4, 1, 3, 2], 100, 4],
    [Array.from({ length: 100 }, (_, i) => 100 - i), 99, 99],
    [Array.from({ length: 200 }, (_, i) => i + 1), 99, 198],
    [[5, 1], 0, 1],
  ])('%j at p%d is %d', (values, p, expected) => {
    expect(percentile(values, p)).toBe(expected);
  });
});

describe('summarize', () => {
  it.each([
    {
      name: 'every acceptance stored once',
      outcomes: [ok('a', 10), ok('b', 20), ok('c', 30, 500)],
      stored: ['a', 'b', 'c'],
      expected: {
        accepted: 3,
        acceptedWithoutOk: 0,
        stored: 3,
        lost: 0,
        duplicates: 0,
        storedNotAccepted: 0,
        notAccepted: {},
        requestsPerSecond: 6,
        p50Ms: 20,
        p99Ms: 30,
        wallMs: 500,
      },
    },
    {
      name: 'an acceptance without a row is lost',
      outcomes: [ok('a', 10), ok('b', 20)],
      stored: ['a'],
      expected: { accepted: 2, stored: 1, lost: 1, duplicates: 0 },
    },
    {
      name: 'a second row for one email is a duplicate, not a second stored lead',
      outcomes: [ok('a', 10), ok('b', 20)],
      stored: ['a', 'b', 'b'],
      expected: { stored: 3, lost: 0, duplicates: 1 },
    },
    {
      name: 'refusals counted by status, and a stored refusal noted, not lost',
      outcomes: [ok('a', 10), refused('b', 500), refused('c', 0), refused('d', 500)],
      stored: ['a', 'b'],
      expected: { accepted: 1, notAccepted: { '500': 2, none: 1 }, stored: 2, lost: 0, storedNotAccepted: 1 },
    },
    {
      name: 'a 2xx without ok:true is accepted, as the widget takes it, so without a row it is lost',
      outcomes: [ok('a', 10), emptyOk('b'), { ...refused('c', 201), okBody: true }],
      stored: ['a', 'c'],
      expected: { accepted: 3, acceptedWithoutOk: 1, notAccepted: {}, lost: 1 },
    },
    {
      name: 'rows of other runs ignored',
      outcomes: [ok('a', 10)],
      stored: ['a', 'someone-else'],
      expected: { stored: 1, duplicates: 0 },
    },
    {
      name: 'latency from acceptances only; wall time to the last answer of any kind',
      outcomes: [ok('a', 10, 1000), refused('b', 0, 90_000)],
      stored: ['a'],
      expected: { p50Ms: 10, p99Ms: 10, requestsPerSecond: 1, wallMs: 90_000 },
    },
    {
      name: 'nothing accepted',
      outcomes: [refused('a', 503)],
      stored: [],
      expected: { accepted: 0, requestsPerSecond: 0, p50Ms: Number.NaN, lost: 0 },
    },
  ])('$name', ({ outcomes, stored, expected }) => {
    expect(summarize('mode', outcomes, stored)).toMatchObject({ posts: outcomes.length, ...expected });
  });
});

describe('formatTable and anyLoss', () => {
  const clean = summarize('stand-in', [ok('a', 10, 1000)], ['a']);
  const lossy = summarize('n8n queue', [ok('a', 10), ok('b', 10), refused('c', 500)], ['a']);

  it('one header and one row per mode, columns aligned', () => {
    const lines = formatTable([clean, lossy]).split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^mode\s+req\/s\s+p50 ms\s+p99 ms\s+accepted\s+2xx without ok\s+non-2xx\s+stored\s+lost\s+duplicates/);
    expect(lines[2]).toMatch(/^n8n queue\s+.*\s2\/3\s+0\s+1×500\s+1\s+1\s+0\s/);
    expect(lines[1]!.indexOf('1/1')).toBe(lines[2]!.indexOf('2/3'));
  });

  it.each([
    [[clean], false],
    [[clean, lossy], true],
  ])('fails the check only for a loss (%#)', (summaries, expected) => {
    expect(anyLoss(summaries)).toBe(expected);
  });
});
