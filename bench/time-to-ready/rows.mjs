// `pnpm bench`'s hook (bench/src/main.mjs): the time-to-ready rows joined to the weight table, keyed
// by the same column ids (`ours` and the anchors' ids, which embeds.mjs uses too). Rounds: 7, or
// BENCH_ROUNDS for a quicker look.
import { DEFAULT_TIMEOUT_MS, timeToReady } from './run.mjs';
import { tableRows } from './summary.mjs';

export async function rows(columns) {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 7);
  const measured = await timeToReady({ rounds, timeoutMs: DEFAULT_TIMEOUT_MS, log: (line) => console.error(line) });
  const known = new Set(columns.map((column) => column.id));
  const missing = measured.filter((row) => !known.has(row.id));
  if (missing.length > 0) throw new Error(`time to ready measured ${missing.map((row) => row.id).join(', ')}, which the weight table has no column for`);
  return tableRows(measured, { timeoutMs: DEFAULT_TIMEOUT_MS }).map(({ label, cells }) => ({
    label: label === 'ready' ? `ready (median of ${rounds} rounds, slow 3G, 4x CPU, offline)` : label,
    cells,
  }));
}
