import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { deferred, type Deferred } from './deferred.ts';
import { listen } from './listen.ts';
import { prepareVapiValidators, refusal, vapiProblems, vapiQueryProblems, type VapiSchema } from './vapi-openapi.ts';

// Stands in for the voice provider's REST API, recording every request: the widget's voice SDK
// calls it from the page (the `voice-api-base` attribute points here; POST /call/web), the webhook
// hosts from their processes (VAPI_API_BASE; POST /assistant, POST /call, GET and DELETE /assistant,
// POST /chat: a Chat whose `output` is the agent's reply, from `chatReply`).
// It refuses what the real API refuses, so that no test passes on a body Vapi would answer 400: every body is validated against the provider's
// published API description (vapi-openapi.ts), unknown properties included, and answered 400 with
// Vapi's messages; a call names an assistant that exists or brings its own; no key is 401. It holds
// the assistants made (and the operator's, `assistants` at start), so a test can see what a host left
// on the account. Its answers have the provider's shapes (Assistant, Call: uuid ids, timestamps).
// Other answers come from the knobs below, which a test changes and `reset()` puts back. A browser's
// CORS preflight is answered for the exact origin, without credentials, as the SDK's fetch
// (`credentials: 'same-origin'`, with `Authorization` and `Content-Type: application/json`) needs.

/** The room the default POST /call/web answer sends the SDK to join (Daily's client is faked too). */
export const WEB_CALL_URL = 'https://fake-daily.invalid/room';

/** The organisation every answer names. */
export const FAKE_ORG_ID = '00000000-0000-4000-8000-000000000001';

export interface VoiceApiRequest {
  method: string;
  /** The path, without a query, e.g. `/call/web`. */
  path: string;
  /** The query string, without `?`; empty when none. */
  query: string;
  authorization: string | undefined;
  contentType: string | undefined;
  origin: string | undefined;
  /** Parsed JSON; the raw text when it is not JSON; undefined when empty. */
  body: unknown;
  /** What the provider would refuse in it (its 400's messages); empty when it would take it. */
  refused: string[];
}

/** An assistant on the fake account, as `GET /assistant/{id}` answers it. */
export type FakeAssistant = Record<string, unknown> & { id: string; createdAt: string; metadata?: Record<string, unknown> };

export interface FakeVoiceApiOptions {
  /** Assistants on the account from the start (and after every reset), as an operator's ready-made ones. */
  assistants?: Array<string | Partial<FakeAssistant>>;
}

export interface FakeVoiceApi {
  /** `http://127.0.0.1:PORT`; empty until it listens. */
  url: string;
  /** Every request, preflights and refused ones included, oldest first. */
  readonly requests: VoiceApiRequest[];
  /** Status of the next answers to requests it takes (default: the provider's, 201 for a POST, 200 otherwise). */
  status: number | null;
  /** Milliseconds to wait before answering (default 0). */
  delayMs: number;
  /** Body of the next answers to requests it takes; by default the provider's object (an Assistant, a Call). */
  reply: ((request: VoiceApiRequest) => string) | null;
  /** Send the head and the start of the body, then nothing more (the answer never completes; what was asked for is done). */
  stallBody: boolean;
  /** The `POST /call/web` requests only. */
  webCallRequests(): VoiceApiRequest[];
  /** The `POST /chat` requests only. */
  chatRequests(): VoiceApiRequest[];
  /**
   * The agent's words for a `POST /chat` it takes, given the body and the chat's earlier lines (from
   * `previousChatId`); by default `defaultChatReply`.
   */
  chatReply: (body: Record<string, unknown>, history: readonly ChatTurn[]) => string;
  /**
   * Throws when a request since the last reset was refused as the provider would refuse it (a body or
   * query its published description does not allow): the hosts are to send none. `useFakeVoiceApi`
   * checks it after every test.
   */
  assertNothingRefused(): void;
  /** The assistants on the account now, oldest first. */
  assistants(): FakeAssistant[];
  /** Puts an assistant on the account (an operator's, or one made long ago: `createdAt`). */
  addAssistant(assistant?: Partial<FakeAssistant>): FakeAssistant;
  /**
   * Holds every answer from now on (each request is recorded at once, answered later) until the
   * returned function is called: a start the visitor can act on while it is in flight.
   */
  holdAnswers(): () => void;
  reset(): void;
  stop(): Promise<void>;
}

/** One line of a chat the fake keeps, for the context of the next. */
export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** The system prompt of a chat's inline assistant, or '' (a chat by `assistantId` takes the account's). */
const systemOf = (body: Record<string, unknown>): string => {
  const model = isObject(body['assistant']) && isObject(body['assistant']['model']) ? body['assistant']['model'] : {};
  const first = Array.isArray(model['messages']) ? model['messages'][0] : undefined;
  return isObject(first) && typeof first['content'] === 'string' ? first['content'] : '';
};

/**
 * The fake agent: an analyst's JSON (a summary and the visitor's first words as the territory) when
 * asked to analyse; else the message said back, in the prompt's language, with the turn's number,
 * so a test sees the context carried. A test that wants the goodbye sets `chatReply`.
 */
