// docs/PERFORMANCE.md's "Sizes" table, between its markers: written by `pnpm size` from the build
// it weighs, and checked by `pnpm test` (size.mjs without --write), so the one place the widget's
// figures are written stays near the build. A figure may drift by TOLERANCE before the check fails:
// the table is for readers, the budgets are what CI holds exactly.
export const SIZES_START = '<!-- sizes:start -->';
export const SIZES_END = '<!-- sizes:end -->';
export const TOLERANCE = 0.03;

/** @typedef {{ part: string, files: string, gzipBytes: number, budgetBytes: number }} SizeRow */

const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;
const HEADER = ['| part | files | gzip | budget |', '|---|---|---|---|'];

/** The table for `rows`. */
export function sizesTable(/** @type {SizeRow[]} */ rows) {
  return [...HEADER, ...rows.map((row) => `| ${row.part} | ${row.files} | ${kb(row.gzipBytes)} | ${kb(row.budgetBytes)} |`)].join('\n');
}

function span(doc) {
  const from = doc.indexOf(SIZES_START);
  const to = doc.indexOf(SIZES_END);
  if (from < 0 || to < from) throw new Error(`docs/PERFORMANCE.md must hold ${SIZES_START} and then ${SIZES_END}`);
  return [from + SIZES_START.length, to];
}

/** `doc` with its table written from `rows`. */
export function withSizesTable(/** @type {string} */ doc, /** @type {SizeRow[]} */ rows) {
  const [from, to] = span(doc);
  return `${doc.slice(0, from)}\n${sizesTable(rows)}\n${doc.slice(to)}`;
}

/** What in `doc`'s table no longer holds for `rows`: a part missing or renamed, a budget changed, a figure off by more than TOLERANCE. */
export function staleSizes(/** @type {string} */ doc, /** @type {SizeRow[]} */ rows) {
  const [from, to] = span(doc);
  const written = new Map(
    doc
      .slice(from, to)
      .split('\n')
      .filter((line) => line.startsWith('| ') && !HEADER.includes(line))
      .map((line) => line.split(' | ').map((cell) => cell.replace(/^\| | \|$/g, '')))
      .map((cells) => [cells[0], { gzip: Number.parseFloat(cells[2] ?? ''), budget: cells[3] }]),
  );
  const problems = [];
  if ([...written.keys()].join() !== rows.map((row) => row.part).join())
    problems.push(`its parts are ${[...written.keys()].join(', ')}, the build's ${rows.map((row) => row.part).join(', ')}`);
  for (const row of rows) {
    const entry = written.get(row.part);
    if (!entry) continue;
    if (entry.budget !== kb(row.budgetBytes)) problems.push(`${row.part}: budget ${entry.budget}, package.json's is ${kb(row.budgetBytes)}`);
    const measured = row.gzipBytes / 1024;
    if (!(Math.abs(entry.gzip - measured) <= measured * TOLERANCE)) problems.push(`${row.part}: ${entry.gzip} KB written, ${kb(row.gzipBytes)} built`);
  }
  return problems;
}
