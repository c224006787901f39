// `pnpm bench` (root; it builds the widget and the site first): one table of this widget beside the
// embeds people would pick instead (weight, and time to ready on slow 3G from bench/time-to-ready/),
// then Lighthouse on every route of the site (site/bench/lighthouse.mjs), run as it runs alone. Offline throughout: the anchors come from
// bench/node_modules, the pages from 127.0.0.1. Exits 1 when a step it runs fails.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { rows as timeToReadyRows } from '../time-to-ready/rows.mjs';
import { markdown, weightTable } from './weight.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const startedAt = performance.now();
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

// Time to ready (bench/time-to-ready/) adds its rows to the weight table, for the same columns.
const table = weightTable();
table.rows.push(...(await timeToReadyRows(table.columns)));
console.log(`## This widget beside the alternatives (load average ${load()}; KB = 1024 bytes)\n`);
console.log(markdown(table));

/** Runs a node script from the repository root with the terminal's output; its exit code. */
async function node(script, args = []) {
  console.log(`\n## node ${script} ${args.join(' ')}\n`);
  const child = spawn(process.execPath, [script, ...args], { cwd: ROOT, stdio: 'inherit' });
  const [code, signal] = await once(child, 'exit');
  return code ?? (signal ? 1 : 0);
}

const failed = [];
if ((await node('site/bench/lighthouse.mjs')) !== 0) failed.push('site Lighthouse targets');
console.log(
  `\npnpm bench took ${((performance.now() - startedAt) / 1000).toFixed(0)} s (load average ${load()})${failed.length ? `; failed: ${failed.join(', ')}` : ''}`,
);
if (failed.length) process.exitCode = 1;
