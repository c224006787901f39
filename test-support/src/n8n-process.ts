import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { importAndPublish, importSmtpCredentials, userFolderFromTemplate } from './n8n-import.ts';
import { executionDataEnv, parseEnvFile, QUEUE_MODE_ENV, READINESS_PROBE } from './n8n-workflows.ts';

// A real n8n, as the company runs it, started the way its docs say: the workflows imported and
// published with n8n's CLI, then `n8n start`, offline and on 127.0.0.1 only, in a fresh user folder.
// One process on SQLite (startN8n, for the real-n8n tests), or queue mode (startN8nQueue, for
// scripts/check-queue.ts): a main process and workers on a shared PostgreSQL and Redis, configured
// by queue/queue-mode.env. Both keep of the requests what execution-data.env says. The binary comes
// from scripts/ensure-n8n.mjs. Those paths are in integrations/n8n, the workflows package: what this
// harness needs of it comes through n8n-workflows.ts.

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
  // ...check web addresses with node's URL (the Code node's sandbox has no global one), resolve a
  // website's name to judge its addresses (dns), and draw demoIds from node's crypto.
  NODE_FUNCTION_ALLOW_BUILTIN: 'url,dns,crypto',
  // This n8n runs on this machine (the tests, the run command): the fixture sites on 127.0.0.1 may
  // be read. Loopback only (site-reader-settings.ts); a deployment leaves it unset.
  ALLOW_PRIVATE_WEBSITES: '1',
} as const;

/** n8n settings that only govern a running n8n, never its database: the template's import holds with them. */
const RUN_ONLY_SETTINGS: ReadonlySet<string> = new Set(['N8N_RESTRICT_FILE_ACCESS_TO']);

export interface N8nProcess {
  /** `http://127.0.0.1:PORT/webhook/{product}`: the widget's webhook base. */
  webhookBase: string;
  /** n8n's SQLite database (the leads' Data Table is in it). */
  databasePath: string;
  output(): string;
  stop(): Promise<void>;
  /**
   * A crash and a start: SIGKILL to n8n and its task runner (no shutdown, running executions die
   * where they are), then `n8n start` again on the same database and port, resolved once its
   * webhooks are live again. `whileDown` runs between the two, on the stopped database.
   */
  restart(whileDown?: () => void | Promise<void>): Promise<void>;
}

export interface StartOptions {
  /** The n8n entry script (ensure-n8n.mjs). */
  bin: string;
  /** The workflows' settings: VAPI_*, CORS_ORIGINS, RATE_LIMIT*. */
  env: Record<string, string>;
  product?: string;
  /** Default 120 s: n8n answers /healthz after about 5 s, its webhooks a few seconds later. */
  timeoutMs?: number;
  /** Gives up waiting (and stops what it started) once aborted, e.g. on Ctrl-C. */
  signal?: AbortSignal;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** One n8n process (start or worker) with its output kept. */
interface Spawned {
  child: ChildProcess;
  output(): string;
  exited(): boolean;
  /** SIGTERM, then SIGKILL after 10 s; resolves once it has exited. */
  stop(): Promise<void>;
  /** SIGKILL to its whole process group (it and its task runner): a crash, no shutdown. */
  kill(): Promise<void>;
  /** SIGTERM to n8n alone, which shuts its runner down itself: a deploy's stop; resolves at its exit. */
  terminate(): Promise<void>;
}

function spawnN8n(bin: string, args: string[], env: Record<string, string>, { group = false } = {}): Spawned {
  // In its own process group when asked, so that a crash can take its task runner child with it,
  // as a lost machine or container would.
  const child = spawn(process.execPath, [bin, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: group });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const whenExited = () => (exited() ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve())));
  const send = (name: NodeJS.Signals) => {
    try {
      if (group && child.pid) process.kill(-child.pid, name);
      else child.kill(name);
    } catch {
      // Already gone.
    }
  };
  return {
    child,
    output: () => output,
    exited,
    async stop() {
      if (exited()) return send('SIGKILL'); // its runner may outlive it
      send('SIGTERM');
      await Promise.race([whenExited(), sleep(10_000).then(() => send('SIGKILL'))]);
      await whenExited();
    },
    async kill() {
      send('SIGKILL');
      await whenExited();
    },
    async terminate() {
      child.kill('SIGTERM');
      await whenExited();
    },
  };
}

/**
 * Resolves once the demo_form workflow itself answers: an empty, untyped post gets its 415 refusal
 * (so it stores nothing). Any other answer is n8n still starting: while it migrates its database it
 * answers every path with a 200 "n8n is starting up. Please wait", then with Express's 404
 * "Cannot POST" until its webhook routes are mounted, then with a "not registered" 404 until the
 * workflows are active. (Taking any non-404 for live once let a test post into the second phase.)
 */
