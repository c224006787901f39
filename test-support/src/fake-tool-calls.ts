import { randomUUID } from 'node:crypto';
import { FAKE_ORG_ID } from './fake-voice-api.ts';
import { vapiProblems } from './vapi-openapi.ts';

// The voice provider's side of a call's tools: the `tool-calls` message it POSTs to a tool's server
// while a call runs, built from an assistant body a host sent it (the body the fake voice API
// recorded: its function tools, their server and secret header), checked against the provider's
// published description (ServerMessageToolCalls) before it is sent, and the host's answer checked
// against the documented one (ServerMessageResponseToolCalls: a result or an error for every call,
// each once, named as called). Arguments go as the schema types them, a JSON string.

/** One call the model makes: a function of the assistant, its arguments, and its id (fresh unless given: give one to deliver a call twice). */
export interface FakeToolCall {
  name: string;
  arguments?: Record<string, unknown>;
  id?: string;
}

export interface ToolCallsOptions {
  /** The call the message belongs to (`call.id`); a fresh one when left out. */
  callId?: string;
  /** `call.assistantId`: a per-visitor assistant's id; none for a phone call's transient assistant. */
  assistantId?: string;
  /** Calls of functions the assistant does not have are allowed (a model's mistake); by default they throw, as a test's own. */
  unknownTools?: boolean;
}

export interface SendOptions extends ToolCallsOptions {
  /** Where to POST: by default the first tool's `server.url`, else the assistant's. */
  url?: string;
  /** The X-Vapi-Secret to send instead of the server's header (needed when the server names a credential); null sends none. */
  secret?: string | null;
}

export interface ToolCallsExchange {
  /** What was sent: `{ message }`. */
  sent: { message: Record<string, unknown> };
  status: number;
  /** The answer's JSON; its text when it is not JSON. */
  body: unknown;
  /** How the answer of a 2xx falls short of the documented one; empty when it does not (and for any other status). */
  problems: string[];
  /** Each call's result or error, by tool call id (from a 2xx answer). */
  results: Map<string, { name: string; result?: string; error?: string }>;
}

type Tool = Record<string, unknown> & { type?: unknown; function?: { name?: unknown }; server?: { url?: unknown; headers?: Record<string, unknown> } };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The function tools of an assistant body (`model.tools` of type `function`). */
export function functionTools(assistant: Record<string, unknown>): Tool[] {
  const model = isObject(assistant['model']) ? assistant['model'] : {};
  const tools = Array.isArray(model['tools']) ? (model['tools'] as unknown[]) : [];
  return tools.filter((tool): tool is Tool => isObject(tool) && tool['type'] === 'function');
}

/** The `tool-calls` message the provider sends for `calls` of `assistant`, as its published description has it; throws when it would not. */
export function toolCallsMessage(
  assistant: Record<string, unknown>,
  calls: readonly FakeToolCall[],
  options: ToolCallsOptions = {},
): { message: Record<string, unknown> } {
  const tools = functionTools(assistant);
  const list = calls.map((call) => ({
    id: call.id ?? `call_${randomUUID().replace(/-/g, '').slice(0, 24)}`,
    type: 'function',
    function: { name: call.name, arguments: JSON.stringify(call.arguments ?? {}) },
  }));
  const withTools = list.map((toolCall) => {
    const tool = tools.find((candidate) => candidate.function?.name === toolCall.function.name);
    if (!tool && !options.unknownTools) {
      throw new Error(
        `The assistant has no function tool "${toolCall.function.name}" (it has ${tools.map((t) => String(t.function?.name)).join(', ') || 'none'}).`,
      );
    }
    return { ...(tool ?? { type: 'function', function: { name: toolCall.function.name } }), toolCall };
  });
  const at = new Date().toISOString();
  const message = {
    type: 'tool-calls',
    timestamp: Date.now(),
    toolCallList: list,
    toolWithToolCallList: withTools,
    call: {
      id: options.callId ?? randomUUID(),
      orgId: FAKE_ORG_ID,
      createdAt: at,
      updatedAt: at,
      type: options.assistantId ? 'webCall' : 'outboundPhoneCall',
      status: 'in-progress',
      ...(options.assistantId ? { assistantId: options.assistantId } : {}),
    },
    assistant,
  };
  const refused = vapiProblems('ServerMessageToolCalls', message);
  if (refused.length > 0) throw new Error(`The fake's tool-calls message does not match the published description: ${refused.join('; ')}`);
  return { message };
}

