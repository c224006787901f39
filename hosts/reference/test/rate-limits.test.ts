import { describe, expect, it } from 'vitest';
import { useFakeVoiceApi } from '@franchise-ai/test-support/fake-voice-api';
import type { SpawnedHost } from '@franchise-ai/test-support/webhook-host';
import { useHost } from '@franchise-ai/test-support/webhook-host';
import { MAX_BODY_BYTES } from '../src/http.ts';
import { allRows, jsonOf, postJson, rowCount, validCall, validLead } from './helpers.ts';

/** Checks a 429: numeric Retry-After within the window, JSON error, nothing stored. */
async function expectLimited(host: SpawnedHost, request: () => Promise<Response>, maxSeconds: number): Promise<number> {
  const before = rowCount(host.databasePath);
  const response = await request();
  expect(response.status).toBe(429);
  const retryAfter = response.headers.get('retry-after');
  expect(retryAfter).toMatch(/^\d+$/);
  const seconds = Number(retryAfter);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(maxSeconds);
  const body = await jsonOf(response);
  expect(typeof body['error']).toBe('string');
  expect(body['retryAfterSeconds']).toBe(seconds);
  expect(rowCount(host.databasePath)).toBe(before);
  return seconds;
}

describe('per-IP limits', () => {
  const host = useHost({
    env: {
      VAPI_ASSISTANT_ID: 'asst_fixed',
      RATE_LIMIT_DEMO_FORM: '3/60',
      RATE_LIMIT_ASSISTANT: '2/60',
      RATE_LIMIT_CALL_IP: '2/120',
      RATE_LIMIT_CALL_PHONE: 'off',
    },
  });

  const countOf = (endpoint: string) => allRows(host.databasePath).filter((row) => row.endpoint === endpoint).length;

  it('demo_form (3/60): three pass, the fourth is 429 with Retry-After, three rows stored', async () => {
    // Preflights and refused origins do not use up the budget.
    for (let i = 0; i < 5; i++) {
      const preflight = await fetch(`${host.webhookBase}/demo_form`, { method: 'OPTIONS', headers: { Origin: 'http://localhost:5173' } });
      expect(preflight.status).toBe(204);
      const foreign = await postJson(`${host.webhookBase}/demo_form`, validLead(), { Origin: 'https://evil.example' });
      expect(foreign.status).toBe(403);
    }
    for (let i = 0; i < 3; i++) {
      const response = await postJson(`${host.webhookBase}/demo_form`, validLead({ name: `Lead ${i}` }));
      expect(response.status).toBe(200);
    }
    await expectLimited(host, () => postJson(`${host.webhookBase}/demo_form`, validLead({ name: 'Lead 3' })), 60);
    // Still limited, also for another product segment (the limit is per endpoint and address).
    await expectLimited(host, () => postJson(`${host.url}/webhook/other/demo_form`, validLead()), 60);
    expect(countOf('demo_form')).toBe(3);
  });

  it('X-Forwarded-For is ignored without TRUST_PROXY, so it cannot dodge the limit', async () => {
    await expectLimited(host, () => postJson(`${host.webhookBase}/demo_form`, validLead(), { 'X-Forwarded-For': '203.0.113.7' }), 60);
    expect(countOf('demo_form')).toBe(3);
  });

  it('a 429 carries the CORS header for an allowed origin, with Retry-After exposed', async () => {
    const response = await postJson(`${host.webhookBase}/demo_form`, validLead(), { Origin: 'http://localhost:5173' });
    expect(response.status).toBe(429);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(response.headers.get('access-control-expose-headers')).toMatch(/Retry-After/i);
  });

  it('website_demo_call (2/60) has its own budget: two pass, the third is 429', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await postJson(`${host.webhookBase}/website_demo_call`, validLead());
      expect(response.status).toBe(200);
      expect((await jsonOf(response))['assistantId']).toBe('asst_fixed');
    }
    await expectLimited(host, () => postJson(`${host.webhookBase}/website_demo_call`, validLead()), 60);
    expect(countOf('website_demo_call')).toBe(2);
  });

  it('trigger_ai_demo_call (2/120 per IP): two calls to different numbers pass, the third is 429', async () => {
    for (const phoneNumber of ['+12017000001', '+12017000002']) {
      const response = await postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall({ phoneNumber }));
      expect(response.status).toBe(202);
    }
    await expectLimited(host, () => postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall({ phoneNumber: '+12017000003' })), 120);
    expect(countOf('trigger_ai_demo_call')).toBe(2);
  });

  it('answers other paths while limited', async () => {
    expect((await fetch(`${host.url}/healthz`)).status).toBe(200);
  });
});

