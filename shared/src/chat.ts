// Chat by text: the rules every host keeps at `POST {webhook-base}/chat_message` (the stand-in and
// the n8n workflows alike), and what they send the provider's chat API (`POST {VAPI_API_BASE}/chat`,
// CreateChatDTO in its published description). The visitor types; the host sends the message with
// the visitor's assistant (inline, built as for a call, channel 'chat') and the previous chat's id, and
// answers the agent's reply whole: n8n's webhook answers once, and a reply is a few sentences, so the
// widget shows a typing indicator rather than a stream. When the chat ends (the visitor closes it, it
// stays idle CHAT_IDLE_MINUTES, or the agent says its goodbye), the host asks the provider for the
// summary and the qualification (one more chat, with an analyst assistant) and sends the mails and the
// lead event as after a call, with the channel 'chat'.

import type { Vapi } from '@vapi-ai/server-sdk';
import { greetingFact } from './agent-scenario.ts';
import { agentTools } from './agent-tools.ts';
import type { BrandProfile } from './brand-profile.ts';
import { analysisSchemas, type ReportEvent } from './call-events.ts';
import { isDemoId } from './demo-id.ts';
import { DEFAULT_LANGUAGE, type Language } from './language.ts';
import { liquidLiteral } from './liquid-text.ts';
import { openingLine } from './opening-line.ts';
import type { Lead } from './request-body.ts';
import { assistantName, END_CALL_MESSAGE, END_CALL_MESSAGE_FR, systemPrompt, type VoiceTerms } from './voice-requests.ts';

/** The longest message a visitor may type, in characters (UTF-16 units, as a textarea's maxlength counts). */
export const MAX_CHAT_MESSAGE_CHARS = 1_000;
/** The largest chat_message body a host reads: a message at its longest, escaped, and the ids. */
export const MAX_CHAT_BODY_BYTES = 8 * 1024;
/** How many messages one lead may send across all its chats: a demo, not a free chatbot. */
export const MAX_CHAT_TURNS = 30;
/** A chat nobody wrote in for this long is over: its mails and lead event go out (CHAT_IDLE_MINUTES). */
export const DEFAULT_CHAT_IDLE_MINUTES = 10;
/** The provider's chat ids are UUIDs; anything else is not one. */
const CHAT_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

/** `CHAT_IDLE_MINUTES` (1 to 120), or the default; a malformed value throws with the reason. */
export function chatIdleMinutes(env: Record<string, string | undefined>): number {
  const value = env['CHAT_IDLE_MINUTES']?.trim();
  if (!value) return DEFAULT_CHAT_IDLE_MINUTES;
  const minutes = Number(value);
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 120)
    throw new Error(`CHAT_IDLE_MINUTES: "${value}" must be a whole number of minutes from 1 to 120.`);
  return minutes;
}

/**
 * What the widget posts. `message` absent (and `end` absent) asks whether this host chats for this
 * lead; `end: true` closes the chat `chatId`; otherwise `message` is the visitor's next line, in the
 * chat `chatId` (absent for the first).
 */
export type ChatRequest =
  | { kind: 'open'; demoId: string }
  | { kind: 'message'; demoId: string; chatId: string | null; message: string }
  | { kind: 'end'; demoId: string; chatId: string };

/** Why a body is refused, as a code the widget words in the visitor's language, and the host's words. */
export const CHAT_REASONS = {
  demoIdInvalid: 'demoId must be the 22-character id that demo_form answered.',
  chatIdInvalid: 'chatId must be the id that chat_message answered, or left out.',
  messageInvalid: 'message must be text.',
  messageEmpty: 'Type a message first.',
  messageTooLong: `A message must be at most ${MAX_CHAT_MESSAGE_CHARS} characters.`,
  endInvalid: 'end must be true, with the chatId to close.',
} as const;
export type ChatReasonCode = keyof typeof CHAT_REASONS;

export type ChatBodyCheck = { ok: true; request: ChatRequest } | { ok: false; fields: Record<string, string>; codes: Record<string, ChatReasonCode> };

