import { BUSINESS_TYPES, type BusinessType } from '@franchise-ai/shared/constants';
import {
  chatAnalysisOf,
  chatAnalysisRequest,
  chatGreeting,
  chatIdleMinutes,
  chatRefusal,
  chatReplyOf,
  chatReport,
  chatRequest,
  chatTranscript,
  checkChatBody,
  MAX_CHAT_BODY_BYTES,
  MAX_CHAT_TURNS,
  saysGoodbye,
  type ChatAnswer,
  type ChatEnd,
  type ChatLine,
  type ChatRequest,
} from '@franchise-ai/shared/chat';
import type { BrandProfile } from '@franchise-ai/shared/brand-profile';
import { callPolicyFromEnv } from '@franchise-ai/shared/call-policy';
import type { FollowUpLead } from '@franchise-ai/shared/follow-up';
import { storedLanguage } from '@franchise-ai/shared/language';
import { limitRefusal } from '@franchise-ai/shared/rate-limits';
import { leadWebhookFromEnv } from '@franchise-ai/shared/lead-event';
import { BODY_REFUSALS, type Lead } from '@franchise-ai/shared/request-body';
import { DEFAULT_VAPI_API_BASE, type VoiceTerms } from '@franchise-ai/shared/voice-requests';
import { joinUrl } from '@franchise-ai/shared/web-url';
import type { Answer, HttpRequest } from './answer-steps.ts';
import { idsInCommitOrder } from './call-claims.ts';
import { callBooking, followUpRows } from './call-events-step.ts';
import { chatCallName } from './tool-calls-step.ts';
import { storedProfile, type ProfileRow } from './demo-status-step.ts';
import { leadEventRow, type LeadOutboxRow } from './lead-outbox-step.ts';
import type { OutboxRow } from './outbox-step.ts';
import {
  clientOf,
  envelopeRefusal,
  misconfigured,
  refuse,
  settingsFromEnv,
  type Refusal,
  type Settings,
  type WebhookItem,
  type WorkflowEnv,
} from './request-check.ts';

// The chat_message workflow's Code nodes (shared chat.ts, the stand-in's contract) and what ends a
// chat. A chat is kept in one Data Table, one row per message the visitor sent (a "turn": the
// message, the provider's chat id answered for it, the reply) and one row per end claimed. A chat
// ("conversation") is the chain of turns the widget continued by the last chatId it was answered.
// Data Tables have no check-then-insert, so both counts are claimed first, as the call limits are
// (call-claims.ts): a turn is inserted, then the demo's turns are read and only those that count
// against it (earlier ids on SQLite, every visible one on PostgreSQL) decide MAX_CHAT_TURNS; an end
// is inserted, then the chat's ends are read and only the lowest id goes on (firstStep), so of a
// close, a goodbye and the idle sweep racing, one sends the mails.

/** The chats table's columns (every one a string). */
export const CHAT_COLUMNS = [
  'receivedAt',
  'demoId',
  'leadId',
  'conversation',
  'kind',
  'previousChatId',
  'chatId',
  'message',
  'reply',
  'status',
  'endedReason',
] as const;
export type ChatRow = Record<(typeof CHAT_COLUMNS)[number], string>;

/** A turn's life: 'pending' (at the provider) → 'answered' → 'ended' once its chat ended; a failed one is deleted. */
export const TURN_STATUS = { pending: 'pending', answered: 'answered', ended: 'ended' } as const;

/** chat_message's 413: the chat's own cap, in the lead webhooks' words. */
const CHAT_BODY_CAP = {
  bytes: MAX_CHAT_BODY_BYTES,
  refusal: { status: BODY_REFUSALS.tooLarge.status, error: `The body must be at most ${MAX_CHAT_BODY_BYTES} bytes.` },
};

/** The answer when a turn could not be stored: nothing was sent to the agent. */
export const CHAT_NOT_STORED: Answer = {
  status: 503,
  body: { error: 'The message could not be stored; nothing was sent. Please try again in a minute.', retryAfterSeconds: 30 },
};

