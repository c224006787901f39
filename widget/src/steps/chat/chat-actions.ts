import { chatGreeting } from '../../flow/chat-handlers.ts';
import type { ChatProblem } from '../../flow/chat-state.ts';
import type { DemoFlow } from '../../flow/use-demo-flow.ts';
import { postChatMessage } from '../../webhooks/chat-message.ts';
import { WebhookError } from '../../webhooks/webhook-client.ts';

// What the chat view does with the host's `chat_message`: send a message, close the chat, start another.

/** The code of a refused message (CHAT_REASONS, CHAT_REFUSALS, a 429's limit) as what the visitor is told. */
export function chatProblem(error: unknown): ChatProblem {
  if (!(error instanceof WebhookError) || error.kind !== 'status') return 'failed';
  if (error.status === 409) return 'ended';
  if (error.status === 404) return 'unknownDemo';
  if (error.status === 429) return error.code === 'turns' ? 'turns' : 'busy';
  const reason = error.codes?.['message'];
  if (reason === 'messageTooLong') return 'tooLong';
  return reason === 'messageEmpty' ? 'empty' : 'failed';
}

const options = (flow: DemoFlow) => ({ webhookBase: flow.config.webhookBase, signal: flow.signal });

/** Sends what is in the box; the reply, or why there is none, goes to the flow. */
export async function sendChat(flow: DemoFlow): Promise<void> {
  const { stateRef, dispatch } = flow;
  const before = stateRef.current;
  const demoId = before.request?.demoId;
  if (!demoId) return;
  dispatch({ type: 'chat-sent' });
  const { chat } = stateRef.current;
  if (stateRef.current === before || !chat) return; // empty, too long, or a reply still awaited
  const message = chat.lines[chat.lines.length - 1]!.text;
  try {
    const answer = await postChatMessage({ demoId, chatId: chat.chatId, message }, options(flow));
    if (answer.status !== 'reply') throw new WebhookError('invalid-response', `chat_message answered "${answer.status}" to a message.`);
    dispatch({ type: 'chat-replied', chatId: answer.chatId, reply: answer.reply, ended: answer.ended });
  } catch (error) {
    if (flow.signal.aborted) return;
    console.debug('[franchise-ai-demo] chat: the message got no reply.', error);
    dispatch({ type: 'chat-failed', problem: chatProblem(error), text: message });
  }
}

/** 'End chat': the after-chat steps show, and the host is told (it sends the transcript and the mails). */
export function endChat(flow: DemoFlow): void {
  const { request, chat } = flow.stateRef.current;
  if (!chat || chat.status === 'ended') return;
  flow.dispatch({ type: 'chat-ended' });
  // Nothing was said yet: the host has no chat to close.
  if (!request?.demoId || !chat.chatId) return;
  postChatMessage({ demoId: request.demoId, chatId: chat.chatId, end: true }, options(flow)).catch(
    (error: unknown) => void (flow.signal.aborted || console.debug('[franchise-ai-demo] chat: the close was not confirmed.', error)),
  );
}

/** 'Start a new chat' after one ended: greeted afresh, with a new chat id from its first reply. */
export const restartChat = (flow: DemoFlow): void =>
  flow.dispatch({ type: 'chat-restarted', greeting: chatGreeting(flow.stateRef.current, flow.config, flow.texts.language) });
