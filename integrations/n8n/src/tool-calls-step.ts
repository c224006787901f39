import { checkTerritoryHandler, lateWords, TOOL_NAMES, type ToolContext, type ToolName } from '@franchise-ai/shared/agent-tools';
import { callEventsFromEnv, EVENT_REFUSALS } from '@franchise-ai/shared/call-events';
import { callPolicyFromEnv } from '@franchise-ai/shared/call-policy';
import { followUpFromEnv } from '@franchise-ai/shared/follow-up';
import { DEFAULT_LANGUAGE } from '@franchise-ai/shared/language';
import { parseTerritoryFile, type Territory } from '@franchise-ai/shared/territories';
import { answerToolCalls, parseToolCalls, type ToolCallRequest, type ToolHandler, type ToolHandlers } from '@franchise-ai/shared/tool-calls';
import type { Answer } from './answer-steps.ts';
import { bookingStep, meetingTimesStep } from './calendar-step.ts';
import { bookingView } from '@franchise-ai/shared/booking-view';
import { territoryCheck } from '@franchise-ai/shared/lead-event';
import { storedProfile, type ProfileRow } from './demo-status-step.ts';
import { chatLeadRow, linkedLeadRow, type LinkedLeadRow, type LinkedRows } from './linked-lead.ts';
import type { TextExchange } from './n8n-http.ts';
import type { Refusal, WorkflowEnv } from './request-check.ts';

// call_events' answer to the voice provider's `tool-calls` message (shared/src/tool-calls.ts), the
// stand-in's (hosts/reference/src/agent-tool-calls.ts) on n8n: behind the same secret ("Check
// event"), the call's lead found by the rows the report's lookups read (linked-lead.ts), that
// lead's tools answered (check_territory for a franchisor, the calendar's two for either side) and
// a new booking returned as a row of the bookings table, for what follows the call. The territory
// list is the file TERRITORIES_FILE names, read by n8n's Read/Write Files from Disk node (a Code
// node reads no file) and parsed here for each message that asks it.

/** What a chat's bookings and territory checks name as their call (a chat's tool calls come with none): its lead. */
export const chatCallName = (leadId: string): string => `chat:lead-${leadId}`;

/** "Check event"'s output for a tool-calls message: the calls, and the territory file to read first ('' for none). */
export interface ToolCallsToAnswer {
  store: false;
  tools: true;
  callId: string | null;
  assistantId: string | null;
  /** A chat's lead (its assistant's metadata.leadId), which links its tool calls when no call does. */
  leadId: string | null;
  calls: ToolCallRequest[];
  territoriesFile: string;
}

/** 400 for a body that is no message call_events takes, with why (the stand-in's answer); nothing stored. */
export const invalidMessage = (reason: string): Refusal & { store: false } => ({
  ok: false,
  status: EVENT_REFUSALS.invalid.status,
  body: { error: EVENT_REFUSALS.invalid.error, reason } as Refusal['body'],
  store: false,
});

/** The message's calls, or 400 with why it is none. */
export function toolCallsToAnswer(body: unknown, env: WorkflowEnv): ToolCallsToAnswer | (Refusal & { store: false }) {
  const parsed = parseToolCalls(body);
  if (!parsed.ok) return invalidMessage(parsed.reason);
  const file = env['TERRITORIES_FILE']?.trim() ?? '';
  const asked = parsed.calls.some((call) => call.name === TOOL_NAMES.territory);
  const offered = callEventsFromEnv(env).server !== undefined;
  return {
    store: false,
    tools: true,
    callId: parsed.callId,
    assistantId: parsed.assistantId,
    leadId: parsed.callId === null ? parsed.leadId : null,
    calls: parsed.calls,
    territoriesFile: offered && asked ? file : '',
  };
}

/**
 * The bookings table's columns: one row per meeting the agent booked, written once (by the delivery
 * whose PUT made the event; a second delivery finds it there). `key` names the lead's one event
 * (its UID is `franchise-ai-booking-<key>`), `leadId` its leads row; `booking` is the Booking as
 * JSON, `invitation` the `.ics` (METHOD:REQUEST) the mails attach, `view` what demo_status shows
 * (the shared bookingView as JSON, made here so that demo_status, asked every few seconds, carries
 * no iCalendar code).
 */
