import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Endpoint } from './endpoints.ts';
import type { Lead } from '@franchise-ai/shared/request-body';
import type { BrandProfile, UnavailableReason } from '@franchise-ai/shared/brand-profile';
import type { CallEvent, CallStatus } from '@franchise-ai/shared/call-events';

/** What happened to an accepted request. */
export type Outcome =
  | 'received'
  | 'assistant-configured'
  | 'assistant-created'
  /** Recorded, the call not yet asked of the provider (or the host stopped before it answered). */
  | 'call-pending'
  | 'call-placed'
  /** The provider refused (an error status), or the assistant for it could not be made: nothing rang. */
  | 'call-failed'
  /** The provider never confirmed (timeout, dropped or broken answer): the phone may have rung. */
  | 'call-unconfirmed'
  | 'call-recorded';

/**
 * The outcomes the per-number limit counts: every call that rang or may have rung. Only a call
 * that certainly did not ring ('call-failed') is free, so a provider outage locks no one out.
 */
export const COUNTED_CALL_OUTCOMES = ['call-pending', 'call-placed', 'call-unconfirmed', 'call-recorded'] as const satisfies Outcome[];

/** How long an Idempotency-Key is remembered: a retry comes within minutes, 24 h is ample. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** The answer stored for an Idempotency-Key, replayed to its retries. */
export interface StoredAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** What the host remembers of a key: `answer` is null while the request is still being worked on. */
export interface KeyRecord {
  requestHash: string;
  requestId: string;
  answer: StoredAnswer | null;
}

/**
 * What /leads and `pnpm leads` show of a lead's profile (issue 26): how far the reading got and how
 * much it found, not the facts themselves (GET /leads?demoId is not a thing; the assistant gets them).
 */
export type ProfileSummary =
  | { status: 'reading' }
  | { status: 'ready'; facts: number; locations: number }
  | { status: 'unavailable'; reason: UnavailableReason };

export interface StoredRequest extends Lead {
  id: string;
  receivedAt: string;
  endpoint: Endpoint;
  product: string;
  clientIp: string;
  outcome: Outcome;
  /** The assistant id answered, or the provider's call id. */
  providerId: string | null;
  /** Why a call failed or is unconfirmed (the provider's error); null otherwise. */
  error: string | null;
  /** The website's profile, on a demo_form row (the lead) once it has a demoId; null otherwise. */
  profile?: ProfileSummary | null;
  /**
   * What the provider reported of the call (issue 27), on a trigger_ai_demo_call row whose call id it
   * names; null when it reported nothing (or the row is no placed call).
   */
  call?: CallRecord | null;
}

/** The provider's reports on one call: its statuses in order, and the end-of-call report once it came. */
export interface CallRecord {
  statuses: Array<{ status: CallStatus; at: string; endedReason: string | null }>;
  report: {
    at: string;
    endedReason: string | null;
    summary: string | null;
    /** The analysisPlan's structured data: the franchise candidate's or the customer's answers. */
    qualification: Record<string, unknown> | null;
    transcript: string | null;
    recordingUrl: string | null;
  } | null;
}

/** A row of table `call_events`. */
interface EventRow {
  key: string;
  call_id: string;
  kind: CallEvent['kind'];
  status: CallStatus | null;
  at: string;
  received_at: string;
  ended_reason: string | null;
  transcript: string | null;
  summary: string | null;
  structured_data: string | null;
  recording_url: string | null;
}

/** Calls counted in a window, and when the one that must leave it before another fits was received. */
export interface CallCount {
  count: number;
  /** ISO 8601 of the `limit`-th newest counted call; null when there are fewer. */
  leavingNext: string | null;
}

