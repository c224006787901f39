import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { startN8n, startN8nQueue } from '@franchise-ai/test-support/n8n-process';
import { startHost } from '@franchise-ai/test-support/webhook-host';
import { parseEnvFile } from '../src/env-file.ts';
import { anyLoss, formatTable, summarize, type Outcome, type Summary } from '../src/load-summary.ts';
import { QUEUE_MODE_ENV } from '../src/harness-facts.ts';
import { LEADS_TABLE } from '../src/workflows.ts';
import { sendLoad } from './check-queue-load.ts';
import { SetupError, startPostgres, startRedis } from './check-queue-services.ts';
import { ensureN8n } from './ensure-n8n.mjs';

// `pnpm check:n8n-queue`: the same bounded load of demo_form posts against the stand-in, a single
// n8n (SQLite) and n8n in queue mode (a main process, two workers, PostgreSQL and Redis), with one
// worker SIGKILLed partway through the queue run; one table of what each accepted and stored.
// Fails (exit 1) when any mode accepted a lead it did not store. Everything it starts, it stops,
// also on Ctrl-C or a failure.
//   CHECK_POSTS (2000), CHECK_CLIENTS (50), CHECK_MODES (stand-in,single,queue): a smaller or partial run.
//   CHECK_WORKER_SIGNAL=SIGTERM: stop the worker as a deploy would instead of killing it.
//   Any setting of queue/queue-mode.env set in this environment overrides the file's, to try one,
//   e.g. QUEUE_WORKER_LOCK_DURATION=10000.

const POSTS = Number(process.env['CHECK_POSTS'] ?? 2000);
const CLIENTS = Number(process.env['CHECK_CLIENTS'] ?? 50);
const MODES = new Set((process.env['CHECK_MODES'] ?? 'stand-in,single,queue').split(',').map((mode) => mode.trim()));
/** The worker is killed as this share of the posts has been sent. */
const KILL_AT = 0.3;
const WORKER_SIGNAL = process.env['CHECK_WORKER_SIGNAL'] === 'SIGTERM' ? 'SIGTERM' : 'SIGKILL';
/** Longer than a dead worker's lock (60 s) plus the stalled-job check (30 s): its posts get their answer. */
const POST_TIMEOUT_MS = 150_000;
/** The same in all three hosts: a throughput check, not a rate-limit check. */
const LIMITS = { RATE_LIMIT: 'off' };
const PRODUCT = 'franchise-ai';
const RUN = Date.now().toString(36);
const QUEUE_OVERRIDES = Object.fromEntries(
  Object.keys(parseEnvFile(readFileSync(QUEUE_MODE_ENV, 'utf8'))).flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]!]])),
);

