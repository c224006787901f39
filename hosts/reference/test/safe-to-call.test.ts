import { beforeEach, describe, expect, it } from 'vitest';
import { CALL_REASONS, callPolicyFromEnv, consentFor, DEFAULT_CALL_COUNTRIES } from '@franchise-ai/shared/call-policy';
import { DEFAULT_COMPANY_NAME as COMPANY } from '@franchise-ai/shared/constants';
import { LIMIT_MESSAGES } from '@franchise-ai/shared/rate-limits';
import { END_CALL_PHRASES } from '@franchise-ai/shared/voice-requests';
import { useFakeVoiceApi, type VoiceApiRequest } from '@franchise-ai/test-support/fake-voice-api';
import { fetchLeads } from '@franchise-ai/test-support/leads';
import { useHost } from '@franchise-ai/test-support/webhook-host';
import { allRows, CONSENT_TEXT, jsonOf, postJson, validCall, validLead } from './helpers.ts';

// Safe to call, on the stand-in with a fake voice API that records what it receives: nobody is called
// without consent kept as proof, only numbers of the countries served, never beyond the host's daily
// ceiling, the per-number and per-address limits hold under concurrent requests, and every
// assistant says what it is.

const provider = useFakeVoiceApi();
beforeEach(() => provider.reset());

const voiceEnv = (extra: Record<string, string> = {}): Record<string, string> => ({
  VAPI_API_BASE: provider.url,
  VAPI_PRIVATE_KEY: 'sk_safe',
  VAPI_PHONE_NUMBER_ID: 'pn_safe',
  ...extra,
});

const providerCalls = () => provider.requests.filter((request) => request.path === '/call');
const statusesOf = async (responses: Response[]) => Promise.all(responses.map(async (response) => (await response.body?.cancel(), response.status)));
const count = (statuses: number[], status: number) => statuses.filter((each) => each === status).length;

interface AssistantSettings {
  firstMessage: string;
  endCallPhrases: string[];
  maxDurationSeconds: number;
  artifactPlan: { recordingEnabled: boolean };
}

// One host for the two blocks with the default voice settings and no rate limits.
describe('default voice settings, RATE_LIMIT=off', () => {
  const host = useHost(() => ({ env: voiceEnv({ RATE_LIMIT: 'off' }) }));

  describe('what the assistant is told to say and do (RECORD_CALLS unset)', () => {
    it('browser and phone assistants open with the AI disclosure, end on "stop", last at most 300 s, and do not record', async () => {
      expect((await postJson(`${host.webhookBase}/website_demo_call`, validLead())).status).toBe(200);
      expect((await postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall())).status).toBe(200);
      const [browser, call] = provider.requests.map((request) => request.body as AssistantSettings & { assistant: AssistantSettings });
      // The phone call carries its own assistant (a ready-made one gets the same as overrides: voice-provider.test.ts).
      const phone = call!.assistant;
      for (const [settings, doing] of [
        [browser!, 'from'],
        [phone, 'calling from'],
      ] as const) {
        expect(settings.firstMessage).toMatch(new RegExp(`^Hi Ada Lovelace! I'm an AI assistant ${doing} ${COMPANY}`));
        expect(settings.firstMessage).toContain('Analytical Franchises demo you asked for');
        expect(settings.firstMessage).toMatch(/is not recorded, and you can say stop at any time to end it/);
        expect(settings.endCallPhrases).toEqual([...END_CALL_PHRASES]);
        expect(settings.maxDurationSeconds).toBeLessThanOrEqual(300);
        expect(settings.artifactPlan).toEqual({ recordingEnabled: false });
      }
      expect(browser!.firstMessage).toContain('This conversation is not recorded');
      expect(phone.firstMessage).toContain('This call is not recorded');
    });

    it("demo_form's answer tells the widget what to disclose: not recorded, the countries called", async () => {
      const answer = await jsonOf(await postJson(`${host.webhookBase}/demo_form`, validLead()));
      expect(answer['calls']).toEqual({
        recorded: false,
        countries: [...DEFAULT_CALL_COUNTRIES],
        from: COMPANY,
        followUp: { mail: false, bookingUrl: null, contact: { email: null, phone: null } },
        consent: consentFor(callPolicyFromEnv({}), 'en'),
      });
    });
  });

  describe('refused before any provider request', () => {
    it.each<[string, Record<string, unknown>, Record<string, string>]>([
      ['without consent', { consent: undefined }, { consent: CALL_REASONS.consentRequired }],
      ['for a country outside CALL_COUNTRIES', { phoneNumber: '+44 20 7946 0018' }, { phoneNumber: CALL_REASONS.phoneNotServed(DEFAULT_CALL_COUNTRIES) }],
      ['for a premium-rate number', { phoneNumber: '+33 8 99 12 34 56' }, { phoneNumber: CALL_REASONS.phonePremium }],
    ])('a call request %s: 400 naming the field, nothing stored, no provider request', async (_label, overrides, fields) => {
      const before = allRows(host.databasePath).length;
      const response = await postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall(overrides));
      expect(response.status).toBe(400);
      expect((await jsonOf(response))['fields']).toEqual(fields);
      expect(provider.requests).toEqual([]);
      expect(allRows(host.databasePath)).toHaveLength(before);
    });

    it('an accepted call keeps its consent as proof: the words, the time, the address, the number (GET /leads shows them)', async () => {
      const started = Date.now();
      const response = await postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall({ phoneNumber: '+33 06 12 34 56 78' }));
      expect(response.status).toBe(200);
      const { requestId } = await jsonOf(response);
      const [lead] = await fetchLeads(host, 1);
      expect(lead).toMatchObject({ id: requestId, consentText: CONSENT_TEXT, phoneNumber: '+33612345678', clientIp: expect.stringMatching(/127\.0\.0\.1$/) });
      expect(Date.parse(lead!.receivedAt)).toBeGreaterThanOrEqual(started - 1000);
      expect(providerCalls()).toHaveLength(1);
    });
  });
});