export interface Row {
  id: string;
  received_at: string;
  endpoint: Endpoint;
  product: string;
  client_ip: string;
  name: string;
  company: string;
  email: string;
  website: string | null;
  business_type: Lead['businessType'];
  phone_number: string | null;
  /** The words the visitor agreed to before a call (with received_at, client_ip and phone_number: the proof). */
  consent_text: string | null;
  outcome: Outcome;
  provider_id: string | null;
  error: string | null;
  demo_id: string | null;
  profile_status: ProfileSummary['status'] | null;
  /** The BrandProfile as JSON, once read. */
  profile: string | null;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS requests (
    seq           INTEGER PRIMARY KEY AUTOINCREMENT,
    id            TEXT NOT NULL UNIQUE,
    received_at   TEXT NOT NULL,
    endpoint      TEXT NOT NULL,
    product       TEXT NOT NULL,
    client_ip     TEXT NOT NULL,
    name          TEXT NOT NULL,
    company       TEXT NOT NULL,
    email         TEXT NOT NULL,
    website       TEXT,
    business_type TEXT NOT NULL,
    phone_number  TEXT,
    outcome       TEXT NOT NULL,
    provider_id   TEXT
  );
  CREATE INDEX IF NOT EXISTS requests_by_phone ON requests (phone_number, received_at)
    WHERE phone_number IS NOT NULL;
  -- The host's daily ceiling counts every call.
  CREATE INDEX IF NOT EXISTS calls_by_time ON requests (received_at)
    WHERE phone_number IS NOT NULL;
  -- One row per Idempotency-Key, written in the same transaction as its request row.
  CREATE TABLE IF NOT EXISTS idempotency (
    key           TEXT PRIMARY KEY,
    request_hash  TEXT NOT NULL,
    request_id    TEXT NOT NULL,
    status        INTEGER,
    body          TEXT,
    created_at    TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS idempotency_by_age ON idempotency (created_at);
  -- What the voice provider reported (call_events, issue 27), one row per event: its key makes a
  -- redelivery one. Linked to a lead at read time, by the call id a call request's row stores.
  CREATE TABLE IF NOT EXISTS call_events (
    key             TEXT PRIMARY KEY,
    call_id         TEXT NOT NULL,
    kind            TEXT NOT NULL,
    status          TEXT,
    at              TEXT NOT NULL,
    received_at     TEXT NOT NULL,
    ended_reason    TEXT,
    transcript      TEXT,
    summary         TEXT,
    structured_data TEXT,
    recording_url   TEXT
  );
  CREATE INDEX IF NOT EXISTS call_events_by_call ON call_events (call_id, at);
`;

/** Columns added after the first release, for databases made before them. */
const ADDED_COLUMNS: Array<[table: string, column: string, type: string]> = [
  ['requests', 'error', 'TEXT'],
  ['requests', 'consent_text', 'TEXT'],
  // Issue 26: the demoId (on the demo_form row, and on the later requests that name it), and on the
  // demo_form row the profile read from the website: 'reading' until done, then the profile's status.
  ['requests', 'demo_id', 'TEXT'],
  ['requests', 'profile_status', 'TEXT'],
  ['requests', 'profile', 'TEXT'],
];

/** demo_status and the later requests find a lead by its demoId: an index, made after the column exists. */
const DEMO_INDEX = "CREATE INDEX IF NOT EXISTS leads_by_demo ON requests (demo_id) WHERE endpoint = 'demo_form'";

/** Startup may wait for another process's lock; requests never do (see busy-retry.ts). */
const STARTUP_BUSY_TIMEOUT_MS = 5000;

const NEWEST_FIRST = 'SELECT * FROM requests ORDER BY seq DESC LIMIT ?';
const EVENTS_OF_CALL = 'SELECT * FROM call_events WHERE call_id = ? ORDER BY at, received_at';
const COUNTED_LIST = COUNTED_CALL_OUTCOMES.map((outcome) => `'${outcome}'`).join(', ');

/**
 * SQLite in WAL mode; every write is committed (and, with synchronous FULL, on disk) before it returns.
 * Writes never wait for a lock (busy_timeout 0): better-sqlite3 is synchronous, so waiting inside
 * SQLite would freeze every request of the process. A write that finds the lock taken throws
 * SQLITE_BUSY at once, with nothing written; callers retry it without blocking (busy-retry.ts).
 * One host process per database file.
 */
export class Store {
  private readonly db: Database.Database;
  private readonly insertRow: Database.Statement<Omit<Row, 'profile_status' | 'profile'>>;
  private readonly callsToPhone: Database.Statement<{ phone: string; since: string; nth: number }, CallCount>;
  private readonly callsInWindow: Database.Statement<{ since: string; nth: number }, CallCount>;
  private readonly settleRow: Database.Statement<{ id: string; outcome: Outcome; provider_id: string | null; error: string | null }>;
  private readonly insertKey: Database.Statement<{ key: string; request_hash: string; request_id: string; status: number | null; body: string | null; created_at: string }>;
  private readonly answerKey: Database.Statement<{ key: string; status: number; body: string }>;
  private readonly deleteKey: Database.Statement<[string]>;
  private readonly pruneKeys: Database.Statement<[string]>;
  private readonly writeProfile: Database.Statement<{ demo_id: string; status: ProfileSummary['status']; profile: string | null }>;
  private readonly findProfile: Database.Statement<[string], Pick<Row, 'profile_status' | 'profile'>>;
  private readonly findKey: Database.Statement<[string, string], { request_hash: string; request_id: string; status: number | null; body: string | null }>;
  private readonly insertEvent: Database.Statement<EventRow>;

  constructor(path: string, synchronous: 'full' | 'normal' = 'full') {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path);
    this.db.pragma(`busy_timeout = ${STARTUP_BUSY_TIMEOUT_MS}`);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${synchronous}`);
    this.db.exec(SCHEMA);
    for (const [table, column, type] of ADDED_COLUMNS) {
      const columns = this.db.prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${table}')`).all();
      if (!columns.some((existing) => existing.name === column)) this.db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`);
    }
    this.db.exec(DEMO_INDEX);
    this.db.pragma('busy_timeout = 0');
    this.insertRow = this.db.prepare(`
      INSERT INTO requests (id, received_at, endpoint, product, client_ip, name, company, email, website,
                            business_type, phone_number, consent_text, outcome, provider_id, error, demo_id)
      VALUES (@id, @received_at, @endpoint, @product, @client_ip, @name, @company, @email, @website,
              @business_type, @phone_number, @consent_text, @outcome, @provider_id, @error, @demo_id)`);
    this.writeProfile = this.db.prepare(`UPDATE requests SET profile_status = @status, profile = @profile WHERE endpoint = 'demo_form' AND demo_id = @demo_id`);
    this.findProfile = this.db.prepare(`SELECT profile_status, profile FROM requests WHERE endpoint = 'demo_form' AND demo_id = ?`);
    const counted = (where: string) => `
      SELECT (SELECT count(*) FROM requests WHERE ${where}) AS count,
             (SELECT received_at FROM requests WHERE ${where} ORDER BY received_at DESC LIMIT 1 OFFSET @nth - 1) AS leavingNext`;
    this.callsToPhone = this.db.prepare(counted(`phone_number = @phone AND received_at > @since AND outcome IN (${COUNTED_LIST})`));
    this.callsInWindow = this.db.prepare(counted(`phone_number IS NOT NULL AND received_at > @since AND outcome IN (${COUNTED_LIST})`));
    this.settleRow = this.db.prepare('UPDATE requests SET outcome = @outcome, provider_id = @provider_id, error = @error WHERE id = @id');
    this.insertKey = this.db.prepare(`
      INSERT INTO idempotency (key, request_hash, request_id, status, body, created_at)
      VALUES (@key, @request_hash, @request_id, @status, @body, @created_at)`);
    this.answerKey = this.db.prepare('UPDATE idempotency SET status = @status, body = @body WHERE key = @key');
    this.deleteKey = this.db.prepare('DELETE FROM idempotency WHERE key = ?');
    this.pruneKeys = this.db.prepare('DELETE FROM idempotency WHERE created_at <= ?');
    this.findKey = this.db.prepare('SELECT request_hash, request_id, status, body FROM idempotency WHERE key = ? AND created_at > ?');
    this.insertEvent = this.db.prepare(`
      INSERT INTO call_events (key, call_id, kind, status, at, received_at, ended_reason, transcript, summary, structured_data, recording_url)
      VALUES (@key, @call_id, @kind, @status, @at, @received_at, @ended_reason, @transcript, @summary, @structured_data, @recording_url)
      ON CONFLICT (key) DO NOTHING`);
  }

  /**
   * Runs `work` as one write transaction, taken at once (BEGIN IMMEDIATE) so that what it reads
   * (e.g. a count for a limit) still holds when it writes. A throw rolls everything back.
   */
  atomically<T>(work: () => T): T {
    return this.db.transaction(work).immediate();
  }

  insert(request: StoredRequest): void {
    this.insertRow.run({
      id: request.id,
      received_at: request.receivedAt,
      endpoint: request.endpoint,
      product: request.product,
      client_ip: request.clientIp,
      name: request.name,
      company: request.company,
      email: request.email,
      website: request.website,
      business_type: request.businessType,
      phone_number: request.phoneNumber,
      consent_text: request.consentText,
      outcome: request.outcome,
      provider_id: request.providerId,
      error: request.error,
      demo_id: request.demoId,
    });
  }

  /**
   * The profile of the lead whose demoId this is: `null` while it is being read (or not yet begun).
   * Called in the transaction that inserts the demo_form row, with `null`, so that demo_status
   * answers 'reading' as soon as demo_form has answered; again when the reading is done.
   */
  setProfile(demoId: string, profile: BrandProfile | null): void {
    this.writeProfile.run({ demo_id: demoId, status: profile?.status ?? 'reading', profile: profile ? JSON.stringify(profile) : null });
  }

  /** The lead's profile: null while reading; undefined when no lead has this demoId. */
  profileOf(demoId: string): BrandProfile | null | undefined {
    const row = this.findProfile.get(demoId);
    if (!row || row.profile_status === null) return undefined;
    return row.profile ? (JSON.parse(row.profile) as BrandProfile) : null;
  }

  /**
   * Profiles a previous process left 'reading' (it stopped mid-read; reads are not resumed):
   * unavailable, 'interrupted', so that no visitor's panel says 'reading' forever.
   */
  abandonReadings(): number {
    const interrupted = (website: string | null): BrandProfile => ({ status: 'unavailable', website, reason: 'interrupted' });
    const reading = this.db.prepare<[], { demo_id: string; website: string | null }>("SELECT demo_id, website FROM requests WHERE endpoint = 'demo_form' AND profile_status = 'reading'").all();
    if (reading.length > 0) this.atomically(() => reading.forEach(({ demo_id, website }) => this.setProfile(demo_id, interrupted(website))));
    return reading.length;
  }

  /** Writes what became of a call recorded as 'call-pending'. */
  settle(id: string, outcome: Outcome, providerId: string | null, error: string | null): void {
    this.settleRow.run({ id, outcome, provider_id: providerId, error });
  }

  /** Calls to this number since the given time that count toward its limit: durable, so a restart forgets nothing. */
  callsTo(phoneNumber: string, since: Date, limit: number): CallCount {
    return this.callsToPhone.get({ phone: phoneNumber, since: since.toISOString(), nth: limit })!;
  }

  /** Every call since the given time that counts toward the host's daily ceiling. */
  callsSince(since: Date, limit: number): CallCount {
    return this.callsInWindow.get({ since: since.toISOString(), nth: limit })!;
  }

  /** Binds a key to its request; `answer` null means still in flight. Forgets expired keys first. */
  rememberKey(key: string, requestHash: string, requestId: string, answer: StoredAnswer | null, now = new Date()): void {
    this.pruneKeys.run(new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS).toISOString());
    this.insertKey.run({
      key,
      request_hash: requestHash,
      request_id: requestId,
      status: answer?.status ?? null,
      body: answer ? JSON.stringify(answer.body) : null,
      created_at: now.toISOString(),
    });
  }

  answerFor(key: string, answer: StoredAnswer): void {
    this.answerKey.run({ key, status: answer.status, body: JSON.stringify(answer.body) });
  }

  /** Frees a key whose request changed nothing that a retry could repeat. */
  forgetKey(key: string): void {
    this.deleteKey.run(key);
  }

  /** The key's record if it was used within IDEMPOTENCY_KEY_TTL_MS. */
  lookUpKey(key: string, now = new Date()): KeyRecord | undefined {
    const row = this.findKey.get(key, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS).toISOString());
    if (!row) return undefined;
    const answer = row.status === null ? null : { status: row.status, body: JSON.parse(row.body ?? '{}') as Record<string, unknown> };
    return { requestHash: row.request_hash, requestId: row.request_id, answer };
  }

  /**
   * Calls a previous process left 'call-pending' (it stopped between recording and settling):
   * the provider may have rung, so they become 'call-unconfirmed', still counted, and their keys
   * get the answer `answerFor(requestId)`, so a retry never rings a second time.
   */
  settleAbandonedCalls(answerFor: (requestId: string) => StoredAnswer, reason: string): number {
    const pending = this.db.prepare<[], { id: string }>("SELECT id FROM requests WHERE outcome = 'call-pending'").all();
    const openKeys = this.db.prepare<[], { key: string; request_id: string }>('SELECT key, request_id FROM idempotency WHERE status IS NULL').all();
    if (pending.length === 0 && openKeys.length === 0) return 0;
    this.atomically(() => {
      for (const { id } of pending) this.settle(id, 'call-unconfirmed', null, reason);
      for (const { key, request_id } of openKeys) this.answerFor(key, answerFor(request_id));
    });
    return pending.length;
  }

  /**
   * Stores what the provider reported, once per `key` (shared eventKey): false when it was stored
   * already (a redelivery), and nothing is written. Stored whether or not a lead has the call id yet:
   * a call's first statuses may arrive before the provider's answer to POST /call is stored.
   */
  recordCallEvent(key: string, event: CallEvent, receivedAt: Date): boolean {
    const report = event.kind === 'report' ? event : null;
    const result = this.insertEvent.run({
      key,
      call_id: event.callId,
      kind: event.kind,
      status: event.kind === 'status' ? event.status : null,
      at: event.at,
      received_at: receivedAt.toISOString(),
      ended_reason: event.endedReason,
      transcript: report?.transcript ?? null,
      summary: report?.summary ?? null,
      structured_data: report?.structuredData ? JSON.stringify(report.structuredData) : null,
      recording_url: report?.recordingUrl ?? null,
    });
    return result.changes === 1;
  }

  /** Newest first. */
  list(limit = 100): StoredRequest[] {
    return withCalls(this.db, this.db.prepare<[number], Row>(NEWEST_FIRST).all(limit).map(fromRow));
  }

  close(): void {
    this.db.close();
  }
}

/**
 * The newest stored requests, for tools that only look: opened read-only, so nothing is
 * created or written (unlike `new Store`, which makes the folder, the file and the table).
 * Undefined when there is no database file at `path`; empty when it has no requests table.
 */
export function readRequests(path: string, limit = 100): StoredRequest[] | undefined {
  if (!existsSync(path)) return undefined;
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const table = (name: string) => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name);
    if (!table('requests')) return [];
    const rows = db.prepare<[number], Row>(NEWEST_FIRST).all(limit).map(fromRow);
    // A database from before issue 27 has no call_events table: no call has reports.
    return table('call_events') ? withCalls(db, rows) : rows;
  } finally {
    db.close();
  }
}

const fromRow = (row: Row): StoredRequest => ({
  id: row.id,
  receivedAt: row.received_at,
  endpoint: row.endpoint,
  product: row.product,
  clientIp: row.client_ip,
  name: row.name,
  company: row.company,
  email: row.email,
  website: row.website,
  businessType: row.business_type,
  phoneNumber: row.phone_number,
  // Rows read from a database older than the column have none.
  consentText: row.consent_text ?? null,
  outcome: row.outcome,
  providerId: row.provider_id,
  // Rows read from a database older than the column have none.
  error: row.error ?? null,
  demoId: row.demo_id ?? null,
  profile: summary(row),
});

/** What the lists show of a row's profile: null on rows without one (later requests, older rows). */
function summary(row: Row): ProfileSummary | null {
  if (!row.profile_status) return null;
  const profile = row.profile ? (JSON.parse(row.profile) as BrandProfile) : null;
  if (!profile) return { status: 'reading' };
  return profile.status === 'ready' ? { status: 'ready', facts: profile.facts.length, locations: profile.locations.length } : { status: 'unavailable', reason: profile.reason };
}

/**
 * Each placed call's reports, on its row: linked by the provider's call id that trigger_ai_demo_call
 * stored (provider_id). A browser call is not linked: its row's provider_id is the assistant's id, and
 * the widget does not yet tell the host the web call's id (TODO, issue 27), so its events are stored
 * by their call id and shown on no lead.
 */
function withCalls(db: Database.Database, rows: StoredRequest[]): StoredRequest[] {
  const eventsOf = db.prepare<[string], EventRow>(EVENTS_OF_CALL);
  return rows.map((row) => (row.endpoint === 'trigger_ai_demo_call' && row.providerId ? { ...row, call: callRecord(eventsOf.all(row.providerId)) } : row));
}

function callRecord(events: EventRow[]): CallRecord | null {
  if (events.length === 0) return null;
  const report = events.find((event) => event.kind === 'report');
  return {
    statuses: events.filter((event) => event.kind === 'status').map((event) => ({ status: event.status!, at: event.at, endedReason: event.ended_reason })),
    report: report
      ? {
          at: report.at,
          endedReason: report.ended_reason,
          summary: report.summary,
          qualification: report.structured_data ? (JSON.parse(report.structured_data) as Record<string, unknown>) : null,
          transcript: report.transcript,
          recordingUrl: report.recording_url,
        }
      : null,
  };
}
