import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { listen, type Listening } from '@franchise-ai/test-support/listen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_PATHS } from '@franchise-ai/shared/constants';
import type { DemoRequest } from '@franchise-ai/shared/lead-rules';
import type { ConsentedCallRequest } from '../first-render/form-rules/validation.ts';
import { watchedController } from '../../test/support/watched-controller.ts';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '@franchise-ai/shared/constants';
import { WEBHOOK_NETWORK_TRIES } from '../figures.ts';
import { rememberedIdempotencyKeys } from './idempotency-key.ts';
import { fetchAssistantId, triggerDemoCall } from '../flow/requests.ts';
import { fieldReasonsOf, REDIRECT_REFUSED, submitDemoRequest, WebhookError, type WebhookOptions } from './webhook-client.ts';

// A real HTTP server on 127.0.0.1. The first path segment picks its behaviour, the second is a
// per-test tag, so each test finds its own requests: /{scenario}/{tag}/webhook/acme/demo_form

type Received = { method: string; path: string; headers: IncomingHttpHeaders; body: string };

const received: Received[] = [];
const arrivalWaiters: Array<{ tag: string; resolve: (request: Received) => void }> = [];
const hanging = new Set<ServerResponse>();
/** Per tag: settles when the server sees the answer's connection close (ended, cancelled or dropped). */
const answerClosed = new Map<string, Promise<void>>();
let server: Listening;
let origin: string;
let tagCounter = 0;
const j = JSON.stringify;
/** The scenarios answered at once: status, body, content type (JSON unless said). */
const ANSWERS: Record<string, [status: number, body?: string, type?: string | undefined, headers?: Record<string, string>]> = {
  'ok-201': [201, j({ assistantId: 'asst_201' })],
  'ok-204': [204],
  'ok-text': [200, 'Workflow was started', 'text/plain'],
  malformed: [200, '{"assistantId": "asst_'],
  'empty-body': [200, ''],
  array: [200, j(['asst_in_array'])],
  'n8n-started': [200, j({ message: 'Workflow was started' })],
  null: [200, 'null'],
  'fields-400': [400, j({ error: 'Some fields are invalid.', fields: { company: ' Not a brand we know. ', email: 'Use a work address.' } })],
  'codes-429': [429, j({ error: 'This number has been called too often; try again later.', code: 'phoneNumber', retryAfterSeconds: 60 })],
  'codes-400': [400, j({ error: 'x', fields: { phoneNumber: 'No.', consent: 'No.' }, codes: { phoneNumber: 'phonePremium', consent: 7, blank: ' ' } })],
  'codes-500': [500, j({ error: 'x', code: 'client', codes: { a: 'b' } })],
  'fields-422-mixed': [422, j({ fields: { name: 'Too short.', age: 3, website: null, blank: '  ' } })],
  'fields-500': [500, j({ fields: { company: 'Not a brand we know.' } })],
  'error-503': [503, j({ error: 'No voice assistant is configured: set VAPI_ASSISTANT_ID.' })],
  'fields-400-text': [400, j({ fields: { company: 'Not a brand we know.' } }), 'text/plain'],
  'fields-400-malformed': [400, '{"fields": {"company": "Not a'],
  'fields-400-problem-json': [400, j({ fields: { email: 'Use a work address.' } }), 'application/problem+json; charset=utf-8'],
  'limit-429': [429, j({ error: ' Our demo line has placed all the calls it can today. ', retryAfterSeconds: 3600 }), undefined, { 'Retry-After': '3600' }],
  'error-blank-429': [429, j({ error: '  ', retryAfterSeconds: 1 })],
  calls: [200, j({ ok: true, calls: { recorded: true, countries: ['us', 'FR', 'US'] }, requestId: 'r1' })],
  'demo-id': [200, j({ ok: true, demoId: 'AbCdEfGhIjKlMnOpQrStU_' })],
  'demo-id-malformed': [200, j({ ok: true, demoId: '../../admin' })],
  'calls-partial': [200, j({ ok: true, calls: { recorded: 'yes', countries: ['FR'] } })],
};

