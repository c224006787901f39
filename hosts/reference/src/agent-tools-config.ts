import { readFileSync } from 'node:fs';
import { agentToolSettings, type AgentToolSettings } from '@franchise-ai/shared/agent-tools';
import { calDavFromEnv } from '@franchise-ai/shared/caldav-client';
import type { Language } from '@franchise-ai/shared/language';
import { meetingSettingsFromEnv, type MeetingSettings } from '@franchise-ai/shared/meeting-slots';
import { parseTerritoryFile, type Territory } from '@franchise-ai/shared/territories';

// The settings of the agent's tools (agent-tools.ts): the territory list (TERRITORIES_FILE, read
// and checked once at start, so a bad list stops the start with its problems rather than the agent
// reading it wrong mid-call) and the calendar (CALDAV_*, MEETING_*, checked at start too; the
// calendar tools read them again from the same environment, as shared/src/meeting-tools.ts takes
// them). What the assistant is told of them: which tools there are, and today's date.

export interface AgentToolsConfig {
  /** TERRITORIES_FILE's territories; null when it is unset (no check_territory). */
  territories: Territory[] | null;
  /**
   * The calendar's settings as the calendar tools read them (CALDAV_*, MEETING_*), when CALDAV_URL
   * is set; null otherwise (no find_meeting_times, no book_meeting).
   */
  calendar: { env: Record<string, string | undefined>; settings: MeetingSettings } | null;
}

const CALENDAR_VARIABLES = /^(CALDAV|MEETING)_/;

/** The tools' settings from the environment; a bad territory file or calendar setting throws, saying what is wrong. */
export function agentToolsFromEnv(env: Record<string, string | undefined>, readFile: (path: string) => string = readText): AgentToolsConfig {
  const calendarEnv = Object.fromEntries(Object.entries(env).filter(([name]) => CALENDAR_VARIABLES.test(name)));
  // Both checked even without CALDAV_URL: a MEETING_* typo is said now, not once a calendar is added.
  const settings = meetingSettingsFromEnv(calendarEnv);
  const calDav = calDavFromEnv(calendarEnv);
  return { territories: territoriesFromEnv(env, readFile), calendar: calDav ? { env: calendarEnv, settings } : null };
}

function readText(path: string): string {
  return readFileSync(path, 'utf8');
}

function territoriesFromEnv(env: Record<string, string | undefined>, readFile: (path: string) => string): Territory[] | null {
  const path = env['TERRITORIES_FILE']?.trim();
  if (!path) return null;
  let text: string;
  try {
    text = readFile(path);
  } catch (error) {
    throw new Error(`TERRITORIES_FILE "${path}" cannot be read: ${(error as Error).message}`);
  }
  const parsed = parseTerritoryFile(text, path);
  if (!parsed.ok) throw new Error(`TERRITORIES_FILE "${path}" is not a territory list (docs/TERRITORIES.md):\n  ${parsed.problems.join('\n  ')}`);
  return parsed.territories;
}

/**
 * Which tools an assistant is given (agent-tools.ts gives none without a server URL to answer at)
 * and, with a calendar, today's date in its zone and the lead's language; undefined when there are none.
 */
export const toolSettingsFor = (tools: AgentToolsConfig, language: Language, zone: string, now = Date.now()): AgentToolSettings | undefined =>
  agentToolSettings({ territories: tools.territories !== null, calendar: tools.calendar !== null }, language, zone, now);
