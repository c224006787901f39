import { describe, expect, it } from 'vitest';
import { callPolicyFromEnv, consentFor } from '@franchise-ai/shared/call-policy';
import { DEMO_ID_PATTERN } from '@franchise-ai/shared/demo-id';
import { fetchLeads } from '@franchise-ai/test-support/leads';
import { useHost } from '@franchise-ai/test-support/webhook-host';
import { allRows, journalMode, jsonOf, postJson, rowById, rowCount, validCall, validLead } from './helpers.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('webhook host with a configured assistant (VAPI_ASSISTANT_ID)', () => {
  const host = useHost({ env: { RATE_LIMIT: 'off', VAPI_ASSISTANT_ID: 'asst_configured_42' } });

  it('answers GET /healthz with 200 {ok: true}', async () => {
    const response = await fetch(`${host.url}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('demo_form: 200 {ok, requestId}, the id equal to X-Request-Id and to the stored row', async () => {
    const before = rowCount(host.databasePath);
    const response = await postJson(`${host.webhookBase}/demo_form`, validLead({ businessType: 'franchisee' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await jsonOf(response);
    // With what the widget's consent text must say of this host's calls: the defaults.
    // And the demoId the widget asks demo_status with.
    expect(body).toEqual({
      ok: true,
      calls: {
        recorded: false,
        countries: ['US', 'FR'],
        from: 'Franchise AI',
        followUp: { mail: false, bookingUrl: null, contact: { email: null, phone: null } },
        consent: consentFor(callPolicyFromEnv({}), 'en'),
      },
      demoId: expect.stringMatching(DEMO_ID_PATTERN),
      requestId: expect.stringMatching(UUID),
    });
    expect(response.headers.get('x-request-id')).toBe(body['requestId']);

    expect(rowCount(host.databasePath)).toBe(before + 1);
    const row = rowById(host.databasePath, body['requestId'] as string);
    expect(row).toMatchObject({
      endpoint: 'demo_form',
      product: 'acme',
      name: 'Ada Lovelace',
      company: 'Analytical Franchises',
      email: 'ada@example.com',
      website: 'https://analytical.example',
      business_type: 'franchisee',
      phone_number: null,
      outcome: 'received',
      provider_id: null,
      client_ip: expect.stringMatching(/127\.0\.0\.1$/),
    });
    expect(Number.isNaN(Date.parse(row!.received_at))).toBe(false);
    expect(Math.abs(Date.parse(row!.received_at) - Date.now())).toBeLessThan(60_000);
  });

  it('stores the fields trimmed, with businessType defaulting to franchisor and website to null', async () => {
    const response = await postJson(`${host.webhookBase}/demo_form`, {
      name: '  Grace Hopper  ',
      company: '\tCobol Burgers\n',
      email: '  grace@example.com ',
      website: '   ',
      phoneNumber: '+1 201 700 0000', // not part of demo_form: never stored
    });
    expect(response.status).toBe(200);
    const { requestId } = await jsonOf(response);
    expect(rowById(host.databasePath, requestId as string)).toMatchObject({
      name: 'Grace Hopper',
      company: 'Cobol Burgers',
      email: 'grace@example.com',
      website: null,
      business_type: 'franchisor',
      phone_number: null,
    });
  });

  it('trims the website and keeps it as given', async () => {
    const response = await postJson(`${host.webhookBase}/demo_form`, validLead({ website: '  http://franchise.example/about?x=1  ' }));
    expect(response.status).toBe(200);
    const { requestId } = await jsonOf(response);
    expect(rowById(host.databasePath, requestId as string)?.website).toBe('http://franchise.example/about?x=1');
  });

  it('stores the product segment of the path', async () => {
    const response = await postJson(`${host.url}/webhook/franchise-ai_2/demo_form`, validLead());
    expect(response.status).toBe(200);
    const { requestId } = await jsonOf(response);
    expect(rowById(host.databasePath, requestId as string)).toMatchObject({ product: 'franchise-ai_2', endpoint: 'demo_form' });
  });

  it('website_demo_call: 200 with the configured assistantId, stored as assistant-configured', async () => {
    const before = rowCount(host.databasePath);
    const response = await postJson(`${host.webhookBase}/website_demo_call`, validLead({ name: ' Alan Turing ' }));
    expect(response.status).toBe(200);
    const body = await jsonOf(response);
    expect(body).toEqual({ assistantId: 'asst_configured_42', requestId: expect.stringMatching(UUID) });
    expect(response.headers.get('x-request-id')).toBe(body['requestId']);
    expect(rowCount(host.databasePath)).toBe(before + 1);
    expect(rowById(host.databasePath, body['requestId'] as string)).toMatchObject({
      endpoint: 'website_demo_call',
      product: 'acme',
      name: 'Alan Turing',
      outcome: 'assistant-configured',
      provider_id: 'asst_configured_42',
      phone_number: null,
    });
  });

  it('trigger_ai_demo_call without a private key: 202 {status: recorded}, phone number stored as E.164', async () => {
    const before = rowCount(host.databasePath);
    const response = await postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall({ phoneNumber: ' +1 (201) 623-45.67 ' }));
    expect(response.status).toBe(202);
    const body = await jsonOf(response);
    expect(body).toMatchObject({ status: 'recorded', requestId: expect.stringMatching(UUID) });
    // The answer and the terminal say no call was placed, and which settings would place it.
    expect(body).toMatchObject({ placed: false, reason: 'No call is placed: set VAPI_PRIVATE_KEY and VAPI_PHONE_NUMBER_ID to place calls.' });
    expect(host.output()).toContain('Calls are recorded, not placed: set VAPI_PRIVATE_KEY and VAPI_PHONE_NUMBER_ID to place them.');
    expect(host.output()).toContain(
      `call request ${body['requestId'] as string} recorded, not placed: No call is placed: set VAPI_PRIVATE_KEY and VAPI_PHONE_NUMBER_ID`,
    );
    expect(response.headers.get('x-request-id')).toBe(body['requestId']);
    expect(rowCount(host.databasePath)).toBe(before + 1);
    expect(rowById(host.databasePath, body['requestId'] as string)).toMatchObject({
      endpoint: 'trigger_ai_demo_call',
      phone_number: '+12016234567',
      outcome: 'call-recorded',
      provider_id: null,
      business_type: 'franchisor',
    });
  });

  it('gives every request its own id', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => postJson(`${host.webhookBase}/demo_form`, validLead()).then(jsonOf)));
    const ids = new Set(answers.map((answer) => answer['requestId']));
    expect(ids.size).toBe(3);
  });

  it('GET /leads lists the stored requests newest first, camel-cased, honouring ?limit', async () => {
    const names = ['Lead One', 'Lead Two', 'Lead Three'];
    const ids: string[] = [];
    for (const name of names) {
      const response = await postJson(`${host.webhookBase}/demo_form`, validLead({ name }));
      ids.push((await jsonOf(response))['requestId'] as string);
    }
    const leads = await fetchLeads<Record<string, unknown>>(host);
    expect(leads).toHaveLength(rowCount(host.databasePath));
    expect(leads.slice(0, 3).map((lead) => lead['id'])).toEqual([...ids].reverse());
    expect(leads[0]).toMatchObject({
      id: ids[2],
      name: 'Lead Three',
      endpoint: 'demo_form',
      product: 'acme',
      businessType: 'franchisor',
      website: 'https://analytical.example',
      phoneNumber: null,
      outcome: 'received',
    });
    // Same order as the table, reversed.
    expect(leads.map((lead) => lead['id'])).toEqual(
      allRows(host.databasePath)
        .map((row) => row.id)
        .reverse(),
    );

    const limited = await fetchLeads(host, 2);
    expect(limited.map((lead) => lead.id)).toEqual([ids[2], ids[1]]);
  });

  it('GET /leads refuses other methods with 405 and Allow: GET', async () => {
    const response = await fetch(`${host.url}/leads`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
    expect(typeof (await jsonOf(response))['error']).toBe('string');
  });
});

describe('webhook host without any voice provider configuration', () => {
  const host = useHost({ env: { RATE_LIMIT: 'off' } });

  it('website_demo_call: 503 naming VAPI_ASSISTANT_ID and VAPI_PRIVATE_KEY, nothing stored', async () => {
    const before = rowCount(host.databasePath);
    const response = await postJson(`${host.webhookBase}/website_demo_call`, validLead());
    expect(response.status).toBe(503);
    const body = await jsonOf(response);
    expect(body['error']).toEqual(expect.stringContaining('VAPI_ASSISTANT_ID'));
    expect(body['error']).toEqual(expect.stringContaining('VAPI_PRIVATE_KEY'));
    expect(body['requestId']).toBe(response.headers.get('x-request-id'));
    expect(rowCount(host.databasePath)).toBe(before);
    // The terminal names the missing setting, at start and per request, not a bare 503.
    expect(host.output()).toContain('Browser calls are off: No voice assistant is configured: set VAPI_ASSISTANT_ID');
    expect(host.output()).toContain('assistant request refused: No voice assistant is configured: set VAPI_ASSISTANT_ID');
  });

  it('trigger_ai_demo_call: 202 {status: recorded} with a message about the missing configuration', async () => {
    const response = await postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall({ phoneNumber: '+33 6 12 34 56 78', businessType: 'franchisee' }));
    expect(response.status).toBe(202);
    const body = await jsonOf(response);
    expect(body['status']).toBe('recorded');
    expect(body['message']).toEqual(expect.stringContaining('VAPI_PRIVATE_KEY'));
    expect(rowById(host.databasePath, body['requestId'] as string)).toMatchObject({
      phone_number: '+33612345678',
      business_type: 'franchisee',
      outcome: 'call-recorded',
    });
  });

  it('demo_form still works: 200 and stored', async () => {
    const before = rowCount(host.databasePath);
    const response = await postJson(`${host.webhookBase}/demo_form`, validLead());
    expect(response.status).toBe(200);
    expect(await jsonOf(response)).toMatchObject({ ok: true });
    expect(rowCount(host.databasePath)).toBe(before + 1);
  });

  // On the same host (same environment): its own request, and the restart comes last.
  describe('durability', () => {
    it('the database the host made is in WAL mode', () => {
      expect(journalMode(host.databasePath)).toBe('wal');
    });

    it('an answered request is on disk even if the host is killed right after (SIGKILL)', async () => {
      const response = await postJson(`${host.webhookBase}/demo_form`, validLead({ name: 'Durable Dora' }));
      expect(response.status).toBe(200);
      const { requestId } = await jsonOf(response);
      await host.kill();
      expect(rowById(host.databasePath, requestId as string)?.name).toBe('Durable Dora');

      await host.restart();
      const served = (await fetchLeads(host)).map((lead) => lead.id);
      expect(served[0]).toBe(requestId);
      expect(served).toEqual(
        allRows(host.databasePath)
          .map((row) => row.id)
          .reverse(),
      );
    });
  });
});
