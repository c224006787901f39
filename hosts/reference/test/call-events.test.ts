import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { beforeEach, describe, expect, it } from 'vitest';
import { useFakeVoiceApi } from '@franchise-ai/test-support/fake-voice-api';
import { fetchLeads } from '@franchise-ai/test-support/leads';
import { useHost } from '@franchise-ai/test-support/webhook-host';
import { jsonOf, postJson, validCall, validLead } from './helpers.ts';

// POST /webhook/{product}/call_events: what the voice provider reports of a call, proven
// by the shared secret, stored once per event, shown with the lead whose call it is.

const SECRET = 'call-events-secret-0123456789abcdef';
const PUBLIC_BASE = 'https://demo.public.example/webhook/acme';

const provider = useFakeVoiceApi();
beforeEach(() => provider.reset());

const host = useHost(() => ({
  env: {
    RATE_LIMIT: 'off',
    VAPI_API_BASE: provider.url,
    VAPI_PRIVATE_KEY: 'test-private-key',
    VAPI_PHONE_NUMBER_ID: 'pn_123',
    VAPI_TIMEOUT_MS: '1000',
    PUBLIC_WEBHOOK_BASE: PUBLIC_BASE,
    VAPI_SERVER_SECRET: SECRET,
  },
}));

const eventsUrl = () => `${host.webhookBase}/call_events`;
const postEvent = (body: unknown, headers: Record<string, string> = { 'X-Vapi-Secret': SECRET }) => postJson(eventsUrl(), body, headers);
const status = (callId: string, value: string, timestamp: number, extra: Record<string, unknown> = {}) => ({
  message: { type: 'status-update', call: { id: callId }, status: value, timestamp, ...extra },
});
const report = (callId: string, extra: Record<string, unknown> = {}) => ({
  message: {
    type: 'end-of-call-report',
    call: { id: callId },
    endedReason: 'customer-ended-call',
    timestamp: Date.parse('2026-11-26T09:05:00Z'),
    artifact: { transcript: 'AI: Hello Ada, I am an AI assistant.\nUser: I want Lyon.', recordingUrl: 'https://storage.example/call.wav' },
    analysis: {
      summary: 'Ada wants the Lyon territory within a year.',
      structuredData: { territoryWanted: 'Lyon', timeline: 'within a year', experience: 'two restaurants', wantsDiscoveryCall: true },
    },
    ...extra,
  },
});

const eventCount = (): number => {
  const db = new Database(host.databasePath, { readonly: true });
  try {
    return db.prepare<[], { count: number }>('SELECT count(*) AS count FROM call_events').get()!.count;
  } finally {
    db.close();
  }
};

/** Places a call through the host (the fake provider answers `callId`), answering the call's request id. */
async function placeCall(callId: string, overrides: Record<string, unknown> = {}): Promise<string> {
  provider.reply = () => JSON.stringify({ id: callId });
  const response = await postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall(overrides));
  const body = await jsonOf(response);
  expect(body).toMatchObject({ status: 'placed', callId });
  return body['requestId'] as string;
}

const SCRIPT = fileURLToPath(new URL('../scripts/leads.ts', import.meta.url));
const runLeads = (databasePath: string): Promise<string> =>
  new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      ['--import', 'tsx', SCRIPT],
      {
        cwd: fileURLToPath(new URL('..', import.meta.url)),
        env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', DATABASE_PATH: databasePath },
      },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    ),
  );