export const BOOKING_COLUMNS = [
  'key',
  'leadId',
  'demoId',
  'callId',
  'toolCallId',
  'uid',
  'startsAt',
  'endsAt',
  'timeZone',
  'booking',
  'invitation',
  'view',
  'recordedAt',
] as const;
export type BookingRow = Record<(typeof BOOKING_COLUMNS)[number], string>;

/** The territory checks table's columns: each check_territory answer of a call, `check` the shared TerritoryCheck as JSON. */
export const TERRITORY_CHECK_COLUMNS = ['callId', 'check', 'at'] as const;
export type TerritoryCheckRow = Record<(typeof TERRITORY_CHECK_COLUMNS)[number], string>;

/** What the Read/Write Files from Disk and Extract from File nodes made of the territory file: its text, or their error. */
export interface TerritoryRead {
  text?: unknown;
  error?: unknown;
}

/** "Tool answers"' output: the answer for the provider, the bookings to store, and what the operator should see (the execution fails with it). */
export interface ToolAnswersOutput {
  answer: Answer;
  bookings: BookingRow[];
  /** check_territory's answers, in order, for the call's lead.qualified event (TERRITORY_CHECK_COLUMNS). */
  territoryChecks: TerritoryCheckRow[];
  problems: string[];
}

/**
 * The lead's booking key, as the stand-in makes it (bookingKeyOf): a hash of its demoId (of its
 * row's id when it has none), never the demoId itself, which opens the demo's status to whoever
 * holds it, and a calendar is read by the whole team. `sha256` is node's crypto, base64url.
 */
export const bookingKeyOf = (linked: Pick<LinkedLeadRow, 'demoId' | 'leadId'>, sha256: (text: string) => string): string =>
  sha256(`franchise-ai-booking\0${linked.demoId !== null ? `demo:${linked.demoId}` : `n8n-lead:${linked.leadId}`}`);

/** The territory list, or why it cannot be used (the operator is told; the agent says the team will check). */
function territoryList(file: string, read: TerritoryRead | null): { ok: true; territories: Territory[] } | { ok: false; problem: string } {
  if (read === null || typeof read.text !== 'string')
    return { ok: false, problem: `TERRITORIES_FILE "${file}" cannot be read: ${String(read?.error ?? 'nothing was read')}` };
  const parsed = parseTerritoryFile(read.text, file);
  return parsed.ok ? parsed : { ok: false, problem: `TERRITORIES_FILE "${file}" is not a territory list (docs/TERRITORIES.md): ${parsed.problems.join('; ')}` };
}

