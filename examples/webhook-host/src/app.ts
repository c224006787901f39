import { IDEMPOTENCY_KEY_HEADER } from '@franchise-ai/shared';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { HostConfig } from './config.ts';
import { matchWebhookPath, type Endpoint } from './endpoints.ts';
import { clientIp, HttpError, readJsonBody, sendJson } from './http.ts';
import { serveLeads } from './leads-route.ts';
import { RateLimiter, type RateLimit } from './rate-limiter.ts';
import type { Outcome, Store } from './store.ts';
import type { Lead } from './validate-body.ts';
import { validateBody } from './validate-body.ts';
import { ProviderError, type VoiceProvider } from './voice-provider.ts';

type Answer = { status: number; body: Record<string, unknown>; outcome: Outcome; providerId: string | null };
type Log = (line: string) => void;

const CORS_PREFLIGHT = {
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': `Content-Type, Accept, ${IDEMPOTENCY_KEY_HEADER}`,
  'Access-Control-Max-Age': '600',
};

/** The request handler: routing, CORS, limits, failure injection, validation, the work, storage, the answer. */
export function createApp(config: HostConfig, store: Store, provider: VoiceProvider, log: Log) {
  const limiter = (rule: RateLimit | null) => (rule ? new RateLimiter(rule) : undefined);
  const perIp: Record<Endpoint, RateLimiter | undefined> = {
    demo_form: limiter(config.rateLimits.demoFormPerIp),
    website_demo_call: limiter(config.rateLimits.assistantPerIp),
    trigger_ai_demo_call: limiter(config.rateLimits.callPerIp),
  };
  // Calls being placed right now, per number: the durable count only sees finished ones.
  const callsInFlight = new Map<string, number>();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestId = randomUUID();
    const started = performance.now();
    const ip = clientIp(req, config.trustProxy);
    res.setHeader('X-Request-Id', requestId);
    if (config.logRequests) {
      res.on('close', () => {
        const status = res.headersSent ? res.statusCode : 'no-answer';
        const ms = (performance.now() - started).toFixed(1);
        log(`${new Date().toISOString()} ${ip} ${req.method} ${req.url} ${status} ${ms}ms ${requestId}`);
      });
    }
    try {
      await route(req, res, requestId, ip);
    } catch (error) {
      if (res.headersSent || res.destroyed) return;
      if (error instanceof HttpError) {
        sendJson(res, error.status, { error: error.message, ...error.extra, requestId }, error.headers);
      } else if (error instanceof ProviderError) {
        log(`voice provider error for ${requestId}: ${error.message}`);
        sendJson(res, 502, { error: 'The voice provider did not accept the request. Try again shortly.', requestId });
      } else {
        log(`unexpected error for ${requestId}: ${(error as Error).stack ?? String(error)}`);
        sendJson(res, 500, { error: 'Something went wrong on the webhook host.', requestId });
      }
    }
  }

  async function route(req: IncomingMessage, res: ServerResponse, requestId: string, ip: string): Promise<void> {
    // Split by hand: `new URL` throws on some raw request targets and reads `//x/…` as a host.
    const [pathname = '/', query = ''] = (req.url ?? '/').split('?', 2);
    if (pathname === '/healthz') return sendJson(res, 200, { ok: true });
    if (pathname === '/leads') return serveLeads(req, res, new URLSearchParams(query), config.leadsToken, store);

    // CORS first, so that a browser can read even a 404 from an allowed origin.
    const origin = req.headers.origin;
    if (origin !== undefined) {
      if (!config.allowOrigin(origin)) throw new HttpError(403, `Origin ${origin} may not call this host (see CORS_ORIGINS).`);
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Vary', 'Origin');
      res.setHeader('Access-Control-Expose-Headers', 'Retry-After, X-Request-Id');
    }
    const route = matchWebhookPath(pathname);
    if (!route) throw new HttpError(404, `No webhook at ${pathname}. Use POST /webhook/{product}/demo_form, website_demo_call or trigger_ai_demo_call.`);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS_PREFLIGHT).end();
      return;
    }
    if (req.method !== 'POST') throw new HttpError(405, `Use POST for ${pathname}.`, {}, { Allow: 'POST, OPTIONS' });

    if (config.latencyMs > 0) await sleep(config.latencyMs);
    const failure = config.failures.get(route.endpoint);
    if (failure?.kind === 'status') throw new HttpError(failure.status, `Injected failure (FAIL) for ${route.endpoint}.`);
    if (failure?.kind === 'timeout') return; // never answer: the client's timeout has to fire
    if (failure?.kind === 'reset') return void req.socket.destroy();

    const validation = validateBody(route.endpoint, await readJsonBody(req));
    if (!validation.ok) throw new HttpError(400, 'Some fields are missing or invalid.', { fields: validation.fields });

    // Limits come after validation: a typo (400, 413, 415) must not burn a visitor's few calls.
    // A request one limit refuses costs nothing on the other, so the hit is recorded only once
    // both allow it, with no await in between (a concurrent request sees it).
    const ipLimiter = perIp[route.endpoint];
    const wait = ipLimiter?.wait(ip) ?? 0;
    if (wait > 0) throw tooManyRequests(wait, 'Too many requests from your address.');
    if (route.endpoint === 'trigger_ai_demo_call') checkPhoneLimit(validation.lead.phoneNumber!);
    ipLimiter?.hit(ip);

    const answer = await work(route.endpoint, validation.lead);
    store.insert({
      ...validation.lead,
      id: requestId,
      receivedAt: new Date().toISOString(),
      endpoint: route.endpoint,
      product: route.product,
      clientIp: ip,
      outcome: answer.outcome,
      providerId: answer.providerId,
    });
    if (failure?.kind === 'malformed') {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end('{"assistantId": ');
      return;
    }
    sendJson(res, answer.status, { ...answer.body, requestId });
  }

  async function work(endpoint: Endpoint, lead: Lead): Promise<Answer> {
    switch (endpoint) {
      case 'demo_form':
        return { status: 200, body: { ok: true }, outcome: 'received', providerId: null };
      case 'website_demo_call':
        return assistantFor(lead);
      case 'trigger_ai_demo_call':
        return placeCall(lead as Lead & { phoneNumber: string });
    }
  }

  async function assistantFor(lead: Lead): Promise<Answer> {
    const configured = provider.configuredAssistantId;
    if (configured) return { status: 200, body: { assistantId: configured }, outcome: 'assistant-configured', providerId: configured };
    if (!provider.canCreateAssistants) {
      throw new HttpError(503, 'No voice assistant is configured: set VAPI_ASSISTANT_ID, or VAPI_PRIVATE_KEY to create one per visitor.');
    }
    const assistantId = await provider.createAssistant(lead);
    return { status: 200, body: { assistantId }, outcome: 'assistant-created', providerId: assistantId };
  }

  /** Refuses (429) a number called too often: the durable count of finished calls plus those in flight. */
  function checkPhoneLimit(number: string): void {
    const rule = config.rateLimits.callPerPhone;
    if (!rule) return;
    const now = Date.now();
    const recent = store.callsTo(number, new Date(now - rule.windowMs));
    if (recent.count + (callsInFlight.get(number) ?? 0) >= rule.limit) {
      // Until the oldest call leaves the window (the whole window when only calls in flight count).
      const freeAt = recent.oldest ? Date.parse(recent.oldest) + rule.windowMs : now + rule.windowMs;
      throw tooManyRequests(Math.max(1, Math.ceil((freeAt - now) / 1000)), 'This number has been called too often; try again later.');
    }
  }

  // Called right after checkPhoneLimit, before any await, so the in-flight count it read still holds.
  async function placeCall(lead: Lead & { phoneNumber: string }): Promise<Answer> {
    const number = lead.phoneNumber;
    if (!provider.canPlaceCalls) {
      return { status: 202, body: { status: 'recorded', message: 'Calls are not configured here (set VAPI_PRIVATE_KEY and VAPI_PHONE_NUMBER_ID); the request was recorded.' }, outcome: 'call-recorded', providerId: null };
    }
    callsInFlight.set(number, (callsInFlight.get(number) ?? 0) + 1);
    try {
      const assistantId = provider.configuredAssistantId ?? (await provider.createAssistant(lead));
      const callId = await provider.placeCall(assistantId, lead);
      return { status: 200, body: { status: 'placed', callId }, outcome: 'call-placed', providerId: callId };
    } finally {
      const left = (callsInFlight.get(number) ?? 1) - 1;
      if (left > 0) callsInFlight.set(number, left);
      else callsInFlight.delete(number);
    }
  }

  return handle;
}

const tooManyRequests = (retryAfterSeconds: number, message: string) =>
  new HttpError(429, message, { retryAfterSeconds }, { 'Retry-After': String(retryAfterSeconds) });
