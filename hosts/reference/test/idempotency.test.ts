import { beforeEach, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '@franchise-ai/shared/constants';
import { useFakeVoiceApi } from '@franchise-ai/test-support/fake-voice-api';
import { useHost } from '@franchise-ai/test-support/webhook-host';
import { allRows, jsonOf, postJson, rowCount, validCall, validLead } from './helpers.ts';

// A retry after a lost answer sends the same Idempotency-Key; the host stores the
// request once and answers the retry as it answered the first.

let counter = 0;
/** A fresh key per logical request, as the widget makes one. */
const newKey = () => `test-key-${Date.now()}-${++counter}`.padEnd(20, '0');
const withKey = (key: string) => ({ [IDEMPOTENCY_KEY_HEADER]: key });

describe('demo_form with an Idempotency-Key', () => {
  // TRUST_PROXY: the restart test's requests come from an address of their own (X-Forwarded-For),
  // with a budget the other tests have not used.
  const host = useHost({ env: { RATE_LIMIT_DEMO_FORM: '2/60', TRUST_PROXY: '1' } });
  const url = () => `${host.webhookBase}/demo_form`;

  it('a retry gets the same answer (same requestId), marked Idempotent-Replayed, and stores nothing more', async () => {
    const key = newKey();
    const before = rowCount(host.databasePath);
    const first = await postJson(url(), validLead({ name: 'Retry Rita' }), withKey(key));
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const firstBody = await jsonOf(first);

    // Through a browser origin, so the replay header must be readable there too.
    const retry = await postJson(url(), validLead({ name: 'Retry Rita' }), { ...withKey(key), Origin: 'http://localhost:5173' });
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.headers.get('access-control-expose-headers')).toMatch(/Idempotent-Replayed/);
    expect(await jsonOf(retry)).toEqual(firstBody);
    expect(rowCount(host.databasePath)).toBe(before + 1);
    expect(allRows(host.databasePath).filter((row) => row.name === 'Retry Rita')).toHaveLength(1);
  });

  it('a replay costs nothing on the rate limit (2/60): the second new request still passes, the third is 429', async () => {
    // The first test used one of the two; its retry used none.
    const key = newKey();
    expect((await postJson(url(), validLead(), withKey(key))).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await postJson(url(), validLead(), withKey(key))).status).toBe(200);
    expect((await postJson(url(), validLead(), withKey(newKey()))).status).toBe(429);
  });

  it('the key outlives a restart: the stored answer is replayed from the database', async () => {
    const key = newKey();
    const client = { 'X-Forwarded-For': '203.0.113.45' };
    const first = await jsonOf(await postJson(url(), validLead({ name: 'Durable Dora' }), { ...withKey(key), ...client }));
    await host.restart();
    const retry = await postJson(url(), validLead({ name: 'Durable Dora' }), { ...withKey(key), ...client });
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await jsonOf(retry)).toEqual(first);
    expect(allRows(host.databasePath).filter((row) => row.name === 'Durable Dora')).toHaveLength(1);
  });
});

