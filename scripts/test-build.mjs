// `pnpm test:build` (and the build step of `pnpm test`): what `pnpm build` makes, each package once,
// with the site built with the pinned VITE_* settings its tests check (site/test/support/build-env.json).
// Those settings go to the site's build only: the React host reads VITE_* too, and must not ship a
// test key. The browser suites then use these outputs and build none themselves.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { run } from './run.mjs';

const SITE = '@franchise-ai/site';
const settings = JSON.parse(readFileSync(new URL('../site/test/support/build-env.json', import.meta.url), 'utf8'));

/** Every package but the site as `pnpm build` builds it, then the site with its test settings; the exit code of the first that fails. */
export async function testBuild() {
  const others = await run('pnpm', ['-r', '--if-present', '--filter', `!${SITE}`, 'build']);
  if (others.code !== 0) return others.code;
  return (await run('pnpm', ['--filter', SITE, 'build'], { env: settings })).code;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await testBuild();
