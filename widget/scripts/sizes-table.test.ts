import { describe, expect, it } from 'vitest';
import { type SizeRow, SIZES_END, SIZES_START, staleSizes, withSizesTable } from './sizes-table.mjs';

const rows: SizeRow[] = [
  { part: 'first render', files: '`franchise-ai-demo.js`', gzipBytes: 9_600, budgetBytes: 12_288 },
  { part: 'later steps', files: '`chunks/later-steps-*.js`', gzipBytes: 31_800, budgetBytes: 34_816 },
];
const doc = withSizesTable(`# Performance\n\n${SIZES_START}\nold\n${SIZES_END}\n\nafter\n`, rows);
const built = (part: string, change: Partial<SizeRow>) => rows.map((row) => (row.part === part ? { ...row, ...change } : row));

// docs/PERFORMANCE.md's table as size.mjs writes and checks it.
describe('the Sizes table', () => {
  it('is written between its markers only, and is current for the rows it was written from', () => {
    expect(doc).toMatch(
      /^# Performance\n\n<!-- sizes:start -->\n\| part \|[\s\S]*\| later steps \| `chunks\/later-steps-\*\.js` \| 31\.05 KB \| 34\.00 KB \|\n<!-- sizes:end -->\n\nafter\n$/,
    );
    expect(staleSizes(doc, rows)).toEqual([]);
  });

  it('holds a figure within 3 % of the build, and its budgets and parts exactly', () => {
    expect(staleSizes(doc, built('later steps', { gzipBytes: 32_700 }))).toEqual([]);
    expect(staleSizes(doc, built('later steps', { gzipBytes: 33_000 }))).toEqual(['later steps: 31.05 KB written, 32.23 KB built']);
    expect(staleSizes(doc, built('first render', { budgetBytes: 16_384 }))).toEqual(["first render: budget 12.00 KB, package.json's is 16.00 KB"]);
    expect(staleSizes(doc, [...rows, { part: 'voice', files: '`chunks/vapi-client-*.js`', gzipBytes: 80_000, budgetBytes: 89_088 }])).toEqual([
      "its parts are first render, later steps, the build's first render, later steps, voice",
    ]);
  });

  it('refuses a page without its markers', () => {
    expect(() => staleSizes('# Performance\n', rows)).toThrow(SIZES_START);
  });
});
