import { agentTools } from '@franchise-ai/shared/agent-tools';
import { clientToolCallsMessage, type FakeToolCall } from '@franchise-ai/test-support/fake-tool-calls';
import { prepareVapiValidators } from '@franchise-ai/test-support/vapi-openapi';

// The agent's tool calls as the voice provider forwards them to the widget's SDK (a `message` event), checked against its published description.

/** An assistant with the calendar's tools, as a host gives them. */
const ASSISTANT = {
  model: {
    provider: 'openai',
    model: 'gpt-4o-mini',
    tools: agentTools(
      { businessType: 'franchisor', language: 'en' },
      { callEvents: { url: 'https://host.example/webhook/acme/call_events', secret: 'test-secret' }, tools: { territories: false, calendar: true } },
    ),
  },
};

/** The client's `tool-calls` message for `calls` of the calendar's tools. */
export const clientToolCalls = (calls: readonly FakeToolCall[]) => clientToolCallsMessage(ASSISTANT, calls);

/** The client's `tool-calls` message of one book_meeting call for `start`. */
export const bookingToolCall = (start: string) => clientToolCalls([{ name: 'book_meeting', arguments: { start } }]);

/** Compiles the description's checks of these messages (seconds on a busy machine): in a beforeAll with a long timeout, not in a test. */
export const prepareToolCallChecks = () => prepareVapiValidators(['ServerMessageToolCalls', 'ClientMessageToolCalls']);
