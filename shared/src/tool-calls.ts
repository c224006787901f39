import type { Vapi } from '@vapi-ai/server-sdk';
import { cutAtCharacter, oneLine } from './fact-text.ts';
import { typesetFrench } from './french-typography.ts';
import type { Language } from './language.ts';

// The voice provider's `tool-calls` server message and the host's answer to it, the same on every
// host: during a call the model asks for the agent's function tools (agent-tools.ts) and the
// provider POSTs `{ message: { type: 'tool-calls', toolCallList, toolWithToolCallList, call, ... } }`
// to the tools' server, which is the assistant's `call_events` URL with its secret (call-events.ts),
// then waits for `{ results: [{ name, toolCallId, result | error }] }` (ServerMessageResponseToolCalls)
// and gives each result to the model. Here: the message parsed, the answer built, and a dispatcher
// that runs each call's handler within the provider's wait, so the agent always has words to say.

/**
 * How long the provider waits for the tools' server (Server.timeoutSeconds, "Defaults to 20
 * seconds"): set explicitly on the tools' server (agent-tools.ts), so that a change of default
 * upstream changes nothing here.
 */
export const TOOL_TIMEOUT_SECONDS = 20;
/**
 * How long a handler may run before the dispatcher answers for it: the provider's wait less a margin
 * for the network, the request's own reading and, on n8n, the execution around the Code node.
 */
export const TOOL_ANSWER_BUDGET_MS = (TOOL_TIMEOUT_SECONDS - 6) * 1000;
/** The most tool calls one message may carry: a model asks for one or two at a time. */
export const MAX_TOOL_CALLS = 10;
/** The longest arguments a call may carry, as JSON: the tools take a place or a date. */
export const MAX_ARGUMENTS_CHARS = 10_000;
/** The longest result or error the agent is given: a few sentences (it is spoken from, and sent to the model on every turn after). */
export const MAX_RESULT_CHARS = 1_000;

/** One call the model asked for: its arguments as an object, or why they are not one (the agent is told). */
export type ToolCallRequest = { id: string; name: string; arguments: Record<string, unknown> } | { id: string; name: string; invalid: string };

/** The message parsed: the calls and the call they belong to, or why it is no tool-calls message (400). */
/**
 * `callId` and `assistantId` link a call's tool calls to its lead; a chat's (chat.ts) come with no call,
 * and `leadId`, from the chat assistant's metadata, links them instead.
 */
export type ParsedToolCalls =
  | { ok: true; callId: string | null; assistantId: string | null; leadId: string | null; calls: ToolCallRequest[] }
  | { ok: false; reason: string };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown, max: number): string | null => (typeof value === 'string' && value.trim() !== '' && value.length <= max ? value : null);

/** Whether a `call_events` body is a tool-calls message, to be answered here rather than stored as a call event. */
export const isToolCallsMessage = (body: unknown): boolean => isObject(body) && isObject(body['message']) && body['message']['type'] === 'tool-calls';

/**
 * A call's arguments: the published schema types them as a JSON string (ToolCallFunction.arguments),
 * the provider's own examples send the object itself; both are taken, and nothing else.
 */
function argumentsOf(value: unknown): Record<string, unknown> | string {
  if (value === undefined || value === null || value === '') return {};
  if (isObject(value)) return JSON.stringify(value).length <= MAX_ARGUMENTS_CHARS ? value : `the arguments are over ${MAX_ARGUMENTS_CHARS} characters`;
  if (typeof value !== 'string') return 'the arguments are neither a JSON object nor a string holding one';
  if (value.length > MAX_ARGUMENTS_CHARS) return `the arguments are over ${MAX_ARGUMENTS_CHARS} characters`;
  try {
    const parsed: unknown = JSON.parse(value);
    return isObject(parsed) ? parsed : 'the arguments are JSON but not an object';
  } catch {
    return 'the arguments are not valid JSON';
  }
}