/** Checks a parsed chat_message body; every problem is reported, one per field. */
export function checkChatBody(body: unknown): ChatBodyCheck {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, fields: { body: 'The body must be a JSON object.' }, codes: {} };
  const { demoId, chatId, message, end } = body as Record<string, unknown>;
  const codes: Record<string, ChatReasonCode> = {};
  if (!isDemoId(demoId)) codes['demoId'] = 'demoIdInvalid';
  if (chatId !== undefined && chatId !== null && !(typeof chatId === 'string' && CHAT_ID_PATTERN.test(chatId))) codes['chatId'] = 'chatIdInvalid';
  if (end !== undefined && (end !== true || typeof chatId !== 'string')) codes['end'] = 'endInvalid';
  if (message !== undefined && end === undefined) {
    if (typeof message !== 'string') codes['message'] = 'messageInvalid';
    else if (message.trim() === '') codes['message'] = 'messageEmpty';
    else if (message.length > MAX_CHAT_MESSAGE_CHARS) codes['message'] = 'messageTooLong';
  }
  if (Object.keys(codes).length > 0) {
    return { ok: false, fields: Object.fromEntries(Object.entries(codes).map(([field, code]) => [field, CHAT_REASONS[code]])), codes };
  }
  const id = demoId as string;
  if (end === true) return { ok: true, request: { kind: 'end', demoId: id, chatId: chatId as string } };
  if (message === undefined) return { ok: true, request: { kind: 'open', demoId: id } };
  return { ok: true, request: { kind: 'message', demoId: id, chatId: typeof chatId === 'string' ? chatId : null, message: (message as string).trim() } };
}

/** Every host's answers to a chat_message it cannot serve (besides BODY_REFUSALS and the 429s). */
export const CHAT_REFUSALS = {
  unknownDemo: { status: 404, error: 'No demo has this demoId: start again from the form.' },
  /** The chat asked for is not this lead's open one: it ended (the idle time, a goodbye, a close), or never was. */
  chatEnded: { status: 409, error: 'This chat has ended. Start a new one to go on.' },
  turns: { status: 429, error: `This demo has had its ${MAX_CHAT_TURNS} chat messages. Book a call with our team to go on.` },
  /** No VAPI_PRIVATE_KEY: the host does not chat (the widget hides the option). */
  off: { status: 503, error: 'Chat is not configured here (set VAPI_PRIVATE_KEY).' },
  provider: { status: 502, error: 'The agent did not answer. Send your message again in a moment.' },
} as const;
export type ChatRefusal = keyof typeof CHAT_REFUSALS;

/** A refusal's body: the host's words and the code the widget words in the visitor's language. */
export const chatRefusal = (code: ChatRefusal) => ({ error: CHAT_REFUSALS[code].error, code });

/**
 * The 200 answers: `open` says the host chats for this lead (and how many messages are left);
 * `reply` is the agent's answer and the chat id to send next (`ended` when the agent said goodbye,
 * after which the mails go out); `ended` confirms a close (also for a chat already over); `off` answers
 * the probe of a host that does not chat (a message or a close there is 503 `off`): a probe answered
 * 503 would put the browser's own error line in every partner page's console.
 */
export type ChatAnswer =
  | { status: 'open'; turnsLeft: number; idleMinutes: number }
  | { status: 'off' }
  | { status: 'reply'; chatId: string; reply: string; turnsLeft: number; ended: boolean }
  | { status: 'ended' };

const languageOf = (lead: Pick<Lead, 'language'>): Language => lead.language ?? DEFAULT_LANGUAGE;

/**
 * The agent's first line in the chat: the call's opening line, adapted to text (opening-line.ts). The
 * widget shows it as the chat opens; the host sends it as the chat's first assistant message, so the
 * model knows what it has said.
 */
export const chatGreeting = (lead: Lead, terms: Pick<VoiceTerms, 'companyName' | 'recordCalls'>, profile?: BrandProfile): string =>
  openingLine(lead, terms, 'chat', greetingFact(profile, languageOf(lead)), languageOf(lead));

/**
 * The visitor's assistant for a chat: the call's prompt (channel 'chat'), profile, scenario and tools,
 * without what only a voice has (voice, transcriber, first message, endCall); its conversation opens
 * with the greeting the widget showed, as the model's first assistant message. `leadId` (the host's id
 * of the lead's row) is in its metadata, where a tool-calls message from a chat names it
 * (tool-calls.ts's `leadId`), since the chat's own id is not known until the reply comes.
 */
export const chatAssistant = (lead: Lead, terms: VoiceTerms, leadId: string, profile?: BrandProfile) =>
  ({
    name: assistantName(lead.company),
    model: {
      provider: 'openai',
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: liquidLiteral(systemPrompt(lead, terms, 'chat', profile)) },
        { role: 'assistant', content: liquidLiteral(chatGreeting(lead, terms, profile)) },
      ],
      tools: agentTools(lead, terms),
    },
    metadata: { businessType: lead.businessType, company: lead.company, leadId },
  }) satisfies Vapi.CreateAssistantDto;

/**
 * The body of `POST {VAPI_API_BASE}/chat` for one message: the visitor's assistant, the message as the
 * input as typed (a string: the published description's message objects are a call's, with times;
 * only the prompt and first message go through Liquid), and the
 * previous chat's id, whose messages the provider takes as context, from the second message on.
 */