describe('RECORD_CALLS=1 and COMPANY_NAME', () => {
  const settings = { RECORD_CALLS: '1', COMPANY_NAME: 'Acme AI' };
  const host = useHost(() => ({ env: voiceEnv({ RATE_LIMIT: 'off', ...settings }) }));

  it('the assistant records and says so, and names the company', async () => {
    expect((await postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall({}, settings))).status).toBe(200);
    const call = providerCalls()[0]!.body as { assistant: AssistantSettings };
    expect(call.assistant.artifactPlan).toEqual({ recordingEnabled: true });
    expect(call.assistant.firstMessage).toMatch(/^Hi Ada Lovelace! I'm an AI assistant calling from Acme AI, .* This call is recorded, and you can say stop/);
    const answer = await jsonOf(await postJson(`${host.webhookBase}/demo_form`, validLead()));
    expect(answer['calls']).toEqual({
      recorded: true,
      countries: [...DEFAULT_CALL_COUNTRIES],
      from: 'Acme AI',
      followUp: { mail: false, bookingUrl: null, contact: { email: null, phone: null } },
      consent: consentFor(callPolicyFromEnv(settings), 'en'),
    });
    expect((answer['calls'] as { consent: { disclosure: string } }).consent.disclosure).toMatch(/^An AI voice agent from Acme AI .* The call is recorded\./);
  });
});

describe("the daily ceiling (MAX_CALLS_PER_DAY; its default, 100, is a row of callPolicyFromEnv's unit table)", () => {
  // The per-address limits and the network's share are off here: the ceiling is the host's, whoever
  // asks. A ceiling of 10 is the wiring a ceiling of 100 would test, at a tenth of the calls.
  const host = useHost(() => ({ env: voiceEnv({ RATE_LIMIT_CALL_IP: 'off', CALL_NETWORK_SHARE: 'off', MAX_CALLS_PER_DAY: '10' }) }));

  it("the 11th call of the day (10 at once first) is 429 with Retry-After and the ceiling's words, and reaches no provider", async () => {
    const numbers = Array.from({ length: 11 }, (_, index) => `+1201555${String(1000 + index)}`);
    const first = await statusesOf(
      await Promise.all(numbers.slice(0, 10).map((phoneNumber) => postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall({ phoneNumber })))),
    );
    expect(first).toEqual(Array(10).fill(200));
    provider.reset();
    const last = await postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall({ phoneNumber: numbers[10] }));
    expect(last.status).toBe(429);
    const seconds = Number(last.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(86_000);
    expect(await jsonOf(last)).toMatchObject({ error: LIMIT_MESSAGES.callsPerDay, code: 'callsPerDay', retryAfterSeconds: seconds });
    expect(provider.requests).toEqual([]);
  });
});

describe('limits under concurrent requests (defaults: 3 a day per number, 5 per 10 min per address)', () => {
  const host = useHost(() => ({ env: voiceEnv({ TRUST_PROXY: '1' }) }));
  const call = (phoneNumber: string, client: string) =>
    postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall({ phoneNumber }), { 'X-Forwarded-For': client });
  const placedTo = (numbers: string[]) =>
    providerCalls().filter((request: VoiceApiRequest) => numbers.includes((request.body as { customer: { number: string } }).customer.number));

  it('30 at once for one line, however it is spelt, from 30 addresses: exactly 3 placed, 27 refused', async () => {
    const spellings = ['+33 6 12 34 56 78', '+33 06 12 34 56 78', '+33612345678'];
    const statuses = await statusesOf(await Promise.all(Array.from({ length: 30 }, (_, index) => call(spellings[index % 3]!, `198.51.100.${index + 1}`))));
    expect([count(statuses, 200), count(statuses, 429)]).toEqual([3, 27]);
    expect(placedTo(['+33612345678'])).toHaveLength(3);
  });

  it('20 at once from one address to 20 numbers: exactly 5 placed, 15 refused', async () => {
    const numbers = Array.from({ length: 20 }, (_, index) => `+1201555${String(2000 + index)}`);
    const statuses = await statusesOf(await Promise.all(numbers.map((number) => call(number, '203.0.113.50'))));
    expect([count(statuses, 200), count(statuses, 429)]).toEqual([5, 15]);
    expect(placedTo(numbers)).toHaveLength(5);
  });

  it('an IPv6 client counts by its /64: six addresses of one /64 get five calls', async () => {
    const statuses: number[] = [];
    for (let index = 1; index <= 6; index++) statuses.push(...(await statusesOf([await call(`+1201555${3000 + index}`, `2001:db8:5:6::${index}`)])));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('without TRUST_PROXY a made-up X-Forwarded-For changes nothing', () => {
  const host = useHost(() => ({ env: voiceEnv() }));

  it('six calls claiming six addresses are one client: five placed, the sixth refused, the real address stored', async () => {
    const statuses: number[] = [];
    for (let index = 1; index <= 6; index++) {
      const response = await postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall({ phoneNumber: `+1201555${4000 + index}` }), {
        'X-Forwarded-For': `203.0.113.${index}`,
        'X-Real-IP': `192.0.2.${index}`,
      });
      statuses.push(...(await statusesOf([response])));
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(allRows(host.databasePath).map((row) => row.client_ip)).toEqual(Array(5).fill(expect.stringMatching(/127\.0\.0\.1$/)));
  });
});