/** One entry of `toolCallList` (or a `toolWithToolCallList` entry's `toolCall`) as a request; null when it has no id to answer. */
function requestOf(entry: unknown): ToolCallRequest | null {
  if (!isObject(entry)) return null;
  const id = text(entry['id'], 200);
  if (id === null) return null;
  const fn = isObject(entry['function']) ? entry['function'] : {};
  const name = text(fn['name'], 80);
  if (name === null) return { id, name: typeof fn['name'] === 'string' ? fn['name'].slice(0, 80) : '', invalid: 'the call names no function' };
  const args = argumentsOf(fn['arguments']);
  return typeof args === 'string' ? { id, name, invalid: args } : { id, name, arguments: args };
}

/**
 * A provider's POST body, `{ message: { type: 'tool-calls', ... } }`, as the calls to answer: from
 * `toolCallList`, else from the `toolCall` of each `toolWithToolCallList` entry (both required by the
 * schema, the second repeating the first with each tool's definition), each id once.
 */
export function parseToolCalls(body: unknown): ParsedToolCalls {
  if (!isObject(body) || !isObject(body['message'])) return { ok: false, reason: 'The body must be an object with a "message" object.' };
  const message = body['message'];
  if (message['type'] !== 'tool-calls') return { ok: false, reason: 'message.type must be "tool-calls".' };
  const listed = Array.isArray(message['toolCallList']) ? message['toolCallList'] : [];
  const withTools = Array.isArray(message['toolWithToolCallList'])
    ? message['toolWithToolCallList'].map((entry: unknown) => (isObject(entry) ? entry['toolCall'] : undefined))
    : [];
  const entries: unknown[] = listed.length > 0 ? listed : withTools;
  if (entries.length === 0) return { ok: false, reason: 'message.toolCallList must list at least one tool call.' };
  if (entries.length > MAX_TOOL_CALLS)
    return { ok: false, reason: `message.toolCallList lists ${entries.length} tool calls; at most ${MAX_TOOL_CALLS} are answered.` };
  const calls: ToolCallRequest[] = [];
  for (const entry of entries) {
    const request = requestOf(entry);
    if (request === null) return { ok: false, reason: 'Every tool call must be an object with an "id" string (of at most 200 characters) to answer.' };
    if (!calls.some((call) => call.id === request.id)) calls.push(request);
  }
  const call = isObject(message['call']) ? message['call'] : {};
  const metadata =
    isObject(message['chat']) && isObject(message['assistant']) && isObject(message['assistant']['metadata']) ? message['assistant']['metadata'] : {};
  return { ok: true, callId: text(call['id'], 128), assistantId: text(call['assistantId'], 128), leadId: text(metadata['leadId'], 128), calls };
}

/** What a handler tells the agent: a result it reads and speaks from, or an error (the tool's request-failed words are spoken). */
export type ToolAnswer = { result: string } | { error: string };

/**
 * A result or error as the provider takes it best: one line (a result with line breaks is known to be
 * read badly), capped at a whole character. Only line breaks and other controls go: French
 * typography's no-break spaces stay, which oneLine would make plain.
 */
function line(words: string): string {
  const flat = words
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
  return flat.length <= MAX_RESULT_CHARS ? flat : `${cutAtCharacter(flat, MAX_RESULT_CHARS - 1).trimEnd()}…`;
}

/** One call's answer as the provider takes it (ToolCallResult): a result or an error. */
export interface ToolResult {
  name: string;
  toolCallId: string;
  result?: string;
  error?: string;
}

/** The documented answer to a tool-calls message: one result per call, in the calls' order. */
export const toolCallsAnswer = (outcomes: readonly { toolCallId: string; name: string; answer: ToolAnswer }[]): { results: ToolResult[] } =>
  ({
    results: outcomes.map(({ toolCallId, name, answer }) => ({
      name,
      toolCallId,
      ...('result' in answer ? { result: line(answer.result) } : { error: line(answer.error) }),
    })),
  }) satisfies Vapi.ServerMessageResponseToolCalls;

