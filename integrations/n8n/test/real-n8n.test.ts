import Database from 'better-sqlite3';
import ICAL from 'ical.js';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { CALL_REASONS, callPolicyFromEnv, consentFor, DEFAULT_CALL_COUNTRIES, type CallTerms } from '@franchise-ai/shared/call-policy';
import { unsourcedFigures } from '@franchise-ai/shared/agent-scenario';
import type { BrandProfile } from '@franchise-ai/shared/brand-profile';
import { WEBHOOK_PATHS } from '@franchise-ai/shared/constants';
import { DEMO_ID_PATTERN } from '@franchise-ai/shared/demo-id';
import { KEY_REFUSALS, REPLAYED_HEADER } from '@franchise-ai/shared/idempotency';
import { LIMIT_MESSAGES } from '@franchise-ai/shared/rate-limits';
import { BODY_REFUSALS, MAX_BODY_BYTES, validateBody } from '@franchise-ai/shared/request-body';
import { assistantRequest, callRequest, END_CALL_MESSAGE_FR, END_CALL_PHRASES, END_CALL_PHRASES_FR } from '@franchise-ai/shared/voice-requests';
import { defaultChatReply, startFakeVoiceApi, type FakeVoiceApi } from '@franchise-ai/test-support/fake-voice-api';
import { CHAT_REASONS, chatRefusal, MAX_CHAT_MESSAGE_CHARS, MAX_CHAT_TURNS } from '@franchise-ai/shared/chat';
import { deferred } from '@franchise-ai/test-support/deferred';
import { serveFixtureSite } from '@franchise-ai/test-support/franchise-sites';
import { poll } from '@franchise-ai/test-support/poll';
import type { Listening } from '@franchise-ai/test-support/listen';
import { startN8n, type N8nProcess } from '@franchise-ai/test-support/n8n-process';
import { executionDataEnv } from '../src/harness-facts.ts';
import { OUTBOX_SECONDS } from '../src/outbox-step.ts';
import { READ_ABANDONED_MS } from '../src/read-slots-step.ts';
import { BOOKINGS_TABLE, CALL_LINKS_TABLE, CALLS_TABLE, EVENTS_TABLE, LEAD_OUTBOX_TABLE, LEADS_TABLE, OUTBOX_TABLE, PROFILES_TABLE } from '../src/workflows.ts';
import { startWebhookReceiver, type WebhookReceiver } from '@franchise-ai/test-support/webhook-receiver';
import { startReverseProxy } from '@franchise-ai/test-support/reverse-proxy';
import { startSmtpSink, type SmtpSink } from '@franchise-ai/test-support/smtp-sink';
import { callEventsFromEnv, EVENT_REFUSALS, OUTPUT_NAMES, SECRET_HEADER } from '@franchise-ai/shared/call-events';
import { agentToolSettings } from '@franchise-ai/shared/agent-tools';
import type { Language } from '@franchise-ai/shared/language';
import { bookingUid } from '@franchise-ai/shared/meeting-event';
import { functionTools, sendToolCalls, type FakeToolCall, type SendOptions } from '@franchise-ai/test-support/fake-tool-calls';
import { useTeamCalendar } from '@franchise-ai/test-support/team-calendar';
import { calDavClient } from '@franchise-ai/shared/caldav-client';
import { startText, wallTime, zonedInstant } from '@franchise-ai/shared/meeting-slots';
import { n8nCalDavTransport } from '../src/n8n-caldav-transport.ts';
import type { TextExchange } from '../src/n8n-http.ts';
import { MEETING_HOURS, slotProblems, startsIn, TERRITORIES_CSV, TERRITORY_ANSWERS, TOOLS_ZONE } from '@franchise-ai/test-support/tool-call-cases';

// The committed workflows on a real n8n 2.8.4: imported and published with its CLI, started
// offline, the voice provider faked on 127.0.0.1. What the stand-in answers, n8n answers. One n8n
// for the whole file, set up as integrations/n8n/README.md requires: behind a proxy it trusts
// (TRUST_PROXY=1), with the default limits per number (3 calls a day) and per client (5 per 10
// minutes), and a daily ceiling for the host of CEILING calls (MAX_CALLS_PER_DAY, its default of 100
// is shared/src/call-policy.test.ts's: a lower one needs fewer executions to reach). Each test calls its own numbers from its own addresses, so the limits of
// one test do not reach into another; the daily ceiling, which counts every call, is tested last.
// The provider's call reports are on (VAPI_SERVER_SECRET) and the follow-up mails go to a real SMTP
// server on 127.0.0.1, through the SMTP credentials the harness imports from SMTP_URL. The agent's
// tools are set up (PUBLIC_WEBHOOK_BASE, a territory file, a real CalDAV calendar: Radicale in
// Paris's zone, which the workflows read from the calendar itself), so every assistant has them.
const PARTNER = 'https://partner.example';
const KEY = 'sk_test_n8n';
const PHONE_NUMBER_ID = 'pn_test_n8n';
// No website: demo_form reads the one a request gives, and these tests read the fixture sites only.
const lead = { name: 'Jane Doe', company: 'Acme Burgers', email: 'jane@acme.example', businessType: 'franchisor' };
const callFor = (phoneNumber: string) => ({ ...lead, phoneNumber, consent: { given: true, text: CONSENT } });
/** A valid US number of its own for each test's calls: +1 201 555 NNNN. */
const usNumber = (n: number) => `+1201555${String(n).padStart(4, '0')}`;
const policy = callPolicyFromEnv({});
/** The consent words these workflows issue (the default settings): the one text a call request may send. */
const CONSENT = consentFor(policy, 'en').text;
const CEILING = 40;
const SERVER_SECRET = 'n8n-test-server-secret-0123456789abcdef';
const CHAT_IDLE_MINUTES = 1;
/** The chat left idle by the chat tests, whose end the file checks last; none when those tests did not run. */
let idleChat: { email: string } | undefined;
const TEAM_EMAIL = 'team@franchise-ai.example';
const BOOKING_URL = 'https://cal.example/franchise-ai/discovery';
/** The company's phone, the endings' contact (CONTACT_PHONE as people write it; E.164 in the answer). */
const CONTACT_PHONE = '+1 (202) 555-0123';
/** Where the provider is told to send reports and tool calls (the tests post to n8n itself). */
const PUBLIC_BASE = 'https://n8n.public.example/webhook/franchise-ai';
const CALL_EVENTS = callEventsFromEnv({ PUBLIC_WEBHOOK_BASE: PUBLIC_BASE, VAPI_SERVER_SECRET: SERVER_SECRET }).server;
/** The terms n8n makes an assistant with: the reports and the three tools, today's date in the calendar's zone. */
const termsAt = (at: number, language: Language = 'en') => ({
  ...policy,
  callEvents: CALL_EVENTS,
  tools: agentToolSettings({ territories: true, calendar: true }, language, TOOLS_ZONE, at),
});
/** What `make` gives with the terms of the day `since` was, and of today: an assistant made in between has one of them. */
const eitherDay = <T>(since: number, make: (terms: ReturnType<typeof termsAt>) => T, language?: Language): T[] => [
  make(termsAt(since, language)),
  make(termsAt(Date.now(), language)),
];
/** What demo_form tells the widget of the calls: with call events and SMTP on, a summary by mail and the booking link. */
const CALL_TERMS = {
  recorded: false,
  countries: [...DEFAULT_CALL_COUNTRIES],
  from: policy.companyName,
  followUp: { mail: true, bookingUrl: BOOKING_URL, contact: { email: null, phone: '+12025550123' } },
  consent: consentFor(policy, 'en'),
};

