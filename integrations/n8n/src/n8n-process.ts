import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { WEBHOOK_PATHS } from '@franchise-ai/shared/constants';

// A real n8n, as the company runs it, started the way its docs say: the workflows imported and
// published with n8n's CLI, then `n8n start`, offline and on 127.0.0.1 only, in a fresh user folder.
// Used by the real-n8n tests; the binary comes from scripts/ensure-n8n.mjs.

export const WORKFLOWS = fileURLToPath(new URL('../workflows/', import.meta.url));

/** What n8n needs to run here: quiet, offline, loopback only, and what the workflows need ($env, node's URL). */
export const N8N_SETTINGS = {
  N8N_LISTEN_ADDRESS: '127.0.0.1',
  N8N_HOST: '127.0.0.1',
  N8N_PROTOCOL: 'http',
  N8N_DIAGNOSTICS_ENABLED: 'false',
  N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
  N8N_TEMPLATES_ENABLED: 'false',
  N8N_DYNAMIC_BANNERS_ENABLED: 'false',
  N8N_PERSONALIZATION_ENABLED: 'false',
  N8N_HIRING_BANNER_ENABLED: 'false',
  N8N_COMMUNITY_PACKAGES_ENABLED: 'false',
  N8N_LICENSE_AUTO_RENEW_ENABLED: 'false',
  N8N_SECURE_COOKIE: 'false',
  N8N_LOG_LEVEL: 'warn',
  DB_TYPE: 'sqlite',
  // The workflows read their settings as the stand-in does, from the environment...
  N8N_BLOCK_ENV_ACCESS_IN_NODE: 'false',
  // ...and check web addresses with node's URL: the Code node's sandbox has no global one.
  NODE_FUNCTION_ALLOW_BUILTIN: 'url',
} as const;

export interface N8nProcess {
  /** `http://127.0.0.1:PORT/webhook/{product}`: the widget's webhook base. */
  webhookBase: string;
  /** n8n's SQLite database (the leads' Data Table is in it). */
  databasePath: string;
  output(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** The n8n entry script (ensure-n8n.mjs). */
  bin: string;
  /** The workflows' settings: VAPI_*, CORS_ORIGINS, RATE_LIMIT*. */
  env: Record<string, string>;
  product?: string;
  /** Default 120 s: n8n answers /healthz after about 5 s, its webhooks a few seconds later. */
  timeoutMs?: number;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startN8n({ bin, env, product = 'franchise-ai', timeoutMs = 120_000 }: StartOptions): Promise<N8nProcess> {
  const home = mkdtempSync(join(tmpdir(), 'fad-n8n-'));
  const [port, brokerPort] = [await freePort(), await freePort()];
  const fullEnv = {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    HOME: home,
    N8N_USER_FOLDER: home,
    N8N_PORT: String(port),
    // Every n8n on one machine needs its own task broker.
    N8N_RUNNERS_BROKER_PORT: String(brokerPort),
    N8N_ENCRYPTION_KEY: 'test-only-encryption-key',
    ...N8N_SETTINGS,
    ...env,
  };
  const cli = (...args: string[]) => {
    const result = spawnSync(process.execPath, [bin, ...args], { env: fullEnv, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`n8n ${args.join(' ')} failed (exit ${result.status}):\n${result.stdout}${result.stderr}`);
  };
  // Import, then publish, both before the start: a running n8n notices neither.
  for (const file of readdirSync(WORKFLOWS).filter((name) => name.endsWith('.json'))) {
    cli('import:workflow', `--input=${join(WORKFLOWS, file)}`);
    for (const { id } of JSON.parse(readFileSync(join(WORKFLOWS, file), 'utf8')) as Array<{ id: string }>) cli('publish:workflow', `--id=${id}`);
  }
  const child = spawn(process.execPath, [bin, 'start'], { env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000).then(() => child.kill('SIGKILL'))]);
    }
    rmSync(home, { recursive: true, force: true });
  };
  const webhookBase = `http://127.0.0.1:${port}/webhook/${product}`;
  // Live once a webhook answers with something other than n8n's "not registered" 404 (an empty,
  // untyped post is refused by the workflow's checks, so it stores nothing).
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`n8n exited with ${child.exitCode} before its webhooks went live:\n${output}`);
    const status = await fetch(webhookBase + WEBHOOK_PATHS.demoForm, { method: 'POST' }).then((response) => response.status, () => 0);
    if (status !== 0 && status !== 404) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`n8n's webhooks were not live after ${timeoutMs / 1000} s:\n${output}`);
    }
    await sleep(250);
  }
  return { webhookBase, databasePath: join(home, '.n8n', 'database.sqlite'), output: () => output, stop };
}