export const chatRequest = (turn: {
  lead: Lead;
  terms: VoiceTerms;
  leadId: string;
  profile?: BrandProfile | undefined;
  message: string;
  previousChatId: string | null;
}) =>
  ({
    assistant: chatAssistant(turn.lead, turn.terms, turn.leadId, turn.profile),
    input: turn.message,
    ...(turn.previousChatId ? { previousChatId: turn.previousChatId } : {}),
  }) satisfies Vapi.CreateChatDto;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The agent's reply in a Chat the provider answered: its id and the assistant's words in `output`; null when it has neither. */
export function chatReplyOf(chat: unknown): { chatId: string; reply: string } | null {
  if (!isObject(chat) || typeof chat['id'] !== 'string' || !Array.isArray(chat['output'])) return null;
  const words = chat['output']
    .filter((message): message is Record<string, unknown> => isObject(message) && message['role'] === 'assistant' && typeof message['content'] === 'string')
    .map((message) => (message['content'] as string).trim())
    .filter(Boolean);
  return words.length === 0 ? null : { chatId: chat['id'], reply: words.join('\n\n') };
}

/** The agent said its goodbye (END_CALL_MESSAGE, in either language): the chat is over. */
export const saysGoodbye = (reply: string): boolean => reply.includes(END_CALL_MESSAGE) || reply.includes(END_CALL_MESSAGE_FR);

/** One line of a chat, as the hosts keep it. */
export interface ChatLine {
  role: 'assistant' | 'user';
  text: string;
}

/** The transcript as the provider writes a call's ("AI: …" and "User: …", a line each), so the mails read alike. */
export const chatTranscript = (lines: readonly ChatLine[]): string =>
  lines.map((line) => `${line.role === 'assistant' ? 'AI' : 'User'}: ${line.text.replace(/\s*\n\s*/g, ' ')}`).join('\n');

/**
 * The body of the one `POST /chat` that analyses a finished chat: an analyst assistant (no tools, no
 * server) told to answer one JSON object with the summary and the qualification, in the schemas a call's
 * structured outputs use (call-events.ts), given the transcript.
 */
export function chatAnalysisRequest(lead: Pick<Lead, 'businessType' | 'language'>, transcript: string) {
  const schema = analysisSchemas(lead.businessType, languageOf(lead));
  const prompt = [
    'You analyze a finished chat between an AI demo agent and a visitor. Answer with one JSON object and nothing else:',
    `{"summary": ${JSON.stringify(schema.summary.description)}, "qualification": an object with these keys, each null when the chat did not say: ${JSON.stringify(schema.qualification.properties)}}`,
  ].join('\n');
  return {
    assistant: { name: 'Chat analysis', model: { provider: 'openai', model: 'gpt-4o-mini', messages: [{ role: 'system', content: liquidLiteral(prompt) }] } },
    input: transcript,
  } satisfies Vapi.CreateChatDto;
}

/** The analysis's answer as a report's summary and qualification; nulls for what it did not give. */
export function chatAnalysisOf(chat: unknown): Pick<ReportEvent, 'summary' | 'structuredData'> {
  const reply = chatReplyOf(chat)?.reply ?? '';
  const json = /\{[\s\S]*\}/.exec(reply)?.[0];
  try {
    const parsed: unknown = json ? JSON.parse(json) : null;
    if (!isObject(parsed)) return { summary: null, structuredData: null };
    return {
      summary: typeof parsed['summary'] === 'string' && parsed['summary'].trim() ? parsed['summary'].trim().slice(0, 5_000) : null,
      structuredData: isObject(parsed['qualification']) ? parsed['qualification'] : null,
    };
  } catch {
    return { summary: null, structuredData: null };
  }
}

/** A finished chat as the report the after-call steps take (mails, lead event): `callId` is the last chat id. */
export const chatReport = (
  chatId: string,
  endedAt: Date,
  endedReason: ChatEnd,
  lines: readonly ChatLine[],
  analysis: Pick<ReportEvent, 'summary' | 'structuredData'>,
): ReportEvent => ({
  kind: 'report',
  callId: chatId,
  assistantId: null,
  at: endedAt.toISOString(),
  endedReason: `chat-${endedReason}`,
  transcript: chatTranscript(lines),
  ...analysis,
  recordingUrl: null,
});

/** How a chat ended: the visitor closed it, nobody wrote for CHAT_IDLE_MINUTES, or the agent said goodbye. */
export type ChatEnd = 'closed' | 'idle' | 'goodbye';
