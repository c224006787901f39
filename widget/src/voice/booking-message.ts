// The voice SDK's `message` events that say the agent is booking a meeting: the provider forwards
// its `tool-calls` message to the client (by default: CreateAssistantDTO's clientMessages) and, when
// asked to, `tool-calls-result` (ClientMessageToolCalls, ClientMessageToolCallsResult).

/** shared agent-tools.ts's TOOL_NAMES.book, spelled here so the voice chunk does not carry that module; booking-message.test.ts holds them equal. */
export const BOOK_MEETING = 'book_meeting';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether `message` is a tool call of book_meeting, or its result. */
export function isBookingMessage(message: unknown): boolean {
  if (!isObject(message)) return false;
  if (message['type'] === 'tool-calls') {
    const calls = message['toolCallList'];
    return Array.isArray(calls) && calls.some((call) => isObject(call) && isObject(call['function']) && call['function']['name'] === BOOK_MEETING);
  }
  const result = message['toolCallResult'];
  return message['type'] === 'tool-calls-result' && isObject(result) && result['name'] === BOOK_MEETING;
}
