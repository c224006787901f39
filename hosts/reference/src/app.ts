import { checkSecret, EVENT_REFUSALS, eventKey, MAX_EVENT_BODY_BYTES, parseCallEvent, SECRET_HEADER, type ReportEvent } from '@franchise-ai/shared/call-events';
import { callTerms, networkCeiling } from '@franchise-ai/shared/call-policy';
import { clientAddress, clientKey, ipv6PrefixKey, networkKey } from '@franchise-ai/shared/client-address';
import { IDEMPOTENCY_KEY_HEADER } from '@franchise-ai/shared/constants';
import { originRefused } from '@franchise-ai/shared/origin-policy';
import type { LimitCode, RateLimit } from '@franchise-ai/shared/rate-limits';
import { BODY_REFUSALS, validateBody, type Lead, type LeadEndpoint } from '@franchise-ai/shared/request-body';
import type { BrandProfile } from '@franchise-ai/shared/brand-profile';
import { DEMO_ID_BYTES, demoIdFromBytes } from '@franchise-ai/shared/demo-id';
import { callView, DEMO_STATUS_MESSAGES, profileView, type DemoStatusAnswer } from '@franchise-ai/shared/demo-status';
import { bookingView } from '@franchise-ai/shared/booking-view';
import { followUpTerms } from '@franchise-ai/shared/follow-up';
import { CHAT_REFUSALS, MAX_CHAT_BODY_BYTES } from '@franchise-ai/shared/chat';
import { isToolCallsMessage } from '@franchise-ai/shared/tool-calls';
import { notPlacedAnswer, PROVIDER_MESSAGES } from '@franchise-ai/shared/voice-requests';
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { queueLeadEvent as queueCallLeadEvent, queueMails } from './after-call.ts';
import { answerToolCallsMessage } from './agent-tool-calls.ts';
import type { Chats } from './chats.ts';
import type { HostConfig } from './config.ts';
import { ENDPOINTS, matchWebhookPath, type Endpoint } from './endpoints.ts';
import { HttpError, readJsonBody, sendJson, tooManyRequests } from './http.ts';
import { retryWhileBusy } from './busy-retry.ts';
import { failedCallOutcome } from './call-outcome.ts';
import { idempotencyKeyOf, keyDecision, keyInFlight, keyMismatch, REPLAYED_HEADER, requestHash } from './idempotency.ts';
import { serveLeads } from './leads-route.ts';
import { RateLimiter } from './rate-limiter.ts';
import type { LeadWebhookOutbox } from './lead-webhook-outbox.ts';
import type { MailOutbox } from './mail-outbox.ts';
import type { SiteReads } from './site-reads.ts';
import { storageProblem, storageUnavailable } from './storage-errors.ts';
import type { CallCount, Outcome, Store, StoredAnswer, StoredRequest } from './store.ts';
import { ProviderError, type VoiceProvider } from './voice-provider.ts';

type Answer = { status: number; body: Record<string, unknown>; outcome: Outcome; providerId: string | null };
type Log = (line: string) => void;

/** A request that passed validation, with its Idempotency-Key (if sent) and the hash it is bound to. */
interface Accepted {
  id: string;
  endpoint: LeadEndpoint;
  product: string;
  ip: string;
  lead: Lead;
  key: { key: string; hash: string } | undefined;
}

const storedRequest = (request: Accepted, outcome: Outcome, providerId: string | null): StoredRequest => ({
  ...request.lead,
  id: request.id,
  receivedAt: new Date().toISOString(),
  endpoint: request.endpoint,
  product: request.product,
  clientIp: request.ip,
  outcome,
  providerId,
  error: null,
});

/** How long a call's outcome keeps being retried in the background when the database stays locked. */
const SETTLE_PATIENCE_MS = 10 * 60_000;

const CORS_PREFLIGHT = {
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': `Content-Type, Accept, ${IDEMPOTENCY_KEY_HEADER}`,
  'Access-Control-Max-Age': '600',
};