function respond(scenario: string, path: string, res: ServerResponse): void {
  const answer = ANSWERS[scenario];
  const status = /^status-(\d{3})$/.exec(scenario);
  const redirect = /^redirect-(\d{3})$/.exec(scenario);
  if (answer) {
    const [code, body, type = 'application/json', headers = {}] = answer;
    res.writeHead(code, body === undefined ? headers : { 'Content-Type': type, ...headers });
    res.end(body);
  } else if (status) {
    // A failed answer that still carries an id: the client must not read it.
    res.writeHead(Number(status[1]), { 'Content-Type': 'application/json' }).end(j({ assistantId: 'asst_from_error', message: 'failed' }));
  } else if (scenario === 'ok') {
    res
      .writeHead(200, { 'Content-Type': 'application/json' })
      .end(j(path.endsWith(WEBHOOK_PATHS.websiteDemoCall) ? { assistantId: 'asst_camel' } : { received: true }));
  } else if (redirect) {
    // To a path of this same server that would answer ok: a client that follows it shows up there.
    res.writeHead(Number(redirect[1]), { Location: path.replace(`/${scenario}/`, '/ok/') }).end();
  } else if (scenario === 'drop-first' && received.filter((r) => r.path.split('/')[2] === path.split('/')[2]).length > 1) {
    // The first request of a tag loses its answer (the connection drops); the retry is answered.
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(j({ assistantId: 'asst_after_retry' }));
  } else if (scenario === 'drop' || scenario === 'drop-first') {
    res.socket?.destroy();
  } else {
    // hang: never answers; ok-stream: an ok answer whose body never ends (only a client that releases
    // it frees the connection). afterAll ends them.
    hanging.add(res);
    if (scenario === 'ok-stream') res.writeHead(200, { 'Content-Type': 'application/json' }).write('{"received": ');
  }
}

beforeAll(async () => {
  const handler = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      const request: Received = { method: req.method ?? '', path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(request);
      const [, scenario = '', tag = ''] = path.split('/');
      answerClosed.set(tag, new Promise((resolve) => res.once('close', () => resolve())));
      for (const waiter of arrivalWaiters.filter((w) => w.tag === tag)) {
        arrivalWaiters.splice(arrivalWaiters.indexOf(waiter), 1);
        waiter.resolve(request);
      }
      respond(scenario, path, res);
    });
  });
  server = await listen(handler);
  origin = server.url;
});

afterAll(async () => {
  for (const res of hanging) res.destroy();
  await server.stop();
});

/** A webhook base unique to one call, shaped like the real `.../webhook/{product}`. */
function endpoint(scenario: string): { base: string; tag: string; requests: () => Received[] } {
  const tag = `t${++tagCounter}`;
  const requests = () => received.filter((r) => r.path.startsWith(`/${scenario}/${tag}/`));
  return { base: `${origin}/${scenario}/${tag}/webhook/acme`, tag, requests };
}

/** Whether the server saw the answer's connection close within `ms`. */
async function closedWithin(tag: string, ms: number): Promise<boolean> {
  const closed = answerClosed.get(tag);
  if (!closed) throw new Error(`no request arrived for ${tag}`);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const outcome = await Promise.race([closed.then(() => true as const), late]);
  clearTimeout(timer);
  return outcome;
}

