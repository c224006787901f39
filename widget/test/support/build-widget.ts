import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { requireBuilt } from '@franchise-ai/test-support/build-output';
import { withEnv } from '@franchise-ai/test-support/with-env';

export const WIDGET = fileURLToPath(new URL('../../', import.meta.url));
/** What the script-tag build is made from: a build older than any of these is stale. */
const BUILD_SOURCES = ['src', 'build', 'vite.config.ts', '../shared/src'].map((file) => join(WIDGET, file));
/** Stops the run, naming the command, unless `outputs` (under widget/) are newer than what they are built from. */
export const requireWidgetBuilt = (outputs: string[]) =>
  requireBuilt({ outputs: outputs.map((file) => join(WIDGET, file)), sources: BUILD_SOURCES, command: 'npx --yes pnpm@10 build' });

// Vitest's NODE_ENV=test would compile the JSX for development (jsxDEV with local paths, 6 KB more); `vite build` sets production.
const PRODUCTION = { NODE_ENV: 'production' } as const;
/** `pnpm build`'s script-tag build into widget/test-dist with Daily swapped for the fake (vite.config.ts reads FAD_* when it loads). */
export function buildFakeDailyWidget(): Promise<void> {
  return withEnv({ ...PRODUCTION, FAD_FAKE_DAILY: '1', FAD_OUT_DIR: 'test-dist' }, async () => {
    await build({ configFile: join(WIDGET, 'vite.config.ts'), root: WIDGET, logLevel: 'warn' });
  });
}