/** One tool as a host answers it. */
export interface ToolHandler<Context> {
  /** The answer to a call with these arguments; what the arguments lack is told to the agent as a result, so that it asks the caller and calls again. */
  run(args: Record<string, unknown>, call: { id: string; context: Context }): ToolAnswer | Promise<ToolAnswer>;
  /**
   * What the agent is told when `run` has not answered within the budget. It may still finish after
   * (a booking written late), so it is worded as not confirmed, never as not done.
   */
  late(context: Context): string;
}

/** The tools a host answers, by function name. */
export type ToolHandlers<Context> = Readonly<Record<string, ToolHandler<Context>>>;

/** The dispatcher's own words to the agent, when no handler gave any. */
const WORDS: Record<Language, { unknown: (name: string) => string; invalid: string; failed: string }> = {
  en: {
    unknown: (name) => `There is no tool "${oneLine(name, 80)}" here. Do not call it again; go on with the call.`,
    invalid: 'The tool call could not be read. Call it again with its arguments as the tool describes them.',
    failed:
      'The tool did not work this time. Tell the caller you cannot do that during this call and that the team will follow up by email, then go on with the call.',
  },
  fr: {
    unknown: (name) => typesetFrench("Il n'y a pas d'outil « {name} » ici. Ne l'appelez plus ; poursuivez l'appel.", { name: oneLine(name, 80) }),
    invalid: typesetFrench("L'appel de l'outil est illisible. Appelez-le de nouveau avec ses paramètres tels que l'outil les décrit."),
    failed: typesetFrench(
      "L'outil n'a pas fonctionné cette fois. Dites à votre interlocuteur que vous ne pouvez pas le faire pendant cet appel et que l'équipe le recontactera par e-mail, puis poursuivez l'appel.",
    ),
  },
};

/** What `within` gives when the handler is late. */
const LATE = Symbol('late');

/** A promise's value, or `late` once `ms` have passed. */
function within<T, L>(promise: Promise<T>, ms: number, late: L): Promise<T | L> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<L>((resolve) => {
    timer = setTimeout(() => resolve(late), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Every call of a parsed message answered by its handler, all at once, each within `budgetMs`: an
 * unknown tool, unreadable arguments, a handler that throws or is late each get words for the agent,
 * and `problems` says what went wrong for the host's log. The answer is the documented one.
 */
export async function answerToolCalls<Context>(
  calls: readonly ToolCallRequest[],
  handlers: ToolHandlers<Context>,
  context: Context,
  { language, budgetMs = TOOL_ANSWER_BUDGET_MS }: { language: Language; budgetMs?: number },
): Promise<{ answer: { results: ToolResult[] }; problems: string[] }> {
  const words = WORDS[language];
  const problems: string[] = [];
  const outcomes = await Promise.all(
    calls.map(async (call) => {
      const answered = (answer: ToolAnswer) => ({ toolCallId: call.id, name: call.name, answer });
      if ('invalid' in call) {
        problems.push(`tool call ${call.id} (${call.name || 'no name'}): ${call.invalid}`);
        return answered({ result: words.invalid });
      }
      if (!Object.hasOwn(handlers, call.name)) {
        problems.push(`tool call ${call.id}: no tool "${oneLine(call.name, 80)}"`);
        return answered({ error: words.unknown(call.name) });
      }
      const handler = handlers[call.name]!;
      try {
        const answer = await within(
          Promise.resolve().then(() => handler.run(call.arguments, { id: call.id, context })),
          budgetMs,
          LATE,
        );
        if (answer !== LATE) return answered(answer);
        problems.push(`tool call ${call.id} (${call.name}): no answer within ${budgetMs} ms`);
        return answered({ error: handler.late(context) });
      } catch (error) {
        problems.push(`tool call ${call.id} (${call.name}) failed: ${error instanceof Error ? error.message : String(error)}`);
        return answered({ error: words.failed });
      }
    }),
  );
  return { answer: toolCallsAnswer(outcomes), problems };
}