const arrivalOf = (tag: string): Promise<Received> => new Promise((resolve) => arrivalWaiters.push({ tag, resolve }));
/** The rejection of `promise`, which must be a WebhookError. */
async function rejectionOf(promise: Promise<unknown>): Promise<WebhookError> {
  const error = await promise.then(
    (outcome) => new Error(`expected a rejection, got ${JSON.stringify(outcome)}`),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(WebhookError);
  return error as WebhookError;
}

const demoRequest: DemoRequest = {
  name: 'Jane Smith',
  company: 'Acme Franchise',
  email: 'jane@acme.com',
  website: 'https://acme.com',
  businessType: 'franchisee',
};
const demoRequestWithoutWebsite: DemoRequest = { name: 'Jean Dupont', company: 'Boulangerie Été', email: 'jean@example.fr', businessType: 'franchisor' };
const consent = { given: true, text: 'I agree to receive this AI demo call' } as const;
const phoneRequest: ConsentedCallRequest = { ...demoRequest, phoneNumber: '+12015550123', consent };
/** What submitDemoRequest resolves to when the host said nothing of its calls, nor a demoId. */
const UNKNOWN_TERMS = { calls: { recorded: null, countries: null, from: null }, demoId: null };
/** What each call resolves to on the 'ok' scenario (and its retries). */
const okResult = (name: string) => (name === 'fetchAssistantId' ? 'asst_camel' : name === 'submitDemoRequest' ? UNKNOWN_TERMS : PLACED);
type Call = (options: WebhookOptions) => Promise<unknown>;
const calls: Array<[name: string, path: string, body: DemoRequest | ConsentedCallRequest, call: Call]> = [
  ['submitDemoRequest', '/demo_form', demoRequest, (o) => submitDemoRequest(demoRequest, o)],
  ['fetchAssistantId', '/website_demo_call', demoRequest, (o) => fetchAssistantId(demoRequest, o)],
  ['triggerDemoCall', '/trigger_ai_demo_call', phoneRequest, (o) => triggerDemoCall(phoneRequest, o)],
];

describe.each(calls)('%s', (name, path, body, call) => {
  it(`POSTs JSON to \${base}${path}, and reads an ok answer`, async () => {
    const { base, requests } = endpoint('ok');
    await expect(call({ webhookBase: base })).resolves.toStrictEqual(okResult(name));
    const [request, ...more] = requests();
    expect(more).toEqual([]);
    const headers = { 'content-type': 'application/json', accept: 'application/json' };
    expect(request).toMatchObject({ method: 'POST', path: new URL(`${base}${path}`).pathname, headers, body: JSON.stringify(body) });
  });
  it('rejects promptly with kind timeout when the host never answers', async () => {
    const { base, requests } = endpoint('hang');
    const started = performance.now();
    const error = await rejectionOf(call({ webhookBase: base, timeoutMs: 150 }));
    const elapsed = performance.now() - started;
    expect([error.kind, error.status, error.message]).toEqual(['timeout', undefined, 'No answer within 150 ms.']);
    expect(elapsed).toBeGreaterThanOrEqual(100);
    expect(elapsed).toBeLessThan(2_000);
    // The request really reached the host: this is a hang, not a refusal.
    expect(requests()).toHaveLength(1);
  });
  it.each([
    ['mid-call', false, 1],
    ['already, sending nothing', true, 0],
  ])('rejects with kind aborted when the caller aborts %s', async (_label, before, sent) => {
    const { base, tag, requests } = endpoint('hang');
    const controller = new AbortController();
    if (before) controller.abort();
    const arrived = arrivalOf(tag);
    const started = performance.now();
    const pending = rejectionOf(call({ webhookBase: base, signal: controller.signal }));
    if (!before) await arrived.then(() => controller.abort());
    const error = await pending;
    expect([error.kind, error.status]).toEqual(['aborted', undefined]);
    expect(requests()).toHaveLength(sent);
    // The default 20 s timeout did not get involved.
    expect(performance.now() - started).toBeLessThan(2_000);
  });
  // The client joins the caller's signal and its ceiling without AbortSignal.any (deadline-signal.test.ts), and lets go of it however the call ends.
  it.each(['ok', 'status-503', 'hang'])('leaves no listener on the caller signal after a %s answer', async (scenario) => {
    const { controller, listeners } = watchedController();
    await call({ webhookBase: endpoint(scenario).base, signal: controller.signal, timeoutMs: 150 }).catch(() => undefined);
    expect(listeners()).toBe(0);
  });
  it('calls through an injected fetch', async () => {
    const { base, requests } = endpoint('ok');
    const seen: Array<[string, RequestInit | undefined]> = [];
    await call({ webhookBase: base, fetch: (input, init) => (seen.push([String(input), init]), globalThis.fetch(input, init)) });
    expect(seen).toMatchObject([[`${base}${path}`, { method: 'POST', credentials: 'omit' }]]);
    expect(requests()).toHaveLength(1);
  });
});

/** What triggerDemoCall gives for any 2xx that does not say `placed: false`. */
const PLACED = { placed: true, reason: null };

describe('an ok answer whose body never ends', () => {
  it.each<[string, Call, unknown]>([
    // Read for `placed` until the ceiling, then counted as placed.
    ['triggerDemoCall: placed', (o) => triggerDemoCall(phoneRequest, o), PLACED],
    ['submitDemoRequest: a success, the terms unknown', (o) => submitDemoRequest(demoRequest, o), UNKNOWN_TERMS],
    // The ceiling covers the body: no id came in time.
    ['fetchAssistantId: kind timeout', (o) => fetchAssistantId(demoRequest, o), expect.objectContaining({ name: 'WebhookError', kind: 'timeout' })],
  ])('%s once the ceiling passes, and the connection is released', async (_label, call, expected) => {
    const { base, tag } = endpoint('ok-stream');
    const started = performance.now();
    expect(await call({ webhookBase: base, timeoutMs: 300 }).catch((error: unknown) => error)).toStrictEqual(expected);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(await closedWithin(tag, 2_000)).toBe(true);
  });
});

describe('submitDemoRequest', () => {
  it.each<[string, unknown]>([
    ...['ok', 'ok-201', 'ok-204', 'ok-text', 'malformed', 'empty-body', 'null', 'array'].map((scenario): [string, unknown] => [scenario, UNKNOWN_TERMS]),
    // The answer's calls: recorded, and the countries upper case, once each.
    ['calls', { calls: { recorded: true, countries: ['US', 'FR'], from: null }, demoId: null }],
    // What it can read of malformed calls, the rest unknown.
    ['calls-partial', { calls: { recorded: null, countries: ['FR'], from: null }, demoId: null }],
    // The answer's demoId, and none that is not the 22-character id.
    ['demo-id', { ...UNKNOWN_TERMS, demoId: 'AbCdEfGhIjKlMnOpQrStU_' }],
    ['demo-id-malformed', UNKNOWN_TERMS],
  ])('resolves a %s answer with the call terms and demoId it holds (unknown when it holds none)', async (scenario, expected) => {
    const { base, requests } = endpoint(scenario);
    await expect(submitDemoRequest(demoRequest, { webhookBase: base })).resolves.toStrictEqual(expected);
    expect(requests()).toHaveLength(1);
  });
  it('sends no website key when the request has none, and non-ASCII text intact as UTF-8 JSON', async () => {
    const { base, requests } = endpoint('ok');
    await submitDemoRequest(demoRequestWithoutWebsite, { webhookBase: base });
    const sent: unknown = JSON.parse(requests()[0]?.body ?? 'null');
    expect(sent).toStrictEqual(demoRequestWithoutWebsite);
    expect(sent).not.toHaveProperty('website');
    expect(requests()[0]?.body).toContain('Boulangerie Été');
  });
});

describe('triggerDemoCall', () => {
  it.each(['ok', 'ok-204', 'ok-text', 'malformed'])('counts an answer without placed: false as placed (%s)', async (scenario) => {
    const { base, requests } = endpoint(scenario);
    await expect(triggerDemoCall(phoneRequest, { webhookBase: base })).resolves.toStrictEqual(PLACED);
    expect(JSON.parse(requests()[0]?.body ?? 'null')).toStrictEqual(phoneRequest);
  });
});

describe('fetchAssistantId', () => {
  it('reads the id from a 201 answer', async () => {
    await expect(fetchAssistantId(demoRequest, { webhookBase: endpoint('ok-201').base })).resolves.toBe('asst_201');
  });
  it.each<[string, string]>([
    ['malformed JSON', 'malformed'],
    ['an empty body', 'empty-body'],
    ['a plain-text body', 'ok-text'],
    ['no body at all (204)', 'ok-204'],
    ["n8n's started message", 'n8n-started'],
    // An answer that is JSON but no id (no field, empty, blank, a number, an array, null…): readAssistantId's table (assistant-answer.test.ts).
  ])('rejects %s with kind invalid-response', async (_label, scenario) => {
    const { base } = endpoint(scenario);
    const error = await rejectionOf(fetchAssistantId(demoRequest, { webhookBase: base }));
    expect([error.kind, error.status]).toEqual(['invalid-response', scenario === 'ok-204' ? 204 : 200]);
    expect(error.message).toMatch(/^website_demo_call answered .* without an assistant id/); // missingAssistantId's words (assistant-answer.test.ts)
    if (scenario === 'malformed') expect(error.cause).toBeInstanceOf(SyntaxError);
  });
  it('is aborted by the caller while the body is still arriving', async () => {
    const { base, tag } = endpoint('ok-stream');
    const controller = new AbortController();
    const arrived = arrivalOf(tag);
    const pending = rejectionOf(fetchAssistantId(demoRequest, { webhookBase: base, signal: controller.signal }));
    await arrived;
    // Let the head reach the client so the abort lands during body reading.
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    const error = await pending;
    expect(error.kind).toBe('aborted');
  });
});

const keyOf = (request: Received | undefined) => request?.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];

