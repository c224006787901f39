import { createServer, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { functionTools, sendToolCalls, toolAnswerProblems, toolCallsMessage } from './fake-tool-calls.ts';
import { listen, type Listening } from './listen.ts';
import { prepareVapiValidators, vapiProblems } from './vapi-openapi.ts';

// The provider's side of the tools, as the hosts' tests use it: the message it builds is what the
// published description allows, it goes with the assistant's secret header, and an answer short of
// the documented one is told, whatever the host said.

beforeAll(() => prepareVapiValidators(['ServerMessageToolCalls', 'ServerMessageResponseToolCalls', 'CreateAssistantDTO']), 60_000);

let host: Listening;
/** What the stub host received, and what it answers next. */
const seen: { headers: IncomingHttpHeaders; body: unknown }[] = [];
let reply: (body: { message: { toolCallList: { id: string; function: { name: string } }[] } }) => { status: number; text: string };

beforeAll(async () => {
  host = await listen(
    createServer((req, res) => {
      void (async () => {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        seen.push({ headers: req.headers, body });
        const { status, text } = reply(body);
        res.writeHead(status, { 'content-type': 'application/json' }).end(text);
      })();
    }),
  );
});
afterAll(() => host.stop());

const SECRET = 'x'.repeat(40);
/** An assistant body with one function tool, as a host would send it. */
const assistant = (server: Record<string, unknown> = { url: `${host.url}/call_events`, headers: { 'X-Vapi-Secret': SECRET } }) => ({
  name: 'Blue Paws demo',
  model: {
    provider: 'openai',
    model: 'gpt-4o-mini',
    tools: [
      { type: 'endCall' },
      {
        type: 'function',
        function: { name: 'check_territory', parameters: { type: 'object', properties: { place: { type: 'string' } }, required: ['place'] } },
        server,
      },
    ],
  },
  server: { url: `${host.url}/call_events`, headers: { 'X-Vapi-Secret': SECRET } },
});

/** The documented answer to every call of a message. */
const answerAll = (body: Parameters<typeof reply>[0]) => ({
  status: 200,
  text: JSON.stringify({ results: body.message.toolCallList.map((call) => ({ name: call.function.name, toolCallId: call.id, result: 'ok' })) }),
});

describe('the tool-calls message', () => {
  it('is what the published description allows, built from the assistant’s own tool', () => {
    const body = assistant();
    expect(vapiProblems('CreateAssistantDTO', body)).toEqual([]);
    const { message } = toolCallsMessage(body, [{ name: 'check_territory', arguments: { place: 'Lyon' }, id: 'tc-1' }], {
      callId: 'call-1',
      assistantId: 'asst-1',
    });
    expect(vapiProblems('ServerMessageToolCalls', message)).toEqual([]);
    expect(message).toMatchObject({
      type: 'tool-calls',
      toolCallList: [{ id: 'tc-1', type: 'function', function: { name: 'check_territory', arguments: '{"place":"Lyon"}' } }],
      toolWithToolCallList: [{ type: 'function', function: { name: 'check_territory' }, toolCall: { id: 'tc-1' } }],
      call: { id: 'call-1', assistantId: 'asst-1', type: 'webCall' },
    });
    expect(functionTools(body)).toHaveLength(1);
  });

  it('calling a function the assistant lacks is the test’s mistake, unless it is meant', () => {
    expect(() => toolCallsMessage(assistant(), [{ name: 'book_meeting' }])).toThrow(
      'The assistant has no function tool "book_meeting" (it has check_territory).',
    );
    const { message } = toolCallsMessage(assistant(), [{ name: 'book_meeting' }], { unknownTools: true });
    expect(vapiProblems('ServerMessageToolCalls', message)).toEqual([]);
  });
});

describe('sendToolCalls', () => {
  it('goes to the tool’s server with its secret header, and reads each result', async () => {
    reply = answerAll;
    const exchange = await sendToolCalls(assistant(), [{ name: 'check_territory', arguments: { place: 'Lyon' }, id: 'tc-1' }]);
    expect(exchange).toMatchObject({ status: 200, problems: [] });
    expect(exchange.results.get('tc-1')).toEqual({ name: 'check_territory', result: 'ok' });
    expect(seen.at(-1)!.headers['x-vapi-secret']).toBe(SECRET);
    expect(seen.at(-1)!.body).toEqual(exchange.sent);
  });

  it('another secret, or none', async () => {
    reply = () => ({ status: 401, text: '{"error":"no"}' });
    expect((await sendToolCalls(assistant(), [{ name: 'check_territory' }], { secret: 'wrong' })).status).toBe(401);
    expect(seen.at(-1)!.headers['x-vapi-secret']).toBe('wrong');
    const none = await sendToolCalls(assistant(), [{ name: 'check_territory' }], { secret: null });
    expect(seen.at(-1)!.headers).not.toHaveProperty('x-vapi-secret');
    // Only a 2xx is held to the documented answer.
    expect(none).toMatchObject({ status: 401, problems: [], body: { error: 'no' } });
  });

  it('a server that proves itself by a credential needs the secret given', async () => {
    const credential = assistant({ url: `${host.url}/call_events`, credentialId: 'cred_1' });
    await expect(sendToolCalls(credential, [{ name: 'check_territory' }])).rejects.toThrow('The server sends its secret by a credential: give `secret`.');
  });

  it.each([
    ['no results', () => ({}), ['the answer has no "results" array', 'tool call tc-1 is answered 0 times, not once']],
    [
      'a result without its name',
      () => ({ results: [{ toolCallId: 'tc-1', result: 'ok' }] }),
      ['results.0.name should not be empty', 'tool call tc-1 is answered as "undefined", not "check_territory"'],
    ],
    [
      'both a result and an error',
      () => ({ results: [{ name: 'check_territory', toolCallId: 'tc-1', result: 'ok', error: 'no' }] }),
      ['tool call tc-1 must have a result or an error, one of them'],
    ],
    ['nothing to say', () => ({ results: [{ name: 'check_territory', toolCallId: 'tc-1', result: '  ' }] }), ['tool call tc-1 gives the agent nothing to say']],
    [
      'a result as an object',
      () => ({ results: [{ name: 'check_territory', toolCallId: 'tc-1', result: { open: true } }] }),
      ['results.0.result must be a string', 'tool call tc-1 must have a result or an error, one of them'],
    ],
    [
      'a call answered twice, and one never made',
      () => ({
        results: [
          { name: 'check_territory', toolCallId: 'tc-1', result: 'a' },
          { name: 'check_territory', toolCallId: 'tc-1', result: 'b' },
          { name: 'check_territory', toolCallId: 'tc-9', result: 'c' },
        ],
      }),
      ['tool call tc-1 is answered 2 times, not once', 'the answer names tool call tc-9, which was not made'],
    ],
  ])('an answer with %s is told', async (_, answer, problems) => {
    reply = () => ({ status: 200, text: JSON.stringify(answer()) });
    const exchange = await sendToolCalls(assistant(), [{ name: 'check_territory', arguments: { place: 'Lyon' }, id: 'tc-1' }]);
    expect(exchange.problems).toEqual(problems);
    expect(toolAnswerProblems(exchange.sent, answer())).toEqual(exchange.problems);
  });

  it('an answer that is not JSON', async () => {
    reply = () => ({ status: 200, text: 'ok' });
    const exchange = await sendToolCalls(assistant(), [{ name: 'check_territory', id: 'tc-1' }]);
    expect(exchange.body).toBe('ok');
    expect(exchange.problems).toContain('the answer has no "results" array');
  });
});
