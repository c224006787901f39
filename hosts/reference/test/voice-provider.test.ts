import { beforeEach, describe, expect, it } from 'vitest';
import { useFakeVoiceApi } from '@franchise-ai/test-support/fake-voice-api';
import { useHost } from '@franchise-ai/test-support/webhook-host';
import { jsonOf, postJson, rowById, rowCount, validCall, validLead } from './helpers.ts';
import { END_CALL_PHRASES } from '@franchise-ai/shared/voice-requests';
import { PER_VISITOR_MARK } from '@franchise-ai/shared/assistant-cleanup';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface AssistantBody {
  name: string;
  firstMessage: string;
  model: { messages: Array<{ role: string; content: string }> };
  metadata: Record<string, unknown>;
}

// The operator's ready-made assistant, on the provider's account before any test.
const provider = useFakeVoiceApi({ assistants: ['asst_configured'] });
beforeEach(() => {
  provider.reset();
});

const providerEnv = (): Record<string, string> => ({
  RATE_LIMIT: 'off',
  VAPI_API_BASE: provider.url,
  VAPI_PRIVATE_KEY: 'test-private-key',
  VAPI_PHONE_NUMBER_ID: 'pn_123',
  VAPI_TIMEOUT_MS: '1000',
});

describe('with a private key: an assistant per visitor', () => {
  const host = useHost(() => ({ env: providerEnv() }));

  it('website_demo_call creates a franchisor assistant with the visitor in its prompt and answers its id', async () => {
    provider.reply = () => JSON.stringify({ id: 'asst_new_1', name: 'ignored' });
    const response = await postJson(
      `${host.webhookBase}/website_demo_call`,
      validLead({ name: '  Ada Lovelace ', company: 'Analytical Franchises', website: 'https://analytical.example', businessType: 'franchisor' }),
    );
    expect(response.status).toBe(200);
    const body = await jsonOf(response);
    expect(body).toEqual({ assistantId: 'asst_new_1', requestId: expect.any(String) });

    expect(provider.requests).toHaveLength(1);
    const [request] = provider.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/assistant', authorization: 'Bearer test-private-key' });
    expect(request!.contentType).toMatch(/^application\/json/);
    const sent = request!.body as AssistantBody;
    expect(sent.firstMessage).toContain('Ada Lovelace');
    expect(sent.firstMessage).not.toContain('  Ada');
    expect(sent.model.messages[0]!.role).toBe('system');
    const prompt = sent.model.messages[0]!.content;
    expect(prompt).toContain('Analytical Franchises');
    expect(prompt).toContain('franchisor');
    expect(prompt).not.toContain('franchisee');
    expect(prompt).toContain('https://analytical.example');
    expect(sent.name.length).toBeLessThanOrEqual(40);
    // Marked as made for one visitor: the host deletes it once its call has ended (provider-account.test.ts).
    expect(sent.metadata).toEqual({ ...PER_VISITOR_MARK, businessType: 'franchisor', company: 'Analytical Franchises' });

    expect(rowById(host.databasePath, body['requestId'] as string)).toMatchObject({
      endpoint: 'website_demo_call',
      outcome: 'assistant-created',
      provider_id: 'asst_new_1',
    });
  });

  it('website_demo_call for a franchisee without a website says so in the prompt', async () => {
    const response = await postJson(
      `${host.webhookBase}/website_demo_call`,
      validLead({ name: 'Grace Hopper', company: 'Cobol Burgers Downtown', website: undefined, businessType: 'franchisee' }),
    );
    expect(response.status).toBe(200);
    const { assistantId } = await jsonOf(response);
    // The provider's id, of the assistant it now holds.
    expect(assistantId).toEqual(expect.stringMatching(UUID));
    expect(provider.assistants().map(({ id }) => id)).toContain(assistantId);
    const sent = provider.requests[0]!.body as AssistantBody;
    expect(sent.firstMessage).toContain('Grace Hopper');
    const prompt = sent.model.messages[0]!.content;
    expect(prompt).toContain('Cobol Burgers Downtown');
    expect(prompt).toContain('franchisee');
    expect(prompt).not.toContain('a franchisor');
    expect(prompt).toMatch(/website was not given/i);
    expect(sent.metadata['businessType']).toBe('franchisee');
  });

  it('truncates the assistant name to 40 characters', async () => {
    const response = await postJson(`${host.webhookBase}/website_demo_call`, validLead({ company: 'C'.repeat(100) }));
    expect(response.status).toBe(200);
    const sent = provider.requests[0]!.body as AssistantBody;
    expect(sent.name).toBe('C'.repeat(40));
  });

  it('trigger_ai_demo_call places the call with its assistant inline (nothing made on the account): 200 {status: placed, callId}', async () => {
    const response = await postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall({ name: 'Ada Lovelace', phoneNumber: '+1 (201) 623-4567' }));
    expect(response.status).toBe(200);
    const body = await jsonOf(response);
    expect(body).toEqual({ status: 'placed', callId: expect.stringMatching(UUID), requestId: expect.any(String) });

    expect(provider.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /call']);
    expect(provider.requests[0]!.authorization).toBe('Bearer test-private-key');
    expect(provider.requests[0]!.body).toEqual({
      // The whole assistant, with its safety settings (safe-to-call.test.ts checks what they say).
      assistant: expect.objectContaining({ name: 'Analytical Franchises demo', maxDurationSeconds: 300, artifactPlan: { recordingEnabled: false } }),
      phoneNumberId: 'pn_123',
      customer: { number: '+12016234567', name: 'Ada Lovelace' },
    });
    expect(provider.assistants().map(({ id }) => id)).toEqual(['asst_configured']);
    expect(rowById(host.databasePath, body['requestId'] as string)).toMatchObject({
      endpoint: 'trigger_ai_demo_call',
      phone_number: '+12016234567',
      outcome: 'call-placed',
      provider_id: body['callId'],
    });
  });

  it("a name over the provider's 40 characters is cut for `customer.name`, and the call is placed", async () => {
    const name = 'Maximiliana Theodora Wilhelmina von Hohenstein';
    const response = await postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall({ name }));
    expect(response.status).toBe(200);
    expect(provider.requests[0]!.body).toMatchObject({ customer: { name: 'Maximiliana Theodora Wilhelmina von Hohe' } });
    // The assistant still greets the visitor by the whole name.
    expect(JSON.stringify(provider.requests[0]!.body)).toContain(`Hi ${name}!`);
  });

  it.each([
    ['answers 500', () => (provider.status = 500)],
    ['answers 401', () => (provider.status = 401)],
    ['answers something that is not JSON', () => (provider.reply = () => '<html>oops</html>')],
    ['answers without an id', () => (provider.reply = () => JSON.stringify({ ok: true }))],
    ['answers an empty id', () => (provider.reply = () => JSON.stringify({ id: '' }))],
    ['is slower than VAPI_TIMEOUT_MS', () => (provider.delayMs = 1_500)],
  ])('website_demo_call: a provider that %s makes the host answer 502 and store nothing', async (_label, breakIt) => {
    breakIt();
    const before = rowCount(host.databasePath);
    const response = await postJson(`${host.webhookBase}/website_demo_call`, validLead(), { Origin: 'http://localhost:5173' });
    expect(response.status).toBe(502);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const body = await jsonOf(response);
    expect(typeof body['error']).toBe('string');
    expect(body['error']).not.toContain('test-private-key');
    expect(rowCount(host.databasePath)).toBe(before);
    expect(provider.requests).toHaveLength(1);
  });

  it.each([
    ['before its answer starts', () => (provider.delayMs = 1_500)],
    ['while its answer is still arriving', () => (provider.stallBody = true)],
  ])('a provider that passes VAPI_TIMEOUT_MS %s is logged as a timeout, not as an answer that is not JSON', async (_label, stall) => {
    stall();
    const response = await postJson(`${host.webhookBase}/website_demo_call`, validLead());
    expect(response.status).toBe(502);
    const logged = `voice provider error for ${response.headers.get('x-request-id')}: `;
    await expect.poll(() => host.output()).toContain(logged);
    const line = host
      .output()
      .split('\n')
      .find((entry) => entry.startsWith(logged));
    expect(line).toMatch(/: POST \/assistant timed out after 1000 ms /);
    expect(line).not.toMatch(/JSON/);
  });

  // The call was recorded before the provider heard of it (record first); the record says what became of it.
  it('trigger_ai_demo_call: a provider answering 500 to /call makes the host answer 502 and record call-failed with the error', async () => {
    provider.status = 500;
    const response = await postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall());
    expect(response.status).toBe(502);
    const body = await jsonOf(response);
    expect(typeof body['error']).toBe('string');
    expect(provider.requests.map((request) => request.path)).toEqual(['/call']);
    const row = rowById(host.databasePath, body['requestId'] as string);
    expect(row).toMatchObject({ endpoint: 'trigger_ai_demo_call', outcome: 'call-failed', provider_id: null });
    expect(row?.error).toMatch(/POST \/call answered 500/);
    expect(provider.assistants().map(({ id }) => id)).toEqual(['asst_configured']);
  });

  it('demo_form never talks to the provider', async () => {
    const response = await postJson(`${host.webhookBase}/demo_form`, validLead());
    expect(response.status).toBe(200);
    expect(provider.requests).toHaveLength(0);
  });

  it('invalid requests never reach the provider', async () => {
    const response = await postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall({ phoneNumber: '12345' }));
    expect(response.status).toBe(400);
    expect(provider.requests).toHaveLength(0);
  });
});