describe.each(calls)('%s: Idempotency-Key', (name, path, body, call) => {
  it('sends a key that matches the pattern, a new one for each call', async () => {
    const { base, requests } = endpoint('ok');
    await call({ webhookBase: base });
    await call({ webhookBase: base });
    const [first, second] = requests().map(keyOf);
    for (const key of [first, second]) expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).not.toBe(first);
  });
  it('takes the key from idempotencyKeys, which is asked with the path and the body', async () => {
    const { base, requests } = endpoint('ok');
    const asked: Array<[string, unknown]> = [];
    await call({ webhookBase: base, idempotencyKeys: { keyFor: (...args) => (asked.push(args), 'key_0123456789abcdef') } });
    expect(asked).toStrictEqual([[path, body]]);
    expect(keyOf(requests()[0])).toBe('key_0123456789abcdef');
  });
  it('retries once when the connection drops, with the same key and body, and resolves', async () => {
    const { base, requests } = endpoint('drop-first');
    await expect(call({ webhookBase: base })).resolves.toStrictEqual(name === 'fetchAssistantId' ? 'asst_after_retry' : okResult(name));
    const sent = requests();
    expect(sent).toHaveLength(WEBHOOK_NETWORK_TRIES);
    expect(new Set(sent.map(keyOf)).size).toBe(1);
    expect(new Set(sent.map((r) => r.body)).size).toBe(1);
  });
  it(`gives up with kind network after ${WEBHOOK_NETWORK_TRIES} tries (the connection dropped: fetch failed, as when nothing listens), all with one key`, async () => {
    const { base, requests } = endpoint('drop');
    const error = await rejectionOf(call({ webhookBase: base }));
    expect([error.kind, error.status, error.message]).toEqual([
      'network',
      undefined,
      `The webhook host could not be reached (${WEBHOOK_NETWORK_TRIES} tries).`,
    ]);
    expect(error.cause).toBeDefined();
    const sent = requests();
    expect(sent).toHaveLength(WEBHOOK_NETWORK_TRIES);
    expect(new Set(sent.map(keyOf)).size).toBe(1);
  });
});

