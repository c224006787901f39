// The pure half of the landing-paint bench (summary.mjs): no browser, no timing asserted.
// `npx vitest run --project bench landing-paint/`.
import { RULE } from '@franchise-ai/test-support/bench-figures.mjs';
import { expect, test } from 'vitest';
import { arrivedAt, gap, msWithSpread, roundLine, summaryLines, TARGET_GAP_MS } from './summary.mjs';

const CSS = 'http://127.0.0.1:4000/assets/index-abc.css';
// The load average is printed, not judged: a quiet round can have a high one (the bench's own browser).
const QUIET = { load: [1.9, 0.6, 0.7], othersCores: 0.05 };
const BUSY = { load: [0.5, 1, 1], othersCores: 0.9 };
const round = (fields: object) => ({
  html: 600,
  blocking: [{ url: CSS, end: 1400 }],
  fcp: 2000,
  domContentLoaded: 1450,
  longTasks: { count: 2, ms: 250 },
  ...QUIET,
  ...fields,
});

test('the moment the page could paint is the later of its HTML and its render-blocking resources; the gap is the paint after it', () => {
  expect(arrivedAt(round({}))).toBe(1400);
  expect(arrivedAt(round({ blocking: [] }))).toBe(600);
  expect(arrivedAt(round({ html: 1600 }))).toBe(1600);
  expect(
    arrivedAt(
      round({
        blocking: [
          { url: CSS, end: 1400 },
          { url: 'http://127.0.0.1:4000/late.css', end: 1500 },
        ],
      }),
    ),
  ).toBe(1500);
  expect(gap(round({}))).toBe(600);
  expect(gap(round({ fcp: null }))).toBe(Infinity);
  expect(TARGET_GAP_MS).toBe(300);
});

test("a round's line gives each moment, the gap, and its load, marked when not comparable", () => {
  expect(roundLine(round({}), 0, 3)).toBe(
    'round 1/3: HTML 0.60 s, render-blocking index-abc.css 1.40 s, first contentful paint 2.00 s: 600 ms after both had arrived (DOMContentLoaded 1.45 s, long tasks before the paint 2, 250 ms) | load average 1.90 0.60 0.70, others 0.05 cores',
  );
  const busy = roundLine(round({ fcp: null, ...BUSY }), 2, 3);
  expect(busy).toMatch(/^round 3\/3: .*, no first contentful paint: no paint after both had arrived .* \| /);
  expect(busy.endsWith(`| load average 0.50 1.00 1.00, others 0.90 cores — not comparable (${RULE})`)).toBe(true);
});

test('msWithSpread: the median and its min–max in ms, no spread when the rounds agree', () => {
  expect(msWithSpread([640, 520, 910])).toBe('640 ms (520–910 ms)');
  expect(msWithSpread([300, 300])).toBe('300 ms');
  expect(msWithSpread([300, Infinity, Infinity])).toBe('no paint');
});

test('the summary takes the comparable rounds, says so, and gives the figure with all rounds too when it left some out', () => {
  const lines = summaryLines([round({}), round({ fcp: 1600 }), round({ fcp: 3000, ...BUSY })]);
  expect(lines).toEqual([
    `first contentful paint after the HTML and CSS had arrived, median (min–max) of the 2 comparable of 3 rounds (1 not comparable: ${RULE}): 400 ms (200–600 ms) (target ≤ 300 ms)`,
    '  HTML and CSS arrived at 1.40 s, first contentful paint at 1.80 s (1.60–2.00 s)',
    '  with the not-comparable rounds too (all 3): 600 ms (200–1600 ms)',
  ]);
  expect(summaryLines([round(BUSY)])[0]).toContain('of all 1 round, none comparable');
});
