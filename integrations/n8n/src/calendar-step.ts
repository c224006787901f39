import { runBookMeeting, runFindMeetingTimes, type BookMeetingCall, type CalendarContext, type MeetingTimesCall } from '@franchise-ai/shared/meeting-tools';
import { n8nCalDavTransport } from './n8n-caldav-transport.ts';
import type { TextExchange } from './n8n-http.ts';
import { followUpFromEnv } from '@franchise-ai/shared/follow-up';
import type { WorkflowEnv } from './request-check.ts';

// The calendar tools as a Code node runs them (find_meeting_times, book_meeting): the stand-in's
// rules (shared/src/meeting-tools.ts) over n8n's HTTP helper, `$env` for the settings. ical.js is
// bundled into the node like the rest of shared (scripts/build-workflows.ts), so the instance
// needs no NODE_FUNCTION_ALLOW_EXTERNAL; `url` among NODE_FUNCTION_ALLOW_BUILTIN, as every bundle.

type ToolCall<T> = Omit<T, keyof CalendarContext>;

/** find_meeting_times { after? }: `result` is what the tool answers the agent. */
export const meetingTimesStep = (env: WorkflowEnv, httpRequest: TextExchange, now: number, call: ToolCall<MeetingTimesCall>) =>
  runFindMeetingTimes({ ...call, env, transport: n8nCalDavTransport(httpRequest), now });

/**
 * Whether the agent may say an invitation will come by mail: with SMTP_URL the call's report queues
 * the mails, the invitation attached (call-events-step.ts); without it nothing does, as on the stand-in.
 */
export const invitationByMail = (env: WorkflowEnv): boolean => followUpFromEnv(env).smtpUrl !== undefined;

/** book_meeting { start }: `result` for the agent, the outcome, and a booking's invitation and 'Add to calendar'. */
export const bookingStep = (env: WorkflowEnv, httpRequest: TextExchange, now: number, call: Omit<ToolCall<BookMeetingCall>, 'invitationByMail'>) =>
  runBookMeeting({ ...call, invitationByMail: invitationByMail(env), env, transport: n8nCalDavTransport(httpRequest), now });
