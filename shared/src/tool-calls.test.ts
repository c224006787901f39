import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { toolAnswerProblems, toolCallsMessage } from '@franchise-ai/test-support/fake-tool-calls';
import { prepareVapiValidators, vapiOpenApi, vapiProblems } from '@franchise-ai/test-support/vapi-openapi';
import type { CallEventsServer } from './call-events.ts';
import type { Lead } from './request-body.ts';
import {
  answerToolCalls,
  isToolCallsMessage,
  MAX_RESULT_CHARS,
  MAX_TOOL_CALLS,
  parseToolCalls,
  TOOL_ANSWER_BUDGET_MS,
  TOOL_TIMEOUT_SECONDS,
  toolCallsAnswer,
  type ToolCallRequest,
  type ToolHandlers,
} from './tool-calls.ts';
import { assistantRequest } from './voice-requests.ts';

beforeAll(() => prepareVapiValidators(['ServerMessageToolCalls', 'ServerMessageResponseToolCalls']), 60_000);

const server: CallEventsServer = { url: 'https://hooks.example/webhook/franchise-ai/call_events', secret: 's'.repeat(40) };
const lead: Lead = {
  name: 'Ada Lovelace',
  company: 'Blue Paws',
  email: 'ada@example.com',
  website: 'https://www.bluepaws.example',
  businessType: 'franchisor',
  phoneNumber: null,
  consentText: 'I agree.',
  demoId: null,
};
/** The assistant a host sends with every tool on: what the fake provider builds its messages from. */
const assistant = assistantRequest(
  lead,
  { companyName: 'Franchise AI', recordCalls: false, callEvents: server, tools: { territories: true, calendar: true } },
  'browser',
);

/** A schema-valid message with these calls (arguments as the schema types them, a JSON string). */
const message = (calls: { name: string; arguments?: Record<string, unknown>; id?: string }[], options = {}) =>
  toolCallsMessage(assistant, calls, { callId: 'call-1', assistantId: 'asst-1', ...options });

describe("the provider's published description of tool calls", () => {
  it('the provider waits 20 s for a tool server by default, the figure the tools set and the budget keeps under', () => {
    // The document gives the default in words ("Defaults to 20 seconds", "@default 20") and as its example.
    const timeout = vapiOpenApi().components.schemas['Server']!.properties!['timeoutSeconds']!;
    expect(/Defaults to (\d+) seconds/.exec(String(timeout['description']))?.[1]).toBe(String(TOOL_TIMEOUT_SECONDS));
    expect(timeout['example']).toBe(TOOL_TIMEOUT_SECONDS);
    expect(TOOL_ANSWER_BUDGET_MS).toBeLessThan(TOOL_TIMEOUT_SECONDS * 1000);
  });

  it('a result must name the function and the tool call; result and error are strings (ToolCallResult)', () => {
    const result = vapiOpenApi().components.schemas['ToolCallResult']!;
    expect(result['required']).toEqual(['name', 'toolCallId']);
    expect(result.properties!['result']!['type']).toBe('string');
    expect(result.properties!['error']!['type']).toBe('string');
  });
});

