import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type InlineConfig } from 'vite';
import type { TestProject } from 'vitest/node';
import { removeDatabase, spawnHost, type SpawnedHost } from '../../examples/webhook-host/support/spawn-host.ts';
import { BUILD_ENV } from './support/build-env.ts';

// Before any test of the `site` project:
// 1. starts the real webhook host (examples/webhook-host, RATE_LIMIT=off) for the whole run;
// 2. builds the widget (widget/dist, what the prerender step copies to site/dist/widget/);
// 3. builds the site with VITE_WEBHOOK_BASE pointing at that host: client build, SSR build,
//    then scripts/prerender.mjs, exactly as `pnpm --filter @franchise-ai/site build` does;
// and hands the host's URLs to the tests (`inject('webhookHost')`, `inject('webhookBase')`).

declare module 'vitest' {
  export interface ProvidedContext {
    /** `http://127.0.0.1:PORT` of the webhook host started for this run (GET /leads lists what it received). */
    webhookHost: string;
    /** The `webhook-base` the site was built with: `${webhookHost}/webhook/franchise-ai`. */
    webhookBase: string;
  }
}

const SITE = fileURLToPath(new URL('../', import.meta.url));
const WIDGET = fileURLToPath(new URL('../../widget/', import.meta.url));

/** Sets (or, for `undefined`, unsets) environment variables while `run` runs, then restores them. */
async function withEnv(env: Record<string, string | undefined>, run: () => Promise<void>): Promise<void> {
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
  apply(env);
  try {
    await run();
  } finally {
    apply(saved);
  }
}

// Vitest runs with NODE_ENV=test, and Vite's build keeps a NODE_ENV it finds: React would be its
// development build (other warnings, slower). `vite build` on the command line sets production.
const PRODUCTION = { NODE_ENV: 'production' };

async function buildWidget(): Promise<void> {
  // The default build would empty all of widget/dist, taking dist/types and dist/esm with it:
  // clear only what it writes (as widget/test/browser/global-setup.ts does).
  for (const path of ['dist/chunks', 'dist/franchise-ai-demo.js']) rmSync(join(WIDGET, path), { recursive: true, force: true });
  const config: InlineConfig = { configFile: join(WIDGET, 'vite.config.ts'), root: WIDGET, logLevel: 'warn', build: { emptyOutDir: false } };
  await withEnv({ ...PRODUCTION, FAD_FAKE_DAILY: undefined, FAD_OUT_DIR: undefined }, () => build(config).then(() => undefined));
}

function prerender(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/prerender.mjs'], { cwd: SITE, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`scripts/prerender.mjs exited with ${code}:\n${output}`))));
  });
}

async function buildSite(webhookBase: string): Promise<void> {
  const base: InlineConfig = { configFile: join(SITE, 'vite.config.ts'), root: SITE, logLevel: 'warn' };
  await withEnv({ ...PRODUCTION, ...BUILD_ENV, VITE_WEBHOOK_BASE: webhookBase }, async () => {
    await build(base);
    await build({ ...base, build: { ssr: 'src/entry-server.tsx', outDir: 'dist-ssr' } });
  });
  await prerender();
}

const EXPECTED = ['index.html', 'demo/index.html', 'privacy/index.html', 'terms/index.html', '404.html', 'widget/franchise-ai-demo.js'];

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const host: SpawnedHost = await spawnHost({ env: { RATE_LIMIT: 'off' }, product: 'franchise-ai' });
  const stop = async () => {
    await host.stop();
    removeDatabase(host.databasePath);
  };
  try {
    await buildWidget();
    await buildSite(host.webhookBase);
    for (const file of EXPECTED) {
      if (!existsSync(join(SITE, 'dist', file))) throw new Error(`global setup: the build did not write site/dist/${file}`);
    }
    for (const file of readdirSync(join(SITE, 'dist/assets')).filter((name) => name.endsWith('.js'))) {
      if (readFileSync(join(SITE, 'dist/assets', file), 'utf8').includes('react-devtools')) throw new Error(`global setup: dist/assets/${file} is a development build of React`);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  project.provide('webhookHost', host.url);
  project.provide('webhookBase', host.webhookBase);
  return stop;
}
