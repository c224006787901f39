import { createHash } from 'node:crypto';
import { checkTerritoryHandler, lateWords, TOOL_NAMES, type ToolContext, type ToolName } from '@franchise-ai/shared/agent-tools';
import type { ProfileLocation } from '@franchise-ai/shared/brand-profile';
import { DEFAULT_LANGUAGE } from '@franchise-ai/shared/language';
import { territoryCheck } from '@franchise-ai/shared/lead-event';
import { answerToolCalls, parseToolCalls, type ToolHandler, type ToolHandlers, type ToolResult } from '@franchise-ai/shared/tool-calls';
import { retryWhileBusy } from './busy-retry.ts';
import { bookMeetingTool, findMeetingTimesTool } from './calendar-tools.ts';
import type { HostConfig } from './config.ts';
import type { LinkedLead, Store } from './store.ts';

// The stand-in's answer to the voice provider's `tool-calls` message (shared/src/tool-calls.ts),
// at call_events once its secret is checked: the call's lead found (Store.leadOfCall), that lead's
// tools answered (check_territory for a franchisor, the calendar's two for either side), and a
// booking (and the last territory answer) kept with the lead, for what follows the call.

export interface ToolCallsDeps {
  config: Pick<HostConfig, 'agentTools' | 'callEvents' | 'callPolicy' | 'followUp'>;
  store: Store;
  log: (line: string) => void;
  /** The calendar's zone as last read (CALDAV_TIMEZONE, else the calendar's own): each tool run updates it for the prompt's date. */
  calendarZone: { current: string };
}

export type ToolCallsReply = { ok: true; answer: { results: ToolResult[] } } | { ok: false; reason: string };

/**
 * The lead's booking key, which names its one event in the team's calendar: a hash of its demoId (of
 * its row's id when it has none), never the demoId itself, which opens the demo's status to whoever
 * holds it, and a calendar is read by the whole team.
 */
export function bookingKeyOf(lead: Pick<LinkedLead, 'demoId' | 'requestId'>): string {
  const subject = lead.demoId !== null ? `demo:${lead.demoId}` : `request:${lead.requestId}`;
  return createHash('sha256').update(`franchise-ai-booking\0${subject}`).digest('base64url');
}

/** Answers a tool-calls message: the documented answer, or why the body is not one (400). */
export async function answerToolCallsMessage(body: unknown, deps: ToolCallsDeps): Promise<ToolCallsReply> {
  const parsed = parseToolCalls(body);
  if (!parsed.ok) return parsed;
  const { callId, assistantId, leadId, calls } = parsed;
  const { linked, toolsId } = conversationOf(deps.store, callId, assistantId, leadId);
  const language = linked?.lead.language ?? DEFAULT_LANGUAGE;
  // Without a server URL no assistant is given the tools, so none is answered (the provider's secret alone proves no tool).
  const offered = deps.config.callEvents.server !== undefined;
  const handlers = !offered ? {} : linked && toolsId ? leadHandlers(linked, toolsId, deps) : unlinkedHandlers(deps, callId);
  const { answer, problems } = await answerToolCalls(calls, handlers, { language }, { language });
  for (const problem of problems) deps.log(`call ${toolsId ?? '(no id)'}: ${problem}`);
  return { ok: true, answer };
}

/**
 * The lead of a tool-calls message and the id its answers are kept by: a call's (Store.leadOfCall),
 * or a chat's, which names no call but its lead's row (`leadId`), whose open chat it is.
 */
function conversationOf(
  store: Store,
  callId: string | null,
  assistantId: string | null,
  leadId: string | null,
): { linked: LinkedLead | undefined; toolsId: string | null } {
  if (callId !== null) return { linked: store.leadOfCall(callId, assistantId), toolsId: callId };
  const linked = leadId === null ? undefined : store.chatLeadOfRow(leadId);
  const chat = linked?.demoId ? store.openChatOf(linked.demoId) : undefined;
  return { linked, toolsId: chat?.id ?? null };
}

