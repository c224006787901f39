import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type InlineConfig } from 'vite';
import type { TestProject } from 'vitest/node';
import { removeDatabase, spawnHost, type SpawnedHost } from '../../examples/webhook-host/support/spawn-host.ts';
import { buildRealWidget } from '../../widget/test/support/build-widget.ts';
import { PRODUCTION, withEnv } from '../../widget/test/support/with-env.ts';
import { BUILD_ENV } from './support/build-env.ts';

// Before any test of the `site-browser` project:
// 1. starts the real webhook host (examples/webhook-host, RATE_LIMIT=off) for the whole run;
// 2. builds the widget (widget/dist, what the prerender step copies to site/dist/widget/);
// 3. builds the site with VITE_WEBHOOK_BASE pointing at that host: client build, SSR build,
//    then scripts/prerender.mjs, exactly as `pnpm --filter @franchise-ai/site build` does;
// and hands the host's URLs and lead token to the tests (`inject('webhookHost')`, `inject('webhookBase')`,
// `inject('webhookLeadsToken')`).

declare module 'vitest' {
  export interface ProvidedContext {
    /** `http://127.0.0.1:PORT` of the webhook host started for this run (GET /leads lists what it received). */
    webhookHost: string;
    /** The LEADS_TOKEN that host requires on GET /leads. */
    webhookLeadsToken: string;
    /** The `webhook-base` the site was built with: `${webhookHost}/webhook/franchise-ai`. */
    webhookBase: string;
  }
}

const SITE = fileURLToPath(new URL('../', import.meta.url));

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

const EXPECTED = ['index.html', 'demo/index.html', 'privacy/index.html', 'terms/index.html', '404.html', 'robots.txt', 'sitemap.xml', 'og-image.png', 'widget/franchise-ai-demo.js'];

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const host: SpawnedHost = await spawnHost({ env: { RATE_LIMIT: 'off' }, product: 'franchise-ai' });
  const stop = async () => {
    await host.stop();
    removeDatabase(host.databasePath);
  };
  try {
    await buildRealWidget();
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
  project.provide('webhookLeadsToken', host.leadsToken);
  project.provide('webhookBase', host.webhookBase);
  return stop;
}