describe('only requests that pass validation count toward the limits', () => {
  const host = useHost({ env: { RATE_LIMIT_DEMO_FORM: '2/60', RATE_LIMIT_CALL_IP: '2/120', RATE_LIMIT_CALL_PHONE: 'off' } });

  /** Requests refused before any work, with the status each must get. */
  const refused = (url: string, body: Record<string, unknown>): Array<[number, () => Promise<Response>]> => [
    [400, () => postJson(url, { ...body, email: 'not-an-address' })],
    [400, () => postJson(url, { ...body, name: ' ' })],
    [400, () => fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name": ' })],
    [413, () => postJson(url, { ...body, padding: 'p'.repeat(MAX_BODY_BYTES) })],
    [415, () => fetch(url, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(body) })],
  ];

  it.each<[string, Record<string, unknown>, number, number, number]>([
    ['trigger_ai_demo_call', validCall({ phoneNumber: '+12017001000' }), 2, 202, 120],
    ['demo_form', validLead(), 2, 200, 60],
  ])('%s: ten refused requests, then the whole budget of valid ones passes and the next is 429', async (endpoint, body, budget, ok, window) => {
    const url = `${host.webhookBase}/${endpoint}`;
    const before = rowCount(host.databasePath);
    for (let round = 0; round < 2; round++) {
      for (const [status, request] of refused(url, body)) expect((await request()).status).toBe(status);
    }
    expect(rowCount(host.databasePath)).toBe(before);
    for (let i = 0; i < budget; i++) {
      const response = await postJson(url, { ...body, name: `Valid ${i}` });
      expect(response.status).toBe(ok);
    }
    await expectLimited(host, () => postJson(url, body), window);
    expect(allRows(host.databasePath).filter((row) => row.endpoint === endpoint)).toHaveLength(budget);
    // Over the limit, a typo is still told what is wrong.
    expect((await refused(url, body)[0]![1]()).status).toBe(400);
  });
});

describe('a call one limit refuses costs nothing on the other', () => {
  const host = useHost({ env: { RATE_LIMIT_CALL_IP: '2/120', RATE_LIMIT_CALL_PHONE: '1/3600' } });

  const call = (phoneNumber: string) => postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall({ phoneNumber }));

  it('calls refused per number leave the per-address budget alone', async () => {
    expect((await call('+12017002000')).status).toBe(202);
    for (let i = 0; i < 3; i++) {
      const seconds = await expectLimited(host, () => call('+12017002000'), 3600);
      expect(seconds).toBeGreaterThan(3590);
    }
    // The address has used one of its two calls, not four.
    expect((await call('+12017003000')).status).toBe(202);
    const response = await call('+12017004000');
    expect(response.status).toBe(429);
    expect((await jsonOf(response))['error']).toMatch(/your address/);
    expect(allRows(host.databasePath).map((row) => row.phone_number)).toEqual(['+12017002000', '+12017003000']);
  });
});

describe('TRUST_PROXY=1 limits per forwarded address', () => {
  const host = useHost({ env: { TRUST_PROXY: '1', RATE_LIMIT_DEMO_FORM: '1/60' } });

  it('each forwarded client has its own budget, and the client address is stored', async () => {
    const first = await postJson(`${host.webhookBase}/demo_form`, validLead(), { 'X-Forwarded-For': '203.0.113.1' });
    expect(first.status).toBe(200);
    await expectLimited(host, () => postJson(`${host.webhookBase}/demo_form`, validLead(), { 'X-Forwarded-For': '203.0.113.1' }), 60);
    const other = await postJson(`${host.webhookBase}/demo_form`, validLead(), { 'X-Forwarded-For': '203.0.113.2' });
    expect(other.status).toBe(200);
    expect(allRows(host.databasePath).map((row) => row.client_ip)).toEqual(['203.0.113.1', '203.0.113.2']);
  });

  it('takes the entry the proxy appended (the last), not one the client wrote in front of it', async () => {
    const spoofed = await postJson(`${host.webhookBase}/demo_form`, validLead(), { 'X-Forwarded-For': '198.51.100.77, 203.0.113.1' });
    expect(spoofed.status).toBe(429);
    const fresh = await postJson(`${host.webhookBase}/demo_form`, validLead(), { 'X-Forwarded-For': '203.0.113.1, 203.0.113.3' });
    expect(fresh.status).toBe(200);
    expect(allRows(host.databasePath).at(-1)?.client_ip).toBe('203.0.113.3');
  });
});

