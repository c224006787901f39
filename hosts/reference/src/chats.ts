import { randomUUID } from 'node:crypto';
import {
  CHAT_REFUSALS,
  chatRefusal,
  chatReport,
  chatTranscript,
  checkChatBody,
  MAX_CHAT_TURNS,
  saysGoodbye,
  type ChatAnswer,
  type ChatLine,
  type ChatRefusal,
  type ChatRequest,
} from '@franchise-ai/shared/chat';
import { clientKey } from '@franchise-ai/shared/client-address';
import { BODY_REFUSALS } from '@franchise-ai/shared/request-body';
import { queueLeadEvent, queueMails } from './after-call.ts';
import { retryWhileBusy } from './busy-retry.ts';
import type { HostConfig } from './config.ts';
import { HttpError, tooManyRequests } from './http.ts';
import type { LeadWebhookOutbox } from './lead-webhook-outbox.ts';
import type { MailOutbox } from './mail-outbox.ts';
import { RateLimiter } from './rate-limiter.ts';
import type { ChatRecord, Store } from './store.ts';
import { ProviderError, type VoiceProvider } from './voice-provider.ts';

// chat_message: the visitor's chat by text with its agent, through the provider's chat API (shared
// chat.ts is the contract). A visitor line is stored only with its answer, in one transaction, so a
// turn the provider failed leaves the chat as it was (not in the transcript, not counted) and the
// widget sends it again with the same chatId. When the chat ends, its report is made once and goes
// the way of a call's (after-call.ts); a chat ended but not reported when the host stopped is
// reported by the next sweep.

export interface ChatsDeps {
  config: Pick<HostConfig, 'rateLimits' | 'chatIdleMs' | 'followUp' | 'callPolicy' | 'leadWebhook'>;
  store: Store;
  provider: Pick<VoiceProvider, 'canChat' | 'chatGreeting' | 'chat' | 'analyseChat'>;
  log: (line: string) => void;
  outbox?: Pick<MailOutbox, 'wake'> | undefined;
  leadEvents?: Pick<LeadWebhookOutbox, 'wake'> | undefined;
}

export type Chats = ReturnType<typeof createChats>;

const refusal = (code: ChatRefusal) => {
  const { error, ...extra } = chatRefusal(code);
  return new HttpError(CHAT_REFUSALS[code].status, error, extra);
};

