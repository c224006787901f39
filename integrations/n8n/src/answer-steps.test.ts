import { beforeAll, describe, expect, it } from 'vitest';
import { callPolicyFromEnv, callTerms } from '@franchise-ai/shared/call-policy';
import type { Lead } from '@franchise-ai/shared/request-body';
import { assistantRequest, callRequest, END_CALL_PHRASES, PROVIDER_MESSAGES } from '@franchise-ai/shared/voice-requests';
import { prepareVapiValidators, vapiProblems } from '@franchise-ai/test-support/vapi-openapi';
import { PER_VISITOR_MARK } from '@franchise-ai/shared/assistant-cleanup';
import type { ReportEvent } from '@franchise-ai/shared/call-events';
import {
  assistantStep,
  callStep,
  cleanupStep,
  formStep,
  providerPost,
  providerRequest,
  sweepStep,
  type HttpRequest,
  type ProviderAnswer,
} from './answer-steps.ts';

// Compiling the provider's description into validators takes a second or more, several under load:
// done once before the tests, so that no test's own time pays it.
beforeAll(() => prepareVapiValidators(['CreateAssistantDTO', 'CreateCallDTO'], { current: true }), 60_000);

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
    const terms = callTerms(callPolicyFromEnv({ CALL_COUNTRIES: 'FR', RECORD_CALLS: '1', COMPANY_NAME: 'Acme AI' }), undefined, 'fr');
    expect(formStep(terms, 'd1')).toEqual({ status: 200, body: { ok: true, calls: terms, demoId: 'd1' } });
    expect(terms).toMatchObject({ recorded: true, countries: ['FR'], from: 'Acme AI', consent: { disclosure: expect.stringMatching(/^Un agent vocal/) } });
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
    // The phone call carries its assistant: nothing is made on the provider's account.
    expect(phone.sent).toEqual([{ path: '/call', body: callRequest(undefined, 'pn_test', lead, policy) }]);
    // What the Code nodes send, held to the provider's published description (voice-bodies.test.ts has every combination).
    expect(vapiProblems('CreateAssistantDTO', browser.sent[0]!.body, { current: true })).toEqual([]);
    expect(vapiProblems('CreateCallDTO', phone.sent[0]!.body, { current: true })).toEqual([]);
    const assistants = [browser.sent[0]!.body, (phone.sent[0]!.body as { assistant: unknown }).assistant] as Array<Record<string, unknown>>;
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

describe('cleanupStep and sweepStep: what the hosts made, deleted (shared assistant-cleanup.ts)', () => {
  const report = (assistantId: string | null): ReportEvent => ({
    kind: 'report',
    callId: 'call_1',
    assistantId,
    at: '2026-12-01T09:00:00.000Z',
    endedReason: null,
    transcript: null,
    summary: null,
    structuredData: null,
    recordingUrl: null,
  });
  const provider = (metadata: Record<string, unknown>) => {
    const calls: string[] = [];
    const request = async (method: 'GET' | 'DELETE', path: string) => {
      calls.push(`${method} ${path}`);
      return { status: 200, body: method === 'GET' && path.startsWith('/assistant?') ? [] : { id: 'a', metadata }, error: '' };
    };
    return { calls, request };
  };

  it("after a report: a per-visitor assistant is deleted, never VAPI_ASSISTANT_ID's, and nothing without the key", async () => {
    const marked = provider({ ...PER_VISITOR_MARK });
    expect(await cleanupStep(report('asst_visitor'), ENV, marked.request)).toEqual({ outcome: 'deleted', error: '' });
    expect(marked.calls).toEqual(['GET /assistant/asst_visitor', 'DELETE /assistant/asst_visitor']);
    expect(await cleanupStep(report('asst_fixed'), { ...ENV, VAPI_ASSISTANT_ID: 'asst_fixed' }, marked.request)).toEqual({ outcome: 'kept', error: '' });
    expect(await cleanupStep(report('asst_visitor'), {}, marked.request)).toEqual({ outcome: 'kept', error: '' });
    expect(marked.calls).toHaveLength(2);
  });

  it('the sweep lists before the lifetime with the key; without it, nothing', async () => {
    const api = provider({});
    expect(await sweepStep(ENV, api.request, Date.parse('2026-12-01T12:00:00Z'))).toEqual({ deleted: 0, failed: 0, errors: [] });
    expect(api.calls).toEqual([`GET /assistant?createdAtLt=${encodeURIComponent('2026-12-01T11:00:00.000Z')}&limit=100`]);
    expect(await sweepStep({}, api.request, Date.now())).toEqual({ deleted: 0, failed: 0, errors: [] });
    expect(api.calls).toHaveLength(1);
  });

  it("providerRequest: GET and DELETE through n8n's helper, with the key; no answer is a value too", async () => {
    const seen: Parameters<HttpRequest>[0][] = [];
    const request = providerRequest(ENV, async (options) => (seen.push(options), { statusCode: 404, body: { message: 'Assistant not found' } }));
    expect(await request('DELETE', '/assistant/a')).toEqual({ status: 404, body: { message: 'Assistant not found' }, error: '' });
    expect(seen[0]).toMatchObject({ method: 'DELETE', url: 'https://vapi.example/assistant/a', headers: { Authorization: 'Bearer sk_test' } });
    const failing = providerRequest(ENV, async () => {
      throw new Error('socket hang up');
    });
    expect(await failing('GET', '/assistant/a')).toEqual({ status: null, body: null, error: 'GET /assistant/a failed: socket hang up' });
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