describe('with VAPI_ASSISTANT_ID: the configured assistant for everyone', () => {
  // A trailing slash on the API base must not produce `//call`.
  const host = useHost(() => ({ env: { ...providerEnv(), VAPI_API_BASE: `${provider.url}/`, VAPI_ASSISTANT_ID: 'asst_configured' } }));

  it('website_demo_call answers the configured id without calling the provider', async () => {
    const response = await postJson(`${host.webhookBase}/website_demo_call`, validLead());
    expect(response.status).toBe(200);
    const body = await jsonOf(response);
    expect(body['assistantId']).toBe('asst_configured');
    expect(provider.requests).toHaveLength(0);
    expect(rowById(host.databasePath, body['requestId'] as string)).toMatchObject({ outcome: 'assistant-configured', provider_id: 'asst_configured' });
  });

  it('trigger_ai_demo_call places the call with the configured assistant, no POST /assistant', async () => {
    const response = await postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall({ name: 'Alan Turing', phoneNumber: '+33 6 12 34 56 78' }));
    expect(response.status).toBe(200);
    const body = await jsonOf(response);
    expect(body).toMatchObject({ status: 'placed', callId: expect.stringMatching(UUID) });
    expect(provider.requests).toHaveLength(1);
    expect(provider.requests[0]).toMatchObject({ method: 'POST', path: '/call', authorization: 'Bearer test-private-key' });
    expect(provider.requests[0]!.body).toEqual({
      assistantId: 'asst_configured',
      // A ready-made assistant is made safe by the call's overrides, whatever it was set up with.
      assistantOverrides: expect.objectContaining({
        maxDurationSeconds: 300,
        endCallPhrases: [...END_CALL_PHRASES],
        artifactPlan: { recordingEnabled: false },
      }),
      phoneNumberId: 'pn_123',
      customer: { number: '+33612345678', name: 'Alan Turing' },
    });
  });
});

describe('with a private key but no VAPI_PHONE_NUMBER_ID', () => {
  const host = useHost(() => {
    const env = providerEnv();
    delete env['VAPI_PHONE_NUMBER_ID'];
    return { env };
  });

  it('trigger_ai_demo_call records the request (202) and places no call', async () => {
    const response = await postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall());
    expect(response.status).toBe(202);
    expect(await jsonOf(response)).toMatchObject({ status: 'recorded', placed: false, reason: 'No call is placed: set VAPI_PHONE_NUMBER_ID to place calls.' });
    expect(provider.requests).toHaveLength(0);
  });

  it('website_demo_call still creates an assistant', async () => {
    const response = await postJson(`${host.webhookBase}/website_demo_call`, validLead());
    expect(response.status).toBe(200);
    expect(provider.requests.map((request) => request.path)).toEqual(['/assistant']);
  });
});
