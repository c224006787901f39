import { describe, expect, it } from 'vitest';
import { callPolicyFromEnv } from '@franchise-ai/shared/call-policy';
import type { Lead } from '@franchise-ai/shared/request-body';
import { assistantRequest, callRequest, END_CALL_PHRASES, PROVIDER_MESSAGES } from '@franchise-ai/shared/voice-requests';
import { assistantStep, callStep, formStep, providerPost, type HttpRequest, type ProviderAnswer } from './answer-steps.ts';

const lead: Lead & { phoneNumber: string } = {
  name: 'Jane Doe',
  company: 'Acme Burgers',
  email: 'jane@acme.example',
  website: 'https://acme.example',
  businessType: 'franchisor',
  phoneNumber: '+12015550123',
  consentText: 'I agree to receive this AI demo call.',
  demoId: null,
};
const ENV = { VAPI_PRIVATE_KEY: 'sk_test', VAPI_PHONE_NUMBER_ID: 'pn_test', VAPI_API_BASE: 'https://vapi.example/' };

/** A provider that answers each path as told (an id by default) and records what it was sent. */
function fakeProvider(answers: Record<string, ProviderAnswer> = {}) {
  const sent: Array<{ path: string; body: unknown }> = [];
  const post = async (path: string, body: unknown): Promise<ProviderAnswer> => {
    sent.push({ path, body });
    return answers[path] ?? { ok: true, id: `${path.slice(1)}_1` };
  };
  return { sent, post };
}

describe('formStep', () => {
  it("answers ok with this host's call terms", () => {
    expect(formStep({ recorded: true, countries: ['FR'], from: 'Acme AI', followUp: { mail: false, bookingUrl: null } }, 'd1')).toEqual({
      status: 200,
      body: { ok: true, calls: { recorded: true, countries: ['FR'], from: 'Acme AI', followUp: { mail: false, bookingUrl: null } }, demoId: 'd1' },
    });
  });
});

