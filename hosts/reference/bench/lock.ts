import Database from 'better-sqlite3';
import { IDEMPOTENCY_KEY_HEADER } from '@franchise-ai/shared/constants';
import { removeDatabase, spawnHost } from '@franchise-ai/test-support/webhook-host';
import { holdWriteLock } from '../test/hold-write-lock.ts';

// Lock benchmark: another process holds SQLite's write lock for 10 s while
// 10 clients post demo_form requests and one prober asks /healthz, and for 2 s after it lets go.
// /healthz must keep answering; no request may take more than 2 s; every write is either stored
// and answered 2xx, or answered 503 (with Retry-After) and not stored. Loopback only; it stops by
// itself after HOLD_MS + AFTER_MS or MAX_POSTS posts, whichever comes first.
const HOLD_MS = Number(process.env['BENCH_LOCK_MS'] ?? 10_000);
const AFTER_MS = 2_000;
const CLIENTS = 10;
const MAX_POSTS = 20_000;
const LONGEST_ALLOWED_MS = 2_000;
// A request still unanswered after this is cut off and counted as hung.
const HUNG_MS = 5_000;

const host = await spawnHost({ env: { RATE_LIMIT: 'off' } });
const run = Date.now().toString(36);
// Each post has its own email (and key), so the database says which posts were stored.
const emailOf = (index: number) => `lock-${run}-${index}@example.com`;

type Post = { index: number; status: number | 'hung'; ms: number; during: boolean; retryAfter: string | null; requestId?: string };
const posts: Post[] = [];
const health: number[] = [];
let healthHung = 0;
let next = 0;

const lock = await holdWriteLock(host.databasePath);
const lockedAt = performance.now();
let locked = true;
const released = (async () => {
  await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
  await lock.release();
  locked = false;
})();
const stopAt = lockedAt + HOLD_MS + AFTER_MS;
const running = () => performance.now() < stopAt && next < MAX_POSTS;

await Promise.all([...Array.from({ length: CLIENTS }, () => writer()), prober(), released]);
await host.stop();

const db = new Database(host.databasePath, { readonly: true });
const storedEmails = new Set(
  db
    .prepare<[], { email: string }>('SELECT email FROM requests')
    .all()
    .map((row) => row.email),
);
db.close();
removeDatabase(host.databasePath);

const ok = posts.filter((post) => typeof post.status === 'number' && post.status >= 200 && post.status < 300);
const busy = posts.filter((post) => post.status === 503);
const other = posts.filter((post) => post.status !== 503 && !ok.includes(post));
const okNotStored = ok.filter((post) => !storedEmails.has(emailOf(post.index))).length;
const busyStored = busy.filter((post) => storedEmails.has(emailOf(post.index))).length;
const busyWithoutRetryAfter = busy.filter((post) => post.retryAfter === null).length;
const longest = Math.max(...posts.map((post) => post.ms), ...health);

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const pct = (values: number[], p: number) => sorted(values)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const postMs = posts.map((post) => post.ms);
const rows: [string, string][] = [
  ['write lock', `held by another process for ${(HOLD_MS / 1000).toFixed(0)} s, then ${AFTER_MS / 1000} s without`],
  ['posts', `${posts.length} from ${CLIENTS} clients (${posts.filter((post) => post.during).length} while locked)`],
  ['answered 2xx', `${ok.length} (${ok.filter((post) => post.during).length} while locked), ${okNotStored} of them not stored`],
  ['answered 503', `${busy.length} (${busyWithoutRetryAfter} without Retry-After), ${busyStored} of them stored`],
  ['other / hung', String(other.length)],
  ['post p50 / p99', `${ms(pct(postMs, 50))} / ${ms(pct(postMs, 99))}`],
  ['/healthz answers', `${health.length} (${healthHung} cut off after ${HUNG_MS / 1000} s)`],
  ['/healthz p50 / p99', `${ms(pct(health, 50))} / ${ms(pct(health, 99))}`],
  ['/healthz longest', ms(Math.max(...health))],
  ['longest answer', `${ms(longest)} (limit ${LONGEST_ALLOWED_MS} ms)`],
];
for (const [label, value] of rows) console.log(`${label.padEnd(20)} ${value}`);
const failed =
  other.length > 0 ||
  healthHung > 0 ||
  okNotStored > 0 ||
  busyStored > 0 ||
  busyWithoutRetryAfter > 0 ||
  longest > LONGEST_ALLOWED_MS ||
  ok.filter((post) => !post.during).length === 0;
if (failed) {
  console.error('FAILED: see the figures above');
  process.exit(1);
}

async function writer(): Promise<void> {
  while (running()) {
    const index = next++;
    const during = locked;
    const started = performance.now();
    try {
      const response = await fetch(`${host.webhookBase}/demo_form`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [IDEMPOTENCY_KEY_HEADER]: `lock-${run}-${String(index).padStart(6, '0')}` },
        body: JSON.stringify({ name: `Lock ${index}`, company: 'Lock Franchise', email: emailOf(index), businessType: 'franchisor' }),
        signal: AbortSignal.timeout(HUNG_MS),
      });
      await response.text();
      posts.push({ index, status: response.status, ms: performance.now() - started, during, retryAfter: response.headers.get('retry-after') });
    } catch (error) {
      if ((error as Error).name !== 'TimeoutError') throw error;
      posts.push({ index, status: 'hung', ms: performance.now() - started, during, retryAfter: null });
    }
  }
}

async function prober(): Promise<void> {
  while (running()) {
    const started = performance.now();
    try {
      const response = await fetch(`${host.url}/healthz`, { signal: AbortSignal.timeout(HUNG_MS) });
      await response.text();
      if (response.status !== 200) throw new Error(`/healthz answered ${response.status}`);
    } catch (error) {
      if ((error as Error).name !== 'TimeoutError') throw error;
      healthHung++;
    }
    health.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
