import { beforeAll, describe, expect, it } from 'vitest';
import { prepareVapiValidators, vapiProblems } from '@franchise-ai/test-support/vapi-openapi';
import {
  callEventsFromEnv,
  checkSecret,
  constantTimeEqual,
  eventKey,
  MAX_TRANSCRIPT_CHARS,
  OUTPUT_NAMES,
  parseCallEvent,
  PROVIDER_STATUSES,
  SERVER_SECRET_MIN_LENGTH,
  structuredOutputs,
  type CallEvent,
} from './call-events.ts';
import type { Lead } from './request-body.ts';
import { assistantRequest, callRequest } from './voice-requests.ts';

// Compiling the provider's description into validators takes a second or more, several under load:
// done once before the tests, so that no test's own time pays it.
beforeAll(() => prepareVapiValidators(['ServerMessageEndOfCallReport', 'ServerMessageStatusUpdate']), 60_000);

const SECRET = 'a'.repeat(16) + 'b'.repeat(16);
const received = new Date('2026-11-26T09:00:00.000Z');

const lead = (businessType: Lead['businessType']): Lead & { phoneNumber: string } => ({
  name: 'Ada Lovelace',
  company: 'Analytical Franchises',
  email: 'ada@example.com',
  website: null,
  businessType,
  phoneNumber: '+12016234567',
  consentText: 'I agree.',
  demoId: null,
});

describe('PUBLIC_WEBHOOK_BASE and VAPI_SERVER_SECRET', () => {
  it.each([
    ['neither: off, assistants as before', {}, { secret: undefined, server: undefined }],
    [
      'a secret alone: reports taken (a ready-made assistant may name this host), none asked for',
      { VAPI_SERVER_SECRET: SECRET },
      { secret: SECRET, server: undefined },
    ],
    [
      'both: the url is the base and /call_events, whatever slashes end the base',
      { PUBLIC_WEBHOOK_BASE: ' https://demo.example/webhook/acme/ ', VAPI_SERVER_SECRET: SECRET },
      { secret: SECRET, server: { url: 'https://demo.example/webhook/acme/call_events', secret: SECRET } },
    ],
    [
      "and a credential: the operator's, which sends the same secret",
      { PUBLIC_WEBHOOK_BASE: 'https://demo.example/webhook/acme', VAPI_SERVER_SECRET: SECRET, VAPI_SERVER_CREDENTIAL_ID: ' cred_1 ' },
      { secret: SECRET, server: { url: 'https://demo.example/webhook/acme/call_events', secret: SECRET, credentialId: 'cred_1' } },
    ],
  ])('%s', (_, env, expected) => {
    expect(callEventsFromEnv(env)).toEqual(expected);
  });

  it.each([
    ['a base without a secret', { PUBLIC_WEBHOOK_BASE: 'https://demo.example/webhook/acme' }, /needs VAPI_SERVER_SECRET/],
    ['a short secret', { VAPI_SERVER_SECRET: 'x'.repeat(SERVER_SECRET_MIN_LENGTH - 1) }, /at least 32/],
    ['a base that is no web address', { PUBLIC_WEBHOOK_BASE: 'ftp://demo.example/x', VAPI_SERVER_SECRET: SECRET }, /http\(s\) URL/],
    ['a base that is not a URL at all', { PUBLIC_WEBHOOK_BASE: 'demo.example', VAPI_SERVER_SECRET: SECRET }, /http\(s\) URL/],
  ])('stops the start on %s', (_, env, message) => {
    expect(() => callEventsFromEnv(env)).toThrow(message);
  });
});

