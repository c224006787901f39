// `pnpm bench` (root; it builds the widget and the site first): one table of this widget beside the
// embeds people would pick instead (weight, and time to ready on slow 3G from bench/time-to-ready/,
// the site's /demo in the same rounds), the landing's first paint after its CSS
// (bench/landing-paint/), a filled form's wait for the loading screen (bench/submit-to-loading/), then Lighthouse on every route of the site (site/bench/lighthouse.mjs), run
// as it runs alone. Offline throughout: the anchors come from bench/node_modules, the pages from
// 127.0.0.1. Every timing is printed with the load average it was taken under and what other
// processes used meanwhile, marked "not comparable" by @franchise-ai/test-support/bench-figures.mjs's rule. Exits 1 when a step it runs fails.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { formatLoad, loadAverage } from '@franchise-ai/test-support/bench-figures.mjs';
import { landingPaint } from '../landing-paint/run.mjs';
import { summaryLines } from '../landing-paint/summary.mjs';
import { submitToLoading } from '../submit-to-loading/run.mjs';
import { addTimeToReady } from '../time-to-ready/rows.mjs';
import { markdown, weightTable } from './weight.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const startedAt = performance.now();
// BENCH_ROUNDS=N for a quicker look: every part then takes N rounds (Lighthouse's own default is 3).
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

// Time to ready (bench/time-to-ready/) adds its rows to the weight table, for the same columns.
const table = weightTable();
const { which } = await addTimeToReady(table, { rounds: ROUNDS });
console.log(`## This widget beside the alternatives (time to ready: ${which}; load average ${formatLoad(loadAverage())} at the end; KB = 1024 bytes)\n`);
console.log(markdown(table));

console.log(`\n## The landing's first paint after its HTML and CSS (bench/landing-paint/)\n`);
console.log(summaryLines(await landingPaint({ rounds: ROUNDS, log: (line) => console.error(line) })).join('\n'));

console.log(`\n## A filled form's wait: from the submit click to the loading screen (bench/submit-to-loading/)\n`);
await submitToLoading({ rounds: ROUNDS });

/** Runs a node script from the repository root with the terminal's output; its exit code. */
async function node(script, args = [], env = {}) {
  console.log(`\n## node ${script} ${args.join(' ')}\n`);
  const child = spawn(process.execPath, [script, ...args], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  const [code, signal] = await once(child, 'exit');
  return code ?? (signal ? 1 : 0);
}

const failed = [];
if ((await node('site/bench/lighthouse.mjs', [], process.env.BENCH_ROUNDS ? { ROUNDS: process.env.BENCH_ROUNDS } : {})) !== 0)
  failed.push('site Lighthouse targets');
console.log(
  `\npnpm bench took ${((performance.now() - startedAt) / 1000).toFixed(0)} s (load average ${formatLoad(loadAverage())})${failed.length ? `; failed: ${failed.join(', ')}` : ''}`,
);
if (failed.length) process.exitCode = 1;
