import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { startChildServer, type ChildServer } from './child-server.ts';

// The real webhook host (hosts/reference), as its own process on a free port with a
// temporary SQLite file: the one way every suite and script starts it. It is run by path, as
// `pnpm start` runs it, not imported: the suites test the program, not its modules.

const HOST_PACKAGE = fileURLToPath(new URL('../../hosts/reference/', import.meta.url));
const MAIN = join(HOST_PACKAGE, 'src/main.ts');

/** Temporary folders spawnHost made for its databases: the only folders removeDatabase may remove. */
const ownFolders = new Set<string>();

export interface SpawnedHost extends ChildServer {
  /** `${url}/webhook/${product}` */
  webhookBase: string;
  databasePath: string;
  /** The LEADS_TOKEN it was started with (random unless `env` sets one; empty: /leads is off). */
  leadsToken: string;
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
  // Every test host serves /leads, to readers that send its token (leads.ts).
  const leadsToken = options.env?.['LEADS_TOKEN'] ?? randomBytes(32).toString('hex');
  let server: ChildServer;
  try {
    server = await startChildServer({
      name: 'webhook host',
      // tsx as a loader, not its CLI: the CLI runs the server in a child process,
      // and a SIGKILL to the CLI would leave that child serving.
      args: ['--import', 'tsx', MAIN],
      cwd: HOST_PACKAGE,
      env: {
        PATH: process.env['PATH'] ?? '',
        HOME: process.env['HOME'] ?? '',
        HOST: '127.0.0.1',
        PORT: String(options.port ?? 0),
        DATABASE_PATH: databasePath,
        LOG_REQUESTS: '0',
        LEADS_TOKEN: leadsToken,
        // Visitors' websites in tests (acme.com) are real names: only 127.0.0.1's sites are read.
        WEBSITES_OFFLINE: '1',
        ...options.env,
      },
      listening: /listening on http:\/\/127\.0\.0\.1:(\d+)/,
    });
  } catch (error) {
    // Nor may a host that never got going leave its temporary database.
    if (!options.databasePath) removeDatabase(databasePath);
    throw error;
  }
  return { ...server, webhookBase: `${server.url}/webhook/${options.product ?? 'acme'}`, databasePath, leadsToken };
}

/** A host that is done with once stopped: `stop` also removes its database. */
export async function startHost(options: Omit<SpawnOptions, 'databasePath'> = {}): Promise<SpawnedHost> {
  const host = await spawnHost(options);
  return {
    ...host,
    async stop() {
      await host.stop();
      removeDatabase(host.databasePath);
    },
  };
}

/** The host of a `describe` block (or file), as `useHost` returns it. */
export interface HostHandle extends SpawnedHost {
  /** Starts the host again on the same database with the same options (stopping it first if it still runs). */
  restart(): Promise<void>;
}

/**
 * Starts a host before the tests of the enclosing `describe` (or file) and, after them,
 * stops it and removes its database, so that no block can forget either.
 * The handle reads through to the running process, so it is usable in tests and hooks
 * but not while the tests are being collected. Pass a function for options that are
 * only known once earlier `beforeAll` hooks have run (e.g. a fake provider's URL).
 */
export function useHost(options: SpawnOptions | (() => SpawnOptions) = {}): HostHandle {
  let spawnOptions: SpawnOptions = {};
  let host: SpawnedHost | undefined;
  const current = (): SpawnedHost => {
    if (!host) throw new Error('useHost: the host only runs between beforeAll and afterAll');
    return host;
  };
  beforeAll(async () => {
    spawnOptions = typeof options === 'function' ? options() : options;
    host = await spawnHost(spawnOptions);
  });
  afterAll(async () => {
    await host?.stop();
    if (host) removeDatabase(host.databasePath);
  });
  return {
    get url() {
      return current().url;
    },
    get port() {
      return current().port;
    },
    get webhookBase() {
      return current().webhookBase;
    },
    get databasePath() {
      return current().databasePath;
    },
    get leadsToken() {
      return current().leadsToken;
    },
    output: () => current().output(),
    running: () => current().running(),
    stop: () => current().stop(),
    kill: () => current().kill(),
    async restart() {
      const { databasePath } = current();
      await current().stop();
      host = await spawnHost({ ...spawnOptions, databasePath });
    },
  };
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
