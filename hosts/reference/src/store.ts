import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Endpoint } from './endpoints.ts';
import type { Lead } from '@franchise-ai/shared/request-body';
import type { BrandProfile, UnavailableReason } from '@franchise-ai/shared/brand-profile';
import type { CallEvent, CallStatus, ReportEvent } from '@franchise-ai/shared/call-events';
import type { ReportedStatus } from '@franchise-ai/shared/demo-status';
import type { FollowUpLead, MailKind, MailMessage } from '@franchise-ai/shared/follow-up';
import { meetingTitle, type Booking } from '@franchise-ai/shared/meeting-event';
import type { ChatEnd, ChatLine } from '@franchise-ai/shared/chat';
import type { ConsentProof, TerritoryCheck } from '@franchise-ai/shared/lead-event';
import { storedLanguage, type Language } from '@franchise-ai/shared/language';
import { networkKey } from '@franchise-ai/shared/client-address';
import { IDEMPOTENCY_KEY_TTL_MS } from '@franchise-ai/shared/idempotency';

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

export { IDEMPOTENCY_KEY_TTL_MS };

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
 * What /leads and `pnpm leads` show of a lead's profile: how far the reading got and how
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
   * What the provider reported of the call, on a trigger_ai_demo_call row whose call id it
   * names; null when it reported nothing (or the row is no placed call).
   */
  call?: CallRecord | null;
  /** The follow-up mails of this lead's calls, oldest first; absent when there are none. */
  mails?: MailRecord[];
  /** The meeting the agent booked for the lead linked to this row (Store.leadOfCall); absent when none. */
  booking?: BookingSummary;
}

/** A booking as the lists show it: when, what, and the event's UID in the team's calendar. */
export interface BookingSummary {
  /** ISO 8601, UTC. */
  start: string;
  end: string;
  /** The calendar's zone, which the agent said the time in. */
  timeZone: string;
  /** The meeting's title in the lead's language (meeting-event.ts's meetingTitle). */
  title: string;
  uid: string;
}

/** A follow-up mail as the lists show it: to whom, and sent or still waiting (never its text). */
export interface MailRecord {
  kind: MailKind;
  to: string;
  subject: string;
  /** When the SMTP server took it; null while it waits in the outbox. */
  sentAt: string | null;
  /** Failed sends so far. */
  attempts: number;
  /** When it is tried next, while it waits. */
  nextAttemptAt: string | null;
  lastError: string | null;
}

/** A mail the outbox still has to send. */
export interface DueMail {
  id: number;
  kind: MailKind;
  requestId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  /** The `.ics` invitation to attach (METHOD:REQUEST); null when the call booked nothing. */
  invitation: string | null;
  attempts: number;
}

/** The lead a call's report belongs to (see `leadOfCall`): its row's id, its demoId, and the lead as the mails name it. */
export interface LinkedLead {
  requestId: string;
  /** The demo the row names (a demo_form row's own); null when it names none. */
  demoId: string | null;
  lead: FollowUpLead;
}

/**
 * A meeting the agent booked during a call (book_meeting), kept with the lead so that what comes
 * after the call (the mails, demo_status) can show it: one per booking key, the calendar's own rule.
 */
export interface BookingRecord {
  /** The lead's booking key (a hash of its demoId, else of its row's id: agent-tool-calls.ts). */
  key: string;
  /** The row the call links to (Store.leadOfCall), and the demo it names. */
  requestId: string;
  demoId: string | null;
  callId: string;
  toolCallId: string;
  /** The event as written in the team's calendar. */
  booking: Booking;
  /** The calendar's zone, which the agent said the time in. */
  timeZone: string;
  /** The `.ics` invitation (METHOD:REQUEST) the mails attach. */
  invitation: string;
  /** When the host stored it (ISO 8601). */
  recordedAt: string;
}

/** A row of table `bookings`. */
interface BookingRow {
  booking_key: string;
  request_id: string;
  demo_id: string | null;
  call_id: string;
  tool_call_id: string;
  uid: string;
  starts_at: string;
  ends_at: string;
  time_zone: string;
  booking: string;
  invitation: string;
  recorded_at: string;
}

/** A chat by text, as table `chats` keeps it. */
export interface ChatRecord {
  /** The host's id of the chat (the provider's changes with every message). */
  id: string;
  /** The lead's demo_form row, and its demo. */
  requestId: string;
  demoId: string;
  /** The provider's id of the chat's newest message: the next one's previousChatId; null before the first answer. */
  providerChatId: string | null;
  /** The greeting, then each visitor line with the agent's answer. */
  lines: ChatLine[];
  turns: number;
  lastMessageAt: string;
  endedAt: string | null;
  endedReason: ChatEnd | null;
  reportedAt: string | null;
}

/** A row of table `chats`. */
interface ChatRow {
  id: string;
  request_id: string;
  demo_id: string;
  provider_chat_id: string | null;
  lines: string;
  turns: number;
  started_at: string;
  last_message_at: string;
  ended_at: string | null;
  ended_reason: ChatEnd | null;
  report: string | null;
  reported_at: string | null;
}