describe('with PUBLIC_WEBHOOK_BASE and VAPI_SERVER_SECRET', () => {
  it('every assistant the host creates, and the call, name the host as the server, with the secret in its headers, and ask for the outputs', async () => {
    await postJson(`${host.webhookBase}/website_demo_call`, validLead({ businessType: 'franchisee' }));
    await placeCall('call_names_server');
    // Vapi removed `server.secret` (May 2025): the secret is a header it sends with every report.
    const server = { url: `${PUBLIC_BASE}/call_events`, headers: { 'X-Vapi-Secret': SECRET } };
    const [browser, call] = provider.requests.map((request) => request.body as Record<string, Record<string, unknown>>);
    const outputs = (assistant: Record<string, unknown> | undefined) =>
      (assistant!['artifactPlan'] as { structuredOutputs: Array<{ name: string; schema: { properties?: object } }> }).structuredOutputs;
    expect(browser).toMatchObject({ server, serverMessages: ['status-update', 'end-of-call-report'] });
    expect(browser).not.toHaveProperty('analysisPlan');
    expect(outputs(browser).map(({ name }) => name)).toEqual(['Call summary', 'Qualification']);
    expect(Object.keys(outputs(browser)[1]!.schema.properties!)).toContain('bookingWanted');
    // The phone call carries its assistant, which reports too, with the franchisor's questions.
    expect(call!['assistant']).toMatchObject({ server, serverMessages: ['status-update', 'end-of-call-report'], maxDurationSeconds: 300 });
    expect(Object.keys(outputs(call!['assistant'])[1]!.schema.properties!)).toEqual(['territoryWanted', 'timeline', 'experience', 'wantsDiscoveryCall']);
  });

  it.each([
    ['no X-Vapi-Secret', {}],
    ['a wrong one', { 'X-Vapi-Secret': `${SECRET.slice(0, -1)}X` }],
    ['an empty one', { 'X-Vapi-Secret': '' }],
    ['the leads token instead', { Authorization: `Bearer ${SECRET}` }],
  ])('%s: 401, nothing stored', async (_, headers) => {
    const before = eventCount();
    const response = await postEvent(report('call_refused'), headers);
    expect(response.status).toBe(401);
    expect(await jsonOf(response)).toMatchObject({ error: expect.stringContaining('X-Vapi-Secret') });
    expect(eventCount()).toBe(before);
  });

  it('is no CORS endpoint: no Access-Control header for a browser, and a preflight is refused', async () => {
    const fromPage = await postEvent(status('call_cors', 'ringing', 1), { 'X-Vapi-Secret': SECRET, Origin: 'https://acme.example' });
    expect(fromPage.status).toBe(200);
    expect(fromPage.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(eventsUrl(), { method: 'OPTIONS', headers: { Origin: 'https://acme.example', 'Access-Control-Request-Method': 'POST' } });
    expect(preflight.status).toBe(401);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('stores the statuses with their times and the report, once each, and shows them with the lead in GET /leads and pnpm leads', async () => {
    const requestId = await placeCall('call_lead_1', { name: 'Ada Lovelace', email: 'ada.events@example.com' });
    const before = eventCount();
    const sent = [
      status('call_lead_1', 'queued', Date.parse('2026-11-26T09:00:00Z')),
      status('call_lead_1', 'ringing', Date.parse('2026-11-26T09:00:05Z')),
      status('call_lead_1', 'in-progress', Date.parse('2026-11-26T09:00:12Z')),
      status('call_lead_1', 'ended', Date.parse('2026-11-26T09:04:50Z'), { endedReason: 'customer-ended-call' }),
      report('call_lead_1'),
    ];
    for (const body of sent) {
      const response = await postEvent(body);
      expect(response.status).toBe(200);
      expect(await jsonOf(response)).toEqual({ ok: true, duplicate: false });
    }
    // The provider delivers the report (and a status) again, with a later timestamp: one each.
    for (const body of [report('call_lead_1', { timestamp: Date.parse('2026-11-26T09:06:00Z') }), sent[1]]) {
      const again = await postEvent(body);
      expect(again.status).toBe(200);
      expect(await jsonOf(again)).toEqual({ ok: true, duplicate: true });
    }
    expect(eventCount()).toBe(before + 5);

    const lead = (await fetchLeads(host)).find((row) => row.id === requestId)!;
    expect(lead.call).toEqual({
      statuses: [
        { status: 'queued', at: '2026-11-26T09:00:00.000Z', endedReason: null },
        { status: 'ringing', at: '2026-11-26T09:00:05.000Z', endedReason: null },
        { status: 'in-progress', at: '2026-11-26T09:00:12.000Z', endedReason: null },
        { status: 'ended', at: '2026-11-26T09:04:50.000Z', endedReason: 'customer-ended-call' },
      ],
      report: {
        at: '2026-11-26T09:05:00.000Z',
        endedReason: 'customer-ended-call',
        summary: 'Ada wants the Lyon territory within a year.',
        qualification: { territoryWanted: 'Lyon', timeline: 'within a year', experience: 'two restaurants', wantsDiscoveryCall: true },
        transcript: 'AI: Hello Ada, I am an AI assistant.\nUser: I want Lyon.',
        recordingUrl: 'https://storage.example/call.wav',
      },
    });

    const printed = (await runLeads(host.databasePath)).split('\n');
    const at = printed.findIndex((line) => line.includes('ada.events@example.com'));
    const under = printed.slice(at + 1, at + 6);
    expect(under).toContain(
      '  call: queued 2026-11-26T09:00:00.000Z, ringing 2026-11-26T09:00:05.000Z, in-progress 2026-11-26T09:00:12.000Z, ended 2026-11-26T09:04:50.000Z (customer-ended-call)',
    );
    expect(under).toContain('  call report 2026-11-26T09:05:00.000Z (customer-ended-call): Ada wants the Lyon territory within a year.');
    expect(under).toContain('  qualification: territoryWanted: Lyon; timeline: within a year; experience: two restaurants; wantsDiscoveryCall: true');
    expect(under).toContain('  recording: https://storage.example/call.wav');
  });

  it('a status that arrives before the call is stored as placed is kept, and shown once the call id is known', async () => {
    await postEvent(status('call_early', 'queued', Date.parse('2026-11-26T10:00:00Z')));
    const requestId = await placeCall('call_early', { email: 'early@example.com' });
    const lead = (await fetchLeads(host)).find((row) => row.id === requestId)!;
    expect(lead.call).toEqual({ statuses: [{ status: 'queued', at: '2026-11-26T10:00:00.000Z', endedReason: null }], report: null });
  });

  it("another call's events, and a call with none, show nothing on a lead", async () => {
    const requestId = await placeCall('call_quiet', { email: 'quiet@example.com' });
    await postEvent(report('call_someone_else'));
    const lead = (await fetchLeads(host)).find((row) => row.id === requestId)!;
    expect(lead.call).toBeNull();
  });

  it.each([
    ['no message', { type: 'status-update' }],
    ['no call id', { message: { type: 'status-update', status: 'ringing' } }],
    ['a status that is no string', status('call_bad', 42 as unknown as string, 1)],
  ])('%s: 400 with the reason, nothing stored', async (_, body) => {
    const before = eventCount();
    const response = await postEvent(body);
    expect(response.status).toBe(400);
    expect(await jsonOf(response)).toMatchObject({ error: expect.any(String), reason: expect.any(String) });
    expect(eventCount()).toBe(before);
  });

  it.each(['not-found', 'deletion-failed'])("the provider's status %s: 200 and stored, like the others", async (value) => {
    const before = eventCount();
    const response = await postEvent(status(`call_${value}`, value, 1));
    expect(response.status).toBe(200);
    expect(await jsonOf(response)).toEqual({ ok: true, duplicate: false });
    expect(eventCount()).toBe(before + 1);
  });

  it('a status the provider did not list when the host was written: 200 (never a retry), logged, nothing stored', async () => {
    const before = eventCount();
    const response = await postEvent(status('call_new_status', 'dancing', 1));
    expect(response.status).toBe(200);
    expect(await jsonOf(response)).toEqual({ ok: true, ignored: 'status-update dancing' });
    expect(eventCount()).toBe(before);
    await expect.poll(() => host.output()).toContain('call event ignored: status-update dancing');
  });

  it('a message type the host does not use: 200, nothing stored (the provider is not to retry it)', async () => {
    const before = eventCount();
    const response = await postEvent({ message: { type: 'conversation-update', call: { id: 'call_x' } } });
    expect(response.status).toBe(200);
    expect(await jsonOf(response)).toEqual({ ok: true, ignored: 'conversation-update' });
    expect(eventCount()).toBe(before);
  });

  it('takes a long report (a lead body may be 16 KB; a report up to 1 MB)', async () => {
    const transcript = 'User: words words words.\n'.repeat(2000);
    const response = await postEvent(report('call_long', { artifact: { transcript } }));
    expect(response.status).toBe(200);
  });

  it('GET is refused with the secret too (405), and without it (401)', async () => {
    expect((await fetch(eventsUrl(), { headers: { 'X-Vapi-Secret': SECRET } })).status).toBe(405);
    expect((await fetch(eventsUrl())).status).toBe(401);
  });
});

describe('without VAPI_SERVER_SECRET', () => {
  const plain = useHost({ env: { RATE_LIMIT: 'off' } });

  it('call_events is off: 404 saying how to turn it on, whatever is sent', async () => {
    const response = await postJson(`${plain.webhookBase}/call_events`, report('call_off'), { 'X-Vapi-Secret': SECRET });
    expect(response.status).toBe(404);
    expect(await jsonOf(response)).toMatchObject({ error: expect.stringContaining('VAPI_SERVER_SECRET') });
  });
});