/** The tools the host answers, by whether they are set up: a call the host cannot link to a lead gets each one's words for "not now". */
function unlinkedHandlers(deps: ToolCallsDeps, callId: string | null): ToolHandlers<ToolContext> {
  const names: ToolName[] = [
    ...(deps.config.agentTools.territories ? [TOOL_NAMES.territory] : []),
    ...(deps.config.agentTools.calendar ? [TOOL_NAMES.times, TOOL_NAMES.book] : []),
  ];
  const notNow = (name: ToolName): ToolHandler<ToolContext> => ({
    run: (_args, { context }) => {
      deps.log(`call ${callId ?? '(no id)'}: ${name} asked by a call linked to no lead; answered that the team will follow up`);
      return { error: lateWords(name, context.language) };
    },
    late: ({ language }) => lateWords(name, language),
  });
  return Object.fromEntries(names.map((name) => [name, notNow(name)]));
}

/** The tools of this lead's agent: check_territory for a franchisor only, the calendar's for either side. */
function leadHandlers(linked: LinkedLead, callId: string, deps: ToolCallsDeps): ToolHandlers<ToolContext> {
  const { config, store, log, calendarZone } = deps;
  const { lead } = linked;
  const handlers: Record<string, ToolHandler<ToolContext>> = {};
  const { territories, calendar } = config.agentTools;
  if (territories && lead.businessType === 'franchisor')
    handlers[TOOL_NAMES.territory] = checkTerritoryHandler(
      territories,
      () => locationsOf(store, linked),
      async (place, answer) => {
        // Kept for the call's lead.qualified event; the agent is answered whether or not it is stored.
        try {
          await retryWhileBusy(() => store.recordTerritoryCheck(callId, territoryCheck(place, answer)));
        } catch (error) {
          log(`call ${callId}: check_territory's answer could not be stored for the lead event: ${(error as Error).message}`);
        }
      },
    );
  if (!calendar) return handlers;
  handlers[TOOL_NAMES.times] = {
    async run(args, { context }) {
      const run = await findMeetingTimesTool(calendar.env, { after: args['after'], businessType: lead.businessType, language: context.language });
      if (run.times.outcome === 'calendar-failed') log(`call ${callId}: find_meeting_times: the calendar failed (${run.times.failure}): ${run.times.detail}`);
      else calendarZone.current = run.settings.timeZone;
      return { result: run.result };
    },
    late: ({ language }) => lateWords(TOOL_NAMES.times, language),
  };
  const key = bookingKeyOf(linked);
  handlers[TOOL_NAMES.book] = {
    async run(args, { id, context }) {
      const run = await bookMeetingTool(calendar.env, {
        key,
        start: args['start'],
        businessType: lead.businessType,
        lead: { name: lead.name, company: lead.company, email: lead.email, phoneNumber: lead.phoneNumber },
        organizer: { name: config.callPolicy.companyName, email: config.followUp.teamEmail ?? config.followUp.mailFrom },
        language: context.language,
        // With SMTP_URL the call's report mails the visitor, the invitation attached (app.ts
        // queueFollowUp); without it nothing does, so the agent must not promise one.
        invitationByMail: config.followUp.smtpUrl !== undefined,
      });
      const { outcome } = run;
      if (outcome.outcome === 'calendar-failed') log(`call ${callId}: book_meeting: the calendar failed (${outcome.failure}): ${outcome.detail}`);
      else calendarZone.current = run.settings.timeZone;
      if (outcome.outcome === 'booked' && run.booked) {
        const record = {
          key,
          requestId: linked.requestId,
          demoId: linked.demoId,
          callId,
          toolCallId: id,
          booking: outcome.booking,
          timeZone: run.settings.timeZone,
          invitation: run.booked.invitation,
        };
        try {
          const fresh = await retryWhileBusy(() => store.recordBooking(record));
          if (fresh) log(`call ${callId}: booked ${new Date(outcome.booking.start).toISOString()} for lead row ${linked.requestId} (${outcome.booking.uid})`);
        } catch (error) {
          // The event is in the team's calendar, so the caller is told it is booked; only our copy is missing.
          log(`call ${callId}: booking ${outcome.booking.uid} is in the calendar but could not be stored: ${(error as Error).message}`);
        }
      }
      return { result: run.result };
    },
    late: ({ language }) => lateWords(TOOL_NAMES.book, language),
  };
  return handlers;
}

/** The locations read from the lead's website, which check_territory names as a note beside an unlisted place. */
function locationsOf(store: Store, linked: LinkedLead): readonly ProfileLocation[] {
  if (linked.demoId === null) return [];
  const profile = store.profileOf(linked.demoId);
  return profile?.status === 'ready' ? profile.locations : [];
}
