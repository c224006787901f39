import type { ChatAnswer } from '@franchise-ai/shared/chat';
import { WEBHOOK_PATHS } from '@franchise-ai/shared/constants';
import { isRecord } from './assistant-answer.ts';
import { postJson, WebhookError, type WebhookOptions } from './webhook-client.ts';

/** What the widget posts to `chat_message` (shared/src/chat.ts's `checkChatBody` reads it). */
export type ChatBody = { demoId: string } | { demoId: string; chatId: string | null; message: string } | { demoId: string; chatId: string; end: true };

/** A 200 body of `chat_message` as one of the contract's answers, or null for anything else. */
export function readChatAnswer(body: unknown): ChatAnswer | null {
  if (!isRecord(body)) return null;
  if (body['status'] === 'open' || body['status'] === 'ended') return body as ChatAnswer;
  const { status, chatId, reply, ended } = body;
  return status === 'reply' && typeof chatId === 'string' && typeof reply === 'string' && reply.trim() !== ''
    ? { status, chatId, reply: reply.trim(), turnsLeft: Number(body['turnsLeft']) || 0, ended: ended === true }
    : null;
}

/** POSTs to `chat_message`; an ok answer the contract does not know rejects as `invalid-response`. */
export function postChatMessage(body: ChatBody, options: WebhookOptions): Promise<ChatAnswer> {
  return postJson(WEBHOOK_PATHS.chatMessage, body, options, async (response) => {
    let answer: ChatAnswer | null = null;
    try {
      answer = readChatAnswer(JSON.parse(await response.text()));
    } catch {
      // not JSON: refused below
    }
    if (!answer) throw new WebhookError('invalid-response', 'chat_message answered something that is no chat answer.', response.status);
    return answer;
  });
}