describe('rememberedIdempotencyKeys', () => {
  /** Keys made by a counter: key-1, key-2, … */
  const counted = () => {
    let made = 0;
    return rememberedIdempotencyKeys(() => `key-${++made}`);
  };
  it("reuses the key for the same body to the same path, and makes a new one for a changed body (a call request's number or consent words too) or another path", () => {
    const keys = counted();
    expect(keys.keyFor('/demo_form', demoRequest)).toBe('key-1');
    expect(keys.keyFor('/demo_form', { ...demoRequest })).toBe('key-1');
    expect(keys.keyFor('/website_demo_call', demoRequest)).toBe('key-2');
    expect(keys.keyFor('/demo_form', { ...demoRequest, company: 'Acme Two' })).toBe('key-3');
    // Back to the first body: it is a new request now, the old one was superseded.
    expect(keys.keyFor('/demo_form', demoRequest)).toBe('key-4');
    // A call request with another number or other consent words is a new request; the same one again is not.
    expect(keys.keyFor('/trigger_ai_demo_call', phoneRequest)).toBe('key-5');
    expect(keys.keyFor('/trigger_ai_demo_call', { ...phoneRequest })).toBe('key-5');
    expect(keys.keyFor('/trigger_ai_demo_call', { ...phoneRequest, phoneNumber: '+33612345678' })).toBe('key-6');
    expect(keys.keyFor('/trigger_ai_demo_call', { ...phoneRequest, phoneNumber: '+33612345678', consent: { given: true, text: 'other words' } })).toBe('key-7');
  });
  it('renew: the next request to that path is a new one, the same body too; its retries keep its key; other paths keep theirs', () => {
    const keys = counted();
    expect(keys.keyFor('/website_demo_call', demoRequest)).toBe('key-1');
    expect(keys.keyFor('/demo_form', demoRequest)).toBe('key-2');
    keys.renew('/website_demo_call');
    expect(keys.keyFor('/website_demo_call', demoRequest)).toBe('key-3');
    expect(keys.keyFor('/website_demo_call', { ...demoRequest })).toBe('key-3');
    expect(keys.keyFor('/demo_form', demoRequest)).toBe('key-2');
    keys.renew('/trigger_ai_demo_call'); // nothing sent there yet: nothing to forget
    expect(keys.keyFor('/website_demo_call', demoRequest)).toBe('key-3');
  });
});