export function createChats({ config, store, provider, log, outbox, leadEvents }: ChatsDeps) {
  const perClient = config.rateLimits.chatPerIp ? new RateLimiter(config.rateLimits.chatPerIp) : undefined;
  const idleMinutes = Math.max(1, Math.round(config.chatIdleMs / 60_000));
  // Demos with a message at the provider (one at a time each: the turn count and the chat's newest
  // id must not race), and chats being reported, in this process; the sweep leaves both alone.
  const answering = new Set<string>();
  const finishing = new Set<string>();

  /** Every chat_message body: checked, then the client's limit, then whether this host chats, then the lead. */
  async function answer(body: unknown, ip: string): Promise<ChatAnswer> {
    const checked = checkChatBody(body);
    if (!checked.ok) throw new HttpError(BODY_REFUSALS.invalid.status, BODY_REFUSALS.invalid.error, { fields: checked.fields, codes: checked.codes });
    const wait = perClient?.hit(clientKey(ip)) ?? 0;
    if (wait > 0) throw tooManyRequests(wait, 'client');
    const { request } = checked;
    if (!provider.canChat) {
      if (request.kind === 'open') return { status: 'off' };
      throw refusal('off');
    }
    if (!store.leadOfDemo(request.demoId)) throw refusal('unknownDemo');
    if (request.kind === 'open') return { status: 'open', turnsLeft: Math.max(0, MAX_CHAT_TURNS - store.chatTurnsOf(request.demoId)), idleMinutes };
    if (request.kind === 'end') return end(request);
    // A second message while the first is at the provider: the widget waits for each answer, so this is a client sending too fast.
    if (answering.has(request.demoId)) throw tooManyRequests(1, 'client');
    answering.add(request.demoId);
    try {
      return await message(request);
    } finally {
      answering.delete(request.demoId);
    }
  }

  async function message(request: Extract<ChatRequest, { kind: 'message' }>): Promise<ChatAnswer> {
    const { demoId } = request;
    const { lead, linked } = store.leadOfDemo(demoId)!;
    const used = store.chatTurnsOf(demoId);
    if (used >= MAX_CHAT_TURNS) throw refusal('turns');
    const profile = store.profileOf(demoId);
    const ready = profile?.status === 'ready' ? profile : undefined;
    const open = store.openChatOf(demoId);
    let chat: ChatRecord;
    let replaced: ChatRecord | undefined;
    if (request.chatId !== null) {
      if (open?.providerChatId !== request.chatId) throw refusal('chatEnded');
      chat = open;
      await retryWhileBusy(() => store.touchChat(chat.id));
    } else if (open && open.providerChatId === null) {
      // Its first message got no answer: this is that chat's first message again.
      chat = open;
      await retryWhileBusy(() => store.touchChat(chat.id));
    } else {
      // A new chat (the widget lost the old one's id): the lead's open one, if any, ends now.
      replaced = open;
      const id = randomUUID();
      await retryWhileBusy(() =>
        store.atomically(() => {
          if (replaced) store.endChat(replaced.id, 'closed');
          store.startChat({ id, requestId: linked.requestId, demoId, greeting: provider.chatGreeting(lead, ready) });
        }),
      );
      chat = store.chatById(id)!;
    }
    if (replaced) void finish(replaced.id);

    let turn: { chatId: string; reply: string };
    try {
      turn = await provider.chat({ lead, leadId: linked.requestId, profile: ready, message: request.message, previousChatId: chat.providerChatId });
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      log(`chat ${chat.id}: the voice provider failed: ${error.message}`);
      throw refusal('provider');
    }
    const lines: ChatLine[] = [...chat.lines, { role: 'user', text: request.message }, { role: 'assistant', text: turn.reply }];
    const goodbye = saysGoodbye(turn.reply);
    const stored = await retryWhileBusy(() =>
      store.atomically(() => store.recordChatTurn(chat.id, turn.chatId, lines) && (!goodbye || store.endChat(chat.id, 'goodbye'))),
    );
    // Closed while the provider was answering: the close holds, and the reply is not the chat's.
    if (!stored) throw refusal('chatEnded');
    if (goodbye) void finish(chat.id);
    return { status: 'reply', chatId: turn.chatId, reply: turn.reply, turnsLeft: MAX_CHAT_TURNS - used - 1, ended: goodbye };
  }

  /** Closes the lead's open chat when `chatId` is its newest; any other (ended, or never) is over already: the same answer. */
  async function end(request: Extract<ChatRequest, { kind: 'end' }>): Promise<ChatAnswer> {
    const open = store.openChatOf(request.demoId);
    if (open && open.providerChatId === request.chatId && (await retryWhileBusy(() => store.endChat(open.id, 'closed')))) void finish(open.id);
    return { status: 'ended' };
  }

  /**
   * Reports an ended chat, once: the analysis (its failure leaves the summary and qualification
   * null), then in one transaction the report with its mails and lead event. A chat the visitor
   * wrote nothing in is marked reported, with nothing sent. A failure is logged; the next sweep tries again.
   */
  async function finish(id: string): Promise<void> {
    if (finishing.has(id)) return;
    finishing.add(id);
    try {
      const chat = store.chatById(id);
      if (!chat?.endedAt || !chat.endedReason || chat.reportedAt) return;
      const found = store.leadOfDemo(chat.demoId)!;
      let analysis: Parameters<typeof chatReport>[4] = { summary: null, structuredData: null };
      if (chat.turns > 0) {
        try {
          analysis = await provider.analyseChat(found.lead, chatTranscript(chat.lines));
        } catch (error) {
          log(`chat ${id}: no summary, the analysis failed: ${(error as Error).message}`);
        }
      }
      const report = chatReport(chat.providerChatId ?? chat.id, new Date(chat.endedAt), chat.endedReason, chat.lines, analysis);
      const finished = { report, linked: found.linked, key: `chat:${chat.id}`, toolsId: chat.id };
      const queued = await retryWhileBusy(() =>
        store.atomically(() => {
          if (!store.chatReported(id, chat.turns > 0 ? report : null) || chat.turns === 0) return { mails: 0, event: false };
          return { mails: queueMails({ config, store }, finished), event: queueLeadEvent({ config, store }, finished) };
        }),
      );
      if (queued.mails > 0) outbox?.wake();
      if (queued.event) leadEvents?.wake();
    } catch (error) {
      log(`chat ${id} could not be reported yet (the next sweep tries again): ${(error as Error).message}`);
    } finally {
      finishing.delete(id);
    }
  }

  /** Ends the chats idle for the idle time, and reports every ended one not reported yet. */
  async function sweep(now = new Date()): Promise<void> {
    for (const chat of store.chatsToFinish(new Date(now.getTime() - config.chatIdleMs))) {
      if (answering.has(chat.demoId) || finishing.has(chat.id)) continue;
      if (chat.endedAt === null) await retryWhileBusy(() => store.endChat(chat.id, 'idle', now));
      await finish(chat.id);
    }
  }

  return { answer, sweep };
}