describe('what the assistants carry', () => {
  const server = { url: 'https://demo.example/webhook/acme/call_events', secret: SECRET };
  // The secret as a header of the server's (Vapi removed `server.secret` in May 2025).
  const sent = { url: server.url, headers: { 'X-Vapi-Secret': SECRET } };
  const terms = { companyName: 'Franchise AI', recordCalls: false };

  it('without a public address: nothing new in the assistant or the call', () => {
    const assistant = assistantRequest(lead('franchisor'), terms, 'phone');
    const call = callRequest('asst_1', 'pn_1', lead('franchisor'), terms);
    for (const body of [assistant, call.assistantOverrides]) {
      expect(body).not.toHaveProperty('server');
      expect(body).not.toHaveProperty('serverMessages');
      expect(body?.artifactPlan).toEqual({ recordingEnabled: false });
    }
  });

  it.each(['browser', 'phone'] as const)('with one: the %s assistant names the server with the secret header, the two messages and the outputs', (channel) => {
    const body = assistantRequest(lead('franchisor'), { ...terms, callEvents: server }, channel);
    expect(body).toMatchObject({ server: sent, serverMessages: ['status-update', 'end-of-call-report'] });
    expect(body.artifactPlan).toEqual({ recordingEnabled: false, structuredOutputs: structuredOutputs('franchisor') });
    expect(body).not.toHaveProperty('analysisPlan');
    expect(JSON.stringify(body)).not.toMatch(/"secret"/);
  });

  it('with a credential: the server names it, and the secret is not in the body', () => {
    const body = assistantRequest(lead('franchisor'), { ...terms, callEvents: { ...server, credentialId: 'cred_1' } }, 'browser');
    expect(body.server).toEqual({ url: server.url, credentialId: 'cred_1' });
    expect(JSON.stringify(body)).not.toContain(SECRET);
  });

  it("and the call's assistantOverrides, so that a ready-made assistant reports too", () => {
    const call = callRequest('asst_1', 'pn_1', lead('franchisee'), { ...terms, callEvents: server });
    expect(call.assistantOverrides).toMatchObject({ server: sent, maxDurationSeconds: 300 });
    expect(call.assistantOverrides?.artifactPlan?.structuredOutputs).toEqual(structuredOutputs('franchisee'));
  });

  it("asks each side's questions, and a summary in the lead's language", () => {
    const [summary, qualification] = structuredOutputs('franchisor');
    expect([summary!.name, qualification!.name]).toEqual([OUTPUT_NAMES.summary, OUTPUT_NAMES.qualification]);
    expect(Object.keys(qualification!.schema.properties!)).toEqual(['territoryWanted', 'timeline', 'experience', 'wantsDiscoveryCall']);
    expect(Object.keys(structuredOutputs('franchisee')[1]!.schema.properties!)).toEqual(['reasonForCalling', 'bookingWanted', 'bookingDetails']);
    expect(summary!.schema).toMatchObject({ type: 'string', description: expect.stringMatching(/2 or 3 sentences, in English/) });
    // A French lead's summary, which its French mail carries, is asked for in French.
    const [french, frenchQualification] = structuredOutputs('franchisee', 'fr');
    expect(french!.schema.description).toMatch(/en français/);
    expect(frenchQualification).toEqual(structuredOutputs('franchisee')[1]);
  });
});

describe('the secret', () => {
  it.each([
    ['the configured one', SECRET, SECRET, 'ok'],
    ['none sent', SECRET, undefined, 'secret'],
    ['an empty one', SECRET, '', 'secret'],
    ['a wrong one of the same length', SECRET, 'c'.repeat(32), 'secret'],
    ['a prefix of it', SECRET, SECRET.slice(0, 31), 'secret'],
    ['it and more', SECRET, `${SECRET}x`, 'secret'],
    ['the header twice', SECRET, [SECRET, SECRET], 'secret'],
    ['anything, when no secret is configured', undefined, SECRET, 'off'],
  ] as const)('%s: %s', (_, configured, sent, expected) => {
    expect(checkSecret(configured, sent as string | string[] | undefined)).toBe(expected);
  });

  it('compares whole strings, unit by unit', () => {
    expect(constantTimeEqual('é', 'é')).toBe(true);
    expect(constantTimeEqual('é', 'e\u0301')).toBe(false);
    expect(constantTimeEqual('', '')).toBe(true);
    expect(constantTimeEqual('a', '')).toBe(false);
    expect(constantTimeEqual('a\u0000', 'a')).toBe(false);
  });
});

/** A message's `call` as the provider's schema (Call) has it. */
const providerCall = { id: 'call_1', orgId: 'org_1', createdAt: '2026-11-26T09:00:00.000Z', updatedAt: '2026-11-26T09:04:00.000Z' };
const status = (fields: Record<string, unknown>) => ({ message: { type: 'status-update', call: { id: 'call_1' }, ...fields } });
const report = (fields: Record<string, unknown>) => ({ message: { type: 'end-of-call-report', call: { id: 'call_1' }, ...fields } });

