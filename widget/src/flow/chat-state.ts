import { MAX_CHAT_MESSAGE_CHARS } from '@franchise-ai/shared/chat';
import type { FlowState } from './reducer.ts';

// The chat by text as the flow keeps it: its lines stay while the visitor moves to voice and back.

/** Why a message did not get its reply, worded by the chat view in the visitor's language (copy/chat-copy.ts). */
export type ChatProblem = 'tooLong' | 'empty' | 'turns' | 'busy' | 'ended' | 'unknownDemo' | 'failed';

/** A line of the chat, as the hosts keep one (shared/src/chat.ts's ChatLine, whose module the public declarations do not take in). */
export interface ChatLine {
  role: 'assistant' | 'user';
  text: string;
}

export interface ChatView {
  /** The agent's greeting first, then each message and its reply, in order. */
  lines: readonly ChatLine[];
  /** The host's id of this chat, sent with the next message; null before the first reply. */
  chatId: string | null;
  /** What is in the box: kept across steps, and given back when a message fails. */
  draft: string;
  status: 'idle' | 'sending' | 'ended';
  problem: ChatProblem | null;
}

export type ChatAction =
  /** The host answered the `open` probe: it chats for this lead. */
  | { type: 'chat-offered' }
  /** 'Chat With It', 'Chat instead': the chat, with its lines if one is under way, else greeted afresh. */
  | { type: 'chat-chosen'; greeting: string }
  | { type: 'chat-typed'; text: string }
  | { type: 'chat-sent' }
  | { type: 'chat-replied'; chatId: string; reply: string; ended: boolean }
  /** `text`: the message that failed, back in the box. */
  | { type: 'chat-failed'; problem: ChatProblem; text: string }
  | { type: 'chat-ended' }
  | { type: 'chat-restarted'; greeting: string };

const freshChat = (greeting: string): ChatView => ({ lines: [{ role: 'assistant', text: greeting }], chatId: null, draft: '', status: 'idle', problem: null });

/** Where the chat can be chosen from: the option card, and the browser step (a call that cannot start, or back to text). */
const CHAT_FROM: readonly FlowState['step'][] = ['congratulations', 'browser-call'];

/** The chat's part of the flow; other actions return the same state. */
export function chatReducer(state: FlowState, action: ChatAction): FlowState {
  const { chat } = state;
  switch (action.type) {
    case 'chat-offered':
      return state.chatOffered ? state : { ...state, chatOffered: true };
    case 'chat-chosen':
      if (!state.chatOffered || !CHAT_FROM.includes(state.step) || state.phoneSending) return state;
      if (state.callStatus === 'starting' || state.callStatus === 'active') return state;
      return { ...state, step: 'chat', phoneDialogOpen: false, chat: chat ?? freshChat(action.greeting) };
    case 'chat-restarted':
      if (state.step !== 'chat' || chat?.status !== 'ended') return state;
      return { ...state, chat: freshChat(action.greeting) };
    case 'chat-typed':
      if (!chat || chat.draft === action.text) return state;
      return { ...state, chat: { ...chat, draft: action.text } };
    case 'chat-sent': {
      const text = chat?.draft.trim() ?? '';
      if (state.step !== 'chat' || chat?.status !== 'idle' || text === '' || text.length > MAX_CHAT_MESSAGE_CHARS) return state;
      return { ...state, chat: { ...chat, lines: [...chat.lines, { role: 'user', text }], draft: '', status: 'sending', problem: null } };
    }
    case 'chat-replied':
      if (chat?.status !== 'sending') return state;
      return {
        ...state,
        chat: { ...chat, lines: [...chat.lines, { role: 'assistant', text: action.reply }], chatId: action.chatId, status: action.ended ? 'ended' : 'idle' },
      };
    case 'chat-failed': {
      if (chat?.status !== 'sending') return state;
      // The message leaves the conversation and goes back in the box, before whatever was typed since.
      const draft = chat.draft ? `${action.text}\n${chat.draft}` : action.text;
      return {
        ...state,
        chat: { ...chat, lines: chat.lines.slice(0, -1), draft, status: action.problem === 'ended' ? 'ended' : 'idle', problem: action.problem },
      };
    }
    case 'chat-ended':
      if (!chat || chat.status === 'ended') return state;
      return { ...state, chat: { ...chat, status: 'ended', problem: null } };
    default:
      return state;
  }
}