// One host for the keys demo_form cannot honour (its rate limit off) and for trigger_ai_demo_call
// with a fake provider.
describe('demo_form limit off, calls placed through a fake provider', () => {
  // The operator's ready-made assistant (VAPI_ASSISTANT_ID), on the provider's account.
  const provider = useFakeVoiceApi({ assistants: ['asst_fixed'] });
  beforeEach(() => provider.reset());
  const host = useHost(() => ({
    env: {
      RATE_LIMIT_DEMO_FORM: 'off',
      RATE_LIMIT_CALL_IP: '100/60',
      RATE_LIMIT_CALL_PHONE: '5/3600',
      VAPI_API_BASE: provider.url,
      VAPI_PRIVATE_KEY: 'test-private-key',
      VAPI_PHONE_NUMBER_ID: 'pn_123',
      VAPI_ASSISTANT_ID: 'asst_fixed',
      VAPI_TIMEOUT_MS: '1000',
    },
  }));

  describe('keys that cannot be honoured', () => {
    it('the same key with a different body is 422, naming the header; nothing more is stored', async () => {
      const key = newKey();
      expect((await postJson(`${host.webhookBase}/demo_form`, validLead({ name: 'First' }), withKey(key))).status).toBe(200);
      const before = rowCount(host.databasePath);
      const reused = await postJson(`${host.webhookBase}/demo_form`, validLead({ name: 'Someone else' }), withKey(key));
      expect(reused.status).toBe(422);
      expect((await jsonOf(reused))['error']).toMatch(/Idempotency-Key was already used for a different request/);
      // The same body to another endpoint or product is another request too.
      const elsewhere = await postJson(`${host.url}/webhook/other/demo_form`, validLead({ name: 'First' }), withKey(key));
      expect(elsewhere.status).toBe(422);
      expect(rowCount(host.databasePath)).toBe(before);
    });

    it('spacing the validator removes does not make a different request', async () => {
      const key = newKey();
      const first = await jsonOf(await postJson(`${host.webhookBase}/demo_form`, validLead({ name: 'Spacey' }), withKey(key)));
      const retry = await postJson(`${host.webhookBase}/demo_form`, validLead({ name: '  Spacey ' }), withKey(key));
      expect(retry.status).toBe(200);
      expect(await jsonOf(retry)).toEqual(first);
    });

    it.each([
      ['too short', 'short-key'],
      ['too long', 'k'.repeat(129)],
      ['with characters outside [A-Za-z0-9_-]', 'not a key at all!!'],
    ])('a malformed key (%s) is 400 naming the header, and nothing is stored', async (_label, key) => {
      const before = rowCount(host.databasePath);
      const response = await postJson(`${host.webhookBase}/demo_form`, validLead(), withKey(key));
      expect(response.status).toBe(400);
      expect((await jsonOf(response))['error']).toMatch(/^The Idempotency-Key header must be 16 to 128 letters, digits/);
      expect(rowCount(host.databasePath)).toBe(before);
    });

    it('without a key every request is stored, as on n8n', async () => {
      const before = rowCount(host.databasePath);
      for (let i = 0; i < 2; i++) expect((await postJson(`${host.webhookBase}/demo_form`, validLead())).status).toBe(200);
      expect(rowCount(host.databasePath)).toBe(before + 2);
    });

    it('an invalid body is answered 400 and not bound to the key: the corrected request passes with it', async () => {
      const key = newKey();
      expect((await postJson(`${host.webhookBase}/demo_form`, validLead({ email: 'nope' }), withKey(key))).status).toBe(400);
      expect((await postJson(`${host.webhookBase}/demo_form`, validLead(), withKey(key))).status).toBe(200);
    });
  });

  describe('trigger_ai_demo_call with an Idempotency-Key', () => {
    const call = (key: string, phoneNumber: string) => postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall({ phoneNumber }), withKey(key));
    const callsPlaced = () => provider.requests.filter((request) => request.path === '/call').length;

    it('the same key twice at once while the call is placed: one call, the other answered 409 with Retry-After: 1, then replayed', async () => {
      provider.delayMs = 300;
      const key = newKey();
      const responses = await Promise.all([call(key, '+12012220001'), call(key, '+12012220001')]);
      expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
      const conflict = responses.find((response) => response.status === 409)!;
      expect(conflict.headers.get('retry-after')).toBe('1');
      expect((await jsonOf(conflict))['error']).toMatch(/still being worked on/);
      const placed = await jsonOf(responses.find((response) => response.status === 200)!);
      expect(callsPlaced()).toBe(1);

      const retry = await call(key, '+12012220001');
      expect(retry.status).toBe(200);
      expect(await jsonOf(retry)).toEqual(placed);
      expect(callsPlaced()).toBe(1);
      expect(allRows(host.databasePath).filter((row) => row.phone_number === '+12012220001')).toHaveLength(1);
    });

    it('a call the provider refused frees its key: the retry places the call', async () => {
      const key = newKey();
      provider.status = 500;
      expect((await call(key, '+12012220002')).status).toBe(502);
      provider.status = 200;
      const retry = await call(key, '+12012220002');
      expect(retry.status).toBe(200);
      expect(retry.headers.get('idempotent-replayed')).toBeNull();
      expect(callsPlaced()).toBe(2);
      expect(
        allRows(host.databasePath)
          .filter((row) => row.phone_number === '+12012220002')
          .map((row) => row.outcome),
      ).toEqual(['call-failed', 'call-placed']);
    });

    it('a call the provider never confirmed keeps its answer: the retry is told the same and rings nothing', async () => {
      const key = newKey();
      provider.delayMs = 1500;
      const first = await call(key, '+12012220003');
      expect(first.status).toBe(502);
      const firstBody = await jsonOf(first);
      provider.delayMs = 0;
      const retry = await call(key, '+12012220003');
      expect(retry.status).toBe(502);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(await jsonOf(retry)).toEqual(firstBody);
      expect(callsPlaced()).toBe(1);
    });
  });
});