describe('parseToolCalls', () => {
  it('a message as the published description has it: each call with its arguments, and the call it belongs to', () => {
    const body = message([
      { name: 'check_territory', arguments: { place: 'Lyon' }, id: 'tc-1' },
      { name: 'find_meeting_times', id: 'tc-2' },
    ]);
    expect(vapiProblems('ServerMessageToolCalls', body.message)).toEqual([]);
    expect(isToolCallsMessage(body)).toBe(true);
    expect(parseToolCalls(body)).toEqual({
      ok: true,
      callId: 'call-1',
      assistantId: 'asst-1',
      leadId: null,
      calls: [
        { id: 'tc-1', name: 'check_territory', arguments: { place: 'Lyon' } },
        { id: 'tc-2', name: 'find_meeting_times', arguments: {} },
      ],
    });
  });

  it("arguments as an object, as the provider's own examples send them (the schema says a string): taken alike", () => {
    const body = message([{ name: 'check_territory', id: 'tc-1' }]);
    const list = body.message['toolCallList'] as Array<{ function: { arguments: unknown } }>;
    list[0]!.function.arguments = { place: 'Saint-Étienne' };
    expect(vapiProblems('ServerMessageToolCalls', body.message)).toContain('toolCallList.0.function.arguments must be a string');
    expect(parseToolCalls(body)).toMatchObject({ ok: true, calls: [{ id: 'tc-1', arguments: { place: 'Saint-Étienne' } }] });
  });

  it('without toolCallList, the toolCall of each toolWithToolCallList entry; each id answered once', () => {
    const body = message([
      { name: 'check_territory', arguments: { place: 'Lyon' }, id: 'tc-1' },
      { name: 'check_territory', arguments: { place: 'Lyon' }, id: 'tc-1' },
    ]);
    expect(parseToolCalls(body)).toMatchObject({ ok: true, calls: [{ id: 'tc-1' }] });
    const { toolCallList: _, ...withTools } = body.message;
    expect(parseToolCalls({ message: withTools })).toMatchObject({ ok: true, calls: [{ id: 'tc-1', arguments: { place: 'Lyon' } }] });
  });

  it.each([
    ['not JSON', '{place: Lyon}', 'the arguments are not valid JSON'],
    ['JSON but a list', '["Lyon"]', 'the arguments are JSON but not an object'],
    ['a number', 12, 'the arguments are neither a JSON object nor a string holding one'],
    ['over 10,000 characters', JSON.stringify({ place: 'x'.repeat(10_000) }), 'the arguments are over 10000 characters'],
  ])('arguments that are %s: that call is invalid, the others stand', (_, value, invalid) => {
    const body = message([
      { name: 'check_territory', id: 'tc-1' },
      { name: 'find_meeting_times', id: 'tc-2' },
    ]);
    (body.message['toolCallList'] as Array<{ function: { arguments: unknown } }>)[0]!.function.arguments = value;
    expect(parseToolCalls(body)).toMatchObject({
      ok: true,
      calls: [
        { id: 'tc-1', name: 'check_territory', invalid },
        { id: 'tc-2', arguments: {} },
      ],
    });
  });

  it("a chat's tool calls name their lead by the chat assistant's metadata, and only a chat's", () => {
    const list = [{ id: 'tc-1', type: 'function', function: { name: 'check_territory', arguments: '{"place":"Lyon"}' } }];
    const assistant = { metadata: { leadId: '42' } };
    expect(parseToolCalls({ message: { type: 'tool-calls', toolCallList: list, chat: { id: 'chat-1' }, assistant } })).toMatchObject({
      ok: true,
      callId: null,
      leadId: '42',
    });
    expect(parseToolCalls({ message: { type: 'tool-calls', toolCallList: list, call: { id: 'call-1' }, assistant } })).toMatchObject({
      callId: 'call-1',
      leadId: null,
    });
  });

  it('a call naming no function is invalid, with its id answered', () => {
    const body = { message: { type: 'tool-calls', toolCallList: [{ id: 'tc-1', type: 'function', function: { arguments: '{}' } }], toolWithToolCallList: [] } };
    expect(parseToolCalls(body)).toEqual({
      ok: true,
      callId: null,
      assistantId: null,
      leadId: null,
      calls: [{ id: 'tc-1', name: '', invalid: 'the call names no function' }],
    });
  });

  it.each([
    ['no body', undefined, 'The body must be an object with a "message" object.'],
    ['a message of another type', { message: { type: 'status-update', status: 'ended' } }, 'message.type must be "tool-calls".'],
    ['no calls', { message: { type: 'tool-calls', toolCallList: [], toolWithToolCallList: [] } }, 'message.toolCallList must list at least one tool call.'],
    [
      'a call without an id',
      { message: { type: 'tool-calls', toolCallList: [{ type: 'function', function: { name: 'check_territory', arguments: '{}' } }] } },
      'Every tool call must be an object with an "id" string (of at most 200 characters) to answer.',
    ],
    [
      'too many calls',
      {
        message: {
          type: 'tool-calls',
          toolCallList: Array.from({ length: 11 }, (_, index) => ({ id: `tc-${index}`, type: 'function', function: { name: 'x', arguments: '{}' } })),
        },
      },
      `message.toolCallList lists 11 tool calls; at most ${MAX_TOOL_CALLS} are answered.`,
    ],
  ])('%s: refused, saying why', (_, body, reason) => {
    expect(parseToolCalls(body)).toEqual({ ok: false, reason });
  });

  it('only a tool-calls message is one', () => {
    expect(isToolCallsMessage({ message: { type: 'end-of-call-report' } })).toBe(false);
    expect(isToolCallsMessage({ message: 'tool-calls' })).toBe(false);
    expect(isToolCallsMessage(null)).toBe(false);
  });
});

describe('toolCallsAnswer', () => {
  it('the documented shape, one line each, capped; a result or an error', () => {
    const answer = toolCallsAnswer([
      { toolCallId: 'tc-1', name: 'check_territory', answer: { result: 'Lyon:\nsold.\r\n  Offer another.' } },
      { toolCallId: 'tc-2', name: 'book_meeting', answer: { error: 'x '.repeat(1_000) } },
    ]);
    expect(vapiProblems('ServerMessageResponseToolCalls', answer)).toEqual([]);
    expect(answer.results[0]).toEqual({ name: 'check_territory', toolCallId: 'tc-1', result: 'Lyon: sold. Offer another.' });
    expect(answer.results[1]!.error!.length).toBeLessThanOrEqual(MAX_RESULT_CHARS);
    expect(answer.results[1]).not.toHaveProperty('result');
  });
});

