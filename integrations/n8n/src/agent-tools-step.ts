import { agentToolSettings, type AgentToolSettings, type ToolSetup } from '@franchise-ai/shared/agent-tools';
import { calDavClient, calDavFromEnv } from '@franchise-ai/shared/caldav-client';
import { DEFAULT_LANGUAGE } from '@franchise-ai/shared/language';
import { meetingSettingsFromEnv } from '@franchise-ai/shared/meeting-slots';
import type { Lead } from '@franchise-ai/shared/request-body';
import { n8nCalDavTransport } from './n8n-caldav-transport.ts';
import type { TextExchange } from './n8n-http.ts';
import type { Settings, WorkflowEnv } from './request-check.ts';

// Which of the agent's tools (shared/src/agent-tools.ts) the workflows offer, as the stand-in
// decides it (hosts/reference/src/agent-tools-config.ts): check_territory with TERRITORIES_FILE,
// find_meeting_times and book_meeting with CALDAV_URL, none without PUBLIC_WEBHOOK_BASE (where the
// provider sends the tool calls). The stand-in reads the territory file at its start; a Code node
// reads no file, so the list is read where it is used, by call_events (tool-calls-step.ts).

/**
 * The tools set up in the environment. A malformed calendar setting throws naming it, even without
 * CALDAV_URL (a MEETING_* typo is said before a calendar is added), as it stops the stand-in's start.
 */
export function toolSetupFromEnv(env: WorkflowEnv): ToolSetup {
  meetingSettingsFromEnv(env);
  return { territories: Boolean(env['TERRITORIES_FILE']?.trim()), calendar: calDavFromEnv(env) !== null };
}

/**
 * "Assistant", "Call": what this lead's assistant is told of the tools (agentToolSettings), none
 * without a server URL or for the operator's own assistant (VAPI_ASSISTANT_ID, given no tools), and
 * none when no assistant is made (no VAPI_PRIVATE_KEY), so the calendar is not asked for nothing.
 */
export async function toolSettingsStep(
  settings: Pick<Settings, 'callEvents' | 'tools'>,
  lead: Pick<Lead, 'language'>,
  env: WorkflowEnv,
  httpRequest: TextExchange,
  now: number,
): Promise<AgentToolSettings | undefined> {
  const { tools } = settings;
  if (!settings.callEvents || env['VAPI_ASSISTANT_ID'] || !env['VAPI_PRIVATE_KEY'] || (!tools.territories && !tools.calendar)) return undefined;
  const zone = tools.calendar ? await calendarZone(env, httpRequest, now) : meetingSettingsFromEnv({}).timeZone;
  return agentToolSettings(tools, lead.language ?? DEFAULT_LANGUAGE, zone, now);
}

/**
 * The most an assistant's making waits for the calendar's zone: the visitor waits for the assistant,
 * and the zone only decides which date the prompt calls today.
 */
export const ZONE_WAIT_MS = 3_000;

/**
 * The zone the calendar tools work in, for the prompt's date: CALDAV_TIMEZONE, else the calendar's
 * own (a PROPFIND, as the stand-in makes at its start; n8n keeps nothing between executions, so each
 * assistant asks), else UTC. Never throws: a calendar that does not answer leaves UTC.
 */
export async function calendarZone(env: WorkflowEnv, httpRequest: TextExchange, now: number): Promise<string> {
  try {
    const config = calDavFromEnv(env);
    if (!config || env['CALDAV_TIMEZONE']?.trim()) return meetingSettingsFromEnv(env).timeZone;
    const zone = await calDavClient(config, n8nCalDavTransport(httpRequest), { deadline: now + ZONE_WAIT_MS }).timeZone();
    return meetingSettingsFromEnv(env, zone.ok ? zone.value : null).timeZone;
  } catch {
    return meetingSettingsFromEnv({}).timeZone;
  }
}