/**
 * The same calls as the provider forwards them to the call's client SDK (`clientMessages` has
 * `tool-calls` by default), which the widget hears as a `message` event: the server message's
 * fields that ClientMessageToolCalls also has; throws when the description would not take it.
 */
export function clientToolCallsMessage(
  assistant: Record<string, unknown>,
  calls: readonly FakeToolCall[],
  options: ToolCallsOptions = {},
): Record<string, unknown> {
  const { message } = toolCallsMessage(assistant, calls, options);
  const { type, timestamp, toolCallList, toolWithToolCallList } = message as Record<string, unknown>;
  const client = { type, timestamp, toolCallList, toolWithToolCallList };
  const refused = vapiProblems('ClientMessageToolCalls', client);
  if (refused.length > 0) throw new Error(`The fake's client tool-calls message does not match the published description: ${refused.join('; ')}`);
  return client;
}

/** How `body` falls short of the documented answer to the calls of `sent`. */
export function toolAnswerProblems(sent: { message: Record<string, unknown> }, body: unknown): string[] {
  const problems = vapiProblems('ServerMessageResponseToolCalls', body);
  const calls = (sent.message['toolCallList'] as { id: string; function: { name: string } }[]) ?? [];
  const results = isObject(body) && Array.isArray(body['results']) ? (body['results'] as unknown[]).filter(isObject) : [];
  if (!isObject(body) || !Array.isArray(body['results'])) problems.push('the answer has no "results" array');
  for (const call of calls) {
    const answers = results.filter((result) => result['toolCallId'] === call.id);
    if (answers.length !== 1) problems.push(`tool call ${call.id} is answered ${answers.length} times, not once`);
    const [answer] = answers;
    if (!answer) continue;
    if (answer['name'] !== call.function.name) problems.push(`tool call ${call.id} is answered as "${String(answer['name'])}", not "${call.function.name}"`);
    const said = [answer['result'], answer['error']].filter((words) => typeof words === 'string');
    if (said.length !== 1) problems.push(`tool call ${call.id} must have a result or an error, one of them`);
    else if ((said[0] as string).trim() === '') problems.push(`tool call ${call.id} gives the agent nothing to say`);
  }
  for (const result of results) {
    if (!calls.some((call) => call.id === result['toolCallId']))
      problems.push(`the answer names tool call ${String(result['toolCallId'])}, which was not made`);
  }
  return problems;
}

/**
 * Sends the provider's `tool-calls` message for `calls` to the assistant's tool server, with its
 * secret header (or `secret`), and reads the answer: what a host says to the agent mid-call.
 */
export async function sendToolCalls(assistant: Record<string, unknown>, calls: readonly FakeToolCall[], options: SendOptions = {}): Promise<ToolCallsExchange> {
  const sent = toolCallsMessage(assistant, calls, options);
  const server = functionTools(assistant)[0]?.server ?? (isObject(assistant['server']) ? (assistant['server'] as Tool['server']) : undefined);
  const url = options.url ?? (typeof server?.url === 'string' ? server.url : undefined);
  if (!url) throw new Error('The assistant names no server to send its tool calls to; give `url`.');
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  for (const [name, value] of Object.entries(server?.headers ?? {})) if (typeof value === 'string') headers[name.toLowerCase()] = value;
  if (options.secret !== undefined) delete headers['x-vapi-secret'];
  if (typeof options.secret === 'string') headers['x-vapi-secret'] = options.secret;
  if (options.secret === undefined && !headers['x-vapi-secret']) throw new Error('The server sends its secret by a credential: give `secret`.');
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(sent) });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // kept as text
  }
  const ok = response.status >= 200 && response.status < 300;
  const results = new Map<string, { name: string; result?: string; error?: string }>();
  if (ok && isObject(body) && Array.isArray(body['results'])) {
    for (const result of (body['results'] as unknown[]).filter(isObject)) {
      results.set(String(result['toolCallId']), {
        name: String(result['name']),
        ...(typeof result['result'] === 'string' ? { result: result['result'] } : {}),
        ...(typeof result['error'] === 'string' ? { error: result['error'] } : {}),
      });
    }
  }
  return { sent, status: response.status, body, problems: ok ? toolAnswerProblems(sent, body) : [], results };
}
