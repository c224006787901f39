import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { WEBHOOK_PATHS } from '@franchise-ai/shared/constants';
import type { PhoneCallRequest } from '@franchise-ai/shared/lead-rules';
import { LIMIT_MESSAGES } from '@franchise-ai/shared/rate-limits';
import { validateBody } from '@franchise-ai/shared/request-body';
import { assistantRequest, callRequest } from '@franchise-ai/shared/voice-requests';
import { startFakeVoiceApi, type FakeVoiceApi } from '@franchise-ai/test-support/fake-voice-api';
import { startN8n, type N8nProcess } from '../src/n8n-process.ts';
import { LEADS_TABLE } from '../src/workflows.ts';

// The committed workflows on a real n8n 2.8.4: imported and published with its CLI, started
// offline, the voice provider faked on 127.0.0.1. What the stand-in answers, n8n answers.
const PARTNER = 'https://partner.example';
const KEY = 'sk_test_n8n';
const PHONE_NUMBER_ID = 'pn_test_n8n';
const lead: PhoneCallRequest = { name: 'Jane Doe', company: 'Acme Burgers', email: 'jane@acme.example', website: 'https://acme.example', businessType: 'franchisor', phoneNumber: '+15551234567' };

let voiceApi: FakeVoiceApi;
let n8n: N8nProcess;

beforeAll(async () => {
  voiceApi = await startFakeVoiceApi();
  n8n = await startN8n({
    bin: inject('n8nBin'),
    env: { VAPI_API_BASE: voiceApi.url, VAPI_PRIVATE_KEY: KEY, VAPI_PHONE_NUMBER_ID: PHONE_NUMBER_ID, CORS_ORIGINS: PARTNER, RATE_LIMIT_CALL_PHONE: '2/3600' },
  });
}, 180_000);

afterAll(async () => {
  await Promise.allSettled([n8n?.stop(), voiceApi?.stop()]);
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(n8n.webhookBase + path, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: PARTNER, ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });

/** The rows of the leads' Data Table, read from n8n's own database. */
function storedLeads(): Array<Record<string, unknown>> {
  const db = new Database(n8n.databasePath, { readonly: true });
  try {
    const table = db.prepare('SELECT id FROM data_table WHERE name = ?').get(LEADS_TABLE) as { id: string } | undefined;
    return table ? (db.prepare(`SELECT * FROM "data_table_user_${table.id}"`).all() as Array<Record<string, unknown>>) : [];
  } finally {
    db.close();
  }
}

// First, while the leads' table does not exist yet: every one of these posts creates it at once.
test('the first 150 posts to a fresh n8n, all at once: every one answered {ok: true} and stored (the table is created once)', async () => {
  const emails = Array.from({ length: 150 }, (_, index) => `first-${index}@acme.example`);
  const answers = await Promise.all(
    emails.map(async (email) => {
      const response = await post(WEBHOOK_PATHS.demoForm, { ...lead, phoneNumber: undefined, email }, { 'X-Forwarded-For': `198.51.100.${emails.indexOf(email) % 250}` });
      return [response.status, await response.text()] as const;
    }),
  );
  expect(answers.filter(([status, body]) => status !== 200 || body !== JSON.stringify({ ok: true }))).toEqual([]);
  const stored = storedLeads().map((row) => row['email']);
  expect(emails.filter((email) => !stored.includes(email))).toEqual([]);
});

test('demo_form: a valid lead is stored and answered {ok: true}, with CORS for the partner', async () => {
  const response = await post(WEBHOOK_PATHS.demoForm, { ...lead, phoneNumber: undefined, email: 'demo-form@acme.example' });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ ok: true });
  expect(response.headers.get('access-control-allow-origin')).toBe(PARTNER);
  expect(storedLeads()).toContainEqual(expect.objectContaining({ endpoint: 'demo_form', email: 'demo-form@acme.example', company: 'Acme Burgers', businessType: 'franchisor' }));
});

test("invalid fields get 400 with the stand-in's reason for each field, and nothing is stored", async () => {
  const body = { ...lead, email: 'invalid-email@', website: 'acme burgers.com' };
  const response = await post(WEBHOOK_PATHS.demoForm, body);
  expect(response.status).toBe(400);
  const standIn = validateBody('demo_form', body);
  expect(await response.json()).toEqual({ error: 'Some fields are missing or invalid.', fields: !standIn.ok && standIn.fields });
  expect(storedLeads().filter((row) => row['email'] === 'invalid-email@')).toEqual([]);
});

test('another origin, or a body that is not JSON, is refused before anything runs: no call, no row', async () => {
  const before = voiceApi.requests.length;
  const evil = await post(WEBHOOK_PATHS.triggerDemoCall, { ...lead, phoneNumber: 'abc' }, { Origin: 'https://evil.example' });
  expect(evil.status).toBe(403);
  expect((await evil.json()).error).toMatch(/https:\/\/evil\.example may not call this host/);
  const plain = await post(WEBHOOK_PATHS.triggerDemoCall, JSON.stringify({ ...lead, email: 'plain@acme.example' }), { 'Content-Type': 'text/plain' });
  expect(plain.status).toBe(415);
  expect(voiceApi.requests.length).toBe(before);
  expect(storedLeads().filter((row) => row['email'] === 'plain@acme.example')).toEqual([]);
});

test('website_demo_call: a personalised assistant is created at the voice provider and its id answered', async () => {
  voiceApi.reset();
  const response = await post(WEBHOOK_PATHS.websiteDemoCall, { ...lead, phoneNumber: undefined });
  expect(response.status).toBe(200);
  const { assistantId } = (await response.json()) as { assistantId: string };
  expect(assistantId).toMatch(/\S/);
  const [created] = voiceApi.requests.filter((request) => request.path === '/assistant');
  expect(created?.authorization).toBe(`Bearer ${KEY}`);
  const checked = validateBody('website_demo_call', lead);
  expect(created?.body).toEqual(checked.ok && assistantRequest(checked.lead));
});

test('trigger_ai_demo_call: the call is placed at the voice provider, and the per-number limit holds', async () => {
  voiceApi.reset();
  const number = '+15557654321';
  for (const attempt of [1, 2]) {
    const response = await post(WEBHOOK_PATHS.triggerDemoCall, { ...lead, phoneNumber: number });
    expect(response.status, `call ${attempt}`).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'placed', callId: expect.stringMatching(/\S/) });
  }
  const calls = voiceApi.requests.filter((request) => request.path === '/call');
  expect(calls).toHaveLength(2);
  const checked = validateBody('trigger_ai_demo_call', { ...lead, phoneNumber: number });
  expect(calls[0]?.body).toEqual(checked.ok && callRequest((calls[0]?.body as { assistantId: string }).assistantId, PHONE_NUMBER_ID, { ...checked.lead, phoneNumber: number }));

  const third = await post(WEBHOOK_PATHS.triggerDemoCall, { ...lead, phoneNumber: number });
  expect(third.status).toBe(429);
  expect(await third.json()).toEqual({ error: LIMIT_MESSAGES.phoneNumber, retryAfterSeconds: expect.any(Number) });
  expect(voiceApi.requests.filter((request) => request.path === '/call')).toHaveLength(2);
  expect(storedLeads().filter((row) => row['phoneNumber'] === number)).toHaveLength(2);
});