export interface ChatChecked {
  ok: true;
  request: ChatRequest;
  client: string;
  settings: Settings;
  /** CHAT_IDLE_MINUTES, which `open` tells the widget. */
  idleMinutes: number;
  /** Whether this host chats: VAPI_PRIVATE_KEY is set (else 503, and the widget offers no chat). */
  on: boolean;
}

/** "Check request": the settings, the origin and the body (JSON, MAX_CHAT_BODY_BYTES, checkChatBody); whether this host chats (VAPI_PRIVATE_KEY) is said after the client's limit, as on the stand-in. */
export function chatCheckStep(item: WebhookItem, env: WorkflowEnv): ChatChecked | Refusal {
  let settings: Settings;
  let idleMinutes: number;
  try {
    settings = settingsFromEnv(env);
    idleMinutes = chatIdleMinutes(env);
  } catch (error) {
    return misconfigured(error);
  }
  const refused = envelopeRefusal(item, env, CHAT_BODY_CAP);
  if (refused) return refused;
  const checked = checkChatBody(item.body);
  if (!checked.ok) return refuse(BODY_REFUSALS.invalid, checked.fields, checked.codes);
  return { ok: true, request: checked.request, client: clientOf(item.headers, env), settings, idleMinutes, on: Boolean(env['VAPI_PRIVATE_KEY']) };
}

