import { connect } from 'node:net';
import Database from 'better-sqlite3';
import { callPolicyFromEnv, consentFor } from '@franchise-ai/shared/call-policy';
import type { Language } from '@franchise-ai/shared/language';
import type { Row } from '../src/store.ts';

// The webhook host's own test helpers: request bodies, raw requests, its SQLite file. Starting the
// host (useHost) and the fake voice provider come from @franchise-ai/test-support.

/** A row of table `requests`, as SQLite stores it: the store's row plus the `seq` key it never reads. */
export interface RequestRow extends Row {
  seq: number;
}

/** A valid demo request body (spec section 7). */
export const validLead = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: 'Ada Lovelace',
  company: 'Analytical Franchises',
  email: 'ada@example.com',
  website: 'https://analytical.example',
  businessType: 'franchisor',
  ...overrides,
});

/** The consent words a host with the settings `env` issues for a lead in `language` (what the widget sends back). */
export const consentTextFor = (env: Record<string, string | undefined> = {}, language: Language = 'en'): string =>
  consentFor(callPolicyFromEnv(env), language).text;

/** The words a visitor agreed to, as the widget sends them with a call request: those a host with the default settings issues. */
export const CONSENT_TEXT = consentTextFor();

/**
 * A valid phone call request body: a US number, and the visitor's consent: the words a host with the
 * settings `env` issues in the body's language.
 */
export const validCall = (overrides: Record<string, unknown> = {}, env: Record<string, string | undefined> = {}): Record<string, unknown> =>
  validLead({ phoneNumber: '+12016234567', consent: { given: true, text: consentTextFor(env, overrides['language'] === 'fr' ? 'fr' : 'en') }, ...overrides });

/** POSTs a JSON body (anything JSON.stringify takes) with Content-Type: application/json. */
export function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** Reads a response body as JSON, failing with the raw text if it is not JSON. */
export async function jsonOf(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new Error(`Expected a JSON body from ${response.status}, got: ${text}`);
  }
}

/** An answer read off a raw socket. */
export interface RawAnswer {
  status: number;
  headers: string;
  body: string;
}

/**
 * Sends `head` (request line and headers, without the closing blank line) over a plain socket to
 * 127.0.0.1, for requests fetch will not send: its own `Host`, or none at all (HTTP/1.0).
 */
export function rawRequest(port: number, head: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(`${head}\r\nConnection: close\r\n\r\n`));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => {
      const [headers = '', ...body] = text.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(headers)?.[1]), headers, body: body.join('\r\n\r\n') });
    });
    socket.on('error', reject);
  });
}

/** Runs a query on a read-only connection to the host's database and closes it again. */
function withDatabase<T>(databasePath: string, query: (db: Database.Database) => T): T {
  const db = new Database(databasePath, { readonly: true });
  try {
    return query(db);
  } finally {
    db.close();
  }
}

export const rowCount = (databasePath: string): number =>
  withDatabase(databasePath, (db) => db.prepare<[], { count: number }>('SELECT count(*) AS count FROM requests').get()!.count);

/** `PRAGMA journal_mode` of the database file (WAL is a property of the file, so any connection sees it). */
export const journalMode = (databasePath: string): string => withDatabase(databasePath, (db) => db.pragma('journal_mode', { simple: true }) as string);

/** All stored rows, oldest first. */
export const allRows = (databasePath: string): RequestRow[] =>
  withDatabase(databasePath, (db) => db.prepare<[], RequestRow>('SELECT * FROM requests ORDER BY seq').all());

export const rowById = (databasePath: string, id: string): RequestRow | undefined =>
  withDatabase(databasePath, (db) => db.prepare<[string], RequestRow>('SELECT * FROM requests WHERE id = ?').get(id));
