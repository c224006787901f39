import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

/** Temporary folders spawnHost made for its databases: the only folders removeDatabase may remove. */
const ownFolders = new Set<string>();

export interface SpawnedHost {
  /** `http://127.0.0.1:PORT` */
  url: string;
  port: number;
  /** `${url}/webhook/${product}` */
  webhookBase: string;
  databasePath: string;
  /** The LEADS_TOKEN it was started with (random unless `env` sets one; empty: /leads is off). */
  leadsToken: string;
  /** Everything the process printed so far. */
  output(): string;
  /** SIGTERM and wait for exit. */
  stop(): Promise<void>;
  /** SIGKILL and wait for exit: no clean shutdown. */
  kill(): Promise<void>;
}

export interface SpawnOptions {
  env?: Record<string, string>;
  /** Reuse a database (e.g. across a restart); by default a fresh temporary file. */
  databasePath?: string;
  port?: number;
  product?: string;
}

/** Starts the real webhook host process (`src/main.ts`) and resolves once it prints its listening line. */
export async function spawnHost(options: SpawnOptions = {}): Promise<SpawnedHost> {
  const databasePath = options.databasePath ?? join(temporaryFolder(), 'test.db');
  // Every test host serves /leads, to readers that send its token (support/fetch-leads.ts).
  const leadsToken = options.env?.['LEADS_TOKEN'] ?? randomBytes(32).toString('hex');
  // tsx as a loader, not its CLI: the CLI runs the server in a child process,
  // and a SIGKILL to the CLI would leave that child serving.
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: PACKAGE_DIR,
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: process.env['HOME'] ?? '',
      HOST: '127.0.0.1',
      PORT: String(options.port ?? 0),
      DATABASE_PATH: databasePath,
      LOG_REQUESTS: '0',
      LEADS_TOKEN: leadsToken,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const listening = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`webhook host did not start in 15 s:\n${output}`)), 15_000);
    const onData = () => {
      const match = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`webhook host exited with ${code} before listening:\n${output}`));
    });
  });
  let port: number;
  try {
    port = await listening;
  } catch (error) {
    // A host that never got going must not outlive the test run, nor leave its temporary database.
    await exit(child, 'SIGKILL');
    if (!options.databasePath) removeDatabase(databasePath);
    throw error;
  }
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    webhookBase: `${url}/webhook/${options.product ?? 'acme'}`,
    databasePath,
    leadsToken,
    output: () => output,
    stop: () => exit(child, 'SIGTERM'),
    kill: () => exit(child, 'SIGKILL'),
  };
}

function exit(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

function temporaryFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'webhook-host-'));
  ownFolders.add(folder);
  return folder;
}

/**
 * Removes a database file with its `-wal` and `-shm` files, and nothing else: the folder
 * goes too only when `spawnHost` made it and it is now empty.
 */
export function removeDatabase(databasePath: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(databasePath + suffix, { force: true });
  const folder = dirname(databasePath);
  if (!ownFolders.has(folder)) return;
  try {
    rmdirSync(folder);
  } catch (error) {
    // Someone put other files there: they stay, and so does the folder.
    if ((error as NodeJS.ErrnoException).code === 'ENOTEMPTY') return;
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  ownFolders.delete(folder);
}
