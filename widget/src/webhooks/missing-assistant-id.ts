// Why an ok answer of `website_demo_call` has no assistant id, worded for the integrator who must
// fix the host. The hosts are mostly n8n, whose ordinary settings give ok answers without an id, so
// the likely setting is named.

import { isRecord } from './assistant-answer.ts';

const WANTED = 'answer JSON like {"assistantId": "..."}';
const QUOTE_LENGTH = 200;

/** `text` quoted for the console: one line, at most 200 characters. */
export const quoteAnswer = (text: string): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  if (!line) return 'an empty body';
  return JSON.stringify(line.length > QUOTE_LENGTH ? `${line.slice(0, QUOTE_LENGTH)}…` : line);
};

/** What came back, quoted, and the host setting that most likely sent it. */
export function missingAssistantId(text: string, body: unknown, parsed: boolean): string {
  const answered = `website_demo_call answered ${quoteAnswer(text)} without an assistant id`;
  if (!parsed) return `${answered}, and that is not JSON: ${WANTED}.`;
  if (isRecord(body) && body['message'] === 'Workflow was started') {
    return `${answered}: n8n sends this when the Webhook node's Respond is "Immediately". Set Respond to "Using 'Respond to Webhook' Node" and ${WANTED}.`;
  }
  if (Array.isArray(body)) {
    return `${answered}: an array of ${body.length} entries is what n8n sends when Response Data is "All Entries". Set Response Data to "First Entry JSON", or ${WANTED} from a Respond to Webhook node.`;
  }
  return `${answered}: ${WANTED} (in n8n: a Respond to Webhook node, or Respond "When Last Node Finishes" with Response Data "First Entry JSON").`;
}
