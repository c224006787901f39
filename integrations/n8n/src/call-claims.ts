import { networkCeiling } from '@franchise-ai/shared/call-policy';
import { clientKey, ipv6PrefixKey, networkKey } from '@franchise-ai/shared/client-address';
import { limitRefusal, secondsUntilAllowed, type LimitCode, type RateLimit } from '@franchise-ai/shared/rate-limits';
import type { Refusal, Settings, WorkflowEnv } from './request-check.ts';

// The call limits on n8n, made atomic without a transaction. n8n's Data Tables have no
// check-then-insert, so the stand-in's "count, then record, in one transaction" cannot be built
// from its nodes: two requests that both count before either records both pass (on n8n 2.8.4,
// 30 simultaneous requests for one number all placed their call against a limit of 3).
//
// So every call request *claims first, then counts*: "Claim" inserts its row into the calls table
// (outcome 'call-pending') before anything is checked, "Calls in window" reads the rows of the
// longest window, and this decision lets it proceed only if its own row is within every limit;
// otherwise "Drop claim" deletes the row (it stops counting) and the visitor gets 429. Deleted, not
// marked: n8n caps all Data Tables together at 50 MB, and a flood of refused requests must not fill
// them and stop the leads. A row counts while it exists, except that a call which certainly did not
// ring ('call-failed') frees its slot for the number and the day, as on the stand-in. A call that
// may have rung stays counted, and so does a claim whose execution died before it was settled.
//
// Which rows count against a claim: always the earlier ones (lower ids) that are visible; a claim
// over its limit among those is refused at once. Then it depends on the database:
//
// - **SQLite (n8n's default): nothing more.** n8n 2.8.4 writes SQLite through one connection behind
//   a mutex, each write a BEGIN IMMEDIATE transaction, and a new row's id is above every existing
//   row's id. So ids are given in commit order: a row with a lower id committed before this claim's
//   insert began, and this claim's read (after its own commit) sees it. Proof: of k winners, the one
//   with the highest id saw the k-1 others, all lower, and proceeded only if k <= limit. In a burst
//   the `limit` earliest claims proceed.
// - **PostgreSQL (queue mode), or any other database: every visible row, later ones too.** A
//   sequence gives ids when rows are inserted, not when they commit, so a claim may read before a
//   lower id commits and proceed without it, while the lower one would not count it back. Proof
//   that counting every visible row holds: take k winners of one key within a window, and W the one
//   whose last read began last. Each other winner's insert committed before its own reads began, so
//   before W's last read began, and under READ COMMITTED W's read sees it; a winner's row is never
//   deleted, and is never 'call-failed' unless it certainly did not ring. So W counted all k rows
//   and proceeded only if k <= limit.
//   The price: a claim about to be refused still counts until it is dropped, so in a burst every
//   claim may see more than the limit. A claim within its limit among the earlier ones therefore
//   does not give up at once: it reads again after RECOUNT_SECONDS (the refused ones are dropped
//   meanwhile), up to RECOUNTS times, and only then is refused. The proof holds for any read, so
//   recounting changes how many proceed, never how many may.

/** Reads after the first before a claim that only later claims push over its limit is refused (PostgreSQL only). */
export const RECOUNTS = 3;
/** How long "Recount" waits before reading the window again. */
export const RECOUNT_SECONDS = 1;

/** A row of the calls table as the Data Table nodes output it (its system `id` included). */
export interface ClaimRow {
  id: number;
  receivedAt: string;
  phoneNumber: string;
  client: string;
  outcome: string;
}

export interface CallLimits {
  perClient: RateLimit | null;
  /** The client's IPv6 /56 and /48 (none for IPv4): the same calls counted by the wider prefixes. */
  perNet56: RateLimit | null;
  perNet48: RateLimit | null;
  perNumber: RateLimit | null;
  perDay: RateLimit | null;
  /** One network's share of the daily ceiling (IPv6 /48, IPv4 /24; none for `unknown`). */
  perNetwork: RateLimit | null;
}

export interface LimitRefusal extends Refusal {
  /** For the Retry-After header. */
  retryAfterSeconds: number;
}

/** Within every limit among the earlier claims, but not yet among all visible ones: read the window again. */
export interface Recount {
  ok: false;
  recount: true;
}

export type Decision = { ok: true } | LimitRefusal | Recount;

/** Certainly did not ring (see callStep): counted per client only, as the stand-in's per-address limiter counts every request it let through. */
export const FREED_OUTCOME = 'call-failed';

/**
 * Whether this n8n's database gives ids in commit order: SQLite, n8n's default (`DB_TYPE` unset or
 * `sqlite`). Anything else, including a `DB_TYPE_FILE` this node cannot read, gets the rule that
 * holds on every database.
 */
export function idsInCommitOrder(env: WorkflowEnv): boolean {
  const type = env['DB_TYPE'];
  return type === 'sqlite' || (type === undefined && !env['DB_TYPE_FILE']);
}

