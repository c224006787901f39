import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type InlineConfig } from 'vite';
import { PRODUCTION, withEnv } from './with-env.ts';

export const WIDGET = fileURLToPath(new URL('../../', import.meta.url));

/** The vite.config.ts reads FAD_* from process.env when it loads: a build with these set (or unset) only for it. */
export function buildWidget(env: Record<string, string | undefined>, config: InlineConfig = {}): Promise<void> {
  const base: InlineConfig = { configFile: join(WIDGET, 'vite.config.ts'), root: WIDGET, logLevel: 'warn' };
  return withEnv({ ...PRODUCTION, ...env }, async () => {
    await build({ ...base, ...config });
  });
}

/** The build partner pages load: widget/dist's loader and chunks, exactly as `pnpm build` writes them. */
export async function buildRealWidget(): Promise<void> {
  // The default build would empty all of dist/, taking dist/types and dist/esm with it:
  // clear only what it writes, so `pnpm build`'s other outputs survive a test run.
  for (const path of ['dist/chunks', 'dist/franchise-ai-demo.js']) rmSync(join(WIDGET, path), { recursive: true, force: true });
  await buildWidget({ FAD_FAKE_DAILY: undefined, FAD_OUT_DIR: undefined }, { build: { emptyOutDir: false } });
}
