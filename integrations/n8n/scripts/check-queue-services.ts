import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, type QueueServices } from '@franchise-ai/test-support/n8n-process';

// PostgreSQL and Redis for the queue check, from Debian's packages, each on a free loopback port in
// a temporary folder that goes with it. PostgreSQL refuses to run as root, so as root both run as
// the `postgres` user (or `nobody`), which owns the folder.

/** A service the check started; `stop` ends it and removes its folder. */
export interface Service {
  stop(): Promise<void>;
}

export interface Postgres extends Service {
  connection: QueueServices['postgres'];
  /** Rows of a query as tab-separated lines, through psql. */
  query(sql: string): string[];
}

export interface Redis extends Service {
  connection: QueueServices['redis'];
}

/** A one-line reason the check cannot run here, and what to do; printed without a stack. */
export class SetupError extends Error {}

const isRoot = () => process.getuid?.() === 0;

/** As root, an unprivileged account to run the servers as; otherwise the current user. */
function serviceUser(): { uid: number; gid: number } | undefined {
  if (!isRoot()) return undefined;
  const passwd = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((line) => line.split(':'));
  const entry = passwd.find(([name]) => name === 'postgres') ?? passwd.find(([name]) => name === 'nobody');
  if (!entry)
    throw new SetupError('Running as root and found neither a postgres nor a nobody account to run PostgreSQL as; run the check as an ordinary user.');
  return { uid: Number(entry[2]), gid: Number(entry[3]) };
}

/** A temporary folder the service user owns. */
function ownedFolder(prefix: string, user: ReturnType<typeof serviceUser>): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  if (user) chownSync(folder, user.uid, user.gid);
  chmodSync(folder, 0o700);
  return folder;
}

function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((name) => existsSync(join(root, name, 'bin', 'postgres'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest)
    throw new SetupError(
      'PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/postgres): install it with `apt-get install postgresql`, then run the check again.',
    );
  return join(root, newest, 'bin');
}

function run(command: string, args: string[], options: { user?: ReturnType<typeof serviceUser>; env?: Record<string, string> } = {}): string {
  const result = spawnSync(command, args, { encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', ...options.env }, ...(options.user ?? {}) });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.error?.message}):\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** A server process with its output kept; `stop` signals it and waits for its exit. */
function serve(
  command: string,
  args: string[],
  user: ReturnType<typeof serviceUser>,
  cwd: string,
): { child: ChildProcess; output(): string; stop(signal: NodeJS.Signals): Promise<void> } {
  const child = spawn(command, args, { cwd, env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin' }, stdio: ['ignore', 'pipe', 'pipe'], ...(user ?? {}) });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  return {
    child,
    output: () => output,
    async stop(signal) {
      if (exited()) return;
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill(signal);
      await Promise.race([gone, sleep(15_000).then(() => child.kill('SIGKILL'))]);
      await gone;
    },
  };
}

async function until(
  what: string,
  ready: () => boolean | Promise<boolean>,
  failed: () => string | undefined,
  signal?: AbortSignal,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    signal?.throwIfAborted();
    const failure = failed();
    if (failure !== undefined) throw new Error(`${what} stopped before it was ready:\n${failure}`);
    if (await ready()) return;
    if (Date.now() > deadline) throw new Error(`${what} was not ready after ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

export async function startPostgres(signal?: AbortSignal): Promise<Postgres> {
  const bin = postgresBin();
  const user = serviceUser();
  const folder = ownedFolder('fad-postgres-', user);
  const connection = { host: '127.0.0.1', port: await freePort(), database: 'n8n', user: 'n8n', password: 'check-only-postgres-password' };
  const pgEnv = { PGPASSWORD: connection.password, PGCONNECT_TIMEOUT: '5' };
  let server: ReturnType<typeof serve> | undefined;
  const stop = async () => {
    // SIGINT: PostgreSQL's fast shutdown (no waiting for clients).
    await server?.stop('SIGINT');
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    const passwordFile = join(folder, 'password');
    writeFileSync(passwordFile, connection.password);
    if (user) chownSync(passwordFile, user.uid, user.gid);
    const data = join(folder, 'data');
    run(join(bin, 'initdb'), ['-D', data, '-U', connection.user, `--pwfile=${passwordFile}`, '--auth=scram-sha-256', '-E', 'UTF8', '--locale=C', '--no-sync'], {
      user,
    });
    // Loopback TCP only; its socket in the temporary folder, not in /var/run/postgresql.
    server = serve(join(bin, 'postgres'), ['-D', data, '-h', connection.host, '-p', String(connection.port), '-k', folder], user, folder);
    const psqlArgs = ['-h', connection.host, '-p', String(connection.port), '-U', connection.user];
    await until(
      'PostgreSQL',
      () => spawnSync(join(bin, 'pg_isready'), [...psqlArgs, '-d', 'postgres'], { env: pgEnv }).status === 0,
      () => (server!.child.exitCode !== null ? server!.output() : undefined),
      signal,
    );
    run(join(bin, 'psql'), [...psqlArgs, '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-c', `CREATE DATABASE ${connection.database}`], { env: pgEnv });
    const query = (sql: string) =>
      run(join(bin, 'psql'), [...psqlArgs, '-d', connection.database, '-v', 'ON_ERROR_STOP=1', '-At', '-F', '\t', '-c', sql], { env: pgEnv })
        .split('\n')
        .filter((line) => line !== '');
    return { connection, query, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** redis-server's path, installing Debian's package when it is missing and we may (root). */
function redisServerBin(log: (line: string) => void): string {
  const find = () => ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((path) => existsSync(path));
  const found = find();
  if (found) return found;
  if (!isRoot()) throw new SetupError('redis-server is not installed: install it with `sudo apt-get install redis-server` (Debian), then run the check again.');
  log('Redis: installing redis-server with apt-get (once)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'redis-server'], { stdio: 'inherit', env }).status === 0;
  if (!install()) {
    // The package lists may be missing or stale.
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    if (!install()) throw new SetupError('apt-get could not install redis-server (see its message above): install it, then run the check again.');
  }
  const installed = find();
  if (!installed) throw new SetupError('apt-get installed redis-server but no /usr/bin/redis-server appeared: install it by hand, then run the check again.');
  return installed;
}

export async function startRedis(log: (line: string) => void = () => {}, signal?: AbortSignal): Promise<Redis> {
  const bin = redisServerBin(log);
  const user = serviceUser();
  const folder = ownedFolder('fad-redis-', user);
  const connection = { host: '127.0.0.1', port: await freePort() };
  // In memory only (no snapshots, no append-only file): the queue lives for one check.
  const server = serve(
    bin,
    [
      '--bind',
      connection.host,
      '--port',
      String(connection.port),
      '--dir',
      folder,
      '--save',
      '',
      '--appendonly',
      'no',
      '--daemonize',
      'no',
      '--protected-mode',
      'yes',
    ],
    user,
    folder,
  );
  const stop = async () => {
    await server.stop('SIGTERM');
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    await until(
      'Redis',
      () => /Ready to accept connections/.test(server.output()),
      () => (server.child.exitCode !== null ? server.output() : undefined),
      signal,
    );
    return { connection, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
