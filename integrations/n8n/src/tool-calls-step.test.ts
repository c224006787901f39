import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EVENT_REFUSALS } from '@franchise-ai/shared/call-events';
import { CALENDAR_ENV, calendarServer } from '../test/calendar-in-memory.ts';
import { toolSettingsStep, toolSetupFromEnv } from './agent-tools-step.ts';
import { callTerritory } from './call-events-step.ts';
import type { LinkedRows } from './linked-lead.ts';
import { bookingKeyOf, toolAnswersStep, toolCallsToAnswer, type ToolCallsToAnswer } from './tool-calls-step.ts';

// What "Check event" and "Tool answers" make of a tool-calls message, without n8n: the rows a
// browser call's lookups find, the territory file's text as n8n's file nodes hand it over, and a
// calendar in memory. The same against a real n8n and Radicale: test/real-n8n.test.ts.

const SECRET = 'tool-calls-step-secret-0123456789abcdef';
const SERVED = { PUBLIC_WEBHOOK_BASE: 'https://n8n.example/webhook/franchise-ai', VAPI_SERVER_SECRET: SECRET };
const FILE = '/srv/n8n-files/territories.csv';
const ENV = { ...SERVED, ...CALENDAR_ENV, TERRITORIES_FILE: FILE };
const CSV = 'name,codes,status\nLyon,"69001, 69002",open\nParis,75,sold\n';
const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');
const NOW = Date.parse('2026-12-07T07:00:00Z'); // Monday 08:00 in Paris

const message = (calls: Array<{ id: string; name: string; arguments?: object }>, callId: string | null = 'web_1') => ({
  message: {
    type: 'tool-calls',
    toolCallList: calls.map(({ id, name, arguments: args = {} }) => ({ id, type: 'function', function: { name, arguments: JSON.stringify(args) } })),
    ...(callId ? { call: { id: callId } } : {}),
  },
});
const checked = (body: unknown, env: Record<string, string> = ENV) => toolCallsToAnswer(body, env) as ToolCallsToAnswer;

/** A browser call's rows: its link to the demo, the demo's row, and demo_form's lead. */
const rows = (businessType = 'franchisor'): LinkedRows => ({
  calls: [{}],
  links: [{ id: 4, callId: 'web_1', demoId: 'demo_1', channel: 'browser', receivedAt: '2026-12-07T06:59:00.000Z' }],
  demos: [{ demoId: 'demo_1', receivedAt: '2026-12-07T06:58:00.000Z', status: 'reading', profile: '' }],
  leads: [
    {
      id: 12,
      receivedAt: '2026-12-07T06:58:00.000Z',
      endpoint: 'demo_form',
      name: 'Ada Lovelace',
      company: 'Analytical Franchises',
      email: 'ada@example.com',
      businessType,
      website: '',
      phoneNumber: '',
    },
  ],
});
const none: LinkedRows = { calls: [{}], links: [{}], demos: [{}], leads: [{}] };
const noHttp = async () => {
  throw new Error('no request expected');
};
const resultsOf = (body: Record<string, unknown>) => body['results'] as Array<{ toolCallId: string; result?: string; error?: string }>;

describe('"Check event" on a tool-calls message', () => {
  it('passes the calls on, and names the territory file only when check_territory is asked and the tools are offered', () => {
    const asked = message([{ id: 't1', name: 'check_territory', arguments: { place: 'Lyon' } }]);
    expect(checked(asked)).toMatchObject({ store: false, tools: true, callId: 'web_1', territoriesFile: FILE, calls: [{ id: 't1', name: 'check_territory' }] });
    expect(checked(message([{ id: 'f1', name: 'find_meeting_times' }])).territoriesFile).toBe('');
    expect(checked(asked, { ...CALENDAR_ENV, TERRITORIES_FILE: FILE }).territoriesFile).toBe('');
  });

  it('a message with no call to answer is 400 with the reason', () => {
    expect(toolCallsToAnswer({ message: { type: 'tool-calls', toolCallList: [] } }, ENV)).toEqual({
      ok: false,
      status: 400,
      body: { error: EVENT_REFUSALS.invalid.error, reason: 'message.toolCallList must list at least one tool call.' },
      store: false,
    });
  });
});