/** "Tool answers": every call of the message answered within the provider's wait, as the stand-in answers it. */
export async function toolAnswersStep(
  check: ToolCallsToAnswer,
  rows: LinkedRows,
  territories: TerritoryRead | null,
  env: WorkflowEnv,
  httpRequest: TextExchange,
  sha256: (text: string) => string,
  now: number,
): Promise<ToolAnswersOutput> {
  const { callId, calls } = check;
  const problems: string[] = [];
  const bookings: BookingRow[] = [];
  const territoryChecks: TerritoryCheckRow[] = [];
  const linked = callId !== null ? linkedLeadRow(callId, rows) : check.leadId !== null ? chatLeadRow(check.leadId, rows) : null;
  const language = linked?.lead.language ?? DEFAULT_LANGUAGE;
  const named = callId ?? (check.leadId !== null ? chatCallName(check.leadId) : '(no id)');
  // Without a server URL no assistant is given the tools, so none is answered.
  const offered = callEventsFromEnv(env).server !== undefined;
  const file = env['TERRITORIES_FILE']?.trim() ?? '';
  const calendar = Boolean(env['CALDAV_URL']?.trim());
  const handlers: Record<string, ToolHandler<ToolContext>> = {};
  if (offered && linked === null) {
    // A call the workflows cannot link to a lead gets each tool's words for "not now".
    const names: ToolName[] = [...(file ? [TOOL_NAMES.territory] : []), ...(calendar ? [TOOL_NAMES.times, TOOL_NAMES.book] : [])];
    for (const name of names)
      handlers[name] = {
        run: (_args, { context }) => {
          problems.push(`call ${named}: ${name} asked by a call linked to no lead; answered that the team will follow up`);
          return { error: lateWords(name, context.language) };
        },
        late: ({ language: spoken }) => lateWords(name, spoken),
      };
  }
  if (offered && linked !== null) {
    const { lead } = linked;
    if (file && lead.businessType === 'franchisor') {
      // Read only when the message asks: "Check event" named the file to the Read node.
      const list = check.territoriesFile ? territoryList(file, territories) : null;
      if (list?.ok) {
        const profile = storedProfile(rows.demos as Partial<ProfileRow>[], linked.demoId);
        handlers[TOOL_NAMES.territory] = checkTerritoryHandler(
          list.territories,
          () => (profile?.status === 'ready' ? profile.locations : []),
          (place, answer) => {
            territoryChecks.push({ callId: named, check: JSON.stringify(territoryCheck(place, answer)), at: new Date(now).toISOString() });
          },
        );
      } else
        handlers[TOOL_NAMES.territory] = {
          run: (_args, { context }) => {
            if (list) problems.push(list.problem);
            return { error: lateWords(TOOL_NAMES.territory, context.language) };
          },
          late: ({ language: spoken }) => lateWords(TOOL_NAMES.territory, spoken),
        };
    }
    if (calendar) {
      handlers[TOOL_NAMES.times] = {
        async run(args, { context }) {
          const run = await meetingTimesStep(env, httpRequest, now, { after: args['after'], businessType: lead.businessType, language: context.language });
          if (run.times.outcome === 'calendar-failed')
            problems.push(`call ${named}: find_meeting_times: the calendar failed (${run.times.failure}): ${run.times.detail}`);
          return { result: run.result };
        },
        late: ({ language: spoken }) => lateWords(TOOL_NAMES.times, spoken),
      };
      const key = bookingKeyOf(linked, sha256);
      const followUp = followUpFromEnv(env);
      handlers[TOOL_NAMES.book] = {
        async run(args, { id, context }) {
          const run = await bookingStep(env, httpRequest, now, {
            key,
            start: args['start'],
            businessType: lead.businessType,
            lead: { name: lead.name, company: lead.company, email: lead.email, phoneNumber: lead.phoneNumber },
            organizer: { name: callPolicyFromEnv(env).companyName, email: followUp.teamEmail ?? followUp.mailFrom },
            language: context.language,
          });
          const { outcome } = run;
          if (outcome.outcome === 'calendar-failed') problems.push(`call ${named}: book_meeting: the calendar failed (${outcome.failure}): ${outcome.detail}`);
          // Written by the delivery whose PUT made the event (If-None-Match: *): a repeat finds it made.
          if (outcome.outcome === 'booked' && !outcome.repeated && run.booked) {
            const { booking } = outcome;
            bookings.push({
              key,
              leadId: linked.leadId,
              demoId: linked.demoId ?? '',
              callId: named,
              toolCallId: id,
              uid: booking.uid,
              startsAt: new Date(booking.start).toISOString(),
              endsAt: new Date(booking.end).toISOString(),
              timeZone: run.settings.timeZone,
              booking: JSON.stringify(booking),
              invitation: run.booked.invitation,
              view: JSON.stringify(bookingView(booking)),
              recordedAt: new Date(now).toISOString(),
            });
          }
          return { result: run.result };
        },
        late: ({ language: spoken }) => lateWords(TOOL_NAMES.book, spoken),
      };
    }
  }
  const answered = await answerToolCalls(calls, handlers as ToolHandlers<ToolContext>, { language }, { language });
  for (const problem of answered.problems) problems.push(`call ${named}: ${problem}`);
  return { answer: { status: 200, body: answered.answer as unknown as Record<string, unknown> }, bookings, territoryChecks, problems };
}
