import Database from 'better-sqlite3';
import { beforeEach, describe, expect, it } from 'vitest';
import { ASSISTANT_LIFETIME_MINUTES, PER_VISITOR_MARK } from '@franchise-ai/shared/assistant-cleanup';
import { OUTPUT_NAMES } from '@franchise-ai/shared/call-events';
import { useFakeVoiceApi } from '@franchise-ai/test-support/fake-voice-api';
import { fetchLeads } from '@franchise-ai/test-support/leads';
import { vapiProblems } from '@franchise-ai/test-support/vapi-openapi';
import { startHost, useHost } from '@franchise-ai/test-support/webhook-host';
import { jsonOf, postJson, validCall, validLead } from './helpers.ts';

// Nothing the host makes stays on the voice provider's account. A browser call's assistant
// is deleted once the provider reports its call ended, at once when its request fails, and by the
// sweep when neither came; the operator's assistants are never touched. And the provider's report,
// in its current shape, is read whole.

const SECRET = 'provider-account-secret-0123456789abcdef';
const OPERATOR = 'asst_operator';

const provider = useFakeVoiceApi({ assistants: [OPERATOR] });
beforeEach(() => provider.reset());

const env = () => ({
  RATE_LIMIT: 'off',
  VAPI_API_BASE: provider.url,
  VAPI_PRIVATE_KEY: 'test-private-key',
  VAPI_PHONE_NUMBER_ID: 'pn_123',
  VAPI_TIMEOUT_MS: '1000',
  PUBLIC_WEBHOOK_BASE: 'https://demo.public.example/webhook/franchise-ai',
  VAPI_SERVER_SECRET: SECRET,
});
const host = useHost(() => ({ env: env() }));

const ids = () => provider.assistants().map(({ id }) => id);
const postEvent = (message: Record<string, unknown>) => postJson(`${host.webhookBase}/call_events`, { message }, { 'X-Vapi-Secret': SECRET });
/** The provider's call object in a message (its schema's required fields). */
const call = (id: string, extra: Record<string, unknown>) => ({
  id,
  orgId: 'org_1',
  createdAt: '2026-12-01T09:00:00.000Z',
  updatedAt: '2026-12-01T09:05:00.000Z',
  ...extra,
});

/** An end-of-call report as the provider's current ServerMessageEndOfCallReport describes it. */
const currentReport = (callId: string, extra: Record<string, unknown>) => ({
  type: 'end-of-call-report',
  endedReason: 'assistant-ended-call',
  timestamp: Date.parse('2026-12-01T09:05:00Z'),
  call: call(callId, extra),
  artifact: {
    transcript: 'AI: Hi Ada, I am an AI assistant.\nUser: I want Lyon.',
    recording: { stereoUrl: 'https://storage.example/stereo.wav', mono: { combinedUrl: 'https://storage.example/mono.wav' } },
    structuredOutputs: {
      '0a000000-0000-4000-8000-000000000001': { name: OUTPUT_NAMES.summary, result: 'Ada wants Lyon within a year.' },
      '0a000000-0000-4000-8000-000000000002': { name: OUTPUT_NAMES.qualification, result: { territoryWanted: 'Lyon', wantsDiscoveryCall: true } },
    },
  },
  analysis: {},
});

