// `pnpm bench:site` (root; it builds the widget and the site first): Lighthouse, default mobile
// config, on every route of site/src/routes.ts, in two variants measured in the same run: the built
// page as the preview server serves it, and the same page without its scripts (a proxy strips them,
// see script-free-proxy.mjs), so "LCP ratio" says what JavaScript costs the first paint on this
// machine today rather than against a figure from another day. ROUNDS interleaved rounds (every
// route, both variants, the variant going first alternating) so drift in machine load hits both
// variants alike; medians per route and variant. Every run's line ends with the machine's load
// average and what other processes used meanwhile; a round with a run that is not comparable by
// @franchise-ai/test-support/bench-figures.mjs's rule is "not comparable", and the medians (and the targets) are taken over the comparable rounds, or over all
// of them when none is, saying which. Exits 1 listing the targets missed, else 0.
// Both servers take free ports: Lighthouse's canonical audit does not compare origins, so the
// canonical links need not name the port measured.
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { comparableRounds, formatLoad, isComparable, loadAverage, loadNote, startSample } from '@franchise-ai/test-support/bench-figures.mjs';
import { CHROMIUM, CHROMIUM_FLAGS, OFFLINE } from '@franchise-ai/test-support/chromium-flags.mjs';
import * as chromeLauncher from 'chrome-launcher';
import { createPreviewServer } from '../scripts/preview-server.mjs';
import { audit } from './audit.mjs';
import { loadNoindexPaths, loadRoutePaths } from './routes.mjs';
import { createScriptFreeProxy } from './script-free-proxy.mjs';
import { misses, rawLine, tableRows, TARGETS } from './summary.mjs';

// `node bench/lighthouse.mjs /embed` measures the routes named (fewer rounds: ROUNDS=1), else every route.
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const DIST = fileURLToPath(new URL('../dist/', import.meta.url));

async function listen(server) {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${server.address().port}`;
}

const only = process.argv.slice(2);
const routes = (await loadRoutePaths()).filter((route) => only.length === 0 || only.includes(route));
if (routes.length === 0) throw new Error(`no route among ${only.join(' ')}`);
const preview = createPreviewServer(DIST);
const proxy = createScriptFreeProxy(await listen(preview));
const origins = { built: `http://127.0.0.1:${preview.address().port}`, stripped: await listen(proxy) };
console.log(`routes ${routes.join(' ')}; built ${origins.built}, without scripts ${origins.stripped}; load average ${formatLoad(loadAverage())}`);

/** results[route][variant] = one audit() result per round */
const results = Object.fromEntries(routes.map((route) => [route, { built: [], stripped: [] }]));
/** Per round, whether every run in it was taken at a comparable load. */
const comparable = [];
let chrome;
try {
  // chrome-launcher gives every launch a fresh temporary --user-data-dir.
  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS, OFFLINE] });
  for (let round = 0; round < ROUNDS; round++) {
    console.log(`round ${round + 1}/${ROUNDS} (load average ${formatLoad(loadAverage())})`);
    comparable.push(true);
    for (const [index, route] of routes.entries()) {
      // Alternate per round and per route, so each variant goes first about as often.
      const order = (round + index) % 2 === 0 ? ['built', 'stripped'] : ['stripped', 'built'];
      for (const variant of order) {
        const sample = startSample();
        const run = await audit(`${origins[variant]}${route}`, chrome.port);
        const machine = sample.stop();
        results[route][variant].push(run);
        if (!isComparable(machine)) comparable[round] = false;
        console.log(`  ${route.padEnd(9)} ${variant === 'built' ? 'as served     ' : 'without script'}  ${rawLine(run)} | ${loadNote(machine)}`);
      }
    }
  }
} finally {
  await chrome?.kill();
  preview.close();
  proxy.close();
}

const { indices, mixed, which } = comparableRounds(comparable);
const over = (picked) =>
  Object.fromEntries(
    Object.entries(results).map(([route, variants]) => [
      route,
      Object.fromEntries(Object.entries(variants).map(([variant, runs]) => [variant, picked.map((index) => runs[index])])),
    ]),
  );
const rows = tableRows(over(indices));
console.log(`\nmedians of ${which}, Lighthouse mobile (load average after: ${formatLoad(loadAverage())})`);
console.table(rows);
if (mixed) {
  console.log(`with the not-comparable rounds too (all ${ROUNDS}):`);
  console.table(tableRows(results));
}
for (const route of routes) {
  const losing = [...new Set(results[route].built.flatMap((run) => run.losing))];
  if (losing.length) console.log(`${route}: audits short of a full score in some round: ${losing.join(' ')}`);
  const elements = (variant) => [...new Set(results[route][variant].map((run) => run.lcpElement))].join(' | ');
  if (elements('built') !== elements('stripped'))
    console.log(`${route}: LCP element as served: ${elements('built')}; without scripts: ${elements('stripped')}`);
}
const missed = misses(rows, await loadNoindexPaths());
console.log(`targets: every category ${TARGETS.score}, TBT <= ${TARGETS.tbtMs} ms, LCP ratio <= ${TARGETS.lcpRatio}`);
if (missed.length) {
  console.log(`targets missed:\n  ${missed.join('\n  ')}`);
  process.exitCode = 1;
} else console.log('all targets met');
