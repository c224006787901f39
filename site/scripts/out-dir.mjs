// Where the site's build writes: site/dist, what a release uploads, unless SITE_OUT_DIR names another
// folder of site/. The test command (scripts/test-build.mjs) and the screenshots build into
// TEST_OUT_DIR instead: their pages post to addresses no visitor can reach, so a pipeline that tests,
// then uploads site/dist, never ships them. The SSR build, an intermediate, goes to `<folder>-ssr`.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SITE = fileURLToPath(new URL('..', import.meta.url));

/** The folder of builds that must not ship (git-ignored). */
export const TEST_OUT_DIR = 'dist-test';

/** The build's folder name under site/: SITE_OUT_DIR, a plain folder name, or `dist`. */
export function outDirName(env = process.env) {
  const name = env.SITE_OUT_DIR?.trim() || 'dist';
  if (!/^[\w.-]+$/.test(name) || /^\.+$/.test(name)) throw new Error(`SITE_OUT_DIR must be a folder name under site/, not ${JSON.stringify(name)}`);
  return name;
}

/** The absolute path of the build's folder, and of its SSR build's. */
export const outDir = (env = process.env) => join(SITE, outDirName(env));
export const ssrOutDir = (env = process.env) => join(SITE, `${outDirName(env)}-ssr`);