describe("a browser call's assistant", () => {
  it('is deleted once the provider reports its call ended; a redelivery changes nothing', async () => {
    const answer = await jsonOf(await postJson(`${host.webhookBase}/website_demo_call`, validLead()));
    const assistantId = answer['assistantId'] as string;
    expect(ids()).toEqual([OPERATOR, assistantId]);
    const report = currentReport('call_web_1', { type: 'webCall', assistantId });
    expect(vapiProblems('ServerMessageEndOfCallReport', report)).toEqual([]);
    expect((await postEvent(report)).status).toBe(200);
    await expect.poll(ids).toEqual([OPERATOR]);
    expect(host.output()).toContain(`deleted assistant ${assistantId}: its call call_web_1 has ended`);
    expect(provider.requests.map((request) => `${request.method} ${request.path}`).slice(-2)).toEqual([
      `GET /assistant/${assistantId}`,
      `DELETE /assistant/${assistantId}`,
    ]);
    // Delivered again: looked for, found gone (404), nothing else.
    expect((await postEvent(report)).status).toBe(200);
    await expect.poll(() => provider.requests.filter((request) => request.method === 'GET').length).toBe(2);
    expect(provider.requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
    expect(ids()).toEqual([OPERATOR]);
  });

  it("never the operator's: a report of a call to an assistant without the per-visitor mark leaves it", async () => {
    const unmarked = provider.addAssistant({ name: 'Made in the dashboard', metadata: { team: 'sales' } });
    for (const assistantId of [OPERATOR, unmarked.id]) {
      expect((await postEvent(currentReport(`call_of_${assistantId}`, { type: 'webCall', assistantId }))).status).toBe(200);
    }
    await expect.poll(() => provider.requests.filter((request) => request.method === 'GET').length).toBe(2);
    expect(ids()).toEqual([OPERATOR, unmarked.id]);
    expect(provider.requests.some((request) => request.method === 'DELETE')).toBe(false);
  });

  it('is deleted at once when the request that made it cannot be stored (503, nothing answered)', async () => {
    const db = new Database(host.databasePath);
    db.exec("CREATE TRIGGER refuse_writes BEFORE INSERT ON requests BEGIN SELECT RAISE(ABORT, 'simulated: disk full'); END;");
    try {
      const response = await postJson(`${host.webhookBase}/website_demo_call`, validLead());
      expect(response.status).toBe(503);
    } finally {
      db.exec('DROP TRIGGER refuse_writes;');
      db.close();
    }
    expect(provider.requests.map((request) => request.method)).toEqual(['POST', 'DELETE']);
    await expect.poll(ids).toEqual([OPERATOR]);
  });
});

describe('a phone call', () => {
  it('makes nothing on the account, refused or placed; its report, in the current shape, is stored whole with the lead', async () => {
    provider.status = 400;
    expect((await postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall({ phoneNumber: '+12016234568' }))).status).toBe(502);
    provider.status = null;
    const placed = await jsonOf(await postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall({ email: 'ada.current@example.com' })));
    expect(placed).toMatchObject({ status: 'placed' });
    expect(provider.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /call', 'POST /call']);
    expect(ids()).toEqual([OPERATOR]);

    const callId = placed['callId'] as string;
    expect((await postEvent(currentReport(callId, { type: 'outboundPhoneCall' }))).status).toBe(200);
    const lead = (await fetchLeads(host)).find((row) => row.id === placed['requestId'])!;
    expect(lead.call?.report).toEqual({
      at: '2026-12-01T09:05:00.000Z',
      endedReason: 'assistant-ended-call',
      summary: 'Ada wants Lyon within a year.',
      qualification: { territoryWanted: 'Lyon', wantsDiscoveryCall: true },
      transcript: 'AI: Hi Ada, I am an AI assistant.\nUser: I want Lyon.',
      recordingUrl: 'https://storage.example/mono.wav',
    });
  });
});

describe('the sweep', () => {
  it(`at start (then every few minutes): the per-visitor assistants older than ${ASSISTANT_LIFETIME_MINUTES} minutes go, every other stays`, async () => {
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const old = provider.addAssistant({ createdAt: ago(ASSISTANT_LIFETIME_MINUTES + 5), metadata: { ...PER_VISITOR_MARK } });
    const older = provider.addAssistant({ createdAt: ago(3 * 24 * 60), metadata: { ...PER_VISITOR_MARK } });
    const recent = provider.addAssistant({ createdAt: ago(10), metadata: { ...PER_VISITOR_MARK } });
    const theirs = provider.addAssistant({ createdAt: ago(600), metadata: { team: 'sales' } });
    const started = await startHost({ env: env() });
    try {
      expect(ids().sort()).toEqual([OPERATOR, recent.id, theirs.id].sort());
      expect(
        provider.requests
          .filter((request) => request.method === 'DELETE')
          .map((request) => request.path)
          .sort(),
      ).toEqual([`/assistant/${old.id}`, `/assistant/${older.id}`].sort());
      expect(started.output()).toContain('deleted 2 unused assistant(s) older than their lifetime from the voice provider');
    } finally {
      await started.stop();
    }
  });
});
