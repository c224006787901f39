import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type InlineConfig } from 'vite';

// Builds the widget before any browser test runs:
// - the real build into widget/dist (what partner pages load), plus the ESM build
//   (dist/esm, for the server-import test);
// - a test build with Daily's client swapped for test/fakes/fake-daily.ts, into widget/test-dist.
const WIDGET = fileURLToPath(new URL('../../', import.meta.url));
const CONFIG_FILE = fileURLToPath(new URL('../../vite.config.ts', import.meta.url));

const base = { configFile: CONFIG_FILE, root: WIDGET, logLevel: 'warn' } satisfies InlineConfig;

/** The config reads FAD_* from process.env when it loads: set (or unset) them for one build only. */
async function buildWithEnv(env: Record<string, string | undefined>, config: InlineConfig = {}): Promise<void> {
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
  apply(env);
  try {
    await build({ ...base, ...config });
  } finally {
    apply(saved);
  }
}

// Vitest runs with NODE_ENV=test, and Vite's build keeps a NODE_ENV it finds: the JSX would be
// compiled for development (jsxDEV calls carrying this machine's file paths, 6 KB more), so the tests
// would not run what `pnpm build` ships. `vite build` on the command line sets production.
const PRODUCTION = { NODE_ENV: 'production' };
const REAL = { ...PRODUCTION, FAD_FAKE_DAILY: undefined, FAD_OUT_DIR: undefined };

export default async function setup(): Promise<void> {
  // The default build would empty all of dist/, taking dist/types and dist/esm with it:
  // clear only what it writes, so `pnpm build`'s other outputs survive a test run.
  for (const path of ['dist/chunks', 'dist/franchise-ai-demo.js']) rmSync(join(WIDGET, path), { recursive: true, force: true });
  await buildWithEnv(REAL, { build: { emptyOutDir: false } });
  await buildWithEnv(REAL, { mode: 'esm' });
  await buildWithEnv({ ...PRODUCTION, FAD_FAKE_DAILY: '1', FAD_OUT_DIR: 'test-dist' });
  for (const file of ['dist/franchise-ai-demo.js', 'dist/esm/index.js', 'test-dist/franchise-ai-demo.js']) {
    if (!existsSync(join(WIDGET, file))) throw new Error(`global setup: the build did not write widget/${file}`);
  }
  for (const chunk of readdirSync(join(WIDGET, 'dist/chunks'))) {
    const code = readFileSync(join(WIDGET, 'dist/chunks', chunk), 'utf8');
    if (code.includes('__fakeDaily')) throw new Error(`global setup: the fake Daily is in dist/chunks/${chunk}`);
    if (code.includes(WIDGET)) throw new Error(`global setup: dist/chunks/${chunk} names ${WIDGET} (a development build?)`);
  }
}