describe.each(calls)('%s: redirects are refused', (_name, _path, _body, call) => {
  it.each(['redirect-307', 'redirect-302', 'redirect-308', 'redirect-301'])('%s: kind redirect, and the target never sees a request', async (scenario) => {
    const { base, tag } = endpoint(scenario);
    const error = await rejectionOf(call({ webhookBase: base }));
    expect(error.kind).toBe('redirect');
    expect(error.message).toBe(REDIRECT_REFUSED);
    expect(error.message).toContain('point webhook-base at the final URL');
    expect(error.status).toBe(Number(scenario.slice(-3)));
    expect(received.filter((r) => r.path.split('/')[2] === tag).map((r) => r.path.split('/')[1])).toStrictEqual([scenario]);
  });
});

describe.each(calls)("%s: a refusal, still kind status: its reasons, its codes (the widget words them) and the host's error", (_name, _path, _body, call) => {
  type Reasons = Record<string, string> | undefined;
  type Row = [
    scenario: string,
    status: number,
    fields?: Reasons,
    hostError?: string | undefined,
    code?: string | undefined,
    codes?: Reasons,
    inMessage?: string,
  ];
  it.each<Row>([
    ['fields-400', 400, { company: 'Not a brand we know.', email: 'Use a work address.' }, 'Some fields are invalid.'],
    // Only string reasons and codes are kept.
    ['fields-422-mixed', 422, { name: 'Too short.' }],
    ['codes-400', 400, { phoneNumber: 'No.', consent: 'No.' }, 'x', undefined, { phoneNumber: 'phonePremium' }],
    ['fields-400-problem-json', 400, { email: 'Use a work address.' }],
    ['limit-429', 429, undefined, 'Our demo line has placed all the calls it can today.'],
    ['codes-429', 429, undefined, 'This number has been called too often; try again later.', 'phoneNumber'],
    ['error-blank-429', 429],
    ['status-400', 400],
    ['status-404', 404],
    // Not JSON, or a server error: neither reasons nor words for the visitor; a 5xx's error is named in the message only.
    ['fields-400-text', 400],
    ['fields-400-malformed', 400],
    ['fields-500', 500],
    ['status-500', 500],
    ['status-502', 502],
    ['status-503', 503],
    ['codes-500', 500, undefined, undefined, undefined, undefined, 'x'],
    ['error-503', 503, undefined, undefined, undefined, undefined, 'No voice assistant is configured: set VAPI_ASSISTANT_ID.'],
  ])('%s -> %i, fields %j, error %j, code %j, codes %j', async (scenario, status, fields, hostError, code, codes, inMessage = hostError) => {
    const { base, requests } = endpoint(scenario);
    const error = await rejectionOf(call({ webhookBase: base }));
    expect(requests(), 'an answered failure is not tried again').toHaveLength(1);
    expect({ ...error }).toStrictEqual({ name: 'WebhookError', kind: 'status', status, fields, hostError, code, codes });
    expect(error.message).toBe(inMessage ? `The webhook host answered ${status}: ${inMessage}` : `The webhook host answered ${status}.`);
  });
});

describe('fieldReasonsOf', () => {
  it.each<[string, unknown, Record<string, string> | undefined]>([
    ['string reasons', { fields: { name: 'x' } }, { name: 'x' }],
    ['no fields', { error: 'x' }, undefined],
    ['fields not an object', { fields: 'x' }, undefined],
    ['fields an array', { fields: ['x'] }, undefined],
    ['only non-string reasons', { fields: { a: 1, b: null } }, undefined],
    ['null body', null, undefined],
    ['array body', [{ fields: { a: 'x' } }], undefined],
  ])('%s', (_label, body, expected) => {
    expect(fieldReasonsOf(body)).toStrictEqual(expected);
  });
});
