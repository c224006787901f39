import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Endpoint } from './endpoints.ts';
import type { Lead } from './validate-body.ts';

/** What happened to an accepted request. */
export type Outcome = 'received' | 'assistant-configured' | 'assistant-created' | 'call-placed' | 'call-recorded';

export interface StoredRequest extends Lead {
  id: string;
  receivedAt: string;
  endpoint: Endpoint;
  product: string;
  clientIp: string;
  outcome: Outcome;
  /** The assistant id answered, or the provider's call id. */
  providerId: string | null;
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
  outcome: Outcome;
  provider_id: string | null;
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
`;

const NEWEST_FIRST = 'SELECT * FROM requests ORDER BY seq DESC LIMIT ?';

/** SQLite in WAL mode; every write is committed (and, with synchronous FULL, on disk) before it returns. */
export class Store {
  private readonly db: Database.Database;
  private readonly insertRow: Database.Statement<Row>;
  private readonly callsToPhone: Database.Statement<[string, string], { count: number; oldest: string | null }>;

  constructor(path: string, synchronous: 'full' | 'normal' = 'full') {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${synchronous}`);
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
    this.insertRow = this.db.prepare(`
      INSERT INTO requests (id, received_at, endpoint, product, client_ip, name, company, email, website,
                            business_type, phone_number, outcome, provider_id)
      VALUES (@id, @received_at, @endpoint, @product, @client_ip, @name, @company, @email, @website,
              @business_type, @phone_number, @outcome, @provider_id)`);
    this.callsToPhone = this.db.prepare(`
      SELECT count(*) AS count, min(received_at) AS oldest FROM requests
      WHERE phone_number = ? AND received_at > ? AND outcome IN ('call-placed', 'call-recorded')`);
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
      outcome: request.outcome,
      provider_id: request.providerId,
    });
  }

  /** Calls placed or recorded to this number since the given time: durable, so a restart forgets nothing. */
  callsTo(phoneNumber: string, since: Date): { count: number; oldest: string | null } {
    return this.callsToPhone.get(phoneNumber, since.toISOString())!;
  }

  /** Newest first. */
  list(limit = 100): StoredRequest[] {
    return this.db.prepare<[number], Row>(NEWEST_FIRST).all(limit).map(fromRow);
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
    const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'requests'").get();
    return table ? db.prepare<[number], Row>(NEWEST_FIRST).all(limit).map(fromRow) : [];
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
  outcome: row.outcome,
  providerId: row.provider_id,
});
