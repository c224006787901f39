// The calendar tools as the stand-in runs them for a tool call (find_meeting_times, book_meeting):
// shared/src/meeting-tools.ts over Node's fetch, the host's environment for the settings.
import { calDavClient, calDavFromEnv } from '@franchise-ai/shared/caldav-client';
import { meetingSettingsFromEnv } from '@franchise-ai/shared/meeting-slots';
import { runBookMeeting, runFindMeetingTimes, type BookMeetingCall, type CalendarContext, type MeetingTimesCall } from '@franchise-ai/shared/meeting-tools';
import { fetchTransport } from './caldav-transport.ts';

type ToolCall<T> = Omit<T, keyof CalendarContext>;

/** find_meeting_times { after? }: `result` is what the tool answers the agent. */
export const findMeetingTimesTool = (env: Record<string, string | undefined>, call: ToolCall<MeetingTimesCall>, now = Date.now()) =>
  runFindMeetingTimes({ ...call, env, transport: fetchTransport, now });

/** book_meeting { start }: `result` for the agent, the outcome, and a booking's invitation and 'Add to calendar'. */
export const bookMeetingTool = (env: Record<string, string | undefined>, call: ToolCall<BookMeetingCall>, now = Date.now()) =>
  runBookMeeting({ ...call, env, transport: fetchTransport, now });

/** The zone the calendar tools work in: CALDAV_TIMEZONE, else the calendar's own (a PROPFIND), else UTC. */
export async function calendarTimeZone(env: Record<string, string | undefined>): Promise<{ ok: true; zone: string } | { ok: false; detail: string }> {
  const config = calDavFromEnv(env);
  if (!config || env['CALDAV_TIMEZONE']?.trim()) return { ok: true, zone: meetingSettingsFromEnv(env).timeZone };
  const zone = await calDavClient(config, fetchTransport).timeZone();
  return zone.ok ? { ok: true, zone: meetingSettingsFromEnv(env, zone.value).timeZone } : { ok: false, detail: `${zone.failure}: ${zone.detail}` };
}
