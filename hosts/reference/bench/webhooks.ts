import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import Database from 'better-sqlite3';
import { IDEMPOTENCY_KEY_HEADER } from '@franchise-ai/shared/constants';
import { removeDatabase, type SpawnedHost, spawnHost } from '@franchise-ai/test-support/webhook-host';

// Durability benchmark: 5,000 demo_form posts from 50 concurrent clients while
// the host is SIGKILLed and restarted twice. A client whose request dies with
// the process retries it with the same Idempotency-Key, as the widget does; every
// request that got a 2xx must be in the database afterwards ("lost" must be 0),
// and a request committed just before a kill must not be stored again by its
// retry ("duplicates" must be 0): stored equals accepted exactly.
const TOTAL = Number(process.env['BENCH_REQUESTS'] ?? 5000);
const CONCURRENCY = Number(process.env['BENCH_CONCURRENCY'] ?? 50);
const KILLS = 2;
const DEADLINE_MS = 5 * 60_000;
/** One key per logical request, reused by its retries; unique per run so a reused database cannot answer it. */
const RUN = Date.now().toString(36);
const keyOf = (index: number) => `bench-${RUN}-${String(index).padStart(6, '0')}`;

const port = await freePort();
const env = { RATE_LIMIT: 'off' };
let host: SpawnedHost = await spawnHost({ port, env });
const { databasePath } = host;
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

const acceptedIds = new Map<number, string>(); // request index -> requestId answered
const latencies: number[] = [];
let failedAttempts = 0;
let replayed = 0;
let refusedForNow = 0; // 409 (the key still in flight) or 503 (database busy): retried after Retry-After
let rejected = 0;
let next = 0;
let restarting: Promise<void> | undefined;
const killAt = Array.from({ length: KILLS }, (_, k) => Math.round((TOTAL * (k + 1)) / (KILLS + 1)));
const started = performance.now();

await Promise.all(Array.from({ length: CONCURRENCY }, () => client()));
const elapsedS = (performance.now() - started) / 1000;
await host.stop();
agent.destroy();

const db = new Database(databasePath, { readonly: true });
const stored = db.prepare<[], { id: string; email: string }>("SELECT id, email FROM requests WHERE endpoint = 'demo_form'").all();
db.close();
removeDatabase(databasePath);
const storedIds = new Set(stored.map((row) => row.id));
const lost = [...acceptedIds.values()].filter((id) => !storedIds.has(id)).length;
// Each request index has its own email: a second row with it is the same request stored twice.
const duplicates = stored.length - new Set(stored.map((row) => row.email)).size;
const unanswered = stored.length - duplicates - acceptedIds.size;

latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
const rows: [string, string][] = [
  ['requests', `${TOTAL} from ${CONCURRENCY} concurrent clients, ${KILLS} SIGKILL + restart`],
  ['elapsed', `${elapsedS.toFixed(2)} s (restarts included)`],
  ['requests/s', (acceptedIds.size / elapsedS).toFixed(0)],
  ['latency p50', `${pct(50).toFixed(2)} ms`],
  ['latency p99', `${pct(99).toFixed(2)} ms`],
  ['accepted (2xx)', String(acceptedIds.size)],
  ['rejected (non-2xx)', String(rejected)],
  ['attempts retried', `${failedAttempts} (connection refused or dropped by a kill) + ${refusedForNow} (409/503, after Retry-After)`],
  ['answered by replay', `${replayed} (a retry of a request committed before the kill)`],
  ['stored', `${stored.length} (${unanswered} committed but never answered)`],
  ['lost', String(lost)],
  ['duplicates', String(duplicates)],
];
for (const [label, value] of rows) console.log(`${label.padEnd(20)} ${value}`);
if (lost > 0 || duplicates > 0 || unanswered !== 0 || acceptedIds.size + rejected < TOTAL) process.exit(1);

async function client(): Promise<void> {
  while (next < TOTAL) {
    const index = next++;
    await killIfDue();
    for (;;) {
      if (performance.now() - started > DEADLINE_MS) throw new Error('benchmark deadline passed');
      await restarting;
      const attemptStart = performance.now();
      try {
        const { status, requestId, wasReplayed, retryAfterS } = await post(index);
        if (status === 409 || status === 503) {
          refusedForNow++;
          await new Promise((resolve) => setTimeout(resolve, retryAfterS * 1000));
          continue;
        }
        if (status >= 200 && status < 300) {
          latencies.push(performance.now() - attemptStart);
          acceptedIds.set(index, requestId);
          if (wasReplayed) replayed++;
        } else rejected++;
        break;
      } catch (error) {
        // Only a connection the kill refused or dropped is retried; anything else is a bug here.
        if (!(error as NodeJS.ErrnoException).code) throw error;
        failedAttempts++;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  }
}

async function killIfDue(): Promise<void> {
  if (killAt[0] === undefined || acceptedIds.size < killAt[0] || restarting) return;
  killAt.shift();
  restarting = (async () => {
    await host.kill();
    host = await spawnHost({ port, env, databasePath });
  })();
  await restarting;
  restarting = undefined;
}

function post(index: number): Promise<{ status: number; requestId: string; wasReplayed: boolean; retryAfterS: number }> {
  const body = JSON.stringify({
    name: `Bench ${index}`,
    company: 'Bench Franchise',
    email: `bench-${index}@example.com`,
    website: 'https://bench.example.com',
    businessType: index % 2 ? 'franchisee' : 'franchisor',
  });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/webhook/bench/demo_form',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), [IDEMPOTENCY_KEY_HEADER]: keyOf(index) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          try {
            resolve({
              status: res.statusCode ?? 0,
              requestId: (JSON.parse(text) as { requestId: string }).requestId,
              wasReplayed: res.headers['idempotent-replayed'] === 'true',
              retryAfterS: Number(res.headers['retry-after'] ?? 1),
            });
          } catch (error) {
            reject(error as Error);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}