const log = (line: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${line}`);

// --- cleanup, whatever happens -----------------------------------------------------------------
const running = new Set<{ stop(): Promise<void> }>();
/** Registers what was started until it is stopped; stopping twice is harmless. */
function started<T extends { stop(): Promise<void> }>(service: T): T {
  const stop = service.stop.bind(service);
  let stopping: Promise<void> | undefined;
  const tracked = { ...service, stop: () => (stopping ??= stop().finally(() => running.delete(tracked))) };
  running.add(tracked);
  return tracked;
}
async function stopAll(): Promise<void> {
  // Newest first: n8n before the PostgreSQL and Redis under it.
  for (const service of [...running].reverse()) await service.stop().catch((error: unknown) => console.error(`cleanup: ${String(error)}`));
}
// Ctrl-C: every wait and post in flight gives up, and the run's own `finally` stops everything.
// A second Ctrl-C stops everything at once.
const interrupt = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (!interrupt.signal.aborted) {
      log(`${signal}: stopping everything this check started`);
      interrupt.abort(new Error(`interrupted by ${signal}`));
      return;
    }
    void stopAll().finally(() => process.exit(130));
  });
}
const { signal } = interrupt;

// --- one mode ------------------------------------------------------------------------------------
async function load(mode: string, webhookBase: string, onSent?: (sent: number) => void): Promise<Outcome[]> {
  log(`${mode}: ${POSTS} posts from ${CLIENTS} clients`);
  let unexpected = 0;
  return sendLoad({
    webhookBase,
    posts: POSTS,
    clients: CLIENTS,
    runId: `${RUN}-${mode.replace(/\W+/g, '-')}`,
    timeoutMs: POST_TIMEOUT_MS,
    signal,
    ...(onSent ? { onSent } : {}),
    onProgress: (so) =>
      signal.aborted ||
      log(`${mode}: ${so.length}/${POSTS} answered, ${so.filter((outcome) => outcome.status >= 200 && outcome.status < 300).length} with 2xx`),
    onUnexpected: (outcome, body) => {
      if (signal.aborted) return;
      if (++unexpected <= 5)
        log(
          `${mode}: post answered ${outcome.status || 'nothing'} after ${(outcome.ms / 1000).toFixed(1)} s (at ${(outcome.endedAt / 1000).toFixed(1)} s): ${JSON.stringify(body)}`,
        );
      else if (unexpected === 6) log(`${mode}: (more unexpected answers: see the table)`);
    },
  });
}

function report(summary: Summary): Summary {
  log(
    `${summary.mode}: ${summary.accepted} accepted (${summary.acceptedWithoutOk} without ok), ${summary.stored} stored, ${summary.lost} lost, ${summary.duplicates} duplicates`,
  );
  return summary;
}

/** The emails in n8n's leads Data Table in its SQLite file. */
function sqliteLeadEmails(databasePath: string): string[] {
  const db = new Database(databasePath, { readonly: true });
  try {
    const table = db.prepare('SELECT id FROM data_table WHERE name = ?').get(LEADS_TABLE) as { id: string } | undefined;
    return table ? (db.prepare(`SELECT email FROM "data_table_user_${table.id}"`).pluck().all() as string[]) : [];
  } finally {
    db.close();
  }
}

function postgresLeadEmails(query: (sql: string) => string[]): string[] {
  const [id] = query(`SELECT id FROM data_table WHERE name = '${LEADS_TABLE}'`);
  return id ? query(`SELECT email FROM "data_table_user_${id}"`) : [];
}

async function standIn(): Promise<Summary> {
  const mode = 'stand-in (SQLite)';
  log(`${mode}: starting hosts/reference`);
  const host = started(await startHost({ product: PRODUCT, env: { ...LIMITS, TRUST_PROXY: '1' } }));
  const outcomes = await load(mode, host.webhookBase);
  const db = new Database(host.databasePath, { readonly: true });
  const emails = db.prepare("SELECT email FROM requests WHERE endpoint = 'demo_form'").pluck().all() as string[];
  db.close();
  await host.stop();
  return report(summarize(mode, outcomes, emails));
}

async function singleN8n(bin: string): Promise<Summary> {
  const mode = 'n8n single (SQLite)';
  log(`${mode}: importing, publishing and starting n8n`);
  const n8n = started(await startN8n({ bin, env: LIMITS, product: PRODUCT, signal }));
  const outcomes = await load(mode, n8n.webhookBase);
  const emails = sqliteLeadEmails(n8n.databasePath);
  await n8n.stop();
  return report(summarize(mode, outcomes, emails));
}

async function queueN8n(bin: string): Promise<Summary> {
  const mode = 'n8n queue (main + 2 workers, Postgres, Redis)';
  log('n8n queue: starting Redis and PostgreSQL');
  const redis = started(await startRedis(log, signal));
  const postgres = started(await startPostgres(signal));
  log(`n8n queue: Redis on 127.0.0.1:${redis.connection.port}, PostgreSQL on 127.0.0.1:${postgres.connection.port}`);
  if (Object.keys(QUEUE_OVERRIDES).length > 0)
    log(
      `n8n queue: instead of queue-mode.env: ${Object.entries(QUEUE_OVERRIDES)
        .map(([name, value]) => `${name}=${value}`)
        .join(' ')}`,
    );
  const services = { postgres: postgres.connection, redis: redis.connection };
  const queue = started(await startN8nQueue({ bin, env: { ...LIMITS, ...QUEUE_OVERRIDES }, product: PRODUCT, services, workers: 2, signal, log }));
  const victim = queue.workers[0]!;
  const killAt = Math.round(POSTS * KILL_AT);
  const outcomes = await load(mode, queue.webhookBase, (sent) => {
    if (sent !== killAt) return;
    log(`n8n queue: ${WORKER_SIGNAL} to ${victim.name}${WORKER_SIGNAL === 'SIGKILL' ? ' and its task runner' : ''} as post ${sent} leaves`);
    void (WORKER_SIGNAL === 'SIGKILL' ? victim.kill() : victim.terminate()).then(() => log(`n8n queue: ${victim.name} has exited`));
  });
  const emails = postgresLeadEmails(postgres.query);
  const executions = postgres.query('SELECT status, count(*) FROM execution_entity GROUP BY status ORDER BY status');
  log(`n8n queue: executions kept in PostgreSQL, by status: ${executions.map((line) => line.replace('\t', ' ')).join(', ') || 'none'}`);
  await queue.stop();
  await postgres.stop();
  await redis.stop();
  return report(summarize(mode, outcomes, emails));
}

// --- the run -------------------------------------------------------------------------------------
const wallStart = performance.now();
try {
  log(`Queue check: ${POSTS} valid demo_form posts from ${CLIENTS} concurrent clients per mode, each client its own X-Forwarded-For.`);
  log('Limits: RATE_LIMIT=off in all three modes (the stand-in also TRUST_PROXY=1): the per-client demo_form limit would refuse most of the load.');
  const bin = ensureN8n();
  const summaries: Summary[] = [];
  if (MODES.has('stand-in')) summaries.push(await standIn());
  if (MODES.has('single')) summaries.push(await singleN8n(bin));
  if (MODES.has('queue')) summaries.push(await queueN8n(bin));
  console.log('');
  console.log(formatTable(summaries));
  console.log('');
  console.log('accepted: any 2xx, as the widget takes it (2xx without ok: no {"ok":true} body). req/s: accepted posts per second until the last acceptance.');
  console.log(
    'p50/p99: of accepted posts. lost: accepted, no row. stored, not accepted: a row although the visitor got an error (a retry would store it twice).',
  );
  console.log(`Limits off (RATE_LIMIT=off) in all three. In queue mode, 1 of 2 workers got ${WORKER_SIGNAL} as post ${Math.round(POSTS * KILL_AT)} left.`);
  log(`done in ${((performance.now() - wallStart) / 1000).toFixed(0)} s`);
  if (anyLoss(summaries)) {
    console.error('FAILED: a mode accepted leads it did not store (lost > 0).');
    process.exitCode = 1;
  }
} catch (error) {
  if (signal.aborted) {
    log('interrupted');
    process.exitCode = 130;
  } else {
    console.error(error instanceof SetupError ? error.message : error);
    process.exitCode = 1;
  }
} finally {
  await stopAll();
}
