// `pnpm test:build` (and the build step of `pnpm test`): what `pnpm build` makes, each package once,
// with the site built with the pinned VITE_* settings its tests check (site/test/support/build-env.json)
// into site/dist-test (site/scripts/out-dir.mjs), never site/dist: those pages post to addresses no
// visitor can reach, and a pipeline that tests, then uploads site/dist, must not ship them. Those
// settings go to the site's build only: the React host reads VITE_* too, and must not ship a test
// key. The browser suites then use these outputs and build none themselves.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TEST_OUT_DIR } from '../site/scripts/out-dir.mjs';
import { run } from './run.mjs';

const SITE = '@franchise-ai/site';
const SITE_DIR = fileURLToPath(new URL('../site/', import.meta.url));
const settings = JSON.parse(readFileSync(new URL('../site/test/support/build-env.json', import.meta.url), 'utf8'));

/**
 * A site/dist that an older test command left, built with the test settings (its /demo posts to the
 * test webhook base): removed, so that after the test command site/dist is a release build or absent.
 */
export function removeLeftTestBuild(siteDir = SITE_DIR, webhookBase = settings.VITE_WEBHOOK_BASE) {
  const demo = join(siteDir, 'dist', 'demo', 'index.html');
  if (!existsSync(demo) || !readFileSync(demo, 'utf8').includes(webhookBase)) return false;
  rmSync(join(siteDir, 'dist'), { recursive: true, force: true });
  return true;
}

/** Every package but the site as `pnpm build` builds it, then the site with its test settings; the exit code of the first that fails. */
export async function testBuild() {
  const others = await run('pnpm', ['-r', '--if-present', '--filter', `!${SITE}`, 'build']);
  if (others.code !== 0) return others.code;
  if (removeLeftTestBuild()) console.log('removed site/dist: a test build an older test command left there');
  return (await run('pnpm', ['--filter', SITE, 'build'], { env: { ...settings, SITE_OUT_DIR: TEST_OUT_DIR } })).code;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await testBuild();