describe('"Tool answers"', () => {
  it('check_territory from the file’s text: open and taken, each answer kept for the lead event (the last is the event’s); the booking key hashes the demo, never naming it', async () => {
    const body = message([
      { id: 'lyon', name: 'check_territory', arguments: { place: 'Lyon' } },
      { id: 'paris', name: 'check_territory', arguments: { place: '75011 Paris' } },
    ]);
    const { answer, bookings, territoryChecks, problems } = await toolAnswersStep(checked(body), rows(), { text: CSV }, ENV, noHttp, sha256, NOW);
    expect(answer.status).toBe(200);
    // Each answer kept for the call's lead.qualified event, as the shared TerritoryCheck.
    expect(territoryChecks.map((row) => [row.callId, JSON.parse(row.check).place, JSON.parse(row.check).answer])).toEqual([
      ['web_1', 'Lyon', 'open'],
      ['web_1', '75011 Paris', 'taken'],
    ]);
    expect(callTerritory(territoryChecks)).toEqual(JSON.parse(territoryChecks[1]!.check));
    expect(resultsOf(answer.body).map((result) => [result.toolCallId, result.result?.split(':')[0]])).toEqual([
      ['lyon', 'In the territory list, "Lyon"'],
      ['paris', 'In the territory list, "Paris"'],
    ]);
    expect([bookings, problems]).toEqual([[], []]);
    expect(bookingKeyOf({ demoId: 'demo_1', leadId: '12' }, sha256)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(bookingKeyOf({ demoId: 'demo_1', leadId: '12' }, sha256)).not.toBe(bookingKeyOf({ demoId: null, leadId: '12' }, sha256));
  });

  it('a territory file that cannot be read or is no list: the agent says the team will confirm, the operator is told why', async () => {
    const body = message([{ id: 'lyon', name: 'check_territory', arguments: { place: 'Lyon' } }]);
    const unread = await toolAnswersStep(checked(body), rows(), { error: 'Access to the file is not allowed.' }, ENV, noHttp, sha256, NOW);
    expect(resultsOf(unread.answer.body)[0]).toMatchObject({ error: "I can't check that territory right now; the franchise team will confirm it by email." });
    expect(unread.problems).toEqual([`TERRITORIES_FILE "${FILE}" cannot be read: Access to the file is not allowed.`]);
    const bad = await toolAnswersStep(checked(body), rows(), { text: 'name,status\nLyon,maybe\n' }, ENV, noHttp, sha256, NOW);
    expect(bad.problems[0]).toMatch(/^TERRITORIES_FILE ".*" is not a territory list \(docs\/TERRITORIES\.md\): .*line 2/);
  });

  it("a chat's tool call, with no call, is linked to its lead by the chat assistant's metadata.leadId", async () => {
    const body = message([{ id: 'lyon', name: 'check_territory', arguments: { place: 'Lyon' } }], null);
    const chat = { message: { ...body.message, chat: { id: 'chat_1' }, assistant: { metadata: { leadId: '12' } } } };
    expect(checked(chat)).toMatchObject({ callId: null, leadId: '12' });
    const answered = await toolAnswersStep(checked(chat), { ...rows(), links: [{}] }, { text: CSV }, ENV, noHttp, sha256, NOW);
    expect(resultsOf(answered.answer.body)[0]!.result).toMatch(/Lyon/);
    expect(answered.territoryChecks).toEqual([expect.objectContaining({ callId: 'chat:lead-12' })]);
  });

  it('a franchisee has no check_territory; a call linked to no lead is told "not now"; without a server URL no tool is answered', async () => {
    const body = message([{ id: 'lyon', name: 'check_territory', arguments: { place: 'Lyon' } }]);
    const franchisee = await toolAnswersStep(checked(body), rows('franchisee'), { text: CSV }, ENV, noHttp, sha256, NOW);
    expect(resultsOf(franchisee.answer.body)[0]!.error).toBe('There is no tool "check_territory" here. Do not call it again; go on with the call.');
    const stranger = await toolAnswersStep(checked(body), none, { text: CSV }, ENV, noHttp, sha256, NOW);
    expect(resultsOf(stranger.answer.body)[0]!.error).toBe("I can't check that territory right now; the franchise team will confirm it by email.");
    expect(stranger.problems).toEqual(['call web_1: check_territory asked by a call linked to no lead; answered that the team will follow up']);
    const unserved = { ...CALENDAR_ENV, TERRITORIES_FILE: FILE };
    const off = await toolAnswersStep(checked(body, unserved), rows(), null, unserved, noHttp, sha256, NOW);
    expect(resultsOf(off.answer.body)[0]!.error).toMatch(/^There is no tool "check_territory" here\./);
  });

  it('book_meeting: a row for the delivery that made the event, none for its repeat; a calendar that refuses is the operator’s to see', async () => {
    const objects = new Map<string, string>();
    const server = calendarServer(objects);
    const body = message([{ id: 'book_1', name: 'book_meeting', arguments: { start: '2026-12-08T10:00+01:00' } }]);
    const first = await toolAnswersStep(checked(body), rows(), null, ENV, server.httpRequest, sha256, NOW);
    expect(resultsOf(first.answer.body)[0]!.result).toMatch(
      /^Booked: a discovery call with the development team on Tuesday, December 8 at 10:00 AM Paris time/,
    );
    expect(first.bookings).toEqual([
      expect.objectContaining({
        key: bookingKeyOf({ demoId: 'demo_1', leadId: '12' }, sha256),
        leadId: '12',
        demoId: 'demo_1',
        callId: 'web_1',
        toolCallId: 'book_1',
        startsAt: '2026-12-08T09:00:00.000Z',
        timeZone: 'Europe/Paris',
        invitation: expect.stringMatching(/METHOD:REQUEST/),
        view: expect.stringMatching(/^\{"start":"[^"]+Z","end":/),
      }),
    ]);
    const again = await toolAnswersStep(checked(body), rows(), null, ENV, server.httpRequest, sha256, NOW);
    expect(resultsOf(again.answer.body)[0]!.result).toMatch(/^Booked: /);
    expect([again.bookings, objects.size]).toEqual([[], 1]);
    const refused = await toolAnswersStep(checked(body), rows(), null, { ...ENV, CALDAV_PASSWORD: 'nope' }, server.httpRequest, sha256, NOW);
    expect(refused.problems).toEqual([expect.stringMatching(/^call web_1: book_meeting: the calendar failed \(refused-credentials\)/)]);
  });
});

describe('the tools an assistant is offered', () => {
  const settings = (env: Record<string, string>) => ({ callEvents: { url: 'x', secret: SECRET }, tools: toolSetupFromEnv(env) });
  const env = { ...ENV, VAPI_PRIVATE_KEY: 'sk' };

  it('which are set up; a malformed meeting setting is said even without a calendar', () => {
    expect(toolSetupFromEnv(ENV)).toEqual({ territories: true, calendar: true });
    expect(toolSetupFromEnv({})).toEqual({ territories: false, calendar: false });
    expect(() => toolSetupFromEnv({ MEETING_HOURS: '9 to 5' })).toThrow('MEETING_HOURS');
  });

  it('today in the calendar’s own zone (one PROPFIND), or CALDAV_TIMEZONE’s without asking; none for the operator’s assistant or without a server URL', async () => {
    const server = calendarServer(new Map());
    const at = Date.parse('2026-12-07T23:30:00Z'); // already Tuesday in Paris
    expect(await toolSettingsStep(settings(env), { language: 'en' }, env, server.httpRequest, at)).toEqual({
      territories: true,
      calendar: true,
      today: expect.stringMatching(/^Tuesday,? 8 December 2026$/),
    });
    expect(server.requests.map((request) => request.method)).toEqual(['PROPFIND']);
    const zoned = { ...env, CALDAV_TIMEZONE: 'UTC' };
    expect((await toolSettingsStep(settings(zoned), { language: 'fr' }, zoned, noHttp, at))?.today).toBe('lundi 7 décembre 2026');
    expect(await toolSettingsStep(settings(env), {}, { ...env, VAPI_ASSISTANT_ID: 'asst' }, noHttp, at)).toBeUndefined();
    expect(await toolSettingsStep({ ...settings(env), callEvents: undefined }, {}, env, noHttp, at)).toBeUndefined();
  });

  it('a calendar that does not answer leaves the date in UTC, and the assistant is still made', async () => {
    const late = async () => {
      throw new Error('timeout of 3000ms exceeded');
    };
    const at = Date.parse('2026-12-07T23:30:00Z');
    expect((await toolSettingsStep(settings(env), {}, env, late, at))?.today).toMatch(/^Monday,? 7 December 2026$/);
  });
});
