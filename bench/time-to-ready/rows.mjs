// `pnpm bench`'s hook (bench/src/main.mjs): the time-to-ready rows joined to the weight table, keyed
// by the same column ids (`ours` and the anchors' ids, which embeds.mjs uses too). A page of the
// site (its /demo), which has no weight of its own there, gets a column beside ours.
import { EMBEDS } from './embeds.mjs';
import { DEFAULT_TIMEOUT_MS, timeToReady } from './run.mjs';
import { readyLine, tableRows } from './summary.mjs';

/** Adds the rows of `rounds` rounds (and the site's columns) to `table` ({ columns, rows }, as weightTable makes it); resolves to which rounds the medians are of. */
export async function addTimeToReady(table, { rounds }) {
  const { rows: measured, which, allRows } = await timeToReady({ rounds, timeoutMs: DEFAULT_TIMEOUT_MS, log: (line) => console.error(line) });
  const known = new Set(table.columns.map((column) => column.id));
  const pages = measured.filter((row) => !known.has(row.id) && EMBEDS.find((embed) => embed.id === row.id)?.site);
  table.columns.splice(1, 0, ...pages.map(({ id, name }) => ({ id, name })));
  const missing = measured.filter((row) => !known.has(row.id) && !pages.includes(row));
  if (missing.length > 0) throw new Error(`time to ready measured ${missing.map((row) => row.id).join(', ')}, which the weight table has no column for`);
  table.rows.push(
    ...tableRows(measured, { timeoutMs: DEFAULT_TIMEOUT_MS }).map(({ label, cells }) => ({
      label: label === 'ready' ? 'ready (median and min–max; slow 3G, 4x CPU, offline)' : label,
      cells,
    })),
  );
  if (allRows) console.error(`time to ready with the not-comparable rounds too (all ${rounds}): ${readyLine(allRows, { timeoutMs: DEFAULT_TIMEOUT_MS })}`);
  return { which };
}
