// `pnpm test`: everything CI runs, in order, ending with the one line CI reads: `N passed, N failed`.
// Vitest's closing-line reporter prints that line; when a step before it fails (Chromium or Firefox missing,
// build, typecheck) or Vitest dies without reporting, this prints it instead, counting the broken
// step as one failure, so CI never sees a red run without its line.
import { fileURLToPath } from 'node:url';
import { TEST_OUT_DIR } from '../site/scripts/out-dir.mjs';
import { run } from './run.mjs';
import { testBuild } from './test-build.mjs';

/** The site as the build step made it: its test build, which never sits in site/dist (test-build.mjs). */
const SITE_TEST_BUILD = fileURLToPath(new URL(`../site/${TEST_OUT_DIR}/`, import.meta.url));

function fail(step, code) {
  console.error(`\n${step} failed (exit ${code}): no tests ran.`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

// Each package is built once, here (the site with its test settings); the browser suites use
// these builds and check them, building nothing themselves but the widget's fake-Daily variant.
for (const [step, action] of [
  // Formatting and lint findings (biome.json), first: a finding fails the run before anything is built.
  ['lint', async () => (await run('pnpm', ['lint'])).code],
  ['chromium check', async () => (await run(process.execPath, ['scripts/ensure-chromium.mjs'])).code],
  ['firefox check', async () => (await run(process.execPath, ['scripts/ensure-firefox.mjs'])).code],
  // The real n8n the integration tests run: installed once into a cache outside the repository.
  ['n8n install', async () => (await run(process.execPath, ['integrations/n8n/scripts/ensure-n8n.mjs'])).code],
  ['build', testBuild],
  // The widget's weight budgets (first render, lazy parts kept lazy): an overrun names the file and the figure.
  ['size budgets', async () => (await run(process.execPath, ['widget/scripts/size.mjs'])).code],
  // The landing page's JS fetched before idle, gzip, against site/package.json's sizeBudget: an overrun names the files and the figure.
  ['landing JS budget', async () => (await run(process.execPath, ['bench/src/landing-js.mjs', SITE_TEST_BUILD])).code],
  ['typecheck', async () => (await run('pnpm', ['typecheck'])).code],
]) {
  const code = await action();
  if (code !== 0) fail(step, code);
}

const { code, sawClosingLine } = await run('vitest', ['run', ...process.argv.slice(2)], { watchForClosingLine: true });
if (!sawClosingLine) fail('vitest', code);
process.exit(code);