export function defaultChatReply(body: Record<string, unknown>, history: readonly ChatTurn[]): string {
  const input = typeof body['input'] === 'string' ? body['input'] : '';
  const system = systemOf(body);
  const french = system.startsWith('Vous');
  if (system.startsWith('You analyze a finished chat')) {
    const first = /^User: (.*)$/m.exec(input)?.[1] ?? '';
    return JSON.stringify({ summary: `The visitor chatted with the demo agent and asked: ${first}`, qualification: { territoryWanted: first } });
  }
  return french ? `Bien reçu (${history.length / 2 + 1}) : « ${input} »` : `You said (${history.length / 2 + 1}): "${input}"`;
}

export async function startFakeVoiceApi(options: FakeVoiceApiOptions = {}): Promise<FakeVoiceApi> {
  const { api, serve } = fakeVoiceApi(options);
  await serve();
  return api;
}

/**
 * A fake voice API for the tests of the enclosing `describe` (or file): it listens from `beforeAll`
 * until `afterAll`, so read `url` lazily (e.g. in `useHost(() => ...)`).
 */
export function useFakeVoiceApi(options: FakeVoiceApiOptions = {}): FakeVoiceApi {
  const { api, serve } = fakeVoiceApi(options);
  beforeAll(serve);
  afterEach(() => api.assertNothingRefused());
  afterAll(() => api.stop());
  return api;
}

/** What each POST is validated as. */
const BODIES: Record<string, VapiSchema> = {
  '/assistant': 'CreateAssistantDTO',
  '/call': 'CreateCallDTO',
  '/call/web': 'CreateWebCallDTO',
  '/chat': 'CreateChatDTO',
};