describe('assistantStep and callStep: every assistant says it is an AI, ends on "stop", lasts at most 300 s, and records only with RECORD_CALLS=1', () => {
  it.each([
    ['RECORD_CALLS unset', {}, false],
    ['RECORD_CALLS=1', { RECORD_CALLS: '1' }, true],
  ])('%s', async (_, env, recorded) => {
    const policy = callPolicyFromEnv(env);
    const browser = fakeProvider();
    expect(await assistantStep(lead, policy, ENV, browser.post)).toEqual({ status: 200, body: { assistantId: 'assistant_1' } });
    const phone = fakeProvider();
    expect(await callStep(lead, policy, ENV, phone.post)).toEqual({
      status: 200,
      body: { status: 'placed', callId: 'call_1' },
      outcome: 'call-placed',
      callId: 'call_1',
      error: '',
    });

    expect(browser.sent).toEqual([{ path: '/assistant', body: assistantRequest(lead, policy, 'browser') }]);
    expect(phone.sent).toEqual([
      { path: '/assistant', body: assistantRequest(lead, policy, 'phone') },
      { path: '/call', body: callRequest('assistant_1', 'pn_test', lead, policy) },
    ]);
    const assistants = [browser.sent[0]!.body, phone.sent[0]!.body, (phone.sent[1]!.body as { assistantOverrides: unknown }).assistantOverrides] as Array<
      Record<string, unknown>
    >;
    for (const assistant of assistants) {
      expect(assistant['firstMessage']).toMatch(/^Hi Jane Doe! I'm an AI assistant/);
      expect(assistant['endCallPhrases']).toEqual([...END_CALL_PHRASES]);
      expect(assistant['maxDurationSeconds']).toBeLessThanOrEqual(300);
      expect(assistant['artifactPlan']).toEqual({ recordingEnabled: recorded });
    }
  });

  it('a configured assistant is answered, or called with the safety settings over it', async () => {
    const policy = callPolicyFromEnv({});
    const { sent, post } = fakeProvider();
    expect(await assistantStep(lead, policy, { VAPI_ASSISTANT_ID: 'asst_fixed' }, post)).toEqual({ status: 200, body: { assistantId: 'asst_fixed' } });
    await callStep(lead, policy, { ...ENV, VAPI_ASSISTANT_ID: 'asst_fixed' }, post);
    expect(sent).toEqual([{ path: '/call', body: callRequest('asst_fixed', 'pn_test', lead, policy) }]);
  });
});

describe('callStep: what became of the call, as the stand-in names it', () => {
  const policy = callPolicyFromEnv({});
  it.each<[string, Record<string, ProviderAnswer>, number, string, string]>([
    [
      'the assistant could not be made: nothing rang',
      { '/assistant': { ok: false, status: null, error: 'timeout' } },
      502,
      'call-failed',
      PROVIDER_MESSAGES.failed,
    ],
    [
      'POST /call answered an error status: nothing rang',
      { '/call': { ok: false, status: 400, error: 'POST /call answered 400' } },
      502,
      'call-failed',
      PROVIDER_MESSAGES.failed,
    ],
    [
      'POST /call got no answer: it may ring',
      { '/call': { ok: false, status: null, error: 'timeout' } },
      502,
      'call-unconfirmed',
      PROVIDER_MESSAGES.unconfirmed,
    ],
    [
      'POST /call answered 2xx without an id: it may ring',
      { '/call': { ok: false, status: 201, error: 'no id' } },
      502,
      'call-unconfirmed',
      PROVIDER_MESSAGES.unconfirmed,
    ],
  ])('%s', async (_, answers, status, outcome, error) => {
    const result = await callStep(lead, policy, ENV, fakeProvider(answers).post);
    expect(result).toMatchObject({ status, body: { error }, outcome, callId: '' });
    expect(result.error).not.toBe('');
  });

  it('without the key or the number: recorded, not placed', async () => {
    const { sent, post } = fakeProvider();
    expect(await callStep(lead, policy, { VAPI_PRIVATE_KEY: 'sk_test' }, post)).toEqual({
      status: 202,
      body: {
        status: 'recorded',
        placed: false,
        reason: 'No call is placed: set VAPI_PHONE_NUMBER_ID to place calls.',
        message: PROVIDER_MESSAGES.callsNotConfigured,
      },
      outcome: 'call-recorded',
      callId: '',
      error: '',
    });
    expect(sent).toEqual([]);
  });
});

describe('providerPost: every status comes back as a value', () => {
  const answering = (answer: { statusCode: number; body: unknown } | Error) => {
    const requests: Parameters<HttpRequest>[0][] = [];
    const request: HttpRequest = async (options) => {
      requests.push(options);
      if (answer instanceof Error) throw answer;
      return answer;
    };
    return { requests, post: providerPost(ENV, request) };
  };

  it('posts JSON to the base with the key, at most 10 s, never throwing on a status', async () => {
    const { requests, post } = answering({ statusCode: 201, body: { id: 'call_9' } });
    expect(await post('/call', { a: 1 })).toEqual({ ok: true, id: 'call_9' });
    expect(requests).toEqual([
      {
        method: 'POST',
        url: 'https://vapi.example/call',
        headers: { Authorization: 'Bearer sk_test' },
        body: { a: 1 },
        json: true,
        timeout: 10_000,
        returnFullResponse: true,
        ignoreHttpStatusErrors: true,
      },
    ]);
  });

  it.each<[string, { statusCode: number; body: unknown } | Error, ProviderAnswer]>([
    [
      'an error status',
      { statusCode: 402, body: { message: 'no credit' } },
      { ok: false, status: 402, error: 'POST /call answered 402: {"message":"no credit"}' },
    ],
    ['a 2xx without an id', { statusCode: 201, body: {} }, { ok: false, status: 201, error: 'POST /call answered no id.' }],
    ['no answer', new Error('timeout of 10000ms exceeded'), { ok: false, status: null, error: 'POST /call failed: timeout of 10000ms exceeded' }],
  ])('%s', async (_, answer, expected) => {
    expect(await answering(answer).post('/call', {})).toEqual(expected);
  });
});