/**
 * Whether the claim `own` may place its call, given the rows of the calls table read after it was
 * inserted (`rows`, normally including `own`): the client's limits (its address or /64, its /56, its
 * /48), then the number's, then the host's daily ceiling, then its network's share of it, each with
 * the stand-in's words and code and the seconds until one more would fit. `lastTry`:
 * no recount is left, so a claim that later claims push over a limit is refused.
 */
export function claimDecision(
  own: ClaimRow,
  rows: readonly ClaimRow[],
  limits: CallLimits,
  now: number,
  { orderedIds, lastTry }: { orderedIds: boolean; lastTry: boolean },
): Decision {
  const ownClient = clientKey(own.client);
  const counted = (row: ClaimRow) => row.outcome !== FREED_OUTCOME;
  /** Rows whose `key` is the claim's own, when it has one (an IPv4 client has no /56, `unknown` no network). */
  const same = (key: (client: string) => string | null) => {
    const ownKey = key(own.client);
    return (row: ClaimRow) => ownKey !== null && key(row.client) === ownKey;
  };
  const [in56, in48, inNetwork] = [same((client) => ipv6PrefixKey(client, 56)), same((client) => ipv6PrefixKey(client, 48)), same(networkKey)];
  const checks: Array<{ rule: RateLimit | null; code: LimitCode; applies: (row: ClaimRow) => boolean }> = [
    { rule: limits.perClient, code: 'client', applies: (row) => clientKey(row.client) === ownClient },
    { rule: ipv6PrefixKey(own.client, 56) ? limits.perNet56 : null, code: 'client', applies: in56 },
    { rule: ipv6PrefixKey(own.client, 48) ? limits.perNet48 : null, code: 'client', applies: in48 },
    { rule: limits.perNumber, code: 'phoneNumber', applies: (row) => row.phoneNumber === own.phoneNumber && counted(row) },
    { rule: limits.perDay, code: 'callsPerDay', applies: counted },
    { rule: networkKey(own.client) ? limits.perNetwork : null, code: 'networkShare', applies: (row) => inNetwork(row) && counted(row) },
  ];
  const rivals = rows.filter((row) => row.id !== own.id);
  const over = (rule: RateLimit, applies: (row: ClaimRow) => boolean, earlierOnly: boolean) =>
    secondsUntilAllowed(
      rule,
      rivals.filter((row) => (!earlierOnly || row.id < own.id) && applies(row)).map((row) => Date.parse(row.receivedAt)),
      now,
    );
  const refusal = (code: LimitCode, wait: number): LimitRefusal => ({ ok: false, status: 429, body: limitRefusal(code, wait), retryAfterSeconds: wait });
  // Over a limit among the earlier claims: refused, whatever the later ones do.
  for (const { rule, code, applies } of checks) {
    const wait = rule ? over(rule, applies, true) : 0;
    if (wait > 0) return refusal(code, wait);
  }
  if (orderedIds) return { ok: true };
  for (const { rule, code, applies } of checks) {
    const wait = rule ? over(rule, applies, false) : 0;
    if (wait > 0) return lastTry ? refusal(code, wait) : { ok: false, recount: true };
  }
  return { ok: true };
}

/** A Data Table row as a ClaimRow, or null when it is not one (e.g. the empty item of a read that found nothing). */
export function claimRow(json: unknown): ClaimRow | null {
  const row = json as Partial<Record<keyof ClaimRow, unknown>> | null;
  const id = Number(row?.id);
  if (!Number.isSafeInteger(id) || typeof row?.receivedAt !== 'string' || typeof row.phoneNumber !== 'string' || typeof row.client !== 'string') return null;
  return { id, receivedAt: row.receivedAt, phoneNumber: row.phoneNumber, client: row.client, outcome: typeof row.outcome === 'string' ? row.outcome : '' };
}

/** "Limits": the decision for the row "Claim" inserted, over the rows "Calls in window" read on its `reading`-th run (0 first). */
export function limitStep(
  claimed: unknown,
  window: readonly unknown[],
  settings: Pick<Settings, 'policy' | 'limits'>,
  env: WorkflowEnv,
  now: number,
  reading: number,
): Decision {
  const own = claimRow(claimed);
  if (!own) throw new Error(`The calls table answered the insert without the row's id: ${JSON.stringify(claimed)}`);
  const rows = window.map(claimRow).filter((row): row is ClaimRow => row !== null);
  const limits: CallLimits = {
    perClient: settings.limits.callPerIp,
    perNet56: settings.limits.callPerIpv6Net56,
    perNet48: settings.limits.callPerIpv6Net48,
    perNumber: settings.limits.callPerPhone,
    perDay: settings.policy.callsPerDay,
    perNetwork: networkCeiling(settings.policy),
  };
  return claimDecision(own, rows, limits, now, { orderedIds: idsInCommitOrder(env), lastTry: reading >= RECOUNTS });
}