const chatRecord = (row: ChatRow): ChatRecord => ({
  id: row.id,
  requestId: row.request_id,
  demoId: row.demo_id,
  providerChatId: row.provider_chat_id,
  lines: JSON.parse(row.lines) as ChatLine[],
  turns: row.turns,
  lastMessageAt: row.last_message_at,
  endedAt: row.ended_at,
  endedReason: row.ended_reason,
  reportedAt: row.reported_at,
});

/** A lead.qualified event the outbox still has to deliver, under its fixed webhook-id. */
export interface DueLeadEvent {
  id: string;
  requestId: string;
  callId: string;
  /** The event as JSON, signed and sent as it is. */
  body: string;
  attempts: number;
}

/** A lead event neither delivered nor refused for good. */
const LEAD_EVENT_PENDING = 'delivered_at IS NULL AND gone_at IS NULL';

/** The provider's reports on one call: its statuses in order, and the end-of-call report once it came. */
export interface CallRecord {
  statuses: Array<{ status: CallStatus; at: string; endedReason: string | null }>;
  report: {
    at: string;
    endedReason: string | null;
    summary: string | null;
    /** The qualification (a structured output): the franchise candidate's or the customer's answers. */
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
  /** The assistant the call ran: links a browser call to the visitor's website_demo_call row. */
  assistant_id?: string | null;
}

/** A row of table `outbox`. */
interface OutboxRow {
  id: number;
  key: string;
  kind: MailKind;
  request_id: string;
  call_id: string;
  mail_from: string;
  mail_to: string;
  subject: string;
  body: string;
  /** The mail's `.ics` invitation, kept with it until sent; null when none (and on rows older than the column). */
  invitation: string | null;
  created_at: string;
  attempts: number;
  next_attempt_at: string;
  sent_at: string | null;
  last_error: string | null;
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
  /** The visitor's language; null on rows older than the column, which were English. */
  language: Language | null;
  /** The client's network (shared networkKey: IPv6 /48, IPv4 /24), whose calls share a part of the daily ceiling; null when it is no address, and on older rows. */
  client_network: string | null;
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
  -- What the voice provider reported (call_events), one row per event: its key makes a
  -- redelivery one. Linked to a lead at read time and when a report comes (Store.leadOfCall).
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
  -- A browser call's id, as the widget reported it on demo_status: links the provider's
  -- events of that call to the demo's lead. The first link of a call id holds.
  CREATE TABLE IF NOT EXISTS web_calls (
    call_id   TEXT PRIMARY KEY,
    demo_id   TEXT NOT NULL,
    linked_at TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS web_calls_by_demo ON web_calls (demo_id, linked_at);
  -- The follow-up mails, written in the transaction that stores the end-of-call report
  -- and kept until the SMTP server takes them: key = the report's eventKey + ':' + kind, so a
  -- report yields each mail once. Sent rows stay, as the record of what was sent.
  CREATE TABLE IF NOT EXISTS outbox (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    key             TEXT NOT NULL UNIQUE,
    kind            TEXT NOT NULL,
    request_id      TEXT NOT NULL,
    call_id         TEXT NOT NULL,
    mail_from       TEXT NOT NULL,
    mail_to         TEXT NOT NULL,
    subject         TEXT NOT NULL,
    body            TEXT NOT NULL,
    created_at      TEXT NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT NOT NULL,
    sent_at         TEXT,
    last_error      TEXT
  );
  CREATE INDEX IF NOT EXISTS outbox_due ON outbox (next_attempt_at) WHERE sent_at IS NULL;
  CREATE INDEX IF NOT EXISTS outbox_by_request ON outbox (request_id);
  -- The meetings the agent booked in the team's calendar, one per lead's booking key (the event's
  -- UID is made of it), so a tool call delivered twice stores one; the event itself is the calendar's.
  CREATE TABLE IF NOT EXISTS bookings (
    booking_key  TEXT PRIMARY KEY,
    request_id   TEXT NOT NULL,
    demo_id      TEXT,
    call_id      TEXT NOT NULL,
    tool_call_id TEXT NOT NULL,
    uid          TEXT NOT NULL,
    starts_at    TEXT NOT NULL,
    ends_at      TEXT NOT NULL,
    time_zone    TEXT NOT NULL,
    booking      TEXT NOT NULL,
    invitation   TEXT NOT NULL,
    recorded_at  TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS bookings_by_request ON bookings (request_id);
  CREATE INDEX IF NOT EXISTS bookings_by_demo ON bookings (demo_id) WHERE demo_id IS NOT NULL;
  -- The lead.qualified events, written in the transaction that stores the end-of-call report (or
  -- links it to its lead) and kept until the receiver answers 2xx: one per report (report_key), its
  -- webhook-id fixed here, its body fixed here, so every retry sends the same event.
  CREATE TABLE IF NOT EXISTS lead_events (
    id              TEXT PRIMARY KEY,
    report_key      TEXT NOT NULL UNIQUE,
    request_id      TEXT NOT NULL,
    call_id         TEXT NOT NULL,
    body            TEXT NOT NULL,
    created_at      TEXT NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT NOT NULL,
    delivered_at    TEXT,
    gone_at         TEXT,
    last_error      TEXT
  );
  CREATE INDEX IF NOT EXISTS lead_events_due ON lead_events (next_attempt_at) WHERE delivered_at IS NULL AND gone_at IS NULL;
  -- What check_territory last answered in a call, for its lead.qualified event.
  CREATE TABLE IF NOT EXISTS territory_checks (
    call_id    TEXT PRIMARY KEY,
    answer     TEXT NOT NULL,
    checked_at TEXT NOT NULL
  );
  -- The chats by text (chat_message), with the demo_form row of their lead: the lines as JSON, each
  -- visitor line stored with its answer (turns counts them). Ended once (ended_at); reported once
  -- (reported_at, in the transaction that writes its mails and lead event), the report kept here.
  CREATE TABLE IF NOT EXISTS chats (
    id               TEXT PRIMARY KEY,
    request_id       TEXT NOT NULL,
    demo_id          TEXT NOT NULL,
    provider_chat_id TEXT,
    lines            TEXT NOT NULL,
    turns            INTEGER NOT NULL DEFAULT 0,
    started_at       TEXT NOT NULL,
    last_message_at  TEXT NOT NULL,
    ended_at         TEXT,
    ended_reason     TEXT,
    report           TEXT,
    reported_at      TEXT
  );
  CREATE INDEX IF NOT EXISTS chats_by_demo ON chats (demo_id, started_at);
  CREATE INDEX IF NOT EXISTS chats_unreported ON chats (last_message_at) WHERE reported_at IS NULL;
`;

/** Columns added after the first release, for databases made before them. */
const ADDED_COLUMNS: Array<[table: string, column: string, type: string]> = [
  ['requests', 'error', 'TEXT'],
  ['requests', 'consent_text', 'TEXT'],
  // The demoId (on the demo_form row, and on the later requests that name it), and on the
  // demo_form row the profile read from the website: 'reading' until done, then the profile's status.
  ['requests', 'demo_id', 'TEXT'],
  ['requests', 'profile_status', 'TEXT'],
  ['requests', 'profile', 'TEXT'],
  // The assistant a call ran, so a browser call links to the visitor who asked for it.
  ['call_events', 'assistant_id', 'TEXT'],
  // The visitor's language, `en` or `fr`, which the assistant spoke and the mails are in.
  ['requests', 'language', 'TEXT'],
  // The client's network, which a network's share of the daily ceiling counts by.
  ['requests', 'client_network', 'TEXT'],
  // A mail's invitation, kept with the queued mail so that a restart sends it attached.
  ['outbox', 'invitation', 'TEXT'],
];

/** demo_status and the later requests find a lead by its demoId: an index, made after the column exists. */
const DEMO_INDEXES = `
  CREATE INDEX IF NOT EXISTS leads_by_demo ON requests (demo_id) WHERE endpoint = 'demo_form';
  CREATE INDEX IF NOT EXISTS calls_by_demo ON requests (demo_id, seq) WHERE endpoint = 'trigger_ai_demo_call';
  CREATE INDEX IF NOT EXISTS call_events_by_assistant ON call_events (assistant_id) WHERE assistant_id IS NOT NULL;
  CREATE INDEX IF NOT EXISTS calls_by_network ON requests (client_network, received_at) WHERE phone_number IS NOT NULL;
`;

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
  private readonly callsFromNetworkInWindow: Database.Statement<{ network: string; since: string; nth: number }, CallCount>;
  private readonly callsToPhone: Database.Statement<{ phone: string; since: string; nth: number }, CallCount>;
  private readonly callsInWindow: Database.Statement<{ since: string; nth: number }, CallCount>;
  private readonly settleRow: Database.Statement<{ id: string; outcome: Outcome; provider_id: string | null; error: string | null }>;
  private readonly insertKey: Database.Statement<{
    key: string;
    request_hash: string;
    request_id: string;
    status: number | null;
    body: string | null;
    created_at: string;
  }>;
  private readonly answerKey: Database.Statement<{ key: string; status: number; body: string }>;
  private readonly deleteKey: Database.Statement<[string]>;
  private readonly pruneKeys: Database.Statement<[string]>;
  private readonly writeProfile: Database.Statement<{ demo_id: string; status: ProfileSummary['status']; profile: string | null }>;
  private readonly findProfile: Database.Statement<[string], Pick<Row, 'profile_status' | 'profile'>>;
  private readonly findKey: Database.Statement<[string, string], { request_hash: string; request_id: string; status: number | null; body: string | null }>;
  private readonly insertEvent: Database.Statement<EventRow>;
  private readonly insertWebCall: Database.Statement<{ call_id: string; demo_id: string; linked_at: string }>;
  private readonly insertMail: Database.Statement<Omit<OutboxRow, 'id' | 'attempts' | 'sent_at' | 'last_error'>>;

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
    this.db.exec(DEMO_INDEXES);
    this.db.pragma('busy_timeout = 0');
    this.insertRow = this.db.prepare(`
      INSERT INTO requests (id, received_at, endpoint, product, client_ip, name, company, email, website,
                            business_type, phone_number, consent_text, outcome, provider_id, error, demo_id, language, client_network)
      VALUES (@id, @received_at, @endpoint, @product, @client_ip, @name, @company, @email, @website,
              @business_type, @phone_number, @consent_text, @outcome, @provider_id, @error, @demo_id, @language, @client_network)`);
    this.writeProfile = this.db.prepare(`UPDATE requests SET profile_status = @status, profile = @profile WHERE endpoint = 'demo_form' AND demo_id = @demo_id`);
    this.findProfile = this.db.prepare(`SELECT profile_status, profile FROM requests WHERE endpoint = 'demo_form' AND demo_id = ?`);
    const counted = (where: string) => `
      SELECT (SELECT count(*) FROM requests WHERE ${where}) AS count,
             (SELECT received_at FROM requests WHERE ${where} ORDER BY received_at DESC LIMIT 1 OFFSET @nth - 1) AS leavingNext`;
    this.callsToPhone = this.db.prepare(counted(`phone_number = @phone AND received_at > @since AND outcome IN (${COUNTED_LIST})`));
    this.callsInWindow = this.db.prepare(counted(`phone_number IS NOT NULL AND received_at > @since AND outcome IN (${COUNTED_LIST})`));
    this.callsFromNetworkInWindow = this.db.prepare(
      counted(`client_network = @network AND phone_number IS NOT NULL AND received_at > @since AND outcome IN (${COUNTED_LIST})`),
    );
    this.settleRow = this.db.prepare('UPDATE requests SET outcome = @outcome, provider_id = @provider_id, error = @error WHERE id = @id');
    this.insertKey = this.db.prepare(`
      INSERT INTO idempotency (key, request_hash, request_id, status, body, created_at)
      VALUES (@key, @request_hash, @request_id, @status, @body, @created_at)`);
    this.answerKey = this.db.prepare('UPDATE idempotency SET status = @status, body = @body WHERE key = @key');
    this.deleteKey = this.db.prepare('DELETE FROM idempotency WHERE key = ?');
    this.pruneKeys = this.db.prepare('DELETE FROM idempotency WHERE created_at <= ?');
    this.findKey = this.db.prepare('SELECT request_hash, request_id, status, body FROM idempotency WHERE key = ? AND created_at > ?');
    this.insertEvent = this.db.prepare(`
      INSERT INTO call_events (key, call_id, assistant_id, kind, status, at, received_at, ended_reason, transcript, summary, structured_data, recording_url)
      VALUES (@key, @call_id, @assistant_id, @kind, @status, @at, @received_at, @ended_reason, @transcript, @summary, @structured_data, @recording_url)
      ON CONFLICT (key) DO NOTHING`);
    this.insertWebCall = this.db.prepare(
      'INSERT INTO web_calls (call_id, demo_id, linked_at) VALUES (@call_id, @demo_id, @linked_at) ON CONFLICT (call_id) DO NOTHING',
    );
    this.insertMail = this.db.prepare(`
      INSERT INTO outbox (key, kind, request_id, call_id, mail_from, mail_to, subject, body, invitation, created_at, next_attempt_at)
      VALUES (@key, @kind, @request_id, @call_id, @mail_from, @mail_to, @subject, @body, @invitation, @created_at, @next_attempt_at)
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
      language: storedLanguage(request.language),
      client_network: networkKey(request.clientIp),
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

  /** The language of the lead of `demoId`, which demo_status's greeting is in: English when none. */
  languageOfDemo(demoId: string): Language {
    const row = this.db.prepare<[string], Pick<Row, 'language'>>(`SELECT language FROM requests WHERE endpoint = 'demo_form' AND demo_id = ?`).get(demoId);
    return storedLanguage(row?.language);
  }

  /**
   * Profiles a previous process left 'reading' (it stopped mid-read; reads are not resumed):
   * unavailable, 'interrupted', so that no visitor's panel says 'reading' forever.
   */
  abandonReadings(): number {
    const interrupted = (website: string | null): BrandProfile => ({ status: 'unavailable', website, reason: 'interrupted' });
    const reading = this.db
      .prepare<[], { demo_id: string; website: string | null }>(
        "SELECT demo_id, website FROM requests WHERE endpoint = 'demo_form' AND profile_status = 'reading'",
      )
      .all();
    if (reading.length > 0)
      this.atomically(() =>
        reading.forEach(({ demo_id, website }) => {
          this.setProfile(demo_id, interrupted(website));
        }),
      );
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

  /** Every call since the given time from this network (shared networkKey) that counts toward its share of the daily ceiling. */
  callsFromNetwork(network: string, since: Date, limit: number): CallCount {
    return this.callsFromNetworkInWindow.get({ network, since: since.toISOString(), nth: limit })!;
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
      assistant_id: event.assistantId,
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

  /**
   * Links a browser call to the demo whose demo_status reported it (the widget's webCallId): false
   * when the call id was linked already (to this demo or another: the first link holds).
   */
  linkWebCall(callId: string, demoId: string, now = new Date()): boolean {
    return this.insertWebCall.run({ call_id: callId, demo_id: demoId, linked_at: now.toISOString() }).changes === 1;
  }

  /**
   * The lead a call belongs to, the one rule for the mails and the lists, tried in order:
   * (a) a phone call: the trigger_ai_demo_call row whose provider_id is the call id (the provider's
   *     answer to POST /call); (b) a browser call the widget reported: the demo_form row of the demo
   *     its webCallId was linked to (table web_calls); (c) a browser call to an assistant the host
   *     made for one visitor: the website_demo_call row that created it (provider_id = the call's
   *     assistantId, outcome 'assistant-created'; a shared VAPI_ASSISTANT_ID names no one).
   * Undefined when none applies, e.g. a browser call whose webCallId has not arrived (yet).
   */
  leadOfCall(callId: string, assistantId: string | null): LinkedLead | undefined {
    const phone = this.db
      .prepare<[string], Row>("SELECT * FROM requests WHERE endpoint = 'trigger_ai_demo_call' AND provider_id = ? ORDER BY seq DESC LIMIT 1")
      .get(callId);
    if (phone) return linked(phone, 'phone');
    const web = this.db
      .prepare<[string], Row>(
        "SELECT requests.* FROM web_calls JOIN requests ON requests.endpoint = 'demo_form' AND requests.demo_id = web_calls.demo_id WHERE web_calls.call_id = ?",
      )
      .get(callId);
    if (web) return linked(web, 'browser');
    if (assistantId === null) return undefined;
    const assistant = this.db
      .prepare<[string], Row>(
        "SELECT * FROM requests WHERE endpoint = 'website_demo_call' AND outcome = 'assistant-created' AND provider_id = ? ORDER BY seq DESC LIMIT 1",
      )
      .get(assistantId);
    return assistant ? linked(assistant, 'browser') : undefined;
  }

  /** The end-of-call report stored for this call, as it was parsed; undefined before it came. */
  reportOf(callId: string): ReportEvent | undefined {
    const row = this.db.prepare<[string], EventRow>("SELECT * FROM call_events WHERE call_id = ? AND kind = 'report'").get(callId);
    if (!row) return undefined;
    return {
      kind: 'report',
      callId: row.call_id,
      assistantId: row.assistant_id ?? null,
      at: row.at,
      endedReason: row.ended_reason,
      transcript: row.transcript,
      summary: row.summary,
      structuredData: row.structured_data ? (JSON.parse(row.structured_data) as Record<string, unknown>) : null,
      recordingUrl: row.recording_url,
    };
  }

  /** Puts a report's mails in the outbox, due now; a mail already there (same key) is left as it is. */
  enqueueMails(reportKey: string, callId: string, requestId: string, mails: MailMessage[], now = new Date()): number {
    let added = 0;
    for (const mail of mails) {
      added += this.insertMail.run({
        key: `${reportKey}:${mail.kind}`,
        kind: mail.kind,
        request_id: requestId,
        call_id: callId,
        mail_from: mail.from,
        mail_to: mail.to,
        subject: mail.subject,
        body: mail.text,
        invitation: mail.invitation ?? null,
        created_at: now.toISOString(),
        next_attempt_at: now.toISOString(),
      }).changes;
    }
    return added;
  }

  /** Keeps a booking the agent made; false when its key has one already (the same booking delivered again), and nothing is written. */
  recordBooking(record: Omit<BookingRecord, 'recordedAt'>, now = new Date()): boolean {
    const { booking } = record;
    return (
      this.db
        .prepare<BookingRow>(`
          INSERT INTO bookings (booking_key, request_id, demo_id, call_id, tool_call_id, uid, starts_at, ends_at, time_zone, booking, invitation, recorded_at)
          VALUES (@booking_key, @request_id, @demo_id, @call_id, @tool_call_id, @uid, @starts_at, @ends_at, @time_zone, @booking, @invitation, @recorded_at)
          ON CONFLICT (booking_key) DO NOTHING`)
        .run({
          booking_key: record.key,
          request_id: record.requestId,
          demo_id: record.demoId,
          call_id: record.callId,
          tool_call_id: record.toolCallId,
          uid: booking.uid,
          starts_at: new Date(booking.start).toISOString(),
          ends_at: new Date(booking.end).toISOString(),
          time_zone: record.timeZone,
          booking: JSON.stringify(booking),
          invitation: record.invitation,
          recorded_at: now.toISOString(),
        }).changes === 1
    );
  }

  /** The booking kept under this key (agent-tool-calls.ts's bookingKeyOf), if the agent made one. */
  bookingOf(key: string): BookingRecord | undefined {
    const row = this.db.prepare<[string], BookingRow>('SELECT * FROM bookings WHERE booking_key = ?').get(key);
    return row && bookingRecord(row);
  }

  /** The booking the agent made during this call, if it made one (what the call's mails carry). */
  bookingOfCall(callId: string): BookingRecord | undefined {
    const row = this.db.prepare<[string], BookingRow>('SELECT * FROM bookings WHERE call_id = ?').get(callId);
    return row && bookingRecord(row);
  }

  /** The booking of the lead whose demoId this is (what demo_status shows), if the agent made one. */
  bookingOfDemo(demoId: string): BookingRecord | undefined {
    const row = this.db.prepare<[string], BookingRow>('SELECT * FROM bookings WHERE demo_id = ? ORDER BY recorded_at DESC LIMIT 1').get(demoId);
    return row && bookingRecord(row);
  }

  /** Keeps what check_territory answered in a call: the last answer holds. */
  recordTerritoryCheck(callId: string, check: TerritoryCheck, now = new Date()): void {
    this.db
      .prepare(
        'INSERT INTO territory_checks (call_id, answer, checked_at) VALUES (?, ?, ?) ON CONFLICT (call_id) DO UPDATE SET answer = excluded.answer, checked_at = excluded.checked_at',
      )
      .run(callId, JSON.stringify(check), now.toISOString());
  }

  /** What check_territory last answered in this call, if it was asked. */
  territoryCheckOf(callId: string): TerritoryCheck | undefined {
    const row = this.db.prepare<[string], { answer: string }>('SELECT answer FROM territory_checks WHERE call_id = ?').get(callId);
    return row && (JSON.parse(row.answer) as TerritoryCheck);
  }

  /**
   * The consent a trigger_ai_demo_call row was accepted on: the words, when, the client's address
   * and the number; undefined for any other row (a browser call needs none).
   */
  consentOf(requestId: string): ConsentProof | undefined {
    const row = this.db
      .prepare<[string], Pick<Row, 'consent_text' | 'received_at' | 'client_ip' | 'phone_number'>>(
        "SELECT consent_text, received_at, client_ip, phone_number FROM requests WHERE id = ? AND endpoint = 'trigger_ai_demo_call'",
      )
      .get(requestId);
    if (!row?.consent_text || !row.phone_number) return undefined;
    return { text: row.consent_text, at: row.received_at, ip: row.client_ip, phoneNumber: row.phone_number };
  }

  /** Puts a report's lead.qualified event in its outbox, due now: false when the report has one already. */
  enqueueLeadEvent(event: { id: string; reportKey: string; requestId: string; callId: string; body: string }, now = new Date()): boolean {
    return (
      this.db
        .prepare(`
          INSERT INTO lead_events (id, report_key, request_id, call_id, body, created_at, next_attempt_at)
          VALUES (@id, @report_key, @request_id, @call_id, @body, @at, @at)
          ON CONFLICT (report_key) DO NOTHING`)
        .run({ id: event.id, report_key: event.reportKey, request_id: event.requestId, call_id: event.callId, body: event.body, at: now.toISOString() })
        .changes === 1
    );
  }

  /** The lead whose demo_form row has this demoId: the row (the Lead a chat's assistant is made for) and, as the mails name it, a chat's lead. */
  leadOfDemo(demoId: string): { lead: StoredRequest; linked: LinkedLead } | undefined {
    const row = this.db.prepare<[string], Row>("SELECT * FROM requests WHERE endpoint = 'demo_form' AND demo_id = ?").get(demoId);
    return row && { lead: fromRow(row), linked: linked(row, 'chat') };
  }

  /** The lead of a demo_form row by its id (a chat's tool calls name it: tool-calls.ts's leadId), as a chat's. */
  chatLeadOfRow(requestId: string): LinkedLead | undefined {
    const row = this.db.prepare<[string], Row>("SELECT * FROM requests WHERE endpoint = 'demo_form' AND id = ?").get(requestId);
    return row && linked(row, 'chat');
  }

  /** The demo's chat not ended yet, if any (one at most: a new one ends it). */
  openChatOf(demoId: string): ChatRecord | undefined {
    const row = this.db.prepare<[string], ChatRow>('SELECT * FROM chats WHERE demo_id = ? AND ended_at IS NULL ORDER BY started_at DESC LIMIT 1').get(demoId);
    return row && chatRecord(row);
  }

  chatById(id: string): ChatRecord | undefined {
    const row = this.db.prepare<[string], ChatRow>('SELECT * FROM chats WHERE id = ?').get(id);
    return row && chatRecord(row);
  }

  /** The visitor lines the demo's chats have had answered, all of them together (MAX_CHAT_TURNS counts them). */
  chatTurnsOf(demoId: string): number {
    return this.db.prepare<[string], { turns: number }>('SELECT coalesce(sum(turns), 0) AS turns FROM chats WHERE demo_id = ?').get(demoId)!.turns;
  }

  startChat(chat: { id: string; requestId: string; demoId: string; greeting: string }, now = new Date()): void {
    this.db
      .prepare('INSERT INTO chats (id, request_id, demo_id, lines, started_at, last_message_at) VALUES (@id, @request_id, @demo_id, @lines, @now, @now)')
      .run({
        id: chat.id,
        request_id: chat.requestId,
        demo_id: chat.demoId,
        lines: JSON.stringify([{ role: 'assistant', text: chat.greeting }]),
        now: now.toISOString(),
      });
  }

  /** The visitor wrote: the idle time counts from now. */
  touchChat(id: string, now = new Date()): void {
    this.db.prepare('UPDATE chats SET last_message_at = ? WHERE id = ?').run(now.toISOString(), id);
  }

  /** An answered turn: the chat's lines and newest provider id; false (nothing written) when the chat ended meanwhile. */
  recordChatTurn(id: string, providerChatId: string, lines: readonly ChatLine[], now = new Date()): boolean {
    return (
      this.db
        .prepare('UPDATE chats SET provider_chat_id = ?, lines = ?, turns = turns + 1, last_message_at = ? WHERE id = ? AND ended_at IS NULL')
        .run(providerChatId, JSON.stringify(lines), now.toISOString(), id).changes === 1
    );
  }

  /** Ends a chat; false when it had ended already (the first end holds). */
  endChat(id: string, reason: ChatEnd, now = new Date()): boolean {
    return (
      this.db.prepare('UPDATE chats SET ended_at = ?, ended_reason = ? WHERE id = ? AND ended_at IS NULL').run(now.toISOString(), reason, id).changes === 1
    );
  }

  /** The chats to end (idle since before `idleBefore`) or to report (ended, not reported: a stop came between), oldest first. */
  chatsToFinish(idleBefore: Date): ChatRecord[] {
    return this.db
      .prepare<[string], ChatRow>('SELECT * FROM chats WHERE reported_at IS NULL AND (ended_at IS NOT NULL OR last_message_at <= ?) ORDER BY last_message_at')
      .all(idleBefore.toISOString())
      .map(chatRecord);
  }

  /** Keeps an ended chat's report (null: the visitor wrote nothing, so none); false when it was reported already, and nothing is written. */
  chatReported(id: string, report: ReportEvent | null, now = new Date()): boolean {
    return (
      this.db
        .prepare('UPDATE chats SET report = ?, reported_at = ? WHERE id = ? AND ended_at IS NOT NULL AND reported_at IS NULL')
        .run(report && JSON.stringify(report), now.toISOString(), id).changes === 1
    );
  }

  /** The oldest lead.qualified event still to deliver that is due by `now`, if any. */
  nextDueLeadEvent(now = new Date()): DueLeadEvent | undefined {
    const row = this.db
      .prepare<[string], { id: string; request_id: string; call_id: string; body: string; attempts: number }>(
        `SELECT id, request_id, call_id, body, attempts FROM lead_events WHERE ${LEAD_EVENT_PENDING} AND next_attempt_at <= ? ORDER BY next_attempt_at, created_at LIMIT 1`,
      )
      .get(now.toISOString());
    return row && { id: row.id, requestId: row.request_id, callId: row.call_id, body: row.body, attempts: row.attempts };
  }

  /** When the next lead.qualified event is due (ISO 8601), or undefined when none waits. */
  nextLeadEventDueAt(): string | undefined {
    return this.db.prepare<[], { at: string | null }>(`SELECT min(next_attempt_at) AS at FROM lead_events WHERE ${LEAD_EVENT_PENDING}`).get()?.at ?? undefined;
  }

  /** The receiver answered 2xx: never sent again. */
  leadEventDelivered(id: string, at = new Date()): void {
    this.db.prepare('UPDATE lead_events SET delivered_at = ?, last_error = NULL WHERE id = ?').run(at.toISOString(), id);
  }

  /** A delivery failed: counted, with why, and due again at `nextAttemptAt`. */
  leadEventFailed(id: string, error: string, nextAttemptAt: Date): void {
    this.db
      .prepare('UPDATE lead_events SET attempts = attempts + 1, last_error = ?, next_attempt_at = ? WHERE id = ?')
      .run(error, nextAttemptAt.toISOString(), id);
  }

  /** The receiver answered 410 Gone: this event is not tried again. */
  leadEventGone(id: string, error: string, at = new Date()): void {
    this.db.prepare('UPDATE lead_events SET attempts = attempts + 1, gone_at = ?, last_error = ? WHERE id = ?').run(at.toISOString(), error, id);
  }

  /** The oldest unsent mail due by `now`, if any. */
  nextDueMail(now = new Date()): DueMail | undefined {
    const row = this.db
      .prepare<[string], OutboxRow>('SELECT * FROM outbox WHERE sent_at IS NULL AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT 1')
      .get(now.toISOString());
    return (
      row && {
        id: row.id,
        kind: row.kind,
        requestId: row.request_id,
        from: row.mail_from,
        to: row.mail_to,
        subject: row.subject,
        text: row.body,
        invitation: row.invitation ?? null,
        attempts: row.attempts,
      }
    );
  }

  /** When the next unsent mail is due (ISO 8601), or undefined when the outbox is empty. */
  nextMailDueAt(): string | undefined {
    return this.db.prepare<[], { at: string | null }>('SELECT min(next_attempt_at) AS at FROM outbox WHERE sent_at IS NULL').get()?.at ?? undefined;
  }

  mailSent(id: number, at = new Date()): void {
    this.db.prepare('UPDATE outbox SET sent_at = ?, last_error = NULL WHERE id = ?').run(at.toISOString(), id);
  }

  /** A send failed: counted, with why, and due again at `nextAttemptAt`. */
  mailFailed(id: number, error: string, nextAttemptAt: Date): void {
    this.db.prepare('UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ? WHERE id = ?').run(error, nextAttemptAt.toISOString(), id);
  }

  /**
   * The phone call a demo asked for, for demo_status: the newest trigger_ai_demo_call row naming the
   * demoId that has the provider's call id, when it was requested, and the statuses reported of it.
   */
  callOfDemo(demoId: string): { requestedAt: string; statuses: ReportedStatus[] } | undefined {
    const row = this.db
      .prepare<[string], { received_at: string; provider_id: string }>(
        "SELECT received_at, provider_id FROM requests WHERE endpoint = 'trigger_ai_demo_call' AND demo_id = ? AND provider_id IS NOT NULL ORDER BY seq DESC LIMIT 1",
      )
      .get(demoId);
    if (!row) return undefined;
    const statuses = this.db.prepare<[string], ReportedStatus>("SELECT status, at FROM call_events WHERE call_id = ? AND kind = 'status'").all(row.provider_id);
    return { requestedAt: row.received_at, statuses };
  }

  /** Newest first. */
  list(limit = 100): StoredRequest[] {
    return withCalls(this.db, this.db.prepare<[number], Row>(NEWEST_FIRST).all(limit).map(fromRow), ALL_TABLES);
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
    // A database from before call reports has no call_events table: no call has reports; one from
    // before the follow-up mails has no web_calls, outbox or assistant_id.
    if (!table('call_events')) return rows;
    const assistantIds = db.prepare("SELECT 1 FROM pragma_table_info('call_events') WHERE name = 'assistant_id'").get() !== undefined;
    return withCalls(db, rows, {
      webCalls: table('web_calls') !== undefined,
      assistantIds,
      outbox: table('outbox') !== undefined,
      bookings: table('bookings') !== undefined,
    });
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
  language: storedLanguage(row.language),
  profile: summary(row),
});

/** What the lists show of a row's profile: null on rows without one (later requests, older rows). */
function summary(row: Row): ProfileSummary | null {
  if (!row.profile_status) return null;
  const profile = row.profile ? (JSON.parse(row.profile) as BrandProfile) : null;
  if (!profile) return { status: 'reading' };
  return profile.status === 'ready'
    ? { status: 'ready', facts: profile.facts.length, locations: profile.locations.length }
    : { status: 'unavailable', reason: profile.reason };
}

const bookingRecord = (row: BookingRow): BookingRecord => ({
  key: row.booking_key,
  requestId: row.request_id,
  demoId: row.demo_id,
  callId: row.call_id,
  toolCallId: row.tool_call_id,
  booking: JSON.parse(row.booking) as Booking,
  timeZone: row.time_zone,
  invitation: row.invitation,
  recordedAt: row.recorded_at,
});

const linked = (row: Row, channel: FollowUpLead['channel']): LinkedLead => ({
  requestId: row.id,
  demoId: row.demo_id ?? null,
  lead: {
    name: row.name,
    company: row.company,
    email: row.email,
    businessType: row.business_type,
    website: row.website,
    phoneNumber: row.phone_number,
    channel,
    language: storedLanguage(row.language),
  },
});

/** Which of the call-report tables and columns a database has (an older one, read by `pnpm leads`, may lack them). */
interface CallTables {
  webCalls: boolean;
  assistantIds: boolean;
  outbox: boolean;
  bookings: boolean;
}
const ALL_TABLES: CallTables = { webCalls: true, assistantIds: true, outbox: true, bookings: true };

/**
 * Each lead's calls, on its row, by the rule of Store.leadOfCall: a placed call's reports on its
 * trigger_ai_demo_call row (`call`, null when none came); the newest browser call linked by its
 * webCallId on the demo_form row, and the newest one to an assistant made for the visitor (not
 * linked by a webCallId) on the website_demo_call row (`call` only when there is one); and on each
 * row its follow-up mails (`mails`, only when there are some) and the booking its calls made (`booking`).
 */
function withCalls(db: Database.Database, rows: StoredRequest[], tables: CallTables): StoredRequest[] {
  const eventsOf = db.prepare<[string], EventRow>(EVENTS_OF_CALL);
  const webCallOf = tables.webCalls
    ? db.prepare<[string], { call_id: string }>('SELECT call_id FROM web_calls WHERE demo_id = ? ORDER BY linked_at DESC LIMIT 1')
    : undefined;
  const notByWebCall = tables.webCalls ? 'AND call_id NOT IN (SELECT call_id FROM web_calls)' : '';
  const callOfAssistant = tables.assistantIds
    ? db.prepare<[string], { call_id: string }>(`SELECT call_id FROM call_events WHERE assistant_id = ? ${notByWebCall} ORDER BY received_at DESC LIMIT 1`)
    : undefined;
  const mailsOf = tables.outbox ? db.prepare<[string], OutboxRow>('SELECT * FROM outbox WHERE request_id = ? ORDER BY id') : undefined;
  // One booking per lead's key; a row's calls all have the same key, so a row has at most one.
  const bookingOfRow = tables.bookings ? db.prepare<[string], BookingRow>('SELECT * FROM bookings WHERE request_id = ? LIMIT 1') : undefined;
  const browserCall = (row: StoredRequest): string | undefined => {
    if (row.endpoint === 'demo_form' && row.demoId) return webCallOf?.get(row.demoId)?.call_id;
    if (row.endpoint === 'website_demo_call' && row.outcome === 'assistant-created' && row.providerId) return callOfAssistant?.get(row.providerId)?.call_id;
    return undefined;
  };
  return rows.map((row) => {
    const mails = mailsOf?.all(row.id).map(mailRecord) ?? [];
    const booked = bookingOfRow?.get(row.id);
    const listed = { ...row, ...(mails.length > 0 ? { mails } : {}), ...(booked ? { booking: bookingSummary(booked) } : {}) };
    if (row.endpoint === 'trigger_ai_demo_call' && row.providerId) return { ...listed, call: callRecord(eventsOf.all(row.providerId)) };
    const callId = browserCall(row);
    return callId ? { ...listed, call: callRecord(eventsOf.all(callId)) } : listed;
  });
}

function bookingSummary(row: BookingRow): BookingSummary {
  const booking = JSON.parse(row.booking) as Booking;
  return { start: row.starts_at, end: row.ends_at, timeZone: row.time_zone, title: meetingTitle(booking.businessType, booking.language), uid: row.uid };
}

const mailRecord = (row: OutboxRow): MailRecord => ({
  kind: row.kind,
  to: row.mail_to,
  subject: row.subject,
  sentAt: row.sent_at,
  attempts: row.attempts,
  nextAttemptAt: row.sent_at ? null : row.next_attempt_at,
  lastError: row.last_error,
});

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