async function waitForWebhooks(webhookBase: string, main: Spawned, timeoutMs: number, describe: () => string, signal?: AbortSignal): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const seen = new Set<string>();
  for (;;) {
    signal?.throwIfAborted();
    if (main.exited()) throw new Error(`n8n exited with ${main.child.exitCode} before its webhooks went live:\n${describe()}`);
    const answer = await fetch(webhookBase + READINESS_PROBE.path, { method: 'POST', signal: AbortSignal.timeout(10_000) }).then(
      async (response) => ({ status: response.status, text: await response.text() }),
      () => ({ status: 0, text: '' }),
    );
    if (isWorkflowRefusal(answer)) return;
    seen.add(String(answer.status));
    if (Date.now() > deadline)
      throw new Error(`n8n's webhooks were not live after ${timeoutMs / 1000} s (answers seen: ${[...seen].join(', ')}):\n${describe()}`);
    await sleep(250);
  }
}

/** The workflow's own answer to a post without a JSON body, not n8n's or another server's. */
export function isWorkflowRefusal({ status, text }: { status: number; text: string }): boolean {
  if (status !== READINESS_PROBE.refusal.status) return false;
  try {
    return (JSON.parse(text) as { error?: unknown }).error === READINESS_PROBE.refusal.error;
  } catch {
    return false;
  }
}

export async function startN8n({ bin, env, product = 'franchise-ai', timeoutMs = 120_000, signal }: StartOptions): Promise<N8nProcess> {
  const home = mkdtempSync(join(tmpdir(), 'fad-n8n-'));
  const n8nEnv = { N8N_ENCRYPTION_KEY: 'test-only-encryption-key', ...N8N_SETTINGS, ...executionDataEnv() };
  const baseEnv = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: home, N8N_USER_FOLDER: home, ...n8nEnv, ...env };
  try {
    // With this harness's own n8n settings (SQLite), the database comes migrated, with the
    // workflows imported and published, from a template made once (n8n-import.ts). A caller that
    // sets n8n's own (N8N_*, DB_*: PostgreSQL) gets them imported into its database here.
    const ownSettings = Object.keys(env).some((name) => !RUN_ONLY_SETTINGS.has(name) && (name in n8nEnv || /^(N8N|DB)_/.test(name)));
    if (ownSettings) importAndPublish(bin, baseEnv);
    else userFolderFromTemplate(bin, n8nEnv, home);
    if (env['SMTP_URL']) importSmtpCredentials(bin, baseEnv, env['SMTP_URL']);
  } catch (error) {
    rmSync(home, { recursive: true, force: true });
    throw error;
  }
  // Ports are chosen just before the start, not before the slow import: a port free then may be
  // taken by another test's server by the time n8n binds it.
  const port = await freePort();
  // Every n8n on one machine needs its own task broker. In its own process group, so that a crash
  // (restart) takes its task runner with it.
  const spawnMain = async () =>
    spawnN8n(bin, ['start'], { ...baseEnv, N8N_PORT: String(port), N8N_RUNNERS_BROKER_PORT: String(await freePort()) }, { group: true });
  let main = await spawnMain();
  let earlier = '';
  const output = () => earlier + main.output();
  const stop = async () => {
    await main.stop();
    rmSync(home, { recursive: true, force: true });
  };
  const webhookBase = `http://127.0.0.1:${port}/webhook/${product}`;
  const live = async () => {
    try {
      await waitForWebhooks(webhookBase, main, timeoutMs, output, signal);
    } catch (error) {
      await stop();
      throw error;
    }
  };
  await live();
  const restart = async (whileDown?: () => void | Promise<void>) => {
    await main.kill();
    earlier = output();
    await whileDown?.();
    main = await spawnMain();
    await live();
  };
  return { webhookBase, databasePath: join(home, '.n8n', 'database.sqlite'), output, stop, restart };
}

// --- queue mode ----------------------------------------------------------------------------------

/** Where the shared PostgreSQL and Redis listen (the rest of queue mode comes from queue-mode.env). */
export interface QueueServices {
  postgres: { host: string; port: number; database: string; user: string; password: string };
  redis: { host: string; port: number };
}

export interface QueueStartOptions extends StartOptions {
  services: QueueServices;
  /** Default 2. */
  workers?: number;
  /** A line of progress per step. */
  log?: (line: string) => void;
}

export interface N8nWorker {
  name: string;
  running(): boolean;
  /** SIGKILL to the worker and its task runner: a crash, no graceful shutdown. */
  kill(): Promise<void>;
  /** SIGTERM: the worker takes no new job and finishes its running ones (N8N_GRACEFUL_SHUTDOWN_TIMEOUT). */
  terminate(): Promise<void>;
}