describe('parsing what the provider posts', () => {
  it.each([
    [
      'a status with a timestamp in ms',
      status({ status: 'ringing', timestamp: Date.parse('2026-11-26T08:59:00Z') }),
      { kind: 'status', callId: 'call_1', assistantId: null, status: 'ringing', at: '2026-11-26T08:59:00.000Z', endedReason: null },
    ],
    [
      'a status with an ISO timestamp',
      status({ status: 'in-progress', timestamp: '2026-11-26T08:59:30Z' }),
      { kind: 'status', callId: 'call_1', assistantId: null, status: 'in-progress', at: '2026-11-26T08:59:30.000Z', endedReason: null },
    ],
    [
      'a status without a timestamp: when it arrived',
      status({ status: 'queued' }),
      { kind: 'status', callId: 'call_1', assistantId: null, status: 'queued', at: received.toISOString(), endedReason: null },
    ],
    [
      'ended, with its reason',
      status({ status: 'ended', endedReason: 'customer-ended-call', timestamp: 'nonsense' }),
      { kind: 'status', callId: 'call_1', assistantId: null, status: 'ended', at: received.toISOString(), endedReason: 'customer-ended-call' },
    ],
  ])('%s', (_, body, event) => {
    expect(parseCallEvent(body, received)).toEqual({ ok: true, event });
  });

  /** The report as the provider's current schema (ServerMessageEndOfCallReport) describes it: outputs keyed by id, the recording as an object. */
  const currentReport = {
    type: 'end-of-call-report',
    endedReason: 'assistant-ended-call',
    timestamp: Date.parse('2026-11-26T09:04:00Z'),
    call: { ...providerCall, assistantId: 'asst_1', type: 'webCall' },
    artifact: {
      transcript: 'AI: Hello\nUser: Hi',
      messages: [],
      recording: {
        stereoUrl: 'https://storage.example/stereo.wav',
        mono: { combinedUrl: 'https://storage.example/mono.wav', assistantUrl: 'https://storage.example/a.wav', customerUrl: 'https://storage.example/c.wav' },
      },
      structuredOutputs: {
        'a1b2c3d4-0000-4000-8000-000000000001': { name: OUTPUT_NAMES.summary, result: 'Wants Lyon by spring.' },
        'a1b2c3d4-0000-4000-8000-000000000002': { name: OUTPUT_NAMES.qualification, result: { territoryWanted: 'Lyon', wantsDiscoveryCall: true } },
      },
    },
    analysis: {},
  };

  it("takes the provider's current report shape (its schema holds the fixture)", () => {
    expect(vapiProblems('ServerMessageEndOfCallReport', currentReport)).toEqual([]);
    expect(parseCallEvent({ message: currentReport }, received)).toEqual({
      ok: true,
      event: {
        kind: 'report',
        callId: 'call_1',
        assistantId: 'asst_1',
        at: '2026-11-26T09:04:00.000Z',
        endedReason: 'assistant-ended-call',
        transcript: 'AI: Hello\nUser: Hi',
        summary: 'Wants Lyon by spring.',
        structuredData: { territoryWanted: 'Lyon', wantsDiscoveryCall: true },
        recordingUrl: 'https://storage.example/mono.wav',
      },
    });
  });

  it('a recording with only its stereo file, or in the deprecated recordingUrl, is kept too', () => {
    const stereo = { ...currentReport, artifact: { recording: { stereoUrl: 'https://storage.example/stereo.wav' } } };
    expect(vapiProblems('ServerMessageEndOfCallReport', stereo)).toEqual([]);
    expect(parseCallEvent({ message: stereo }, received)).toMatchObject({ event: { recordingUrl: 'https://storage.example/stereo.wav' } });
    const deprecated = { ...currentReport, artifact: { recordingUrl: 'https://storage.example/rec.wav' } };
    expect(vapiProblems('ServerMessageEndOfCallReport', deprecated)).toEqual([]);
    expect(parseCallEvent({ message: deprecated }, received)).toMatchObject({ event: { recordingUrl: 'https://storage.example/rec.wav' } });
  });

  it("a ready-made assistant's own analysisPlan: its analysis is read when no output came", () => {
    const parsed = parseCallEvent(
      report({
        endedReason: 'assistant-ended-call',
        artifact: { transcript: 'AI: Hello' },
        analysis: { summary: 'Wants Lyon by spring.', structuredData: { territoryWanted: 'Lyon' } },
      }),
      received,
    );
    expect(parsed).toMatchObject({ event: { summary: 'Wants Lyon by spring.', structuredData: { territoryWanted: 'Lyon' } } });
  });

  it.each([...PROVIDER_STATUSES])("takes every status of the provider's schema: %s", (value) => {
    const message = { type: 'status-update', status: value, call: providerCall };
    expect(vapiProblems('ServerMessageStatusUpdate', message)).toEqual([]);
    expect(parseCallEvent({ message }, received)).toMatchObject({ ok: true, event: { kind: 'status', status: value } });
  });

  it('answers a status the schema does not list 200 (ignored, for the log), so that the provider does not retry it', () => {
    expect(parseCallEvent(status({ status: 'dancing' }), received)).toEqual({ ok: true, event: null, ignored: 'status-update dancing' });
  });

  it('a report in the older shape: recordingUrl and transcript on the message, or only messages', () => {
    const older = parseCallEvent(report({ recordingUrl: 'https://storage.example/r.mp3', transcript: 'AI: Hi' }), received);
    expect(older).toMatchObject({ event: { recordingUrl: 'https://storage.example/r.mp3', transcript: 'AI: Hi' } });
    const messages = parseCallEvent(
      report({
        artifact: { messages: [{ role: 'system', message: 'prompt' }, { role: 'bot', message: 'Hello' }, { role: 'user', message: 'Hi' }, { role: 'user' }] },
      }),
      received,
    );
    expect(messages).toMatchObject({ event: { transcript: 'bot: Hello\nuser: Hi' } });
  });

  it('a report with nothing in it is still a report (the call may not have connected)', () => {
    expect(parseCallEvent(report({}), received)).toEqual({
      ok: true,
      event: {
        kind: 'report',
        callId: 'call_1',
        assistantId: null,
        at: received.toISOString(),
        endedReason: null,
        transcript: null,
        summary: null,
        structuredData: null,
        recordingUrl: null,
      },
    });
  });

  it('keeps no recording link that is not http(s), no qualification that is not an object, and cuts a huge transcript', () => {
    const parsed = parseCallEvent(
      report({
        artifact: { recordingUrl: 'javascript:alert(1)', transcript: 'x'.repeat(MAX_TRANSCRIPT_CHARS + 10) },
        analysis: { structuredData: ['not', 'an', 'object'] },
      }),
      received,
    );
    expect(parsed).toMatchObject({ event: { recordingUrl: null, structuredData: null } });
    expect((parsed as { event: { transcript: string } }).event.transcript).toHaveLength(MAX_TRANSCRIPT_CHARS);
  });

  it.each(['conversation-update', 'speech-update', 'hang', 'transcript'])('ignores a message type the hosts do not use (%s): 200, nothing stored', (type) => {
    expect(parseCallEvent({ message: { type, call: { id: 'call_1' } } }, received)).toEqual({ ok: true, event: null, ignored: type });
  });

  it.each([
    ['not an object', 'hello'],
    ['null', null],
    ['no message', { type: 'status-update' }],
    ['a message that is an array', { message: [] }],
    ['no type', { message: { call: { id: 'call_1' } } }],
    ['no call', { message: { type: 'status-update', status: 'ringing' } }],
    ['a call id that is not a string', status({ status: 'ringing', call: { id: 42 } })],
    ['an empty call id', status({ status: 'ringing', call: { id: ' ' } })],
    ['no status', status({})],
    ['a status that is not a string', status({ status: 3 })],
  ])('refuses (400) %s', (_, body) => {
    expect(parseCallEvent(body, received)).toMatchObject({ ok: false, reason: expect.any(String) });
  });
});

describe('the idempotency key', () => {
  const parse = (body: unknown): CallEvent => (parseCallEvent(body, received) as { event: CallEvent }).event;

  it('is the same for a redelivery, whatever its timestamp', () => {
    expect(eventKey(parse(status({ status: 'ringing', timestamp: 1 })))).toBe(eventKey(parse(status({ status: 'ringing', timestamp: 2 }))));
    expect(eventKey(parse(report({ analysis: { summary: 'a' } })))).toBe(eventKey(parse(report({}))));
  });

  it('differs between statuses, between calls, and between a status and the report', () => {
    const keys = [status({ status: 'ringing' }), status({ status: 'ended' }), status({ status: 'ringing', call: { id: 'call_2' } }), report({})].map((body) =>
      eventKey(parse(body)),
    );
    expect(new Set(keys).size).toBe(keys.length);
  });
});
