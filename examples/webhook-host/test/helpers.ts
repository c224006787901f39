import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import Database from 'better-sqlite3';
import { afterAll, beforeAll } from 'vitest';
import type { Row } from '../src/store.ts';
import { removeDatabase, spawnHost, type SpawnedHost, type SpawnOptions } from '../support/spawn-host.ts';

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

/** A valid phone call request body. */
export const validCall = (overrides: Record<string, unknown> = {}): Record<string, unknown> =>
  validLead({ phoneNumber: '+15551234567', ...overrides });

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
    stop: () => current().stop(),
    kill: () => current().kill(),
    async restart() {
      const { databasePath } = current();
      await current().stop();
      host = await spawnHost({ ...spawnOptions, databasePath });
    },
  };
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
export const journalMode = (databasePath: string): string =>
  withDatabase(databasePath, (db) => db.pragma('journal_mode', { simple: true }) as string);

/** All stored rows, oldest first. */
export const allRows = (databasePath: string): RequestRow[] =>
  withDatabase(databasePath, (db) => db.prepare<[], RequestRow>('SELECT * FROM requests ORDER BY seq').all());

export const rowById = (databasePath: string, id: string): RequestRow | undefined =>
  withDatabase(databasePath, (db) => db.prepare<[string], RequestRow>('SELECT * FROM requests WHERE id = ?').get(id));

/** One request the fake voice provider received. */
export interface ProviderRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

export interface FakeProvider {
  url: string;
  requests: ProviderRequest[];
  /** Status of the next answers (default 200). */
  status: number;
  /** Milliseconds to wait before answering (default 0). */
  delayMs: number;
  /** Body of the next answers; by default `{ id: '<kind>_<n>' }` from the path. */
  reply: ((request: ProviderRequest) => string) | null;
  /** Send the head and the start of the body, then nothing more (the answer never completes). */
  stallBody: boolean;
  reset(): void;
  close(): Promise<void>;
}

/**
 * A stand-in for the voice provider's API on 127.0.0.1, recording every request.
 * It listens from `beforeAll` until `afterAll` of the enclosing `describe` (or file);
 * `url` is empty before that, so read it lazily (e.g. in `useHost(() => ...)`).
 */
export function useFakeProvider(): FakeProvider {
  const fake: FakeProvider = {
    url: '',
    requests: [],
    status: 200,
    delayMs: 0,
    reply: null,
    stallBody: false,
    reset() {
      fake.requests.length = 0;
      fake.status = 200;
      fake.delayMs = 0;
      fake.reply = null;
      fake.stallBody = false;
    },
    close: async () => undefined,
  };
  beforeAll(() => listen(fake));
  afterAll(() => fake.close());
  return fake;
}

/** Serves `fake` on a free port, then sets its `url` and `close`. */
async function listen(fake: FakeProvider): Promise<void> {
  let counter = 0;
  const server: Server = createServer((req, res) => {
    void (async () => {
      const text = await readText(req);
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // recorded as text
      }
      const request: ProviderRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        body,
      };
      fake.requests.push(request);
      if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
      const kind = request.path.replace(/^\//, '').replace(/\W/g, '_');
      const answer = fake.reply ? fake.reply(request) : JSON.stringify({ id: `${kind}_${++counter}` });
      if (res.destroyed) return;
      res.writeHead(fake.status, { 'Content-Type': 'application/json' });
      if (fake.stallBody) res.write(answer.slice(0, answer.length / 2));
      else res.end(answer);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}