export interface N8nQueue {
  /** The main process's webhook base, as in startN8n. */
  webhookBase: string;
  workers: N8nWorker[];
  /** Every process's output, each line prefixed with its name. */
  output(): string;
  /** Stops main and workers (SIGTERM, each waits for its running executions) and removes their folders. */
  stop(): Promise<void>;
}

/** The environment of every queue-mode process: this repository's settings, execution-data.env, queue-mode.env, then the services' addresses. */
export function queueModeEnv(services: QueueServices, queueModeFile = readFileSync(QUEUE_MODE_ENV, 'utf8')): Record<string, string> {
  const { postgres, redis } = services;
  return {
    ...N8N_SETTINGS,
    ...executionDataEnv(),
    ...parseEnvFile(queueModeFile),
    QUEUE_BULL_REDIS_HOST: redis.host,
    QUEUE_BULL_REDIS_PORT: String(redis.port),
    DB_POSTGRESDB_HOST: postgres.host,
    DB_POSTGRESDB_PORT: String(postgres.port),
    DB_POSTGRESDB_DATABASE: postgres.database,
    DB_POSTGRESDB_USER: postgres.user,
    DB_POSTGRESDB_PASSWORD: postgres.password,
  };
}

/**
 * A main process and `workers` workers in queue mode on the given PostgreSQL and Redis: the
 * workflows imported and published once (the database is shared), the workers started and ready
 * (their /healthz/readiness), then the main process, live once its webhooks answer.
 */
export async function startN8nQueue({
  bin,
  env,
  services,
  workers: workerCount = 2,
  product = 'franchise-ai',
  timeoutMs = 180_000,
  signal,
  log = () => {},
}: QueueStartOptions): Promise<N8nQueue> {
  const shared = queueModeEnv(services);
  const folders: string[] = [];
  const processes: Array<{ name: string; spawned: Spawned }> = [];
  const processEnv = async (extra: Record<string, string> = {}) => {
    const home = mkdtempSync(join(tmpdir(), 'fad-n8n-queue-'));
    folders.push(home);
    // Per process, as queue-mode.env says: its own task broker port and user folder.
    return {
      PATH: process.env['PATH'] ?? '/usr/bin:/bin',
      HOME: home,
      N8N_USER_FOLDER: home,
      ...shared,
      N8N_RUNNERS_BROKER_PORT: String(await freePort()),
      ...env,
      ...extra,
    };
  };
  const output = () => processes.map(({ name, spawned }) => spawned.output().replace(/^(?=.)/gm, `[${name}] `)).join('\n');
  const stop = async () => {
    // Main first, so that nothing new is queued while the workers finish what they hold.
    for (const { spawned } of processes) await spawned.stop();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  };
  try {
    log('n8n queue: importing and publishing the workflows into PostgreSQL');
    const importEnv = await processEnv();
    importAndPublish(bin, importEnv);
    if (env['SMTP_URL']) importSmtpCredentials(bin, importEnv, env['SMTP_URL']);
    signal?.throwIfAborted();
    const mainPort = await freePort();
    const mainEnv = await processEnv({ N8N_PORT: String(mainPort) });
    const workers: N8nWorker[] = [];
    const healthPorts: number[] = [];
    for (let index = 1; index <= workerCount; index++) {
      const healthPort = await freePort();
      healthPorts.push(healthPort);
      const spawned = spawnN8n(bin, ['worker'], await processEnv({ QUEUE_HEALTH_CHECK_PORT: String(healthPort) }), { group: true });
      const name = `worker ${index}`;
      workers.push({ name, running: () => !spawned.exited(), kill: () => spawned.kill(), terminate: () => spawned.terminate() });
      processes.push({ name, spawned });
    }
    log(`n8n queue: waiting for ${workerCount} workers to be ready`);
    const deadline = Date.now() + timeoutMs;
    for (const [index, port] of healthPorts.entries()) {
      for (;;) {
        signal?.throwIfAborted();
        const { name, spawned } = processes[index]!;
        if (spawned.exited()) throw new Error(`n8n ${name} exited with ${spawned.child.exitCode} before it was ready:\n${output()}`);
        const ready = await fetch(`http://127.0.0.1:${port}/healthz/readiness`).then(
          (response) => response.ok,
          () => false,
        );
        if (ready) break;
        if (Date.now() > deadline) throw new Error(`n8n ${name} was not ready after ${timeoutMs / 1000} s:\n${output()}`);
        await sleep(250);
      }
    }
    log('n8n queue: starting the main process');
    const main = spawnN8n(bin, ['start'], mainEnv, { group: true });
    processes.unshift({ name: 'main', spawned: main });
    const webhookBase = `http://127.0.0.1:${mainPort}/webhook/${product}`;
    await waitForWebhooks(webhookBase, main, Math.max(1000, deadline - Date.now()), output, signal);
    return { webhookBase, workers, output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
