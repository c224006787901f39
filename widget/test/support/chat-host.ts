import type { ServerResponse } from 'node:http';
import { type ChatAnswer, type ChatRequest, checkChatBody, chatRefusal, MAX_CHAT_TURNS } from '@franchise-ai/shared/chat';
import { WEBHOOK_PATHS } from '@franchise-ai/shared/constants';
import type { Deferred } from '@franchise-ai/test-support/deferred';
import { json, type StubAnswer } from './stub-host.ts';
import { ASSISTANT_ID } from './suite.ts';

// A stub host that chats as shared/src/chat.ts has it: demo_form answers a demoId and who calls,
// chat_message answers the probe, each message (its reply names the turn and the message) and the close.

export const DEMO_ID = 'Zm9vYmFyYmF6cXV4LWRlbW';
export const FROM = 'Acme Demo Line';
export interface ChatStub {
  answer: StubAnswer;
  /** chat_message's bodies as the contract reads them, in order. */
  readonly seen: ChatRequest[];
  /** chat_message answers 404, as a host without it does. */
  off: boolean;
  /** The next message's answer: this status and refusal body instead of a reply. */
  refuseNext: { status: number; body: object } | null;
  /** When set, replies wait for it: the typing indicator can be seen. */
  held: Deferred<void> | null;
  /** The reply to the message of this turn says goodbye (`ended: true`). */
  goodbyeAt: number | null;
  reset(): void;
}
export const replyTo = (turn: number, message: string) => `Reply ${turn}: ${message}`;
export const chatIdOf = (turn: number) => `chat-${turn}-0000`;

export function chatStub(): ChatStub {
  let lastChatId: string | null = null;
  const answer = (res: ServerResponse, body: ChatAnswer) => json(res, 200, body);
  const stub: ChatStub = {
    seen: [],
    off: false,
    refuseNext: null,
    held: null,
    goodbyeAt: null,
    reset() {
      Object.assign(stub, { off: false, refuseNext: null, held: null, goodbyeAt: null });
      stub.seen.length = 0;
      lastChatId = null;
    },
    answer(request, res) {
      const path = request.path;
      if (path.endsWith(WEBHOOK_PATHS.demoForm)) return json(res, 200, { ok: true, demoId: DEMO_ID, calls: { recorded: false, from: FROM } });
      if (path.endsWith(WEBHOOK_PATHS.websiteDemoCall)) return json(res, 200, { assistantId: ASSISTANT_ID });
      if (!path.endsWith(WEBHOOK_PATHS.chatMessage)) return json(res, 200, { ok: true });
      if (stub.off) return json(res, 404, { error: 'Not found.' });
      const check = checkChatBody(JSON.parse(request.body));
      if (!check.ok) return json(res, 400, { error: 'Invalid chat message.', fields: check.fields, codes: check.codes });
      const chat = check.request;
      stub.seen.push(chat);
      if (chat.kind === 'open')
        return void (stub.held?.promise ?? Promise.resolve()).then(() => answer(res, { status: 'open', turnsLeft: MAX_CHAT_TURNS, idleMinutes: 10 }));
      if (chat.kind === 'end') return ((lastChatId = null), answer(res, { status: 'ended' }));
      if (chat.chatId !== lastChatId) return json(res, 409, chatRefusal('chatEnded'));
      const refusal = stub.refuseNext;
      stub.refuseNext = null;
      if (refusal) return json(res, refusal.status, refusal.body);
      const turn = stub.seen.filter((seen) => seen.kind === 'message').length;
      void (stub.held?.promise ?? Promise.resolve()).then(() => {
        lastChatId = chatIdOf(turn);
        answer(res, {
          status: 'reply',
          chatId: lastChatId,
          reply: replyTo(turn, chat.message),
          turnsLeft: MAX_CHAT_TURNS - turn,
          ended: turn === stub.goodbyeAt,
        });
      });
    },
  };
  return stub;
}
