import { createServer, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import { deferred, type Deferred } from './deferred.ts';
import { listen } from './listen.ts';

// Stands in for the voice provider's REST API, recording every request: the widget's voice SDK
// calls it from the page (the `voice-api-base` attribute points here; POST /call/web), the webhook
// host from its process (VAPI_API_BASE; POST /assistant, POST /call). Answers come from the knobs
// below, which a test changes and `reset()` puts back. A browser's CORS preflight is answered for
// the exact origin, without credentials, as the SDK's fetch (`credentials: 'same-origin'`, with
// `Authorization` and `Content-Type: application/json`) needs.

/** The room the default POST /call/web answer sends the SDK to join (Daily's client is faked too). */
export const WEB_CALL_URL = 'https://fake-daily.invalid/room';

export interface VoiceApiRequest {
  method: string;
  /** The path, without a query, e.g. `/call/web`. */
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  origin: string | undefined;
  /** Parsed JSON; the raw text when it is not JSON; undefined when empty. */
  body: unknown;
}

export interface FakeVoiceApi {
  /** `http://127.0.0.1:PORT`; empty until it listens. */
  url: string;
  /** Every request, preflights included, oldest first. */
  readonly requests: VoiceApiRequest[];
  /** Status of the next answers (default 201: the provider creates what each POST asks for). */
  status: number;
  /** Milliseconds to wait before answering (default 0). */
  delayMs: number;
  /** Body of the next answers; by default `{ id: '<kind>_<n>' }` from the path, plus the room for POST /call/web. */
  reply: ((request: VoiceApiRequest) => string) | null;
  /** Send the head and the start of the body, then nothing more (the answer never completes). */
  stallBody: boolean;
  /** The `POST /call/web` requests only. */
  webCallRequests(): VoiceApiRequest[];
  /**
   * Holds every answer from now on (each request is recorded at once, answered later) until the
   * returned function is called: a start the visitor can act on while it is in flight.
   */
  holdAnswers(): () => void;
  reset(): void;
  stop(): Promise<void>;
}

export async function startFakeVoiceApi(): Promise<FakeVoiceApi> {
  const { api, serve } = fakeVoiceApi();
  await serve();
  return api;
}

/**
 * A fake voice API for the tests of the enclosing `describe` (or file): it listens from `beforeAll`
 * until `afterAll`, so read `url` lazily (e.g. in `useHost(() => ...)`).
 */
export function useFakeVoiceApi(): FakeVoiceApi {
  const { api, serve } = fakeVoiceApi();
  beforeAll(serve);
  afterAll(() => api.stop());
  return api;
}

/** The fake's state and knobs, and `serve`, which puts it on a free port and sets its `url` and `stop`. */
function fakeVoiceApi(): { api: FakeVoiceApi; serve(): Promise<void> } {
  let held: Deferred<void> | null = null;
  let counter = 0;
  const api: FakeVoiceApi = {
    url: '',
    requests: [],
    status: 201,
    delayMs: 0,
    reply: null,
    stallBody: false,
    webCallRequests: () => api.requests.filter((request) => request.method === 'POST' && request.path === '/call/web'),
    holdAnswers() {
      const hold = deferred<void>();
      held = hold;
      return () => {
        hold.resolve();
        if (held === hold) held = null;
      };
    },
    reset() {
      held?.resolve();
      held = null;
      api.requests.length = 0;
      api.status = 201;
      api.delayMs = 0;
      api.reply = null;
      api.stallBody = false;
    },
    stop: async () => undefined,
  };

  const server = createServer((req, res) => {
    void (async () => {
      const request = await record(req);
      api.requests.push(request);
      const cors: Record<string, string> = request.origin ? { 'Access-Control-Allow-Origin': request.origin, Vary: 'Origin' } : {};
      if (request.method === 'OPTIONS') {
        res.writeHead(204, {
          ...cors,
          'Access-Control-Allow-Methods': 'GET, POST, PATCH, DELETE, OPTIONS',
          'Access-Control-Allow-Headers': 'authorization, content-type',
          'Access-Control-Max-Age': '600',
        });
        return void res.end();
      }
      await held?.promise;
      if (api.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, api.delayMs));
      const kind = request.path.replace(/^\//, '').replace(/\W/g, '_');
      const answer = api.reply
        ? api.reply(request)
        : JSON.stringify({ id: `${kind}_${++counter}`, ...(request.path === '/call/web' ? { webCallUrl: WEB_CALL_URL } : {}) });
      if (res.destroyed) return;
      res.writeHead(api.status, { ...cors, 'Content-Type': 'application/json' });
      if (api.stallBody) res.write(answer.slice(0, answer.length / 2));
      else res.end(answer);
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ message: String(error) }));
    });
  });

  return {
    api,
    async serve() {
      const listening = await listen(server);
      api.url = listening.url;
      api.stop = listening.stop;
    },
  };
}

async function record(req: IncomingMessage): Promise<VoiceApiRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  let body: unknown = text || undefined;
  try {
    if (text) body = JSON.parse(text);
  } catch {
    // recorded as text
  }
  return {
    method: req.method ?? '',
    path: new URL(req.url ?? '/', 'http://fake.invalid').pathname,
    authorization: req.headers.authorization,
    contentType: req.headers['content-type'],
    origin: req.headers.origin,
    body,
  };
}