/** The request handler: routing, CORS, limits, failure injection, validation, the work, storage, the answer. */
export function createApp(
  config: HostConfig,
  store: Store,
  provider: VoiceProvider,
  reads: SiteReads,
  log: Log,
  outbox?: Pick<MailOutbox, 'wake'>,
  /** The calendar's zone as last read, which the tools' prompt dates today by (server.ts). */
  calendarZone: { current: string } = { current: 'UTC' },
  leadEvents?: Pick<LeadWebhookOutbox, 'wake'>,
  /** chat_message (chats.ts); without it the endpoint answers 503, as a host without the private key. */
  chats?: Pick<Chats, 'answer'>,
) {
  const limiter = (rule: RateLimit | null) => (rule ? new RateLimiter(rule) : undefined);
  const perIp: Record<Endpoint, RateLimiter | undefined> = {
    demo_form: limiter(config.rateLimits.demoFormPerIp),
    website_demo_call: limiter(config.rateLimits.assistantPerIp),
    trigger_ai_demo_call: limiter(config.rateLimits.callPerIp),
    demo_status: limiter(config.rateLimits.statusPerIp),
    // Counted by chats.ts, after the body's checks.
    chat_message: undefined,
    // The provider's reports: the secret is their guard, and the provider's addresses are not the visitors'.
    call_events: undefined,
  };
  // A call is counted by the client's wider IPv6 prefixes too, each against its own limit (an IPv4 client has none).
  const callPerPrefix = [
    { limiter: limiter(config.rateLimits.callPerIpv6Net56), key: (ip: string) => ipv6PrefixKey(ip, 56) },
    { limiter: limiter(config.rateLimits.callPerIpv6Net48), key: (ip: string) => ipv6PrefixKey(ip, 48) },
  ];
  // Keys this process is working on, with their request hash: a retry arriving meanwhile gets 409.
  const keysInFlight = new Map<string, string>();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestId = randomUUID();
    const started = performance.now();
    const ip = clientAddress(req.headers, config.trustProxy, req.socket.remoteAddress);
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
        sendJson(res, 502, { error: PROVIDER_MESSAGES.failed, requestId });
      } else if (storageProblem(error) !== 'not-storage') {
        log(`database error for ${requestId}: ${(error as Error).message}`);
        const answer = storageUnavailable(storageProblem(error) === 'busy' ? 'busy' : 'failed');
        sendJson(res, answer.status, { error: answer.message, ...answer.extra, requestId }, answer.headers);
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
    const route = matchWebhookPath(pathname);
    // Server to server: no CORS, so no browser page can read or preflight it.
    if (route?.endpoint === 'call_events') return callEvents(req, res);

    // CORS first, so that a browser can read even a 404 from an allowed origin.
    const origin = req.headers.origin;
    if (origin !== undefined) {
      if (!config.allowOrigin(origin)) throw new HttpError(403, originRefused(origin));
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Vary', 'Origin');
      res.setHeader('Access-Control-Expose-Headers', `Retry-After, X-Request-Id, ${REPLAYED_HEADER}`);
    }
    if (!route)
      throw new HttpError(404, `No webhook at ${pathname}. Use POST /webhook/{product}/{endpoint}, where endpoint is one of ${ENDPOINTS.join(', ')}.`);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS_PREFLIGHT).end();
      return;
    }
    if (req.method !== 'POST') throw new HttpError(405, `Use POST for ${pathname}.`, {}, { Allow: 'POST, OPTIONS' });

    const key = idempotencyKeyOf(req.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);

    if (config.latencyMs > 0) await sleep(config.latencyMs);
    const failure = config.failures.get(route.endpoint);
    if (failure?.kind === 'status') throw new HttpError(failure.status, `Injected failure (FAIL) for ${route.endpoint}.`);
    if (failure?.kind === 'timeout') return; // never answer: the client's timeout has to fire
    if (failure?.kind === 'reset') return void req.socket.destroy();
    const respond = (answer: StoredAnswer, headers: Record<string, string> = {}): void => {
      if (failure?.kind === 'malformed') {
        res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end('{"assistantId": ');
      } else sendJson(res, answer.status, answer.body, headers);
    };

    if (route.endpoint === 'demo_status') return respond(await demoStatus(await readJsonBody(req), ip));
    if (route.endpoint === 'chat_message') {
      const body = await readJsonBody(req, MAX_CHAT_BODY_BYTES);
      if (!chats) throw new HttpError(CHAT_REFUSALS.off.status, CHAT_REFUSALS.off.error, { code: 'off' });
      return respond({ status: 200, body: { ...(await chats.answer(body, ip)) } });
    }
    const endpoint = route.endpoint;
    const validation = validateBody(endpoint, await readJsonBody(req), config.callPolicy);
    if (!validation.ok) throw new HttpError(BODY_REFUSALS.invalid.status, BODY_REFUSALS.invalid.error, { fields: validation.fields, codes: validation.codes });

    const request: Accepted = {
      id: requestId,
      endpoint,
      product: route.product,
      ip,
      lead: validation.lead,
      key: key === undefined ? undefined : { key, hash: requestHash(endpoint, route.product, validation.lead) },
    };
    if (!request.key) return respond(await accept(request));

    // A retry is answered before the limits: it costs nothing and does nothing a second time.
    const { key: keyed, hash } = request.key;
    const stored = store.lookUpKey(keyed);
    switch (keyDecision(stored, keysInFlight.get(keyed), hash)) {
      case 'replay':
        return respond(stored!.answer!, { [REPLAYED_HEADER]: 'true' });
      case 'in-flight':
        throw keyInFlight();
      case 'mismatch':
        throw keyMismatch();
      case 'fresh':
        break;
    }
    keysInFlight.set(keyed, hash);
    try {
      respond(await accept(request));
    } finally {
      keysInFlight.delete(keyed);
    }
  }

  /**
   * `demo_status`: what the visitor sees of the profile of the demo they name (shared demo-status.ts),
   * of the phone call it asked for (`call`, once the provider reported on it) and of the meeting the
   * agent booked (`booking`, shared booking-view.ts). A read, but for a browser call's `webCallId`,
   * which links that call's reports to the demo's lead (Store.leadOfCall); an Idempotency-Key has
   * nothing to protect.
   */
  async function demoStatus(body: unknown, ip: string): Promise<StoredAnswer> {
    const checked = validateBody('demo_status', body);
    if (!checked.ok) throw new HttpError(BODY_REFUSALS.invalid.status, BODY_REFUSALS.invalid.error, { fields: checked.fields });
    const wait = perIp.demo_status?.hit(clientKey(ip)) ?? 0;
    if (wait > 0) throw tooManyRequests(wait, 'client');
    const { demoId, webCallId } = checked;
    const profile = store.profileOf(demoId);
    if (profile === undefined) throw new HttpError(404, DEMO_STATUS_MESSAGES.unknown);
    if (webCallId !== null) {
      // A report that came before its link (the widget told the host late) is mailed now, once.
      const queued = await retryWhileBusy(() =>
        store.atomically(() => {
          if (!store.linkWebCall(webCallId, demoId)) return { mails: 0, event: false };
          const report = store.reportOf(webCallId);
          return report ? { mails: queueFollowUp(report) ?? 0, event: queueLeadEvent(report) } : { mails: 0, event: false };
        }),
      );
      if (queued.mails > 0) outbox?.wake();
      if (queued.event) leadEvents?.wake();
    }
    const phoneCall = store.callOfDemo(demoId);
    const call = phoneCall && callView(phoneCall.requestedAt, phoneCall.statuses);
    const booked = store.bookingOfDemo(demoId);
    const answer: DemoStatusAnswer = {
      profile: profileView(profile, store.languageOfDemo(demoId)),
      ...(call ? { call } : {}),
      ...(booked ? { booking: bookingView(booked.booking) } : {}),
    };
    return { status: 200, body: { ...answer } };
  }

  /**
   * `call_events`: what the voice provider reports of a call, proven by the shared secret
   * (refused before the body is read, and nothing stored), parsed by the shared rules and stored once
   * per event (shared eventKey): a redelivery is answered 200 like the first, and stores nothing.
   * A first end-of-call report of a call linked to a lead puts the follow-up mails in the outbox in
   * the same transaction (with SMTP_URL set), and its lead.qualified event (with LEAD_WEBHOOK_URL), so
   * a report answered 200 always has its mails and its event, once.
   * A `tool-calls` message is answered instead, behind the same secret (agent-tool-calls.ts).
   */
  async function callEvents(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const access = checkSecret(config.callEvents.secret, req.headers[SECRET_HEADER]);
    if (access !== 'ok') throw new HttpError(EVENT_REFUSALS[access].status, EVENT_REFUSALS[access].error);
    if (req.method !== 'POST') throw new HttpError(405, 'Use POST for call_events.', {}, { Allow: 'POST' });
    if (config.latencyMs > 0) await sleep(config.latencyMs);
    const failure = config.failures.get('call_events');
    if (failure?.kind === 'status') throw new HttpError(failure.status, 'Injected failure (FAIL) for call_events.');
    if (failure?.kind === 'timeout') return;
    if (failure?.kind === 'reset') return void req.socket.destroy();
    const receivedAt = new Date();
    const body = await readJsonBody(req, MAX_EVENT_BODY_BYTES);
    if (isToolCallsMessage(body)) {
      const reply = await answerToolCallsMessage(body, { config, store, log, calendarZone });
      if (!reply.ok) throw new HttpError(EVENT_REFUSALS.invalid.status, EVENT_REFUSALS.invalid.error, { reason: reply.reason });
      if (failure?.kind === 'malformed') res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end('{"results": ');
      else sendJson(res, 200, reply.answer);
      return;
    }
    const parsed = parseCallEvent(body, receivedAt);
    if (!parsed.ok) throw new HttpError(EVENT_REFUSALS.invalid.status, EVENT_REFUSALS.invalid.error, { reason: parsed.reason });
    const { event } = parsed;
    let answer: Record<string, unknown>;
    if (event === null) {
      log(`call event ignored: ${parsed.ignored}`);
      answer = { ok: true, ignored: parsed.ignored };
    } else {
      const key = eventKey(event);
      const stored = await retryWhileBusy(() =>
        store.atomically(() => {
          if (!store.recordCallEvent(key, event, receivedAt)) return { fresh: false, mails: 0, event: false };
          const report = event.kind === 'report' ? event : undefined;
          return { fresh: true, mails: report ? queueFollowUp(report) : 0, event: report ? queueLeadEvent(report) : false };
        }),
      );
      if (stored.mails === undefined) {
        // A browser call whose webCallId has not reached demo_status (yet), or a call this host did not place.
        log(`call report ${event.callId} is linked to no lead yet: no follow-up mail until its webCallId comes`);
      }
      if (stored.mails) outbox?.wake();
      if (stored.event) leadEvents?.wake();
      answer = { ok: true, duplicate: !stored.fresh };
    }
    if (failure?.kind === 'malformed') res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end('{"ok": ');
    else sendJson(res, 200, answer);
    // After the answer (the provider is not kept waiting): a browser call's assistant has done its work.
    // A redelivered report tries again, should the first try have failed.
    if (event?.kind === 'report' && provider.canCreateAssistants) {
      const { outcome, error } = await provider.cleanUpAfterReport(event.assistantId);
      if (outcome === 'failed') log(`could not delete the assistant of call ${event.callId}: ${error}`);
      else if (outcome === 'deleted') log(`deleted assistant ${event.assistantId}: its call ${event.callId} has ended`);
    }
  }

  /** A report's follow-up mails, inside the caller's transaction (after-call.ts); undefined when the call links to no lead (Store.leadOfCall). */
  function queueFollowUp(report: ReportEvent): number | undefined {
    if (config.followUp.smtpUrl === undefined) return 0;
    const linked = store.leadOfCall(report.callId, report.assistantId);
    return linked && queueMails({ config, store }, { report, linked, key: eventKey(report), toolsId: report.callId });
  }

  /** A report's lead.qualified event, inside the caller's transaction (after-call.ts); false when the call links to no lead (yet: a browser call's link queues it). */
  function queueLeadEvent(report: ReportEvent): boolean {
    if (config.leadWebhook === undefined) return false;
    const linked = store.leadOfCall(report.callId, report.assistantId);
    return linked !== undefined && queueCallLeadEvent({ config, store }, { report, linked, key: eventKey(report), toolsId: report.callId });
  }

  /**
   * The profile of the demo a later request names, when it is ready: the assistant is given it. A
   * demoId no lead has is ignored (and not stored on the row); one still reading gives today's assistant.
   */
  function profileFor(request: Accepted): BrandProfile | undefined {
    const { demoId } = request.lead;
    if (demoId === null) return undefined;
    const profile = store.profileOf(demoId);
    if (profile === undefined) request.lead = { ...request.lead, demoId: null };
    return profile?.status === 'ready' ? profile : undefined;
  }

  /** A valid request: the limits, the work, its record (and its key's answer), in the order each endpoint needs. */
  async function accept(request: Accepted): Promise<StoredAnswer> {
    if (request.endpoint === 'trigger_ai_demo_call') return call(request);
    // Limits come after validation: a typo (400, 413, 415) must not burn a visitor's few requests.
    const ipLimiter = perIp[request.endpoint];
    const wait = ipLimiter?.hit(clientKey(request.ip)) ?? 0;
    if (wait > 0) throw tooManyRequests(wait, 'client');
    if (request.endpoint === 'demo_form') return demoForm(request);
    const done = await assistantFor(request.lead, profileFor(request));
    const answer = { status: done.status, body: { ...done.body, requestId: request.id } };
    try {
      await retryWhileBusy(() =>
        store.atomically(() => {
          store.insert(storedRequest(request, done.outcome, done.providerId));
          if (request.key) store.rememberKey(request.key.key, request.key.hash, request.id, answer);
        }),
      );
    } catch (error) {
      // Not stored, so not answered: the assistant made for it would be left on the provider's account.
      if (done.outcome === 'assistant-created' && done.providerId) void forget(done.providerId, 'its request could not be stored');
      throw error;
    }
    return answer;
  }

  /**
   * The lead, its demoId and its profile's first state in one transaction: 'reading' when there is a
   * website to read (demo_status then answers 'reading' at once), else unavailable, 'no-website'. The
   * reading starts once they are committed, and the answer does not wait for it. A retry with the
   * same Idempotency-Key is answered the stored answer, so it keeps its demoId and starts no read.
   */
  async function demoForm(request: Accepted): Promise<StoredAnswer> {
    const demoId = demoIdFromBytes(randomBytes(DEMO_ID_BYTES));
    const { website } = request.lead;
    // What the widget's consent words (in the lead's language: the one text a call request may send
    // back) and browser notice must say of this host's calls.
    const followUp = followUpTerms(config.followUp, config.callEvents.server !== undefined, config.contact);
    const calls = callTerms(config.callPolicy, followUp, request.lead.language);
    const answer = { status: 200, body: { ok: true, calls, demoId, requestId: request.id } };
    await retryWhileBusy(() =>
      store.atomically(() => {
        store.insert(storedRequest({ ...request, lead: { ...request.lead, demoId } }, 'received', null));
        store.setProfile(demoId, website ? null : { status: 'unavailable', website: null, reason: 'no-website' });
        if (request.key) store.rememberKey(request.key.key, request.key.hash, request.id, answer);
      }),
    );
    if (website) reads.start(website, clientKey(request.ip), (profile) => retryWhileBusy(() => store.setProfile(demoId, profile)));
    return answer;
  }

  async function assistantFor(lead: Lead, profile: BrandProfile | undefined): Promise<Answer> {
    const configured = provider.configuredAssistantId;
    if (configured) return { status: 200, body: { assistantId: configured }, outcome: 'assistant-configured', providerId: configured };
    if (!provider.canCreateAssistants) {
      // The request line says only 503: this says which setting is missing.
      log(`assistant request refused: ${PROVIDER_MESSAGES.noAssistant}`);
      throw new HttpError(503, PROVIDER_MESSAGES.noAssistant);
    }
    const assistantId = await provider.createAssistant(lead, profile);
    return { status: 200, body: { assistantId }, outcome: 'assistant-created', providerId: assistantId };
  }

  /** Deletes a per-visitor assistant the host made, logging why, and what went wrong (the sweep tries again). */
  async function forget(assistantId: string, why: string): Promise<void> {
    const { outcome, error } = await provider.deleteAssistant(assistantId);
    log(outcome === 'failed' ? `could not delete assistant ${assistantId} (${why}): ${error}` : `deleted assistant ${assistantId}: ${why}`);
  }

  /**
   * Record first, then ring. The row ('call-pending', or 'call-recorded' when no provider is set up),
   * with the consent it carries, is committed before the provider hears of the call, in the same
   * transaction as the per-number and daily checks that count it; a record that cannot be written
   * (503) places no call.
   */
  async function call(request: Accepted): Promise<StoredAnswer> {
    const placing = provider.canPlaceCalls;
    const recorded = { status: 202, body: { ...notPlacedAnswer(provider.missingCallSettings), requestId: request.id } };
    const ipLimiter = perIp.trigger_ai_demo_call;
    // Checks and writes in one synchronous attempt (no await inside), so a concurrent request sees
    // its hit and its row; a refused or busy attempt records nothing, not even the per-address hit.
    const client = clientKey(request.ip);
    const prefixes = callPerPrefix.flatMap(({ limiter, key }) => {
      const prefix = key(request.ip);
      return limiter && prefix ? [{ limiter, prefix }] : [];
    });
    const profile = profileFor(request);
    await retryWhileBusy(() => {
      // The client's /64 (or IPv4 address), then its /56 and /48: each must have room, and each counts the call.
      const wait = Math.max(ipLimiter?.wait(client) ?? 0, ...prefixes.map(({ limiter, prefix }) => limiter.wait(prefix)));
      if (wait > 0) throw tooManyRequests(wait, 'client');
      store.atomically(() => {
        checkPhoneLimit(request.lead.phoneNumber!);
        checkDailyCeiling();
        checkNetworkShare(request.ip);
        store.insert(storedRequest(request, placing ? 'call-pending' : 'call-recorded', null));
        if (request.key) store.rememberKey(request.key.key, request.key.hash, request.id, placing ? null : recorded);
      });
      ipLimiter?.hit(client);
      for (const { limiter, prefix } of prefixes) limiter.hit(prefix);
    });
    if (!placing) {
      // Said per request too, so whoever watches the terminal sees why no phone rang.
      log(`call request ${request.id} recorded, not placed: ${recorded.body.reason}`);
      return recorded;
    }

    const lead = request.lead as Lead & { phoneNumber: string };
    let settled: { outcome: Outcome; providerId: string | null; error: string | null; answer: StoredAnswer };
    try {
      const callId = await provider.placeCall(lead, profile);
      settled = { outcome: 'call-placed', providerId: callId, error: null, answer: { status: 200, body: { status: 'placed', callId, requestId: request.id } } };
    } catch (error) {
      const message = (error as Error).message;
      log(`voice provider error for ${request.id}: ${message}`);
      const outcome = failedCallOutcome(error);
      const answer = {
        status: 502,
        body: { error: outcome === 'call-failed' ? PROVIDER_MESSAGES.failed : PROVIDER_MESSAGES.unconfirmed, requestId: request.id },
      };
      settled = { outcome, providerId: null, error: message, answer };
    }
    const { outcome, providerId, error, answer } = settled;
    const settle = () =>
      store.atomically(() => {
        store.settle(request.id, outcome, providerId, error);
        // A call that certainly did not ring changed nothing a retry could repeat: its key is free again.
        if (request.key && outcome === 'call-failed') store.forgetKey(request.key.key);
        else if (request.key) store.answerFor(request.key.key, answer);
      });
    try {
      await retryWhileBusy(settle);
    } catch (settleError) {
      // The call is out and its row counts ('call-pending'); the caller still learns the truth.
      // The key stays unanswered (a retry gets 409) until a later try or the next start settles it.
      log(`could not record the outcome of call ${request.id} (${outcome}) yet: ${(settleError as Error).message}`);
      void retryWhileBusy(settle, SETTLE_PATIENCE_MS).catch((lastError: Error) =>
        log(`gave up recording the outcome of call ${request.id}; the next start marks it call-unconfirmed: ${lastError.message}`),
      );
    }
    return answer;
  }

  /** Refuses (429) a number (a line: the E.164 the rules made of it) called too often: reads the durable count, so it must run inside the transaction that records the call. */
  function checkPhoneLimit(number: string): void {
    const rule = config.rateLimits.callPerPhone;
    if (rule) refuseOver(rule, (since, limit) => store.callsTo(number, since, limit), 'phoneNumber');
  }

  /** Refuses (429) any call once the host has placed its daily ceiling (MAX_CALLS_PER_DAY): durable too, inside the same transaction. */
  function checkDailyCeiling(): void {
    const rule = config.callPolicy.callsPerDay;
    if (rule) refuseOver(rule, (since, limit) => store.callsSince(since, limit), 'callsPerDay');
  }

  /** Refuses (429) a call once the client's network (IPv6 /48, IPv4 /24) has placed its share of the daily ceiling: durable, inside the same transaction. */
  function checkNetworkShare(ip: string): void {
    const rule = networkCeiling(config.callPolicy);
    const network = networkKey(ip);
    if (rule && network) refuseOver(rule, (since, limit) => store.callsFromNetwork(network, since, limit), 'networkShare');
  }

  /** Refuses when the calls counted in the rule's window reach its limit; Retry-After: until the one that must leave first has left. */
  function refuseOver(rule: RateLimit, count: (since: Date, limit: number) => CallCount, code: LimitCode): void {
    const now = Date.now();
    const recent = count(new Date(now - rule.windowMs), rule.limit);
    if (recent.count >= rule.limit) {
      const freeAt = Date.parse(recent.leavingNext!) + rule.windowMs;
      throw tooManyRequests(Math.max(1, Math.ceil((freeAt - now) / 1000)), code);
    }
  }

  return handle;
}