describe('answerToolCalls', () => {
  afterEach(() => vi.useRealTimers());

  const calls = (...list: ToolCallRequest[]) => list;
  const handlers: ToolHandlers<{ language: 'en' | 'fr' }> = {
    check_territory: { run: (args) => ({ result: `checked ${String(args['place'])}` }), late: () => 'late territory' },
    find_meeting_times: {
      run: () => {
        throw new Error('CalDAV is down');
      },
      late: () => 'late times',
    },
    book_meeting: { run: () => new Promise(() => {}), late: ({ language }) => (language === 'fr' ? 'réservation non confirmée' : 'booking not confirmed') },
  };

  it('each call answered by its handler, in the calls’ order, the answer as documented', async () => {
    const { answer, problems } = await answerToolCalls(
      calls({ id: 'tc-1', name: 'check_territory', arguments: { place: 'Lyon' } }, { id: 'tc-2', name: 'check_territory', arguments: { place: 'Nice' } }),
      handlers,
      { language: 'en' },
      { language: 'en' },
    );
    expect(answer).toEqual({
      results: [
        { name: 'check_territory', toolCallId: 'tc-1', result: 'checked Lyon' },
        { name: 'check_territory', toolCallId: 'tc-2', result: 'checked Nice' },
      ],
    });
    expect(problems).toEqual([]);
  });

  it('an unknown tool, a name of the prototype, unreadable arguments, a handler that throws: words for the agent, and why for the log', async () => {
    const { answer, problems } = await answerToolCalls(
      calls(
        { id: 'tc-1', name: 'transfer_call', arguments: {} },
        { id: 'tc-2', name: 'constructor', arguments: {} },
        { id: 'tc-3', name: 'check_territory', invalid: 'the arguments are not valid JSON' },
        { id: 'tc-4', name: 'find_meeting_times', arguments: {} },
      ),
      handlers,
      { language: 'en' },
      { language: 'en' },
    );
    expect(answer.results).toEqual([
      { name: 'transfer_call', toolCallId: 'tc-1', error: 'There is no tool "transfer_call" here. Do not call it again; go on with the call.' },
      { name: 'constructor', toolCallId: 'tc-2', error: 'There is no tool "constructor" here. Do not call it again; go on with the call.' },
      { name: 'check_territory', toolCallId: 'tc-3', result: 'The tool call could not be read. Call it again with its arguments as the tool describes them.' },
      {
        name: 'find_meeting_times',
        toolCallId: 'tc-4',
        error:
          'The tool did not work this time. Tell the caller you cannot do that during this call and that the team will follow up by email, then go on with the call.',
      },
    ]);
    expect(problems).toEqual([
      'tool call tc-1: no tool "transfer_call"',
      'tool call tc-2: no tool "constructor"',
      'tool call tc-3 (check_territory): the arguments are not valid JSON',
      'tool call tc-4 (find_meeting_times) failed: CalDAV is down',
    ]);
  });

  it('a handler still running at the budget: its late words, in the call’s language, and the others’ answers', async () => {
    vi.useFakeTimers();
    const answering = answerToolCalls(
      calls(
        { id: 'tc-1', name: 'book_meeting', arguments: { start: '2030-01-07T10:00:00+01:00' } },
        { id: 'tc-2', name: 'check_territory', arguments: { place: 'Lyon' } },
      ),
      handlers,
      { language: 'fr' },
      { language: 'fr' },
    );
    await vi.advanceTimersByTimeAsync(TOOL_ANSWER_BUDGET_MS);
    const { answer, problems } = await answering;
    expect(answer.results).toEqual([
      { name: 'book_meeting', toolCallId: 'tc-1', error: 'réservation non confirmée' },
      { name: 'check_territory', toolCallId: 'tc-2', result: 'checked Lyon' },
    ]);
    expect(problems).toEqual([`tool call tc-1 (book_meeting): no answer within ${TOOL_ANSWER_BUDGET_MS} ms`]);
  });

  it('the dispatcher’s own words in French, typeset', async () => {
    const { answer } = await answerToolCalls(calls({ id: 'tc-1', name: 'inconnu', arguments: {} }), handlers, { language: 'fr' }, { language: 'fr' });
    expect(answer.results[0]!.error).toBe('Il n’y a pas d’outil «\u00a0inconnu\u00a0» ici. Ne l’appelez plus\u202f; poursuivez l’appel.');
  });

  it('what it answers to a schema-valid message meets the documented answer, every call once', async () => {
    const body = message([
      { name: 'check_territory', arguments: { place: 'Lyon' } },
      { name: 'find_meeting_times' },
      { name: 'book_meeting', arguments: { start: 'soon' } },
    ]);
    const parsed = parseToolCalls(body);
    if (!parsed.ok) throw new Error(parsed.reason);
    const fast = { ...handlers, book_meeting: { run: () => ({ result: 'booked' }), late: () => 'late' } };
    const { answer } = await answerToolCalls(parsed.calls, fast, { language: 'en' }, { language: 'en' });
    expect(toolAnswerProblems(body, answer)).toEqual([]);
    // And what falls short of it is told.
    expect(toolAnswerProblems(body, { results: answer.results.slice(1) })).toEqual([expect.stringMatching(/^tool call \S+ is answered 0 times, not once$/)]);
  });
});