let voiceApi: FakeVoiceApi;
let n8n: N8nProcess;
// A start still under way after the tests (a timed-out beforeAll) is aborted and awaited, so that it
// stops its n8n rather than leave it running once the worker exits.
const starting = new AbortController();
let started: Promise<N8nProcess> | undefined;
let proxy: Listening;
let smtp: SmtpSink;
/** n8n's HTTP helper as node's fetch: the test reads the calendar through the workflows' own CalDAV transport. */
const fetchExchange: TextExchange = async ({ method, url, headers, body }) => {
  const response = await fetch(url, { method, headers, ...(body !== undefined && { body }) });
  return { statusCode: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
};
// Before n8n starts (its hook is registered first): CALDAV_* name it.
const team = useTeamCalendar((config) => calDavClient(config, n8nCalDavTransport(fetchExchange)), { timeZone: TOOLS_ZONE });
// The territory file, where n8n's file nodes may read it (N8N_RESTRICT_FILE_ACCESS_TO).
const files = mkdtempSync(join(tmpdir(), 'n8n-territories-'));
const TERRITORIES_FILE = join(files, 'territories.csv');
writeFileSync(TERRITORIES_FILE, TERRITORIES_CSV);

/** The team's LEAD_WEBHOOK_URL: verifies each lead.qualified with the Standard Webhooks library. */
let receiver: WebhookReceiver;
const LEAD_SECRET = `whsec_${Buffer.from('n8n-lead-webhook-secret-0123456789').toString('base64')}`;

beforeAll(async () => {
  [voiceApi, smtp, receiver] = await Promise.all([startFakeVoiceApi(), startSmtpSink(), startWebhookReceiver(LEAD_SECRET)]);
  started = startN8n({
    bin: inject('n8nBin'),
    env: {
      VAPI_API_BASE: voiceApi.url,
      VAPI_PRIVATE_KEY: KEY,
      VAPI_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
      CORS_ORIGINS: PARTNER,
      TRUST_PROXY: '1',
      VAPI_SERVER_SECRET: SERVER_SECRET,
      SMTP_URL: smtp.url,
      TEAM_EMAIL,
      BOOKING_URL,
      CONTACT_PHONE,
      MAX_CALLS_PER_DAY: String(CEILING),
      PUBLIC_WEBHOOK_BASE: PUBLIC_BASE,
      TERRITORIES_FILE,
      N8N_RESTRICT_FILE_ACCESS_TO: files,
      ...team.env(),
      MEETING_HOURS,
      LEAD_WEBHOOK_URL: receiver.url,
      LEAD_WEBHOOK_SECRET: LEAD_SECRET,
      // A failed delivery is tried again at lead_outbox's next run (every OUTBOX_SECONDS), not minutes later.
      LEAD_WEBHOOK_RETRY_FIRST_MS: '1000',
      // A chat left idle is ended by chat_idle within two minutes, while the file's later tests run.
      CHAT_IDLE_MINUTES: String(CHAT_IDLE_MINUTES),
    },
    signal: starting.signal,
  });
  n8n = await started;
  proxy = await startReverseProxy(() => n8n.webhookBase);
}, 360_000);

// Every body n8n's Code nodes send must be one the provider would take (the fake refuses the others as it does).
afterEach(() => voiceApi.assertNothingRefused());

afterAll(async () => {
  starting.abort();
  await started?.catch(() => undefined);
  await Promise.allSettled([n8n?.stop(), voiceApi?.stop(), proxy?.stop(), smtp?.stop(), receiver?.stop()]);
  rmSync(files, { recursive: true, force: true });
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}, base = n8n.webhookBase) =>
  fetch(base + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: PARTNER, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
/** A call request from `client`, as the proxy in front of n8n reports it. */
const call = (phoneNumber: string, client: string) => post(WEBHOOK_PATHS.triggerDemoCall, callFor(phoneNumber), { 'X-Forwarded-For': client });
const statusesOf = (responses: Response[]) => Promise.all(responses.map(async (response) => (await response.body?.cancel(), response.status)));
const count = (statuses: number[], status: number) => statuses.filter((each) => each === status).length;
const providerCalls = (numbers: string[]) =>
  voiceApi.requests.filter((request) => request.path === '/call' && numbers.includes((request.body as { customer: { number: string } }).customer.number));

/** Reads n8n's own database, as it is now. */
function readDatabase<T>(read: (db: Database.Database) => T): T {
  const db = new Database(n8n.databasePath, { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** The rows of one of the workflows' Data Tables. */
const tableRows = (name: string) =>
  readDatabase((db) => {
    const table = db.prepare('SELECT id FROM data_table WHERE name = ?').get(name) as { id: string } | undefined;
    return table ? (db.prepare(`SELECT * FROM "data_table_user_${table.id}" ORDER BY id`).all() as Array<Record<string, unknown>>) : [];
  });

// First, while the leads' table does not exist yet: every one of these posts creates it at once.
test('the first 50 posts to a fresh n8n, all at once: every one answered {ok: true, calls} and stored (the table is created once)', async () => {
  const emails = Array.from({ length: 50 }, (_, index) => `first-${index}@acme.example`);
  const answers = await Promise.all(
    emails.map(async (email, index) => {
      const response = await post(WEBHOOK_PATHS.demoForm, { ...lead, email }, { 'X-Forwarded-For': `198.51.100.${index % 250}` });
      return [response.status, await response.text()] as const;
    }),
  );
  // Each with a demoId of its own (its value masked for the comparison).
  const expected = JSON.stringify({ requestId: 'id', ok: true, calls: CALL_TERMS, demoId: 'id' });
  const demoIds = answers.map(([, body]) => (JSON.parse(body) as { demoId?: unknown }).demoId);
  expect(answers.filter(([status, body]) => status !== 200 || JSON.stringify({ ...JSON.parse(body), requestId: 'id', demoId: 'id' }) !== expected)).toEqual([]);
  expect(demoIds.filter((demoId) => !DEMO_ID_PATTERN.test(String(demoId)))).toEqual([]);
  expect(new Set(demoIds).size).toBe(demoIds.length);
  const stored = tableRows(LEADS_TABLE).map((row) => row['email']);
  expect(emails.filter((email) => !stored.includes(email))).toEqual([]);
}, 120_000);

test('demo_form: a valid lead is stored and answered with the call terms, with CORS for the partner', async () => {
  const response = await post(WEBHOOK_PATHS.demoForm, { ...lead, email: 'demo-form@acme.example' });
  expect(response.status).toBe(200);
  const answer = (await response.json()) as { requestId: string };
  expect(answer).toEqual({ ok: true, calls: CALL_TERMS, demoId: expect.stringMatching(DEMO_ID_PATTERN), requestId: expect.stringMatching(/\S/) });
  // The request's id, as the stand-in sends it, in the body and the header the browser may read.
  expect(response.headers.get('x-request-id')).toBe(answer.requestId);
  expect(response.headers.get('access-control-expose-headers')).toBe('Retry-After, X-Request-Id, Idempotent-Replayed');
  expect(response.headers.get('access-control-allow-origin')).toBe(PARTNER);
  expect(tableRows(LEADS_TABLE)).toContainEqual(
    expect.objectContaining({ endpoint: 'demo_form', email: 'demo-form@acme.example', company: 'Acme Burgers', businessType: 'franchisor' }),
  );
});

/** demo_form for `website`, then demo_status until the profile is no longer 'reading': the demoId and the view. */
async function readThroughN8n(website: string, email: string) {
  const answer = await post(WEBHOOK_PATHS.demoForm, { ...lead, email, website });
  expect(answer.status).toBe(200);
  const { demoId } = (await answer.json()) as { demoId: string };
  let view: { status: string } = { status: 'reading' };
  for (const started = Date.now(); view.status === 'reading' && Date.now() - started < 40_000; await sleep(200)) {
    const status = await post(WEBHOOK_PATHS.demoStatus, { demoId });
    expect(status.status).toBe(200);
    view = ((await status.json()) as { profile: { status: string } }).profile;
  }
  const row = tableRows(PROFILES_TABLE).find((candidate) => candidate['demoId'] === demoId);
  return { demoId, view, profile: JSON.parse(String(row?.['profile'])) as BrandProfile };
}

/**
 * The assistant website_demo_call makes for `demoId`: the next one the fake provider receives, so
 * one at a time (the sites below are read at once, their assistants asked for in turn).
 */
async function assistantFor(demoId: string, website: string): Promise<{ model: { messages: Array<{ content: string }> } }> {
  const before = voiceApi.requests.length;
  const response = await post(WEBHOOK_PATHS.websiteDemoCall, { ...lead, website, demoId });
  expect(response.status).toBe(200);
  const created = voiceApi.requests.slice(before).filter((request) => request.path === '/assistant');
  expect(created).toHaveLength(1);
  return created[0]!.body as { model: { messages: Array<{ content: string }> } };
}
/** The system prompt of the assistant website_demo_call makes for `demoId`. */
const promptFor = async (demoId: string, website: string): Promise<string> => (await assistantFor(demoId, website)).model.messages[0]!.content;

test("the franchisor's site, read by demo_form after it answers, reaches the assistant: its description, three locations, the investment range, no figure it does not state", async () => {
  const site = await serveFixtureSite('franchisor');
  try {
    const { demoId, view, profile } = await readThroughN8n(site.url, 'profile-franchisor@acme.example');
    expect(view.status).toBe('ready');
    if (profile.status !== 'ready') throw new Error(`not ready: ${JSON.stringify(profile)}`);
    const prompt = await promptFor(demoId, site.url);
    const description = profile.facts.find((fact) => fact.kind === 'description')!.text;
    expect(prompt).toContain(description);
    expect(profile.locations.filter((location) => prompt.includes(location.city)).length).toBeGreaterThanOrEqual(3);
    expect(prompt).toMatch(/\$285,000 – \$465,000/);
    expect(unsourcedFigures(prompt, profile)).toEqual([]);
  } finally {
    await site.close();
  }
}, 90_000);

test("the franchisee's site: website_demo_call's prompt names its hours and services, and trigger_ai_demo_call's assistant and call carry them too", async () => {
  const site = await serveFixtureSite('franchisee');
  try {
    const { demoId, view, profile } = await readThroughN8n(site.url, 'profile-franchisee@acme.example');
    expect(view.status).toBe('ready');
    const prompt = await promptFor(demoId, site.url);
    // The stand-in's words (website-profile.test.ts), each the site's own.
    for (const words of ['Tuesday – Friday: 9 am – 7 pm', 'Balayage', "Women's cut & style"]) expect(prompt).toContain(words);
    expect(unsourcedFigures(prompt, profile)).toEqual([]);

    // The phone: its own number and client, so no call limit of another test counts it.
    const before = voiceApi.requests.length;
    const response = await post(WEBHOOK_PATHS.triggerDemoCall, { ...callFor(usNumber(5100)), website: site.url, demoId }, { 'X-Forwarded-For': '192.0.2.51' });
    expect([response.status, ((await response.json()) as { status: string }).status]).toEqual([200, 'placed']);
    // One request: the call, with its assistant inline.
    const sent = voiceApi.requests.slice(before);
    expect(sent.map((request) => request.path)).toEqual(['/call']);
    const { assistant } = sent[0]!.body as { assistant: { firstMessage: string } };
    expect(JSON.stringify(assistant)).toContain('Balayage');
    expect(assistant.firstMessage).toContain('A neighbourhood hair studio in downtown Bend');
  } finally {
    await site.close();
  }
}, 90_000);

/** The sites that give no profile, and the reason each must be given (the stand-in's, website-profile.test.ts). */
const UNREADABLE = [
  ['script-only', 'nearly-empty'],
  ['robots-disallow', 'robots'],
  ['oversized', 'too-large'],
  ['private-redirect', 'refused-address'],
] as const;

test("the four sites that give no profile, read at once: each unavailable with its reason, today's assistant for each, and the private address never asked", async () => {
  const sites = await Promise.all(UNREADABLE.map(([name]) => serveFixtureSite(name)));
  const since = lastExecutionId();
  try {
    const started = Date.now();
    const reads = await Promise.all(UNREADABLE.map(([name], index) => readThroughN8n(sites[index]!.url, `profile-${name}@acme.example`)));
    console.log(`n8n read the ${UNREADABLE.length} sites that give no profile, at once, in ${Date.now() - started} ms`);
    const expected = UNREADABLE.map(([name, reason], index) => ({ name, profile: { status: 'unavailable', website: sites[index]!.url, reason } }));
    // What demo_status answered, and what is stored: the same, for each site.
    expect(reads.map(({ view }, index) => ({ name: UNREADABLE[index]![0], profile: view }))).toEqual(expected);
    expect(reads.map(({ profile }, index) => ({ name: UNREADABLE[index]![0], profile }))).toEqual(expected);

    // What each site was asked: robots.txt first; robots-disallow's home page never (it disallows it);
    // the private redirect's target judged before it is asked for, and no further page of the site;
    // the script-only home links no page, so its sitemap is looked for (it has none).
    // (A connection to 10.0.0.5 from this offline machine would have ended 'unreachable' or
    // 'timeout', not 'refused-address'.)
    expect(Object.fromEntries(UNREADABLE.map(([name], index) => [name, sites[index]!.requests]))).toEqual({
      'script-only': ['GET /robots.txt', 'GET /', 'GET /sitemap.xml'],
      'robots-disallow': ['GET /robots.txt'],
      oversized: ['GET /robots.txt', 'GET /'],
      'private-redirect': ['GET /robots.txt', 'GET /'],
    });

    // The demo goes on with today's assistant: exactly the one of a lead without a profile.
    for (const [index, { demoId }] of reads.entries()) {
      const website = sites[index]!.url;
      const checked = validateBody('website_demo_call', { ...lead, website, demoId }, policy);
      if (!checked.ok) throw new Error('the example lead must be valid');
      const since = Date.now();
      const made = await assistantFor(demoId, website);
      expect(
        eitherDay(since, (terms) => assistantRequest(checked.lead, terms, 'browser')),
        UNREADABLE[index]![0],
      ).toContainEqual(made);
    }

    // A site that gives no profile is not a read that broke: Read site gave no error, so no Raise
    // failed an execution (n8n deletes each that ends normally; a failed one would stay, with its status).
    await poll(() => readDatabase((db) => db.prepare('SELECT id, status FROM execution_entity WHERE id > ?').all(since))).toEqual([]);
  } finally {
    await Promise.all(sites.map((site) => site.close()));
  }
}, 120_000);

test('demo_form answers while the site is still being read: with the home page held, its answers have arrived, as fast as without a website', async () => {
  const release = deferred<void>();
  const held = await serveFixtureSite('franchisee', { hold: (pathname) => (pathname === '/' ? release.promise : undefined) });
  try {
    const timed = async (email: string, website?: string) => {
      const started = performance.now();
      const response = await post(WEBHOOK_PATHS.demoForm, { ...lead, email, ...(website && { website }) });
      const answer = (await response.json()) as { demoId: string };
      return { status: response.status, demoId: answer.demoId, ms: performance.now() - started };
    };
    // Three of each, in turn: demo_form with the held site, and without a website for scale.
    const plain: Array<Awaited<ReturnType<typeof timed>>> = [];
    const reading: typeof plain = [];
    for (let round = 0; round < 3; round++) {
      plain.push(await timed(`timing-plain-${round}@acme.example`));
      reading.push(await timed(`timing-held-${round}@acme.example`, held.url));
    }
    const median = (answers: typeof plain) => answers.map((answer) => answer.ms).sort((a, b) => a - b)[1]!;
    console.log(
      `n8n's demo_form answered in ${reading.map((answer) => Math.round(answer.ms)).join(', ')} ms with a website being read; ${plain.map((answer) => Math.round(answer.ms)).join(', ')} ms without one`,
    );
    expect([...plain, ...reading].map((answer) => answer.status)).toEqual(Array(6).fill(200));
    // The budget is 500 ms. On the 2-core test machine n8n alone takes about 400 ms for
    // demo_form without a website (0.5 to 1 s, at times seconds, while a CI run shares the machine),
    // so an absolute 500 ms would measure n8n's pace, not the reading. Measured instead against
    // demo_form without a website, in the same test: a website may add the profile row's insert,
    // never the read, which cannot end while its home page is held (a demo_form that waited for it
    // would answer after the reader's 25 s deadline).
    expect(median(reading)).toBeLessThan(2 * median(plain));
    // The answers came before the reads could end: the home page is asked for, and held, after them.
    await poll(() => held.requests.filter((request) => request === 'GET /').length).toBe(3);
    const view = async (demoId: string) => ((await (await post(WEBHOOK_PATHS.demoStatus, { demoId })).json()) as { profile: { status: string } }).profile;
    for (const { demoId } of reading) expect(await view(demoId)).toEqual({ status: 'reading' });
    release.resolve();
    for (const { demoId } of reading) await poll(async () => (await view(demoId)).status).toBe('ready');
  } finally {
    release.resolve();
    await held.close();
  }
}, 60_000);

test("invalid fields get 400 with the stand-in's reason for each field, and nothing is stored", async () => {
  const body = { ...lead, email: 'invalid-email@', website: 'acme burgers.com' };
  const response = await post(WEBHOOK_PATHS.demoForm, body);
  expect(response.status).toBe(400);
  const standIn = validateBody('demo_form', body, policy);
  expect(await response.json()).toEqual({
    error: 'Some fields are missing or invalid.',
    fields: !standIn.ok && standIn.fields,
    codes: !standIn.ok && standIn.codes,
    requestId: expect.any(String),
  });
  expect(tableRows(LEADS_TABLE).filter((row) => row['email'] === 'invalid-email@')).toEqual([]);
});

test('another origin, or a body that is not JSON, is refused before anything runs: no call, no row', async () => {
  const before = voiceApi.requests.length;
  const evil = await post(WEBHOOK_PATHS.triggerDemoCall, { ...callFor(usNumber(5000)), phoneNumber: 'abc' }, { Origin: 'https://evil.example' });
  expect(evil.status).toBe(403);
  expect((await evil.json()).error).toMatch(/https:\/\/evil\.example may not call this host/);
  const plain = await post(WEBHOOK_PATHS.triggerDemoCall, JSON.stringify({ ...callFor(usNumber(5000)), email: 'plain@acme.example' }), {
    'Content-Type': 'text/plain',
  });
  expect(plain.status).toBe(415);
  expect(voiceApi.requests.length).toBe(before);
  expect(tableRows(LEADS_TABLE).filter((row) => row['email'] === 'plain@acme.example')).toEqual([]);
});

/** n8n's database: the bytes on disk (the file and its write-ahead log), and those its pages in use hold. */
const databaseBytes = () => ({
  onDisk: [n8n.databasePath, `${n8n.databasePath}-wal`].filter(existsSync).reduce((sum, file) => sum + statSync(file).size, 0),
  inUse: readDatabase((db) => {
    const pragma = (name: string) => Number(db.pragma(name, { simple: true }));
    return (pragma('page_count') - pragma('freelist_count')) * pragma('page_size');
  }),
});
const lastExecutionId = () => readDatabase((db) => (db.prepare('SELECT coalesce(max(id), 0) AS id FROM execution_entity').get() as { id: number }).id);
/** The executions n8n holds after `afterId`, and which of them hold `text` in their data. */
const executionsAfter = (afterId: number, text: string) =>
  readDatabase((db) => ({
    ids: (db.prepare('SELECT id FROM execution_entity WHERE id > ? ORDER BY id').all(afterId) as Array<{ id: number }>).map((row) => row.id),
    holding: (
      db.prepare('SELECT executionId FROM execution_data WHERE executionId > ? AND instr(data, ?) > 0').all(afterId, text) as Array<{ executionId: number }>
    ).map((row) => row.executionId),
  }));

test('bodies over 16 KB are refused 413 by the first node, or over N8N_PAYLOAD_SIZE_MAX by n8n unread; no refused request leaves an execution behind', async () => {
  const [before, since] = [databaseBytes(), lastExecutionId()];
  const marker = 'oversize-marker';
  const padded = (bytes: number) => JSON.stringify({ ...lead, email: `${marker}@acme.example`, padding: marker.repeat(Math.ceil(bytes / marker.length)) });
  const refusal = { error: BODY_REFUSALS.tooLarge.error };
  // Under n8n's cap (MiB): the workflow sees each body, refuses it, and n8n deletes its execution.
  const cap = Number(executionDataEnv()['N8N_PAYLOAD_SIZE_MAX']) * 2 ** 20;
  const underCap = Math.floor(cap * 0.6);
  for (let index = 0; index < 3; index++) {
    const response = await post(WEBHOOK_PATHS.demoForm, padded(underCap));
    expect([response.status, await response.json()]).toEqual([413, { ...refusal, requestId: expect.any(String) }]);
  }
  // A chunked body declares no length: the workflow measures what n8n parsed.
  const chunked = await fetch(n8n.webhookBase + WEBHOOK_PATHS.demoForm, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: PARTNER },
    body: new Blob([padded(MAX_BODY_BYTES)]).stream(),
    duplex: 'half',
  } as RequestInit);
  expect([chunked.status, await chunked.json()]).toEqual([413, { ...refusal, requestId: expect.any(String) }]);
  // Over the cap, as in the issue (15 MB): n8n stops at the Content-Length and starts no workflow.
  const huge = await post(WEBHOOK_PATHS.demoForm, padded(15 * 2 ** 20));
  expect([huge.status, ((await huge.json()) as { message: string }).message]).toEqual([500, 'There was a problem executing the workflow']);
  // A small refusal, and a lead that is stored: neither is kept as an execution either.
  const invalid = await post(WEBHOOK_PATHS.demoForm, { ...lead, email: `${marker}@` });
  expect(invalid.status).toBe(400);
  const stored = await post(WEBHOOK_PATHS.demoForm, { ...lead, email: 'kept-once@acme.example' });
  expect(stored.status).toBe(200);
  expect(tableRows(LEADS_TABLE).filter((row) => row['email'] === 'kept-once@acme.example')).toHaveLength(1);
  // n8n deletes an execution after its answer has gone: wait for it.
  let left = executionsAfter(since, marker);
  for (let tries = 0; tries < 40 && left.ids.length > 0; tries++) left = (await sleep(250), executionsAfter(since, marker));
  expect(left).toEqual({ ids: [], holding: [] });
  // The issue saw 175 MB for ten 15 MB posts. Here n8n held one body at a time, and freed it.
  const after = databaseBytes();
  console.log(
    `n8n's database, for ${3 * underCap + 15 * 2 ** 20} bytes of refused bodies: ${after.onDisk - before.onDisk} more bytes on disk, ${after.inUse - before.inUse} more in use`,
  );
  expect(after.inUse - before.inUse).toBeLessThan(underCap);
  expect(after.onDisk - before.onDisk).toBeLessThan(3 * underCap);
}, 60_000);

/** What every assistant must be told, wherever it is sent. */
function expectSafeAssistant(settings: Record<string, unknown>, doing: string) {
  expect(settings['firstMessage']).toMatch(
    new RegExp(`^Hi Jane Doe! I'm an AI assistant ${doing} Franchise AI, .* is not recorded, and you can say stop at any time to end it`),
  );
  expect(settings['endCallPhrases']).toEqual([...END_CALL_PHRASES]);
  expect(settings['maxDurationSeconds']).toBeLessThanOrEqual(300);
  // Not recorded; with the reports on, the plan names the call's structured outputs too.
  expect(settings['artifactPlan']).toMatchObject({ recordingEnabled: false });
}

test('website_demo_call: a browser assistant that says it is an AI is created at the voice provider, and its id answered', async () => {
  voiceApi.reset();
  const since = Date.now();
  const response = await post(WEBHOOK_PATHS.websiteDemoCall, lead);
  expect(response.status).toBe(200);
  const { assistantId } = (await response.json()) as { assistantId: string };
  expect(assistantId).toMatch(/\S/);
  const [created] = voiceApi.requests.filter((request) => request.path === '/assistant');
  expect(created?.authorization).toBe(`Bearer ${KEY}`);
  const checked = validateBody('website_demo_call', lead, policy);
  if (!checked.ok) throw new Error('the example lead must be valid');
  expect(eitherDay(since, (terms) => assistantRequest(checked.lead, terms, 'browser'))).toContainEqual(created?.body);
  expectSafeAssistant(created!.body as Record<string, unknown>, 'from');
});

test.each<[string, Record<string, unknown>, Record<string, string>, Record<string, string>]>([
  ['without consent', { consent: undefined }, { consent: CALL_REASONS.consentRequired }, { consent: 'consentRequired' }],
  [
    'for a country outside CALL_COUNTRIES',
    { phoneNumber: '+44 20 7946 0018' },
    { phoneNumber: CALL_REASONS.phoneNotServed(DEFAULT_CALL_COUNTRIES) },
    { phoneNumber: 'phoneNotServed' },
  ],
])('a call request %s: 400 naming the field, nothing stored, no provider request', async (_, overrides, fields, codes) => {
  voiceApi.reset();
  const before = [tableRows(LEADS_TABLE).length, tableRows(CALLS_TABLE).length];
  const response = await post(WEBHOOK_PATHS.triggerDemoCall, { ...callFor(usNumber(5001)), ...overrides });
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({ error: 'Some fields are missing or invalid.', fields, codes, requestId: expect.any(String) });
  expect(voiceApi.requests).toEqual([]);
  expect([tableRows(LEADS_TABLE).length, tableRows(CALLS_TABLE).length]).toEqual(before);
});

test('trigger_ai_demo_call: the call is placed with the safety settings, and its consent kept with the time, address and number', async () => {
  voiceApi.reset();
  const since = Date.now();
  const started = Date.now();
  const response = await call('+33 06 12 34 56 78', '2001:db8:24:1::7');
  expect(response.status).toBe(200);
  const answer = (await response.json()) as { status: string; callId: string };
  expect(answer).toEqual({ status: 'placed', callId: expect.stringMatching(/\S/), requestId: expect.any(String) });

  // One request: the call, with its assistant inline (nothing made on the provider's account).
  const [placed] = voiceApi.requests;
  expect(voiceApi.requests).toHaveLength(1);
  const checked = validateBody('trigger_ai_demo_call', callFor('+33612345678'), policy);
  if (!checked.ok) throw new Error('the example call must be valid');
  const line = { ...checked.lead, phoneNumber: '+33612345678' };
  expect(placed).toMatchObject({ path: '/call', authorization: `Bearer ${KEY}` });
  expect(eitherDay(since, (terms) => callRequest(undefined, PHONE_NUMBER_ID, line, terms))).toContainEqual(placed!.body);
  expect(placed!.refused).toEqual([]);
  expectSafeAssistant((placed!.body as { assistant: Record<string, unknown> }).assistant, 'calling from');

  const [record] = tableRows(CALLS_TABLE).filter((row) => row['phoneNumber'] === '+33612345678');
  expect(record).toMatchObject({
    consentText: CONSENT,
    client: '2001:db8:24:1::7',
    name: 'Jane Doe',
    email: 'jane@acme.example',
    outcome: 'call-placed',
    callId: answer.callId,
  });
  expect(Date.parse(String(record!['receivedAt']))).toBeGreaterThanOrEqual(started - 1000);
  expect(tableRows(LEADS_TABLE)).toContainEqual(
    expect.objectContaining({ endpoint: 'trigger_ai_demo_call', phoneNumber: '+33612345678', client: '2001:db8:24:1::7' }),
  );
});

// A French visitor's demo and call, as the French widget sends them.
const FRENCH_CONSENT = consentFor(policy, 'fr').text;

test('a French demo_form and call: the lead stored with fr, the consent byte for byte, a French assistant (words, transcriber, voice)', async () => {
  voiceApi.reset();
  const since = Date.now();
  const client = '2001:db8:33:1::9';
  const form = await post(WEBHOOK_PATHS.demoForm, { ...lead, email: 'jeanne@acme.example', language: 'fr' }, { 'X-Forwarded-For': client });
  expect(form.status).toBe(200);
  const { demoId } = (await form.json()) as { demoId: string };
  const body = {
    ...lead,
    email: 'jeanne@acme.example',
    language: 'fr',
    demoId,
    phoneNumber: '+33 6 45 67 89 01',
    consent: { given: true, text: FRENCH_CONSENT },
  };
  const response = await post(WEBHOOK_PATHS.triggerDemoCall, body, { 'X-Forwarded-For': client });
  expect(response.status).toBe(200);
  const { callId } = (await response.json()) as { callId: string };

  const checked = validateBody('trigger_ai_demo_call', body, policy);
  if (!checked.ok) throw new Error('the French call must be valid');
  const line = { ...checked.lead, phoneNumber: '+33645678901' };
  const [placed] = voiceApi.requests;
  expect(placed!.path).toBe('/call');
  expect(eitherDay(since, (terms) => callRequest(undefined, PHONE_NUMBER_ID, line, terms), 'fr')).toContainEqual(placed!.body);
  const made = (placed!.body as { assistant: Record<string, unknown> }).assistant;
  expect(made['firstMessage']).toMatch(/^Bonjour Jane Doe\u202f! Je suis un assistant IA de Franchise AI, et je vous appelle pour la démo Acme Burgers/);
  expect(made['transcriber']).toEqual({ provider: 'deepgram', model: 'nova-3', language: 'fr' });
  expect(made['voice']).toEqual({ provider: 'azure', voiceId: 'fr-FR-DeniseNeural' });
  expect(made['endCallPhrases']).toEqual([...END_CALL_PHRASES_FR]);

  const stored = tableRows(LEADS_TABLE).filter((row) => row['email'] === 'jeanne@acme.example');
  expect(stored.map((row) => [row['endpoint'], row['language']])).toEqual([
    ['demo_form', 'fr'],
    ['trigger_ai_demo_call', 'fr'],
  ]);
  const [record] = tableRows(CALLS_TABLE).filter((row) => row['callId'] === callId);
  expect(Buffer.from(String(record!['consentText']), 'utf8').equals(Buffer.from(FRENCH_CONSENT, 'utf8'))).toBe(true);
  expect(record).toMatchObject({ phoneNumber: '+33645678901', client, outcome: 'call-placed' });
});

test('30 requests at once for one line, however it is spelt, from 30 addresses: at most 3 calls placed (the per-number limit)', async () => {
  const spellings = ['+33 6 98 76 54 32', '+33 06 98 76 54 32', '+33698765432'];
  const statuses = await statusesOf(await Promise.all(Array.from({ length: 30 }, (_, index) => call(spellings[index % 3]!, `198.51.100.${index + 1}`))));
  const placed = providerCalls(['+33698765432']).length;
  console.log(`n8n, 30 at once for one number: ${count(statuses, 200)} answered 200 (${placed} calls placed), ${count(statuses, 429)} answered 429`);
  expect(placed).toBeLessThanOrEqual(3);
  expect([count(statuses, 200), count(statuses, 429)]).toEqual([placed, 30 - placed]);
  // On SQLite the 3 earliest claims always win: the limit is reached, not just kept.
  expect(placed).toBe(3);
  // The refused claims were dropped: the calls table holds the 3 calls, and nothing else of this line.
  expect(
    tableRows(CALLS_TABLE)
      .filter((row) => row['phoneNumber'] === '+33698765432')
      .map((row) => row['outcome']),
  ).toEqual(Array(3).fill('call-placed'));
}, 120_000);

test('20 requests at once from one client through the proxy, each with a made-up X-Forwarded-For, to 20 numbers: at most 5 placed (the per-client limit)', async () => {
  const numbers = Array.from({ length: 20 }, (_, index) => usNumber(6000 + index));
  const responses = await Promise.all(
    numbers.map((number, index) =>
      post(WEBHOOK_PATHS.triggerDemoCall, callFor(number), { 'X-Forwarded-For': `203.0.113.${index + 1}` }, proxy.url + new URL(n8n.webhookBase).pathname),
    ),
  );
  const statuses = await statusesOf(responses);
  const placed = providerCalls(numbers).length;
  console.log(`n8n, 20 at once from one client: ${count(statuses, 200)} answered 200 (${placed} calls placed), ${count(statuses, 429)} answered 429`);
  expect(placed).toBeLessThanOrEqual(5);
  expect([count(statuses, 200), count(statuses, 429)]).toEqual([placed, 20 - placed]);
  expect(placed).toBe(5);
  // The client is the address the proxy appended, never the one the request claimed.
  expect(
    new Set(
      tableRows(CALLS_TABLE)
        .filter((row) => numbers.includes(String(row['phoneNumber'])))
        .map((row) => row['client']),
    ),
  ).toEqual(new Set(['127.0.0.1']));
}, 120_000);

test('a request with no proxy address is the one client "unknown"', async () => {
  const response = await post(WEBHOOK_PATHS.triggerDemoCall, callFor(usNumber(6100)));
  expect(response.status).toBe(200);
  expect(tableRows(CALLS_TABLE).filter((row) => row['phoneNumber'] === usNumber(6100))).toEqual([expect.objectContaining({ client: 'unknown' })]);
});

/**
 * The provider's report of a call, in the shape of its current schema (ServerMessageEndOfCallReport:
 * the structured outputs keyed by id, the recording as an object), posted to call_events with `secret`
 * (null: no header).
 */
const report = (callId: string, words: string, secret: string | null = SERVER_SECRET, assistantId = 'assistant_1') =>
  post(
    WEBHOOK_PATHS.callEvents,
    {
      message: {
        type: 'end-of-call-report',
        call: { id: callId, orgId: 'org_1', createdAt: new Date().toISOString(), updatedAt: new Date().toISOString(), assistantId },
        endedReason: 'customer-ended-call',
        analysis: {},
        artifact: {
          transcript: `AI: Hi Jane!\nUser: ${words}`,
          recording: { mono: { combinedUrl: `https://storage.example/${callId}.wav` } },
          structuredOutputs: {
            'b1000000-0000-4000-8000-000000000001': { name: OUTPUT_NAMES.summary, result: `Summary: ${words}.` },
            'b1000000-0000-4000-8000-000000000002': { name: OUTPUT_NAMES.qualification, result: { territoryWanted: 'Austin, TX', wantsDiscoveryCall: true } },
          },
        },
      },
    },
    secret === null ? {} : { [SECRET_HEADER]: secret },
  );
/** Places a call for a new demo from its own number and client: the demo's id and the provider's call id n8n stored. */
async function placeCall(n: number, email: string) {
  const form = await post(WEBHOOK_PATHS.demoForm, { ...lead, email });
  const { demoId } = (await form.json()) as { demoId: string };
  const response = await post(WEBHOOK_PATHS.triggerDemoCall, { ...callFor(usNumber(n)), email, demoId }, { 'X-Forwarded-For': `192.0.2.${n % 250}` });
  const answer = (await response.json()) as { status: string; callId: string };
  expect([response.status, answer.status]).toEqual([200, 'placed']);
  return { demoId, callId: answer.callId };
}
const mailsTo = (to: string) => smtp.messages.filter((message) => message.to.includes(to));

test('call_events: a signed end-of-call report gives exactly one visitor mail and one team mail; delivered again, no second mail; a wrong secret is 401 and stores nothing', async () => {
  const email = 'follow-up@acme.example';
  const { demoId, callId } = await placeCall(5200, email);

  // demo_status shows the call once the provider reports it ringing: its status and the seconds since the request.
  const ringing = await post(
    WEBHOOK_PATHS.callEvents,
    { message: { type: 'status-update', status: 'ringing', call: { id: callId }, timestamp: Date.now() } },
    { [SECRET_HEADER]: SERVER_SECRET },
  );
  expect([ringing.status, await ringing.json()]).toEqual([200, { ok: true, duplicate: false }]);
  const status = (await (await post(WEBHOOK_PATHS.demoStatus, { demoId })).json()) as { call?: { status: string; secondsToRinging: number | null } };
  expect(status.call).toEqual({ status: 'ringing', secondsToRinging: expect.any(Number) });
  expect(status.call!.secondsToRinging).toBeLessThan(60);

  // A forged report (no secret, a wrong one): 401, nothing stored, nothing sent.
  for (const secret of [null, 'x'.repeat(SERVER_SECRET.length)]) {
    const forged = await report(callId, 'forged words', secret);
    expect([forged.status, await forged.json()]).toEqual([401, { error: EVENT_REFUSALS.secret.error }]);
  }

  const first = await report(callId, 'I want a franchise in Austin');
  expect([first.status, await first.json()]).toEqual([200, { ok: true, duplicate: false, followUp: '2 follow-up mail(s) queued.' }]);
  await expect
    .poll(() => [mailsTo(email).length, mailsTo(TEAM_EMAIL).filter((mail) => mail.text.includes(email)).length], { timeout: 30_000, interval: 250 })
    .toEqual([1, 1]);
  const [visitor] = mailsTo(email);
  const [team] = mailsTo(TEAM_EMAIL).filter((mail) => mail.text.includes(email));
  for (const mail of [visitor!, team!]) {
    expect(mail.text).toContain('Summary: I want a franchise in Austin.');
    expect(mail.text).toContain('User: I want a franchise in Austin');
    expect(mail.text).not.toContain('sent automatically with n8n');
    // No meeting booked in this call: no invitation.
    expect(mail.attachments).toEqual([]);
  }
  expect(visitor!.text).toContain(BOOKING_URL);
  expect(visitor!.subject).toBe('Your AI agent demo for Acme Burgers: the summary');
  expect(team!.text).toContain('Territory wanted: Austin, TX');

  // Delivered again: answered as a duplicate, stored once, and no further mail in two rounds of the outbox.
  const again = await report(callId, 'I want a franchise in Austin');
  expect([again.status, await again.json()]).toEqual([200, { ok: true, duplicate: true }]);
  // One more run of the outbox (every OUTBOX_SECONDS), which would send a mail not marked sent again.
  await sleep(OUTBOX_SECONDS * 1000 + 2000);
  expect([mailsTo(email).length, mailsTo(TEAM_EMAIL).filter((mail) => mail.text.includes(email)).length]).toEqual([1, 1]);
  const events = tableRows(EVENTS_TABLE).filter((row) => row['callId'] === callId);
  expect(events.map((row) => row['key'])).toEqual([`${callId}:status:ringing`, `${callId}:report`]);
  expect(events.some((row) => String(row['transcript']).includes('forged'))).toBe(false);
  expect(events[1]).toMatchObject({
    summary: 'Summary: I want a franchise in Austin.',
    structuredData: JSON.stringify({ territoryWanted: 'Austin, TX', wantsDiscoveryCall: true }),
    recordingUrl: `https://storage.example/${callId}.wav`,
  });
  expect(
    tableRows(OUTBOX_TABLE)
      .filter((row) => row['eventKey'] === `${callId}:report`)
      .map((row) => [row['kind'], row['status']]),
  ).toEqual([
    ['visitor', 'sent'],
    ['team', 'sent'],
  ]);
}, 120_000);

test('lead_outbox: a report gives one signed lead.qualified; with the receiver down it is tried again and arrives once it is back, under one webhook-id; the report twice queues one', async () => {
  const email = 'lead-event@acme.example';
  const { callId } = await placeCall(5300, email);
  const ofCall = () => receiver.deliveries.filter((delivery) => (delivery.payload as { data: { call: { id: string } } }).data.call.id === callId);
  const rows = () => tableRows(LEAD_OUTBOX_TABLE).filter((row) => row['callId'] === callId);
  await receiver.stop();
  expect((await report(callId, 'Is Lyon open?')).status).toBe(200);
  expect(await (await report(callId, 'Is Lyon open?')).json()).toEqual({ ok: true, duplicate: true });
  // A failed attempt, kept for later.
  await expect
    .poll(() => rows().map((row) => [row['status'], Number(row['attempts']) > 0, String(row['error']).includes('ECONNREFUSED')]), {
      timeout: 30_000,
      interval: 250,
    })
    .toEqual([['pending', true, true]]);
  await receiver.start();
  // Received, then written back (after the receiver's answer) as delivered: not sent again.
  await expect.poll(() => [ofCall().length, rows().map((row) => row['status'])], { timeout: 30_000, interval: 250 }).toEqual([1, ['delivered']]);
  const [delivered] = rows();
  expect(delivered).toMatchObject({ key: `${callId}:report` });
  expect(ofCall()[0]!.id).toBe(delivered!['eventId']);
  expect(ofCall()[0]!.payload).toMatchObject({
    type: 'lead.qualified',
    data: {
      lead: { email, name: lead.name, company: lead.company, phoneNumber: usNumber(5300), language: 'en' },
      call: { id: callId, channel: 'phone', transcript: 'AI: Hi Jane!\nUser: Is Lyon open?' },
      consent: { text: CONSENT, phoneNumber: usNumber(5300) },
      qualification: { territoryWanted: 'Austin, TX', wantsDiscoveryCall: true },
      summary: 'Summary: Is Lyon open?.',
      booking: null,
      territory: null,
    },
  });
  expect(receiver.refused).toEqual([]);
}, 120_000);

test("call_events: a browser call the widget reported to demo_status (webCallId) mails demo_form's lead", async () => {
  const email = 'browser-call@acme.example';
  const form = await post(WEBHOOK_PATHS.demoForm, { ...lead, email, name: 'Bea Browser' });
  const { demoId } = (await form.json()) as { demoId: string };
  const webCallId = `web-${demoId.replace(/[^A-Za-z0-9]/g, '')}`;
  const status = await post(WEBHOOK_PATHS.demoStatus, { demoId, webCallId });
  expect(status.status).toBe(200);
  // The link is stored after demo_status answers.
  await poll(() =>
    tableRows(CALL_LINKS_TABLE)
      .filter((row) => row['callId'] === webCallId)
      .map((row) => [row['demoId'], row['channel']]),
  ).toEqual([[demoId, 'browser']]);
  const answer = await report(webCallId, 'Tell me about the browser demo');
  expect([answer.status, await answer.json()]).toEqual([200, { ok: true, duplicate: false, followUp: '2 follow-up mail(s) queued.' }]);
  await expect.poll(() => mailsTo(email).map((mail) => mail.text.split('\n')[0]), { timeout: 30_000, interval: 250 }).toEqual(['Hello Bea Browser,']);
  expect(mailsTo(email)[0]!.text).toContain('call in the browser');
}, 90_000);

test("call_events: a browser call's assistant is deleted from the provider once its report came; the operator's and unmarked ones stay", async () => {
  const made = await post(WEBHOOK_PATHS.websiteDemoCall, { ...lead, email: 'browser-cleanup@acme.example' });
  const { assistantId } = (await made.json()) as { assistantId: string };
  const unmarked = voiceApi.addAssistant({ name: 'Made in the dashboard' });
  expect(voiceApi.assistants().map(({ id }) => id)).toEqual(expect.arrayContaining([assistantId, unmarked.id]));
  for (const [callId, id] of [
    ['web-cleanup-1', assistantId],
    ['web-cleanup-2', unmarked.id],
  ]) {
    const answer = await report(callId!, 'Browser words', SERVER_SECRET, id);
    expect(answer.status).toBe(200);
  }
  await poll(() =>
    voiceApi
      .assistants()
      .map(({ id }) => id)
      .includes(assistantId),
  ).toBe(false);
  expect(voiceApi.assistants().map(({ id }) => id)).toContain(unmarked.id);
  expect(voiceApi.requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toContain(`/assistant/${assistantId}`);
}, 60_000);

test('call_events: with the mail server down when the report arrives, both mails are sent once it is back, none lost, none doubled', async () => {
  const email = 'mail-server-down@acme.example';
  const { callId } = await placeCall(5201, email);
  await smtp.stop();
  try {
    const answer = await report(callId, 'Call me about Denver');
    expect([answer.status, await answer.json()]).toEqual([200, { ok: true, duplicate: false, followUp: '2 follow-up mail(s) queued.' }]);
    // Both mails were tried, failed and put back for later.
    await expect
      .poll(
        () =>
          tableRows(OUTBOX_TABLE).filter((row) => row['eventKey'] === `${callId}:report` && Number(row['attempts']) >= 1 && row['status'] === 'pending').length,
        { timeout: 30_000, interval: 250 },
      )
      .toBe(2);
  } finally {
    await smtp.start();
  }
  await expect.poll(() => smtp.messages.filter((mail) => mail.text.includes('Call me about Denver')).length, { timeout: 60_000, interval: 250 }).toBe(2);
  // One more run of the outbox (every OUTBOX_SECONDS), which would send a mail not marked sent again.
  await sleep(OUTBOX_SECONDS * 1000 + 2000);
  const sent = smtp.messages.filter((mail) => mail.text.includes('Call me about Denver'));
  expect(sent.map((mail) => mail.to).sort()).toEqual([[email], [TEAM_EMAIL]].sort());
  expect(
    tableRows(OUTBOX_TABLE)
      .filter((row) => row['eventKey'] === `${callId}:report`)
      .map((row) => row['status']),
  ).toEqual(['sent', 'sent']);
}, 150_000);

// A fair call ceiling and consent the host can vouch for: n8n issues the consent words and refuses
// any other text, and one network places at most its share of the day's ceiling (CALL_NETWORK_SHARE's
// default 20 % of CEILING: 8 calls). Before the ceiling's test, which counts these calls.
describe('chat_message: the same agent by text', () => {
  const chat = (body: Record<string, unknown>, client: string) => post(WEBHOOK_PATHS.chatMessage, body, { 'X-Forwarded-For': client });
  type Sent = {
    assistant?: { name: string; model: { messages: Array<{ role: string; content: string }> }; metadata?: { leadId?: string } };
    input: string;
    previousChatId?: string;
  };
  const sentFor = (leadId: string) =>
    voiceApi
      .chatRequests()
      .map((request) => request.body as Sent)
      .filter((body) => body.assistant?.metadata?.leadId === leadId);
  /** A demo_form lead of its own: its demoId and the leads row id its chats name. */
  async function demo(email: string, extra: Record<string, unknown> = {}) {
    const form = await post(WEBHOOK_PATHS.demoForm, { ...lead, email, ...extra });
    const { demoId } = (await form.json()) as { demoId: string };
    const row = tableRows(LEADS_TABLE).find((each) => each['email'] === email);
    return { demoId, leadId: String(row!['id']) };
  }
  const teamMail = (email: string) => mailsTo(TEAM_EMAIL).filter((mail) => mail.text.includes(email));

  test('a chat nobody writes in again is left open, for chat_idle to end (checked at the end of the file)', async () => {
    const email = 'chat-idle@acme.example';
    const { demoId } = await demo(email);
    const response = await chat({ demoId, message: 'Tell me more, later' }, '203.0.113.156');
    expect(response.status).toBe(200);
    expect(mailsTo(email)).toEqual([]);
    idleChat = { email };
  });

  test("three turns reach POST /chat with the visitor's assistant and the previous chat id, each reply answered; closed, one visitor and one team mail with the transcript", async () => {
    voiceApi.reset();
    const email = 'chat-three@acme.example';
    const client = '203.0.113.150';
    const { demoId, leadId } = await demo(email, { name: 'Cleo Chat' });
    const open = await chat({ demoId }, client);
    expect([open.status, await open.json()]).toEqual([200, { status: 'open', turnsLeft: MAX_CHAT_TURNS, idleMinutes: CHAT_IDLE_MINUTES }]);
    const messages = ['Is Austin open?', 'What does it cost?', 'How long to open?'];
    const answers: Array<{ chatId: string; reply: string }> = [];
    for (const message of messages) {
      const response = await chat({ demoId, message, ...(answers.length ? { chatId: answers.at(-1)!.chatId } : {}) }, client);
      const answer = (await response.json()) as { chatId: string; reply: string };
      expect([response.status, answer]).toEqual([
        200,
        { status: 'reply', chatId: expect.any(String), reply: expect.any(String), turnsLeft: MAX_CHAT_TURNS - answers.length - 1, ended: false },
      ]);
      answers.push(answer);
    }
    expect(answers.map((answer) => answer.reply)).toEqual(messages.map((message, index) => `You said (${index + 1}): "${message}"`));
    const sent = sentFor(leadId);
    expect(sent.map((body) => [body.input, body.previousChatId])).toEqual([
      [messages[0], undefined],
      [messages[1], answers[0]!.chatId],
      [messages[2], answers[1]!.chatId],
    ]);
    for (const body of sent) {
      expect(body.assistant!.model.messages.map((message) => message.role)).toEqual(['system', 'assistant']);
      expect(body.assistant!.model.messages[0]!.content).toContain('Cleo');
    }

    // Closed (twice: the same answer), then the chat takes no more messages.
    for (let round = 0; round < 2; round++) {
      const closed = await chat({ demoId, chatId: answers[2]!.chatId, end: true }, client);
      expect([closed.status, await closed.json()]).toEqual([200, { status: 'ended' }]);
    }
    await expect.poll(() => [mailsTo(email).length, teamMail(email).length], { timeout: 30_000, interval: 250 }).toEqual([1, 1]);
    const after = await chat({ demoId, chatId: answers[2]!.chatId, message: 'One more thing' }, client);
    expect([after.status, await after.json()]).toEqual([409, chatRefusal('chatEnded')]);
    const transcript = messages.map((message, index) => `User: ${message}\nAI: You said (${index + 1}): "${message}"`).join('\n');
    for (const mail of [mailsTo(email)[0]!, teamMail(email)[0]!]) expect(mail.text).toContain(transcript);
    expect(mailsTo(email)[0]!.text).toContain('chat');
    expect(teamMail(email)[0]!.text).toContain('Territory wanted: Is Austin open?');
    // One analysis, and the lead event marked as a chat.
    expect(voiceApi.chatRequests().filter((request) => (request.body as Sent).assistant?.name === 'Chat analysis')).toHaveLength(1);
    await expect
      .poll(
        () =>
          receiver.deliveries
            .filter((delivery) => JSON.stringify(delivery.payload).includes(email))
            .map((delivery) => (delivery.payload as { data: { call: { channel: string } } }).data.call.channel),
        {
          timeout: 30_000,
          interval: 250,
        },
      )
      .toEqual(['chat']);
    await sleep(OUTBOX_SECONDS * 1000 + 1000);
    expect([mailsTo(email).length, teamMail(email).length]).toEqual([1, 1]);
  }, 120_000);

  test('an over-long message, an unknown demoId, a flood from one client: each a clear 4xx, and no provider request', async () => {
    voiceApi.reset();
    const { demoId } = await demo('chat-refusals@acme.example');
    const long = await chat({ demoId, message: 'x'.repeat(MAX_CHAT_MESSAGE_CHARS + 1) }, '203.0.113.151');
    expect([long.status, await long.json()]).toEqual([
      400,
      { error: BODY_REFUSALS.invalid.error, fields: { message: CHAT_REASONS.messageTooLong }, codes: { message: 'messageTooLong' } },
    ]);
    const unknown = await chat({ demoId: 'A'.repeat(22), message: 'Hello' }, '203.0.113.152');
    expect([unknown.status, await unknown.json()]).toEqual([404, chatRefusal('unknownDemo')]);
    const flood = await Promise.all(Array.from({ length: 21 }, () => chat({ demoId }, '203.0.113.153')));
    const statuses = await Promise.all(flood.map(async (response) => `${response.status} ${((await response.json()) as { code?: string }).code ?? ''}`));
    expect(statuses.sort()).toEqual([...Array(20).fill('200 '), '429 client']);
    expect(voiceApi.chatRequests()).toEqual([]);
  }, 90_000);

  test("a chat's assistant has the tools, and its tool call, which names no call, is answered at call_events for the chat's lead; a new chat ends it", async () => {
    voiceApi.reset();
    const { demoId, leadId } = await demo('chat-tools@acme.example');
    const reply = (await (await chat({ demoId, message: 'Is Lyon open?' }, '203.0.113.155')).json()) as { chatId: string };
    const assistant = sentFor(leadId)[0]!.assistant as unknown as Record<string, unknown>;
    expect(functionTools(assistant).map((tool) => tool.function?.name)).toContain('check_territory');
    const lyon = TERRITORY_ANSWERS[0]!;
    const toolCall = { id: lyon.id, type: 'function', function: { name: 'check_territory', arguments: JSON.stringify({ place: lyon.place }) } };
    const message = { type: 'tool-calls', timestamp: Date.now(), toolCallList: [toolCall], chat: { id: reply.chatId }, assistant };
    const response = await post(WEBHOOK_PATHS.callEvents, { message }, { [SECRET_HEADER]: SERVER_SECRET });
    expect([response.status, await response.json()]).toEqual([200, { results: [expect.objectContaining({ toolCallId: lyon.id, result: lyon.result })] }]);
    // A new chat (the widget lost the id): the lead's open one ends now, with its mails.
    expect((await chat({ demoId, message: 'Starting over' }, '203.0.113.155')).status).toBe(200);
    await expect.poll(() => mailsTo('chat-tools@acme.example').length, { timeout: 30_000, interval: 250 }).toBe(1);
    expect(mailsTo('chat-tools@acme.example')[0]!.text).toContain('User: Is Lyon open?');
  }, 60_000);

  test('a French chat in French end to end; the agent’s goodbye ends it, and the mails go out in French', async () => {
    voiceApi.reset();
    const email = 'chat-fr@acme.example';
    const client = '203.0.113.154';
    const { demoId, leadId } = await demo(email, { language: 'fr' });
    const first = (await (await chat({ demoId, message: 'Bonjour' }, client)).json()) as { chatId: string; reply: string };
    expect(first.reply).toBe('Bien reçu (1) : « Bonjour »');
    voiceApi.chatReply = (body, history) => (String(body['input']).startsWith('Merci') ? END_CALL_MESSAGE_FR : defaultChatReply(body, history));
    const bye = await chat({ demoId, chatId: first.chatId, message: 'Merci, au revoir' }, client);
    expect(await bye.json()).toMatchObject({ status: 'reply', reply: END_CALL_MESSAGE_FR, ended: true });
    expect(sentFor(leadId)[0]!.assistant!.model.messages[0]!.content).toMatch(/^Vous/);
    await expect.poll(() => mailsTo(email).length, { timeout: 30_000, interval: 250 }).toBe(1);
    expect(mailsTo(email)[0]!.text).toContain('votre conversation écrite');
    voiceApi.chatReply = defaultChatReply;
  }, 90_000);
});

describe("the consent words n8n issues, and a network's share of the ceiling", () => {
  test('a text other than the one issued is 400 consentNotIssued, stores nothing and calls no one; the issued one is placed and kept as proof', async () => {
    const client = '2001:db8:4601:1::1';
    const email = 'consent-issued@acme.example';
    const form = await post(WEBHOOK_PATHS.demoForm, { ...lead, email }, { 'X-Forwarded-For': client });
    const { demoId, calls } = (await form.json()) as { demoId: string; calls: CallTerms };
    expect(calls.consent).toEqual(consentFor(policy, 'en'));
    voiceApi.reset();
    const body = { ...callFor(usNumber(8000)), email, demoId };
    const refused = await post(WEBHOOK_PATHS.triggerDemoCall, { ...body, consent: { given: true, text: 'x' } }, { 'X-Forwarded-For': client });
    expect([refused.status, await refused.json()]).toEqual([
      400,
      {
        error: 'Some fields are missing or invalid.',
        fields: { consent: CALL_REASONS.consentNotIssued },
        codes: { consent: 'consentNotIssued' },
        requestId: expect.any(String),
      },
    ]);
    expect(voiceApi.requests).toEqual([]);
    expect(tableRows(CALLS_TABLE).filter((row) => row['email'] === email)).toEqual([]);
    expect(tableRows(LEADS_TABLE).filter((row) => row['email'] === email && row['endpoint'] === 'trigger_ai_demo_call')).toEqual([]);

    const placed = await post(WEBHOOK_PATHS.triggerDemoCall, { ...body, consent: { given: true, text: calls.consent.text } }, { 'X-Forwarded-For': client });
    expect(placed.status).toBe(200);
    expect(providerCalls([usNumber(8000)])).toHaveLength(1);
    const [record] = tableRows(CALLS_TABLE).filter((row) => row['email'] === email);
    expect(Buffer.from(String(record!['consentText']), 'utf8').equals(Buffer.from(calls.consent.text, 'utf8'))).toBe(true);
  });

  test('12 calls at once from 12 /56s of one /48: 8 placed (its share of 40), 4 refused 429 networkShare', async () => {
    const numbers = Array.from({ length: 12 }, (_, index) => usNumber(8100 + index));
    const answers = await Promise.all(numbers.map((number, index) => call(number, `2001:db8:4602:${(index * 256).toString(16)}::1`)));
    const seen = await Promise.all(
      answers.map(async (response) =>
        response.status === 429 ? `429 ${((await response.json()) as { code: string }).code}` : (await response.body?.cancel(), String(response.status)),
      ),
    );
    const placed = providerCalls(numbers).length;
    console.log(`n8n, 12 at once from one /48: ${seen.filter((each) => each === '200').length} answered 200 (${placed} calls placed)`);
    expect(placed).toBe(8);
    expect(seen.sort()).toEqual([...Array(8).fill('200'), ...Array(4).fill('429 networkShare')]);
  }, 120_000);
});

// The stand-in's promises, kept by the workflows: a repeated Idempotency-Key, the per-client limits
// of the form endpoints, the cap on reads at once, and a read n8n stopped in the middle of.
describe('the same promises as the stand-in', () => {
  /** A key as the widget makes one: 32 hex digits. */
  const newKey = () => randomUUID().replaceAll('-', '');
  const keyed = (path: string, body: unknown, key: string, client: string) => post(path, body, { 'Idempotency-Key': key, 'X-Forwarded-For': client });
  const answerOf = async (response: Response) => ({
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    replayed: response.headers.get(REPLAYED_HEADER),
    requestId: response.headers.get('x-request-id'),
  });
  const leadRows = (email: string) => tableRows(LEADS_TABLE).filter((row) => row['email'] === email);
  const callRows = (phoneNumber: string) => tableRows(CALLS_TABLE).filter((row) => row['phoneNumber'] === phoneNumber);

  test('trigger_ai_demo_call sent twice with one Idempotency-Key: one stored request, one POST /call, the first answer again with Idempotent-Replayed', async () => {
    const key = newKey();
    const number = usNumber(7001);
    const first = await answerOf(await keyed(WEBHOOK_PATHS.triggerDemoCall, callFor(number), key, '203.0.113.101'));
    expect(first).toMatchObject({ status: 200, body: { status: 'placed', callId: expect.any(String), requestId: expect.any(String) }, replayed: null });
    expect(first.requestId).toBe(first.body['requestId']);
    const again = await answerOf(await keyed(WEBHOOK_PATHS.triggerDemoCall, callFor(number), key, '203.0.113.101'));
    expect(again).toEqual({ ...first, replayed: 'true' });
    expect(providerCalls([number])).toHaveLength(1);
    expect(callRows(number)).toHaveLength(1);
    expect(leadRows(lead.email).filter((row) => row['phoneNumber'] === number)).toHaveLength(1);
    // The same key for another request: 422, nothing stored; a malformed key: 400.
    const other = await keyed(WEBHOOK_PATHS.triggerDemoCall, callFor(usNumber(7002)), key, '203.0.113.101');
    expect(await answerOf(other)).toMatchObject({ status: 422, body: { error: KEY_REFUSALS.mismatch.error } });
    const malformed = await keyed(WEBHOOK_PATHS.triggerDemoCall, callFor(usNumber(7002)), 'short', '203.0.113.101');
    expect(await answerOf(malformed)).toMatchObject({ status: 400, body: { error: KEY_REFUSALS.malformed.error } });
    expect([providerCalls([usNumber(7002)]), callRows(usNumber(7002))]).toEqual([[], []]);
  });

  test('the same trigger_ai_demo_call twice at the same instant with one key: one stored request and one POST /call; the other is 409, then the first answer', async () => {
    const key = newKey();
    const number = usNumber(7003);
    const both = await Promise.all([0, 1].map(async () => answerOf(await keyed(WEBHOOK_PATHS.triggerDemoCall, callFor(number), key, '203.0.113.102'))));
    const placed = both.filter((answer) => answer.status === 200 && answer.replayed === null);
    expect(placed).toHaveLength(1);
    // The other came while the first was being worked on (409, retry in 1 s), or after it (its answer again).
    for (const answer of both.filter((each) => each !== placed[0])) {
      expect(answer.status === 409 ? answer.body : answer).toEqual(
        answer.status === 409 ? expect.objectContaining({ retryAfterSeconds: 1 }) : { ...placed[0], replayed: 'true' },
      );
    }
    expect(await answerOf(await keyed(WEBHOOK_PATHS.triggerDemoCall, callFor(number), key, '203.0.113.102'))).toEqual({ ...placed[0], replayed: 'true' });
    expect(providerCalls([number])).toHaveLength(1);
    expect(callRows(number)).toHaveLength(1);
    console.log(
      `n8n, one trigger_ai_demo_call twice at once with one key: answered ${both.map((answer) => answer.status).join(' and ')}, ${providerCalls([number]).length} POST /call`,
    );
  });

  test('demo_form twice with one key, in turn and at the same instant: one row each time, the same demoId; website_demo_call twice: one assistant', async () => {
    const form = (email: string) => ({ ...lead, email });
    const inTurn = newKey();
    const first = await answerOf(await keyed(WEBHOOK_PATHS.demoForm, form('keyed-form@acme.example'), inTurn, '203.0.113.103'));
    const second = await answerOf(await keyed(WEBHOOK_PATHS.demoForm, form('keyed-form@acme.example'), inTurn, '203.0.113.103'));
    expect(first).toMatchObject({ status: 200, body: { ok: true, demoId: expect.stringMatching(DEMO_ID_PATTERN) }, replayed: null });
    expect(second).toEqual({ ...first, replayed: 'true' });
    expect(leadRows('keyed-form@acme.example')).toHaveLength(1);

    const atOnce = newKey();
    const both = await Promise.all(
      [0, 1].map(async () => answerOf(await keyed(WEBHOOK_PATHS.demoForm, form('keyed-form-2@acme.example'), atOnce, '203.0.113.103'))),
    );
    expect(both.filter((answer) => answer.status === 200 && answer.replayed === null)).toHaveLength(1);
    await poll(async () => (await answerOf(await keyed(WEBHOOK_PATHS.demoForm, form('keyed-form-2@acme.example'), atOnce, '203.0.113.103'))).replayed).toBe(
      'true',
    );
    expect(leadRows('keyed-form-2@acme.example')).toHaveLength(1);

    const before = voiceApi.requests.length;
    const assistantKey = newKey();
    const made = await answerOf(await keyed(WEBHOOK_PATHS.websiteDemoCall, form('keyed-assistant@acme.example'), assistantKey, '203.0.113.103'));
    const remade = await answerOf(await keyed(WEBHOOK_PATHS.websiteDemoCall, form('keyed-assistant@acme.example'), assistantKey, '203.0.113.103'));
    expect(made).toMatchObject({ status: 200, body: { assistantId: expect.any(String) } });
    expect(remade).toEqual({ ...made, replayed: 'true' });
    expect(voiceApi.requests.slice(before).filter((request) => request.path === '/assistant')).toHaveLength(1);
    expect(leadRows('keyed-assistant@acme.example')).toHaveLength(1);
  });

  test('demo_form and website_demo_call: 21 at once from one client, 20 answered and stored (RATE_LIMIT_DEMO_FORM, RATE_LIMIT_ASSISTANT), the 21st 429 with code "client"; a keyed retry is still answered', async () => {
    const client = '203.0.113.104';
    const key = newKey();
    const first = await answerOf(await keyed(WEBHOOK_PATHS.demoForm, { ...lead, email: 'limited-0@acme.example' }, key, client));
    expect(first.status).toBe(200);
    const rest = await Promise.all(
      Array.from({ length: 20 }, async (_, index) =>
        answerOf(await post(WEBHOOK_PATHS.demoForm, { ...lead, email: `limited-${index + 1}@acme.example` }, { 'X-Forwarded-For': client })),
      ),
    );
    const refused = rest.filter((answer) => answer.status === 429);
    expect([rest.filter((answer) => answer.status === 200).length, refused.length]).toEqual([19, 1]);
    expect(refused[0]!.body).toEqual({ error: LIMIT_MESSAGES.client, code: 'client', retryAfterSeconds: expect.any(Number), requestId: expect.any(String) });
    expect(tableRows(LEADS_TABLE).filter((row) => String(row['email']).startsWith('limited-'))).toHaveLength(20);
    // A retry of an answered request costs nothing and is answered, whatever the limit.
    expect(await answerOf(await keyed(WEBHOOK_PATHS.demoForm, { ...lead, email: 'limited-0@acme.example' }, key, client))).toEqual({
      ...first,
      replayed: 'true',
    });
    // Another client is not limited by this one.
    expect((await post(WEBHOOK_PATHS.demoForm, { ...lead, email: 'limited-other@acme.example' }, { 'X-Forwarded-For': '203.0.113.105' })).status).toBe(200);

    const before = voiceApi.requests.length;
    const assistants = await Promise.all(
      Array.from({ length: 21 }, async () => (await post(WEBHOOK_PATHS.websiteDemoCall, lead, { 'X-Forwarded-For': '203.0.113.106' })).status),
    );
    expect([count(assistants, 200), count(assistants, 429)]).toEqual([20, 1]);
    // POSTs only: assistant_sweep's GET /assistant may fall in the meantime.
    expect(voiceApi.requests.slice(before).filter((request) => request.method === 'POST' && request.path === '/assistant')).toHaveLength(20);
  }, 60_000);

  test('at most MAX_SITE_READS (4) websites are read at once; the others wait their turn and are read once a slot is free', async () => {
    const release = deferred<void>();
    const held = await serveFixtureSite('franchisee', { hold: (pathname) => (pathname === '/robots.txt' ? release.promise : undefined) });
    try {
      const forms = await Promise.all(
        Array.from({ length: 6 }, async (_, index) => {
          const response = await post(
            WEBHOOK_PATHS.demoForm,
            { ...lead, email: `capped-${index}@acme.example`, website: held.url },
            { 'X-Forwarded-For': `203.0.113.${110 + index}` },
          );
          return ((await response.json()) as { demoId: string }).demoId;
        }),
      );
      const started = () => held.requests.filter((request) => request === 'GET /robots.txt').length;
      await poll(started).toBe(4);
      // Long enough for the two waiting to look for a slot twice.
      await sleep(2_500);
      expect(started()).toBe(4);
      release.resolve();
      const view = async (demoId: string) =>
        ((await (await post(WEBHOOK_PATHS.demoStatus, { demoId })).json()) as { profile: { status: string } }).profile.status;
      for (const demoId of forms) await expect.poll(() => view(demoId), { timeout: 20_000, interval: 200 }).toBe('ready');
      expect(started()).toBe(6);
    } finally {
      release.resolve();
      await held.close();
    }
  }, 60_000);

  test("a read n8n was killed in the middle of ends settled after the restart: demo_status answers 'interrupted', and the row says so", async () => {
    const held = await serveFixtureSite('franchisee', { hold: (pathname) => (pathname === '/' ? new Promise<void>(() => {}) : undefined) });
    try {
      const response = await post(
        WEBHOOK_PATHS.demoForm,
        { ...lead, email: 'interrupted@acme.example', website: held.url },
        { 'X-Forwarded-For': '203.0.113.120' },
      );
      const { demoId } = (await response.json()) as { demoId: string };
      await poll(() => held.requests.includes('GET /')).toBe(true);
      const row = () => tableRows(PROFILES_TABLE).find((candidate) => candidate['demoId'] === demoId)!;
      // The crash. While n8n is down the row is made older than a read can last (READ_ABANDONED_MS),
      // which is what the time a real restart takes would do, without the test waiting it out.
      await n8n.restart(() => {
        const db = new Database(n8n.databasePath);
        try {
          const table = db.prepare('SELECT id FROM data_table WHERE name = ?').get(PROFILES_TABLE) as { id: string };
          const older = new Date(Date.parse(String(row()['receivedAt'])) - READ_ABANDONED_MS).toISOString();
          db.prepare(`UPDATE "data_table_user_${table.id}" SET receivedAt = ? WHERE demoId = ?`).run(older, demoId);
        } finally {
          db.close();
        }
      });
      expect(row()['status']).toBe('reading');
      const answer = await post(WEBHOOK_PATHS.demoStatus, { demoId });
      expect(await answer.json()).toEqual({ profile: { status: 'unavailable', website: held.url, reason: 'interrupted' } });
      expect(row()).toMatchObject({ status: 'unavailable', profile: JSON.stringify({ status: 'unavailable', website: held.url, reason: 'interrupted' }) });
    } finally {
      await held.close();
    }
  }, 120_000);
});

// What a stranger's page costs n8n: the reader's page limits (shared/src/html-page.ts), bundled
// into "Read site", bound the parsing in its Code node, so the task runner that also runs every
// other webhook's Code nodes is not held. (Kept apart from the tests above: its own site, clients
// of its own in 198.18.0.0/15, and no call placed.)
describe("a stranger's site of 9 pages of 100,000 nested <div>s each", () => {
  const NESTED = '<div>'.repeat(100_000);
  const MORE = ['/own-a-franchise', '/locations', '/about', '/services', '/contact', '/hours', '/book', '/menu'];
  let deep: Listening & { asked: string[] };
  beforeAll(async () => {
    const { createServer } = await import('node:http');
    const { listen } = await import('@franchise-ai/test-support/listen');
    const asked: string[] = [];
    const server = createServer((request, response) => {
      const path = request.url ?? '/';
      asked.push(path);
      if (path !== '/' && !MORE.includes(path)) return void response.writeHead(404).end();
      // The home page's links first, so its choice finds them all before the nesting.
      const links = path === '/' ? MORE.map((more) => `<a href="${more}">${more.slice(1)}</a>`).join('') : `<p>${path}</p>`;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><title>Deep</title>${links}${NESTED}`);
    });
    deep = { ...(await listen(server)), asked };
  });
  afterAll(() => deep?.stop());

  test("its read leaves n8n's webhooks answering: another visitor's demo_form and demo_status, all along, and the read ends", async () => {
    let clients = 0;
    const from = () => ({ 'X-Forwarded-For': `198.18.0.${(clients += 1)}` });
    const timed = async (path: string, body: unknown) => {
      const started = performance.now();
      const response = await post(path, body, from());
      const answer = (await response.json()) as { demoId?: string; profile?: { status: string } };
      return { status: response.status, answer, ms: performance.now() - started };
    };
    const other = await timed(WEBHOOK_PATHS.demoForm, { ...lead, email: 'deep-other@acme.example' });
    // n8n's own pace first, with nothing being read.
    const before: number[] = [];
    for (let round = 0; round < 3; round++) {
      before.push((await timed(WEBHOOK_PATHS.demoForm, { ...lead, email: `deep-before-${round}@acme.example` })).ms);
      before.push((await timed(WEBHOOK_PATHS.demoStatus, { demoId: other.answer.demoId })).ms);
    }
    const read = await timed(WEBHOOK_PATHS.demoForm, { ...lead, email: 'deep-read@acme.example', website: `${deep.url}/` });
    expect([other.status, read.status]).toEqual([200, 200]);
    const started = performance.now();
    const answers: Array<{ status: number; ms: number }> = [];
    let view = 'reading';
    // Until the read is over, and for 2 s at least: another visitor's demo_form and demo_status in turn.
    while (view === 'reading' || performance.now() - started < 2_000) {
      if (performance.now() - started > 60_000) throw new Error('the deep site was still being read after 60 s');
      answers.push(await timed(WEBHOOK_PATHS.demoForm, { ...lead, email: `deep-${answers.length}@acme.example` }));
      const status = await timed(WEBHOOK_PATHS.demoStatus, { demoId: other.answer.demoId });
      expect(status.answer.profile).toMatchObject({ status: 'unavailable', reason: 'no-website' });
      answers.push(status);
      view = (await timed(WEBHOOK_PATHS.demoStatus, { demoId: read.answer.demoId })).answer.profile?.status ?? 'none';
      await sleep(200);
    }
    const readMs = performance.now() - started;
    // Every page was asked for and read: the Code node did all the work it would do for any site.
    expect(deep.asked.filter((path) => path !== '/robots.txt').sort()).toEqual(['/', ...MORE].sort());
    expect(view).not.toBe('none');
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    const slowest = Math.max(...answers.map((answer) => answer.ms));
    console.log(
      `n8n, 9 nested pages: read over within ${Math.round(readMs)} ms (profile ${view}); answers meanwhile ${answers.map((answer) => Math.round(answer.ms)).join(', ')} ms; before it ${before.map(Math.round).join(', ')} ms`,
    );
    // n8n's own pace on a loaded 2-core machine is 0.4 to 1 s a webhook, at times seconds; a held
    // task runner would hold every answer for as long as the pages take to parse (tens of seconds).
    expect(slowest).toBeLessThan(10_000);
  }, 90_000);
});

// The agent's tools as the voice provider calls them during a call (the stand-in's
// hosts/reference/test/tool-calls.test.ts, from the same cases: test-support's tool-call-cases):
// each visitor's browser call linked to its demo as the widget links it (demo_status's webCallId),
// the provider's tool-calls messages built from the assistant bodies the fake recorded and checked
// against its published description, each answer against the documented one; the calendar read
// back over CalDAV. Clients of their own in 198.18.2.0/24.
describe("the agent's tools, answered by call_events", () => {
  /** A weekday (1 Monday … 5 Friday) of the first full week ten days or more ahead, in Paris, as YYYY-MM-DD: bookable whatever today is. */
  function day(weekday: number): string {
    let at = Date.now() + 10 * 86_400_000;
    while (new Date(startText(at, TOOLS_ZONE).slice(0, 10)).getUTCDay() !== 1) at += 86_400_000;
    return startText(at + (weekday - 1) * 86_400_000, TOOLS_ZONE).slice(0, 10);
  }
  /** A start as the tools give it: that day's wall clock in Paris, with its offset. */
  const start = (date: string, time: string) => {
    const [year, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number];
    const [hour, minute] = time.split(':').map(Number) as [number, number];
    return startText(zonedInstant(TOOLS_ZONE, { year, month, day: dayOfMonth, hour, minute, second: 0 })!, TOOLS_ZONE);
  };
  /** The booking events of a Paris day, the team's own events aside. */
  const bookingsOn = async (date: string) =>
    (await team.objectsIn(Date.parse(start(date, '00:00')), Date.parse(start(date, '23:59')))).filter((object) => object.url.includes('franchise-ai-booking-'));
  /** Someone's event, in Paris's wall clock, as a calendar app writes it. */
  const putEvent = (name: string, date: string, from: string, to: string) => {
    const wall = (time: string) => `${date.replace(/-/g, '')}T${time.replace(':', '')}00`;
    return team.putEvent(name, `DTSTART;TZID=${TOOLS_ZONE}:${wall(from)}`, `DTEND;TZID=${TOOLS_ZONE}:${wall(to)}`, 'SUMMARY:Busy');
  };
  let clients = 0;
  let startedAt = 0;
  beforeAll(() => void (startedAt = Date.now()));
  afterAll(() => console.log(`n8n, the agent's tools: ${((Date.now() - startedAt) / 1000).toFixed(1)} s`));

  /** A visitor's demo and browser call: demo_form, website_demo_call's assistant, the call's id reported to demo_status and linked. */
  async function browserCall(overrides: Record<string, unknown> = {}) {
    clients += 1;
    const from = { 'X-Forwarded-For': `198.18.2.${clients}` };
    const email = `tools-${clients}@acme.example`;
    const form = await post(WEBHOOK_PATHS.demoForm, { ...lead, email, ...overrides }, from);
    const { demoId } = (await form.json()) as { demoId: string };
    const before = voiceApi.requests.length;
    const made = await post(WEBHOOK_PATHS.websiteDemoCall, { ...lead, email, demoId, ...overrides }, from);
    const { assistantId } = (await made.json()) as { assistantId: string };
    const body = voiceApi.requests.slice(before).find((request) => request.path === '/assistant')!.body as Record<string, unknown>;
    const callId = `web-tools-${clients}`;
    expect((await post(WEBHOOK_PATHS.demoStatus, { demoId, webCallId: callId })).status).toBe(200);
    await poll(() => tableRows(CALL_LINKS_TABLE).some((row) => row['callId'] === callId)).toBe(true);
    return { body, assistantId, callId, demoId, email };
  }
  type BrowserCall = Awaited<ReturnType<typeof browserCall>>;
  const callTools = (made: BrowserCall, calls: FakeToolCall[], options: SendOptions = {}) =>
    sendToolCalls(made.body, calls, { url: n8n.webhookBase + WEBHOOK_PATHS.callEvents, callId: made.callId, assistantId: made.assistantId, ...options });
  /** The one answer of a one-call exchange, checked to be the documented one. */
  async function onlyAnswer(exchange: ReturnType<typeof callTools>) {
    const { status, problems, results, body } = await exchange;
    expect(status, JSON.stringify(body)).toBe(200);
    expect(problems).toEqual([]);
    expect(results.size).toBe(1);
    return [...results.values()][0]!;
  }
  const bookingRows = (demoId: string) => tableRows(BOOKINGS_TABLE).filter((row) => row['demoId'] === demoId);

  test("a franchisor's assistant has the three tools, answered at call_events with the secret, and today's date in Paris; a franchisee's the calendar's two", async () => {
    const franchisor = await browserCall();
    const tools = functionTools(franchisor.body);
    expect(tools.map((tool) => tool.function?.name)).toEqual(['check_territory', 'find_meeting_times', 'book_meeting']);
    for (const tool of tools) expect(tool.server).toMatchObject({ url: `${PUBLIC_BASE}/call_events`, headers: { 'X-Vapi-Secret': SERVER_SECRET } });
    const today = termsAt(Date.now()).tools!.today!;
    expect(JSON.stringify((franchisor.body['model'] as { messages: unknown[] }).messages)).toContain(`Today is ${today}.`);
    const franchisee = await browserCall({ businessType: 'franchisee' });
    expect(functionTools(franchisee.body).map((tool) => tool.function?.name)).toEqual(['find_meeting_times', 'book_meeting']);
  });

  test('check_territory answers open, taken and "the team will check" from TERRITORIES_FILE, each once, in one message', async () => {
    const made = await browserCall();
    const { status, problems, results } = await callTools(
      made,
      TERRITORY_ANSWERS.map(({ id, place }) => ({ id, name: 'check_territory', arguments: { place } })),
    );
    expect([status, problems]).toEqual([200, []]);
    expect(Object.fromEntries([...results].map(([id, answer]) => [id, answer.result]))).toEqual(
      Object.fromEntries(TERRITORY_ANSWERS.map(({ id, result }) => [id, result])),
    );
    // The call's report: its lead.qualified carries check_territory's last answer.
    expect((await report(made.callId, 'Is Lyon open?', SERVER_SECRET, made.assistantId)).status).toBe(200);
    const ofCall = () => receiver.deliveries.filter((delivery) => (delivery.payload as { data: { call: { id: string } } }).data.call.id === made.callId);
    await poll(() => ofCall().length).toBe(1);
    const last = TERRITORY_ANSWERS.at(-1)!;
    expect((ofCall()[0]!.payload as { data: { territory: { place: string } | null } }).data.territory).toMatchObject({ place: last.place });
  });

  test('find_meeting_times offers only free times within the working hours, in the calendar’s zone', async () => {
    const monday = day(1);
    const busy = [
      ['09:00', '10:30'],
      ['11:30', '12:00'],
      ['14:00', '15:30'],
    ] as const;
    for (const [index, [from, to]] of busy.entries()) await putEvent(`n8n-monday-${index}`, monday, from, to);
    const made = await browserCall();
    const answer = await onlyAnswer(callTools(made, [{ name: 'find_meeting_times', arguments: { after: monday } }]));
    expect(answer.result).toContain('Paris time');
    const starts = startsIn(answer.result);
    // 09:00 to 10:30 is taken, so 10:30 is the first free half hour.
    expect(starts[0]).toBe(start(monday, '10:30'));
    expect(
      slotProblems(
        starts,
        monday,
        busy.map(([from, to]) => [start(monday, from), start(monday, to)]),
        wallTime,
      ),
    ).toEqual([]);
  });

  test('book_meeting writes exactly one event, read back over CalDAV; the same call delivered twice at once books once; a taken slot is refused with other times', async () => {
    const tuesday = day(2);
    const at = start(tuesday, '10:00');
    const ada = await browserCall({ name: 'Ada Lovelace', company: 'Analytical Franchises' });
    const book: FakeToolCall = { id: 'call_book_ada_n8n', name: 'book_meeting', arguments: { start: at } };
    const first = await onlyAnswer(callTools(ada, [book]));
    expect(first.result).toMatch(
      /^Booked: a discovery call with the development team on Tuesday, .* at 10:00 AM Paris time \(30 minutes\)\. Confirm it out loud/,
    );
    const again = await Promise.all([onlyAnswer(callTools(ada, [book])), onlyAnswer(callTools(ada, [book]))]);
    for (const answer of again) expect(answer.result).toMatch(/^Booked: /);
    // Kept with the lead, once (stored after the answer): the row of the delivery whose PUT made the event.
    await poll(() => bookingRows(ada.demoId).length).toBe(1);

    const events = await bookingsOn(tuesday);
    expect(events).toHaveLength(1);
    const uid = String(bookingRows(ada.demoId)[0]?.['uid']);
    expect(events[0]!.url).toBe(`${team.radicale.url}${uid}.ics`);
    expect(events[0]!.data).not.toContain(ada.demoId);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(events[0]!.data)).getFirstSubcomponent('vevent')!);
    expect(event.summary).toBe('Discovery call with the development team: Ada Lovelace (Analytical Franchises)');
    expect(event.startDate.toJSDate().getTime()).toBe(Date.parse(at));
    expect(String(event.component.getFirstPropertyValue('attendee'))).toBe(`mailto:${ada.email}`);
    const [row] = bookingRows(ada.demoId);
    expect(row).toMatchObject({
      uid: bookingUid(String(row!['key'])),
      startsAt: new Date(Date.parse(at)).toISOString(),
      callId: ada.callId,
      timeZone: TOOLS_ZONE,
    });
    expect(String(row!['key'])).not.toContain(ada.demoId);
    expect(row!['invitation']).toMatch(/^BEGIN:VCALENDAR[\s\S]*METHOD:REQUEST[\s\S]*END:VCALENDAR/);
    // The call's report: both mails name the meeting and attach its invitation, which ical.js reads as a request.
    expect((await report(ada.callId, 'Book me in', SERVER_SECRET, ada.assistantId)).status).toBe(200);
    const mails = () => smtp.messages.filter((mail) => mail.to.includes(ada.email) || (mail.to.includes(TEAM_EMAIL) && mail.text.includes(ada.email)));
    await expect.poll(() => mails().length, { timeout: 30_000, interval: 250 }).toBe(2);
    for (const mail of mails()) {
      expect(mail.text).toMatch(/Discovery call with the development team: Tuesday, .* at 10:00 AM Paris time \(30 minutes\)\./);
      // Send Email names the file and nothing else: its type comes from the name, without method=REQUEST, and no text/calendar alternative.
      expect(mail.attachments.map(({ content, ...part }) => part)).toEqual([
        { filename: 'invite.ics', contentType: 'text/calendar', params: { name: 'invite.ics' }, disposition: 'attachment' },
      ]);
      const calendar = new ICAL.Component(ICAL.parse(mail.attachments[0]!.content));
      const invited = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
      expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
      expect([invited.uid, invited.startDate.toJSDate().getTime(), invited.endDate.toJSDate().getTime()]).toEqual([
        uid,
        Date.parse(at),
        Date.parse(at) + 30 * 60_000,
      ]);
      expect(String(invited.component.getFirstPropertyValue('organizer'))).toBe(`mailto:${TEAM_EMAIL}`);
      expect(String(invited.component.getFirstPropertyValue('attendee'))).toBe(`mailto:${ada.email}`);
    }
    // The team's lead.qualified carries it too, signed (the receiver keeps only what verifies).
    const leadEvents = () => receiver.deliveries.filter((delivery) => (delivery.payload as { data: { call: { id: string } } }).data.call.id === ada.callId);
    await poll(() => leadEvents().length).toBe(1);
    expect((leadEvents()[0]!.payload as { data: { booking: unknown } }).data.booking).toEqual({
      start: new Date(Date.parse(at)).toISOString(),
      end: new Date(Date.parse(at) + 30 * 60_000).toISOString(),
      timeZone: TOOLS_ZONE,
      title: 'Discovery call with the development team: Ada Lovelace (Analytical Franchises)',
      uid,
    });
    // demo_status shows it to the visitor: the times as instants, what the meeting is.
    const status = (await (await post(WEBHOOK_PATHS.demoStatus, { demoId: ada.demoId })).json()) as { booking?: Record<string, unknown> };
    expect(status.booking).toMatchObject({
      start: row!['startsAt'],
      title: 'Discovery call with the development team',
      icsDataUrl: expect.stringMatching(/^data:text\/calendar/),
    });

    // Another visitor asks for the same time: refused, with free times instead, and nothing written.
    const grace = await browserCall({ name: 'Grace Hopper' });
    const refused = await onlyAnswer(callTools(grace, [{ name: 'book_meeting', arguments: { start: at } }]));
    expect(refused.result).toMatch(/^That time has just been taken\. Nothing is booked\. Free times to offer instead, in Paris time: /);
    const alternatives = startsIn(refused.result);
    expect(alternatives.length).toBeGreaterThan(0);
    expect(alternatives).not.toContain(at);
    expect(await bookingsOn(tuesday)).toHaveLength(1);
    expect(bookingRows(grace.demoId)).toEqual([]);
    // Ada holds her slot: another time is not booked for her.
    const other = await onlyAnswer(callTools(ada, [{ name: 'book_meeting', arguments: { start: start(tuesday, '15:00') } }]));
    expect(other.result).toMatch(/^This caller already has a meeting booked: Tuesday, .* at 10:00 AM Paris time\./);
    expect(await bookingsOn(tuesday)).toHaveLength(1);
    expect(bookingRows(ada.demoId)).toHaveLength(1);
  }, 60_000);

  test('no X-Vapi-Secret or a wrong one: 401, no event in the calendar and no booking row; a message with no call: 400 with the reason', async () => {
    const thursday = day(4);
    const made = await browserCall();
    for (const secret of [null, `${SERVER_SECRET.slice(0, -1)}X`]) {
      const exchange = await callTools(made, [{ name: 'book_meeting', arguments: { start: start(thursday, '10:00') } }], { secret });
      expect([exchange.status, exchange.body]).toEqual([401, { error: EVENT_REFUSALS.secret.error }]);
    }
    expect(await bookingsOn(thursday)).toEqual([]);
    expect(bookingRows(made.demoId)).toEqual([]);
    const empty = await post(WEBHOOK_PATHS.callEvents, { message: { type: 'tool-calls', toolCallList: [] } }, { [SECRET_HEADER]: SERVER_SECRET });
    expect([empty.status, await empty.json()]).toEqual([
      400,
      { error: EVENT_REFUSALS.invalid.error, reason: 'message.toolCallList must list at least one tool call.' },
    ]);
  });
});

// Last: after it, the host places no more calls today.
test('chat_idle: the chat left idle has ended after CHAT_IDLE_MINUTES, with one visitor mail and one team mail', async ({ skip }) => {
  if (idleChat === undefined) return skip('the chat tests did not run');
  const { email } = idleChat;
  await expect
    .poll(() => [mailsTo(email).length, mailsTo(TEAM_EMAIL).filter((mail) => mail.text.includes(email)).length], { timeout: 180_000, interval: 1000 })
    .toEqual([1, 1]);
  const team = mailsTo(TEAM_EMAIL).find((mail) => mail.text.includes(email))!;
  expect([team.text.includes('User: Tell me more, later'), team.text.includes('Chat ended: chat-idle')]).toEqual([true, true]);
}, 200_000);

test("the call over the day's ceiling is 429 with Retry-After and the ceiling's words, and reaches no provider", async () => {
  const since = Date.now() - 86_400_000;
  const counted = tableRows(CALLS_TABLE).filter((row) => row['outcome'] !== 'call-failed' && Date.parse(String(row['receivedAt'])) > since).length;
  const fill = Array.from({ length: CEILING - counted }, (_, index) => usNumber(7000 + index));
  // Each from its own network (an IPv6 /48 of its own), so only the ceiling counts them together.
  const statuses = await statusesOf(await Promise.all(fill.map((number, index) => call(number, `2001:db8:${(0x1000 + index).toString(16)}::1`))));
  expect(statuses).toEqual(Array(fill.length).fill(200));
  voiceApi.reset();
  const last = await call(usNumber(7200), '192.0.2.200');
  expect(last.status).toBe(429);
  const seconds = Number(last.headers.get('retry-after'));
  expect(seconds).toBeGreaterThan(86_000);
  expect(await last.json()).toEqual({ error: LIMIT_MESSAGES.callsPerDay, code: 'callsPerDay', retryAfterSeconds: seconds, requestId: expect.any(String) });
  expect(voiceApi.requests).toEqual([]);
}, 180_000);
