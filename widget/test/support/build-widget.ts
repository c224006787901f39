import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { withEnv } from '@franchise-ai/test-support/with-env';

export const WIDGET = fileURLToPath(new URL('../../', import.meta.url));
/** What the script-tag build is made from: a build older than any of these is stale. */
export const BUILD_SOURCES = ['src', 'build', 'vite.config.ts', '../shared/src'].map((file) => join(WIDGET, file));

// Vitest runs with NODE_ENV=test, and Vite's build keeps a NODE_ENV it finds: the JSX would be
// compiled for development (jsxDEV calls carrying this machine's file paths, 6 KB more), so the tests
// would not run what `pnpm build` ships. `vite build` on the command line sets production.
const PRODUCTION = { NODE_ENV: 'production' } as const;
/**
 * The test variant of the script-tag build, into widget/test-dist: `pnpm build`'s build with Daily's
 * client swapped for test/fakes/fake-daily.ts (vite.config.ts reads FAD_* from process.env when it
 * loads, so they are set only for this build).
 */
export function buildFakeDailyWidget(): Promise<void> {
  return withEnv({ ...PRODUCTION, FAD_FAKE_DAILY: '1', FAD_OUT_DIR: 'test-dist' }, async () => {
    await build({ configFile: join(WIDGET, 'vite.config.ts'), root: WIDGET, logLevel: 'warn' });
  });
}