const problem = (status: number, message: string | string[], error: string) => ({ status, body: { message, error, statusCode: status } });
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fake's state and knobs, and `serve`, which puts it on a free port and sets its `url` and `stop`. */
function fakeVoiceApi(options: FakeVoiceApiOptions): { api: FakeVoiceApi; serve(): Promise<void> } {
  let held: Deferred<void> | null = null;
  const account = new Map<string, FakeAssistant>();
  /** Each chat's lines, by its id, for the chat that names it as `previousChatId`. */
  const chats = new Map<string, ChatTurn[]>();
  const now = () => new Date().toISOString();
  const add = (assistant: Partial<FakeAssistant> = {}): FakeAssistant => {
    const at = assistant.createdAt ?? now();
    const made: FakeAssistant = { ...assistant, id: assistant.id ?? randomUUID(), orgId: FAKE_ORG_ID, createdAt: at, updatedAt: assistant.updatedAt ?? at };
    account.set(made.id, made);
    return made;
  };
  const seed = () => {
    account.clear();
    for (const assistant of options.assistants ?? []) add(typeof assistant === 'string' ? { id: assistant } : assistant);
  };
  seed();

  const api: FakeVoiceApi = {
    url: '',
    requests: [],
    status: null,
    delayMs: 0,
    reply: null,
    stallBody: false,
    webCallRequests: () => api.requests.filter((request) => request.method === 'POST' && request.path === '/call/web'),
    chatRequests: () => api.requests.filter((request) => request.method === 'POST' && request.path === '/chat'),
    chatReply: defaultChatReply,
    assertNothingRefused() {
      const refused = api.requests.filter((request) => request.refused.length > 0);
      if (refused.length > 0) {
        throw new Error(
          `The voice provider would refuse ${refused.map((request) => `${request.method} ${request.path}: ${request.refused.join('; ')}`).join(' | ')}`,
        );
      }
    },
    assistants: () => [...account.values()],
    addAssistant: add,
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
      api.status = null;
      api.delayMs = 0;
      api.reply = null;
      api.stallBody = false;
      api.chatReply = defaultChatReply;
      chats.clear();
      seed();
    },
    stop: async () => undefined,
  };

  /** The provider's answer to a request it takes, doing what it asks (only when the answer is a success). */
  function answer(request: VoiceApiRequest): { status: number; body: unknown } {
    const { method, path } = request;
    const body = isObject(request.body) ? request.body : {};
    const assistantPath = /^\/assistant\/([^/]+)$/.exec(path);
    const succeeded = (status: number) => (api.status ?? status) < 300;
    if (method === 'POST' && path === '/assistant') {
      const made = { ...body, id: randomUUID(), orgId: FAKE_ORG_ID, createdAt: now(), updatedAt: now() } as FakeAssistant;
      if (succeeded(201)) account.set(made.id, made);
      return { status: 201, body: made };
    }
    if (method === 'POST' && (path === '/call' || path === '/call/web')) {
      const web = path === '/call/web';
      const named = typeof body['assistantId'] === 'string' ? body['assistantId'] : undefined;
      if (named === undefined && !isObject(body['assistant'])) {
        return problem(400, 'Need Either `assistant` Or `assistantId` (or a squad or workflow) To Start A Call.', 'Bad Request');
      }
      if (named !== undefined && !account.has(named)) return problem(400, `Couldn't Get Assistant. \`assistantId\` ${named} Does Not Exist.`, 'Bad Request');
      if (!web && (typeof body['phoneNumberId'] !== 'string' || !isObject(body['customer']) || typeof body['customer']['number'] !== 'string')) {
        return problem(400, 'An outbound phone call needs `phoneNumberId` and `customer.number`.', 'Bad Request');
      }
      const at = now();
      const call = {
        id: randomUUID(),
        orgId: FAKE_ORG_ID,
        createdAt: at,
        updatedAt: at,
        type: web ? 'webCall' : 'outboundPhoneCall',
        status: 'queued',
        ...body,
        ...(web ? { webCallUrl: WEB_CALL_URL } : {}),
      };
      return { status: 201, body: call };
    }
    if (method === 'POST' && path === '/chat') {
      // As the description of POST /chat says: one of them, and not both of the last two.
      const previous = typeof body['previousChatId'] === 'string' ? body['previousChatId'] : undefined;
      if (body['assistantId'] === undefined && !isObject(body['assistant']) && body['sessionId'] === undefined && previous === undefined) {
        return problem(400, 'Requires at least one of: assistantId/assistant, sessionId, or previousChatId.', 'Bad Request');
      }
      if (previous !== undefined && body['sessionId'] !== undefined) return problem(400, 'sessionId and previousChatId are mutually exclusive.', 'Bad Request');
      if (typeof body['assistantId'] === 'string' && !account.has(body['assistantId']))
        return problem(400, `Assistant ${body['assistantId']} Does Not Exist.`, 'Bad Request');
      if (previous !== undefined && !chats.has(previous)) return problem(404, `Chat ${previous} not found.`, 'Not Found');
      if (body['stream'] === true) return problem(400, 'The fake does not stream: the hosts ask for whole replies.', 'Bad Request');
      const history = previous ? chats.get(previous)! : [];
      const reply = api.chatReply(body, history);
      const at = now();
      const id = randomUUID();
      if (succeeded(201)) chats.set(id, [...history, { role: 'user', content: String(body['input']) }, { role: 'assistant', content: reply }]);
      return { status: 201, body: { id, orgId: FAKE_ORG_ID, createdAt: at, updatedAt: at, ...body, output: [{ role: 'assistant', content: reply }] } };
    }
    if (method === 'GET' && path === '/assistant') {
      const query = new URLSearchParams(request.query);
      const before = query.get('createdAtLt');
      const after = query.get('createdAtGt');
      const limit = Number(query.get('limit') ?? 100);
      const listed = [...account.values()]
        .filter(
          (assistant) =>
            (before === null || Date.parse(assistant.createdAt) < Date.parse(before)) &&
            (after === null || Date.parse(assistant.createdAt) > Date.parse(after)),
        )
        .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
        .slice(0, limit);
      return { status: 200, body: listed };
    }
    if (assistantPath && (method === 'GET' || method === 'DELETE')) {
      const id = decodeURIComponent(assistantPath[1]!);
      const found = account.get(id);
      if (!found) return problem(404, 'Assistant not found', 'Not Found');
      if (method === 'DELETE' && succeeded(200)) account.delete(id);
      return { status: 200, body: found };
    }
    return problem(404, `Cannot ${method} ${path}`, 'Not Found');
  }

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
      let outcome: { status: number; body: unknown };
      const schema = request.method === 'POST' ? BODIES[request.path] : undefined;
      if (!/^Bearer \S+$/.test(request.authorization ?? '')) outcome = problem(401, 'Unauthorized', 'Unauthorized');
      else if (schema && !isObject(request.body)) outcome = problem(400, 'The body must be a JSON object.', 'Bad Request');
      else {
        request.refused =
          schema !== undefined
            ? vapiProblems(schema, request.body)
            : request.method === 'GET' && request.path === '/assistant'
              ? vapiQueryProblems('/assistant', new URLSearchParams(request.query))
              : [];
        outcome = request.refused.length > 0 ? { status: 400, body: refusal(request.refused) } : answer(request);
      }
      // The knobs change only what the provider would have taken.
      const taken = outcome.status < 300;
      const status = taken ? (api.status ?? outcome.status) : outcome.status;
      const text = taken && api.reply ? api.reply(request) : JSON.stringify(outcome.body);
      if (res.destroyed) return;
      res.writeHead(status, { ...cors, 'Content-Type': 'application/json' });
      if (taken && api.stallBody) res.write(text.slice(0, text.length / 2));
      else res.end(text);
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ message: String(error) }));
    });
  });

  return {
    api,
    async serve() {
      // Before it listens: the first request is then answered as fast as the others (hosts time out in 1 s in tests).
      prepareVapiValidators(Object.values(BODIES));
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
  const url = new URL(req.url ?? '/', 'http://fake.invalid');
  return {
    method: req.method ?? '',
    path: url.pathname,
    query: url.search.slice(1),
    authorization: req.headers.authorization,
    contentType: req.headers['content-type'],
    origin: req.headers.origin,
    body,
    refused: [],
  };
}
