import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// Stands in for the voice provider's REST API (the `voice-api-base` attribute points here).
// The SDK's fetch sends `credentials: 'same-origin'` with `Authorization` and
// `Content-Type: application/json`: a CORS preflight, answered for the exact origin, no credentials.

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  origin: string | undefined;
  /** Parsed JSON, or undefined for an empty or unparseable body. */
  body: unknown;
}

export interface WebCallAnswer {
  status: number;
  body: unknown;
  /** Milliseconds before answering. */
  delayMs: number;
}

export interface FakeVoiceApi {
  /** `http://127.0.0.1:PORT` */
  url: string;
  /** Every request, preflights included, oldest first. */
  requests: RecordedRequest[];
  /** What `POST /call/web` answers; change it per test. */
  webCall: WebCallAnswer;
  /** The `POST /call/web` requests only. */
  webCallRequests(): RecordedRequest[];
  /**
   * Holds every `POST /call/web` that arrives from now on (it is recorded at once, answered later)
   * until the returned function is called: a start the visitor can act on while it is in flight.
   */
  holdWebCalls(): () => void;
  reset(): void;
  stop(): Promise<void>;
}

export const DEFAULT_WEB_CALL: WebCallAnswer = {
  status: 201,
  body: { id: 'call_test_1', webCallUrl: 'https://fake-daily.invalid/room' },
  delayMs: 0,
};

export async function startFakeVoiceApi(): Promise<FakeVoiceApi> {
  let hold: { promise: Promise<void>; release: () => void } | null = null;
  const api: FakeVoiceApi = {
    url: '',
    requests: [],
    webCall: { ...DEFAULT_WEB_CALL },
    webCallRequests: () => api.requests.filter((request) => request.method === 'POST' && request.path === '/call/web'),
    holdWebCalls() {
      let resolve!: () => void;
      const held = { promise: new Promise<void>((done) => (resolve = done)), release: () => resolve() };
      hold = held;
      return () => {
        held.release();
        if (hold === held) hold = null;
      };
    },
    reset() {
      hold?.release();
      hold = null;
      api.requests.length = 0;
      api.webCall = { ...DEFAULT_WEB_CALL };
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ message: String(error) }));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const path = new URL(req.url ?? '/', 'http://fake.invalid').pathname;
    api.requests.push({
      method: req.method ?? '',
      path,
      authorization: req.headers.authorization,
      origin: req.headers.origin,
      body: parseJson(raw),
    });
    const origin = req.headers.origin;
    const cors: Record<string, string> = origin ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : {};
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...cors,
        'Access-Control-Allow-Methods': 'GET, POST, PATCH, DELETE, OPTIONS',
        'Access-Control-Allow-Headers': 'authorization, content-type',
        'Access-Control-Max-Age': '600',
      });
      res.end();
      return;
    }
    if (req.method === 'POST' && path === '/call/web') {
      const { status, body, delayMs } = api.webCall;
      if (hold) await hold.promise;
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      res.writeHead(status, { ...cors, 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
      return;
    }
    res.writeHead(404, { ...cors, 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ message: `No fake for ${req.method} ${path}` }));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return api;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

function parseJson(raw: string): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}