describe('per-phone Retry-After counts down to when the oldest call leaves the window', () => {
  const host = useHost({ env: { RATE_LIMIT_CALL_IP: '100/60', RATE_LIMIT_CALL_PHONE: '1/6' } });

  it('answers the seconds left, not the whole window', async () => {
    const call = () => postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall({ phoneNumber: '+12017770000' }));
    expect((await call()).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const seconds = await expectLimited(host, call, 6);
    expect(seconds).toBeLessThanOrEqual(4);
  });
});

// One host (with a fake provider, so calls are placed: 200) for the per-number rules; each test
// its own numbers. Calls recorded without a provider (202) count the same: see 'a call one limit
// refuses costs nothing on the other'.
describe('per-phone-number limit on trigger_ai_demo_call (2/3600)', () => {
  // The operator's ready-made assistant (VAPI_ASSISTANT_ID), on the provider's account.
  const provider = useFakeVoiceApi({ assistants: ['asst_fixed'] });
  const host = useHost(() => ({
    env: {
      RATE_LIMIT_CALL_IP: '100/60',
      RATE_LIMIT_CALL_PHONE: '2/3600',
      VAPI_API_BASE: provider.url,
      VAPI_PRIVATE_KEY: 'test-private-key',
      VAPI_PHONE_NUMBER_ID: 'pn_123',
      VAPI_ASSISTANT_ID: 'asst_fixed',
    },
  }));

  const call = (phoneNumber: string) => postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall({ phoneNumber }));

  it('the third call to the same number, however it is written, is 429; another number still goes through', async () => {
    expect((await call('+1 201-623-4567')).status).toBe(200);
    expect((await call('+12016234567')).status).toBe(200);
    const seconds = await expectLimited(host, () => call('+1 (201) 623.4567'), 3600);
    expect(seconds).toBeGreaterThan(3590);
    expect((await call('+12019876543')).status).toBe(200);
    const numbers = ['+12016234567', '+12019876543'];
    expect(allRows(host.databasePath).flatMap((row) => (numbers.includes(row.phone_number ?? '') ? [row.phone_number] : []))).toEqual([
      '+12016234567',
      '+12016234567',
      '+12019876543',
    ]);
  });

  it('refused and invalid requests do not use up a number', async () => {
    // Two invalid requests to a new number (missing name) are not calls.
    for (let i = 0; i < 2; i++) {
      const response = await postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall({ name: '', phoneNumber: '+12012220000' }));
      expect(response.status).toBe(400);
    }
    expect((await call('+12012220000')).status).toBe(200);
    expect((await call('+12012220000')).status).toBe(200);
    await expectLimited(host, () => call('+12012220000'), 3600);
  });

  it('the per-phone limit survives a restart on the same database', async () => {
    await host.stop();
    await host.restart();
    const before = rowCount(host.databasePath);
    await expectLimited(host, () => call('+12016234567'), 3600);
    await expectLimited(host, () => call('+1 201 623 4567'), 3600);
    // The number with one call left still has it.
    expect((await call('+12019876543')).status).toBe(200);
    await expectLimited(host, () => call('+12019876543'), 3600);
    expect(rowCount(host.databasePath)).toBe(before + 1);
  });

  it('the other endpoints are not limited per phone number', async () => {
    const response = await postJson(`${host.webhookBase}/demo_form`, validCall());
    expect(response.status).toBe(200);
  });

  describe('with concurrent calls being placed', () => {
    it('five simultaneous calls to one number while the provider is slow: exactly two are placed', async () => {
      provider.reset();
      provider.delayMs = 300;
      const responses = await Promise.all(
        [1, 2, 3, 4, 5].map(() => postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall({ phoneNumber: '+12013334444' }))),
      );
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses).toEqual([200, 200, 429, 429, 429]);
      expect(provider.requests.filter((request) => request.path === '/call')).toHaveLength(2);
      expect(allRows(host.databasePath).filter((row) => row.phone_number === '+12013334444' && row.outcome === 'call-placed')).toHaveLength(2);
      // The in-flight count is released: the durable count alone keeps the number limited.
      const later = await postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall({ phoneNumber: '+12013334444' }));
      expect(later.status).toBe(429);
    });

    it('a call the provider refused does not count against the number', async () => {
      provider.reset();
      provider.status = 500;
      for (let i = 0; i < 3; i++) {
        const response = await postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall({ phoneNumber: '+12016667777' }));
        expect(response.status).toBe(502);
      }
      provider.status = 200;
      const response = await postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall({ phoneNumber: '+12016667777' }));
      expect(response.status).toBe(200);
    });
  });
});