const text = (row: unknown, name: string): string => {
  const value = (row as Record<string, unknown> | null)?.[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
};
const idOf = (row: unknown): number => Number((row as { id?: unknown } | null)?.id);

/** The lead of a demo, as the chat's assistant and mails need it. */
export interface ChatLead {
  lead: Lead;
  /** The leads table's row id: the assistant's metadata.leadId and the lead event's lead.id. */
  leadId: string;
  profile: BrandProfile | null;
}

/** The demo's lead: its profiles row, and the demo_form lead stored with it (the same receivedAt); null for an unknown demo. */
export function chatLead(profiles: readonly unknown[], leads: readonly unknown[], demoId: string): ChatLead | null {
  const demo = profiles.find((row) => text(row, 'demoId') === demoId);
  const row = demo && leads.find((lead) => text(lead, 'receivedAt') === text(demo, 'receivedAt') && text(lead, 'endpoint') === 'demo_form');
  if (!row) return null;
  const businessType = text(row, 'businessType');
  return {
    lead: {
      name: text(row, 'name'),
      company: text(row, 'company'),
      email: text(row, 'email'),
      website: text(row, 'website') || null,
      businessType: (BUSINESS_TYPES as readonly string[]).includes(businessType) ? (businessType as BusinessType) : 'franchisor',
      phoneNumber: null,
      consentText: null,
      demoId,
      language: storedLanguage(text(row, 'language')),
    },
    leadId: text(row, 'id'),
    profile: storedProfile(profiles as Partial<ProfileRow>[], demoId),
  };
}

const turnsOf = (rows: readonly unknown[]) => rows.filter((row) => text(row, 'kind') === 'turn' && Number.isSafeInteger(idOf(row)));
const turnsLeft = (used: number) => Math.max(0, MAX_CHAT_TURNS - used);

/** A chat to end: its conversation, demo and why. */
export interface ChatToEnd {
  conversation: string;
  demoId: string;
  reason: ChatEnd;
}

/** "Chat decision": the answer now (a refusal, `open`, `ended`), with the chat to end after it; or the turn to claim. */
export type ChatDecision =
  | { answer: Answer; end: ChatToEnd | null; turn: null }
  | { answer: null; end: ChatToEnd | null; turn: ChatRow; chat: ChatLead; previousChatId: string | null };

const answered = (status: number, body: ChatAnswer | ReturnType<typeof chatRefusal>): Answer => ({ status, body: body as unknown as Record<string, unknown> });

/** The chat a chatId was answered in: its conversation, whether it is over, and whether that chatId is its latest; null for none. */
function chatOf(rows: readonly unknown[], chatId: string): { conversation: string; over: boolean; latest: boolean } | null {
  const turn = turnsOf(rows).find((row) => text(row, 'chatId') === chatId);
  if (!turn) return null;
  const conversation = text(turn, 'conversation');
  const chat = rows.filter((row) => text(row, 'conversation') === conversation);
  return {
    conversation,
    over: chat.some((row) => text(row, 'kind') === 'end' || text(row, 'status') === TURN_STATUS.ended),
    latest: turnsOf(chat).every((row) => idOf(row) <= idOf(turn)),
  };
}

/**
 * "Chat decision", from the demo's profile and lead rows and its chat rows: 503 when this host does
 * not chat; 404 for an unknown demo; `open` with the turns left; `end` answered `ended` (the chat,
 * named by any of its chat ids, ended after the answer when it was open); MAX_CHAT_TURNS used 429; a
 * message in a chat that is over or not at its latest chat id 409; else the turn row to claim
 * (`newId`: a fresh conversation id for a new chat, which ends the lead's open one after the reply,
 * as on the stand-in: the widget lost its id).
 */
export function chatDecisionStep(
  request: ChatRequest,
  profiles: readonly unknown[],
  leads: readonly unknown[],
  rows: readonly unknown[],
  on: boolean,
  idleMinutes: number,
  now: number,
  newId: () => string,
): ChatDecision {
  const refusal = (code: Parameters<typeof chatRefusal>[0], status: number): ChatDecision => ({
    answer: answered(status, chatRefusal(code)),
    end: null,
    turn: null,
  });
  if (!on) return request.kind === 'open' ? { answer: answered(200, { status: 'off' }), end: null, turn: null } : refusal('off', 503);
  const chat = chatLead(profiles, leads, request.demoId);
  if (chat === null) return refusal('unknownDemo', 404);
  const ours = rows.filter((row) => text(row, 'demoId') === request.demoId);
  const left = turnsLeft(turnsOf(ours).length);
  if (request.kind === 'end') {
    const found = chatOf(ours, request.chatId);
    const end = found === null || found.over ? null : { conversation: found.conversation, demoId: request.demoId, reason: 'closed' as const };
    return { answer: answered(200, { status: 'ended' }), end, turn: null };
  }
  if (request.kind === 'open') return { answer: answered(200, { status: 'open', turnsLeft: left, idleMinutes }), end: null, turn: null };
  if (left === 0) return refusal('turns', 429);
  let conversation = newId();
  let replaced: ChatToEnd | null = null;
  if (request.chatId !== null) {
    const found = chatOf(ours, request.chatId);
    if (found === null || found.over || !found.latest) return refusal('chatEnded', 409);
    conversation = found.conversation;
  } else {
    const open = turnsOf(ours)
      .filter((row) => text(row, 'status') === TURN_STATUS.answered)
      .sort((a, b) => idOf(b) - idOf(a))[0];
    if (open) replaced = { conversation: text(open, 'conversation'), demoId: request.demoId, reason: 'closed' };
  }
  return {
    answer: null,
    end: replaced,
    chat,
    previousChatId: request.chatId,
    turn: {
      receivedAt: new Date(now).toISOString(),
      demoId: request.demoId,
      leadId: chat.leadId,
      conversation,
      kind: 'turn',
      previousChatId: request.chatId ?? '',
      chatId: '',
      message: request.message,
      reply: '',
      status: TURN_STATUS.pending,
      endedReason: '',
    },
  };
}

/**
 * How long a turn at the provider keeps the demo busy: the provider's wait (chatPost) and a margin.
 * A turn still pending after it belongs to an execution that died, and holds nothing up.
 */
export const TURN_BUSY_MS = 30_000;

/**
 * "Turn limit", over the demo's turns read after the claim (call-claims.ts says why): 429 `client`
 * (Retry-After 1) while another of the demo's messages is at the provider, as on the stand-in (the
 * widget waits for each answer; the turn count and the chat's latest id must not race); 429 `turns`
 * past MAX_CHAT_TURNS; else the turns left.
 */
export function turnLimitStep(
  claimed: unknown,
  rows: readonly unknown[],
  env: WorkflowEnv,
  now: number,
): { ok: true; turnsLeft: number } | (Answer & { ok: false }) {
  const own = idOf(claimed);
  if (!Number.isSafeInteger(own)) throw new Error(`The chats table answered the insert without the row's id: ${JSON.stringify(claimed)}`);
  const ordered = idsInCommitOrder(env);
  const demoId = text(claimed, 'demoId');
  const counting = turnsOf(rows).filter((row) => text(row, 'demoId') === demoId && idOf(row) !== own && (!ordered || idOf(row) < own));
  const busy = counting.some((row) => text(row, 'status') === TURN_STATUS.pending && Date.parse(text(row, 'receivedAt')) > now - TURN_BUSY_MS);
  if (busy) return { ok: false, status: 429, body: limitRefusal('client', 1) };
  if (counting.length >= MAX_CHAT_TURNS) return { ok: false, ...answered(429, chatRefusal('turns')) };
  return { ok: true, turnsLeft: turnsLeft(counting.length + 1) };
}

/** `POST {VAPI_API_BASE}/chat` through n8n's HTTP helper: the Chat answered, or null (an error status, no answer). */
export type ChatPost = (body: unknown) => Promise<unknown>;
export const chatPost =
  (env: WorkflowEnv, request: HttpRequest): ChatPost =>
  async (body) => {
    try {
      const answer = await request({
        method: 'POST',
        url: joinUrl(env['VAPI_API_BASE'] || DEFAULT_VAPI_API_BASE, '/chat'),
        headers: { Authorization: `Bearer ${env['VAPI_PRIVATE_KEY'] ?? ''}` },
        body,
        json: true,
        timeout: 20_000,
        returnFullResponse: true,
        ignoreHttpStatusErrors: true,
      });
      return answer.statusCode >= 200 && answer.statusCode < 300 ? answer.body : null;
    } catch {
      return null;
    }
  };

/** "Agent"'s output: the answer; the turn's reply to store; the chat to end after the answer (a goodbye). */
export type AgentOutput = Answer & { stored: Pick<ChatRow, 'chatId' | 'reply' | 'status'> | null; end: ChatToEnd | null };

/** "Agent": the visitor's message to the provider with their assistant and the previous chat id; its reply, or 502. */
export async function chatAgentStep(decision: Extract<ChatDecision, { turn: ChatRow }>, left: number, terms: VoiceTerms, post: ChatPost): Promise<AgentOutput> {
  const { chat, turn } = decision;
  const body = chatRequest({
    lead: chat.lead,
    leadId: chat.leadId,
    ...(chat.profile ? { profile: chat.profile } : {}),
    terms,
    message: turn.message,
    previousChatId: decision.previousChatId,
  });
  const reply = chatReplyOf(await post(body));
  if (reply === null) return { ...answered(502, chatRefusal('provider')), stored: null, end: null };
  const ended = saysGoodbye(reply.reply);
  return {
    ...answered(200, { status: 'reply', chatId: reply.chatId, reply: reply.reply, turnsLeft: left, ended }),
    stored: { chatId: reply.chatId, reply: reply.reply, status: TURN_STATUS.answered },
    end: ended ? { conversation: turn.conversation, demoId: turn.demoId, reason: 'goodbye' } : null,
  };
}

/** "End row": the end to claim for a chat. */
export const chatEndRow = (end: ChatToEnd, now: number): ChatRow => ({
  receivedAt: new Date(now).toISOString(),
  demoId: end.demoId,
  leadId: '',
  conversation: end.conversation,
  kind: 'end',
  previousChatId: '',
  chatId: '',
  message: '',
  reply: '',
  status: '',
  endedReason: end.reason,
});

/** The chat as its lines: the greeting the widget showed, then each message and its reply, in order. */
export function chatLines(greeting: string, turns: readonly unknown[]): ChatLine[] {
  const said = turnsOf(turns)
    .filter((row) => text(row, 'reply') !== '')
    .sort((a, b) => idOf(a) - idOf(b));
  return [
    { role: 'assistant', text: greeting },
    ...said.flatMap((row): ChatLine[] => [
      { role: 'user', text: text(row, 'message') },
      { role: 'assistant', text: text(row, 'reply') },
    ]),
  ];
}

/** "Chat report"'s output: the mails and the lead event to queue, as after a call's report. */
export interface ChatReportOutput {
  mails: OutboxRow[];
  leadEvent: LeadOutboxRow | null;
}

/**
 * "Chat report", for the one end that won: the transcript, the provider's analysis of it (one more
 * POST /chat; none, and the mails still go, when it fails), the report as after a call (chatReport,
 * the last chat id as its id) and, for the demo's lead, the same mails (channel 'chat') and lead event,
 * with the meeting the agent booked in the lead's chats (`bookings`: the demo's bookings rows).
 */
export async function chatReportStep(
  end: ChatToEnd,
  profiles: readonly unknown[],
  leads: readonly unknown[],
  turns: readonly unknown[],
  env: WorkflowEnv,
  post: ChatPost,
  now: number,
  newId: () => string,
  bookings: readonly unknown[] = [],
): Promise<ChatReportOutput> {
  const chat = chatLead(profiles, leads, end.demoId);
  const ours = turnsOf(turns)
    .filter((row) => text(row, 'conversation') === end.conversation && text(row, 'chatId') !== '')
    .sort((a, b) => idOf(a) - idOf(b));
  if (chat === null || ours.length === 0) return { mails: [], leadEvent: null };
  const lines = chatLines(chatGreeting(chat.lead, callPolicyFromEnv(env), chat.profile ?? undefined), ours);
  const analysis = chatAnalysisOf(await post(chatAnalysisRequest(chat.lead, chatTranscript(lines))));
  const report = chatReport(text(ours.at(-1), 'chatId'), new Date(now), end.reason, lines, analysis);
  const lead: FollowUpLead = { ...chat.lead, channel: 'chat' };
  const booked = callBooking(bookings.filter((row) => text(row, 'callId') === chatCallName(chat.leadId)));
  const leadEvent =
    leadWebhookFromEnv(env) === undefined
      ? null
      : leadEventRow({ leadId: chat.leadId, lead, report, consent: null, booking: booked, territory: null }, now, newId);
  return { mails: followUpRows(lead, report, env, now, booked), leadEvent };
}

/** How many chats one run of the idle sweep ends at most; the next run (a minute later) goes on. */
export const CHATS_PER_SWEEP = 20;

/**
 * "Idle chat" (chat_idle, every minute): the first open chat whose latest turn is older than
 * CHAT_IDLE_MINUTES, from the answered turns (an ended chat's are 'ended'); none after
 * CHATS_PER_SWEEP of this run, or with a malformed setting (every chat_message answers 500 then).
 */
export function idleChatStep(rows: readonly unknown[], env: WorkflowEnv, now: number, runIndex: number): ChatToEnd[] {
  let minutes: number;
  try {
    minutes = chatIdleMinutes(env);
  } catch {
    return [];
  }
  if (runIndex >= CHATS_PER_SWEEP) return [];
  const latest = new Map<string, { at: number; demoId: string }>();
  for (const row of turnsOf(rows)) {
    if (text(row, 'status') !== TURN_STATUS.answered) continue;
    const at = Date.parse(text(row, 'receivedAt'));
    const seen = latest.get(text(row, 'conversation'));
    if (!seen || at > seen.at) latest.set(text(row, 'conversation'), { at, demoId: text(row, 'demoId') });
  }
  const idle = [...latest].find(([, { at }]) => at < now - minutes * 60_000);
  return idle ? [{ conversation: idle[0], demoId: idle[1].demoId, reason: 'idle' }] : [];
}
