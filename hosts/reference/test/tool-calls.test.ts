import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingUid } from '@franchise-ai/shared/meeting-event';
import { wallTime } from '@franchise-ai/shared/meeting-slots';
import { functionTools, sendToolCalls, type FakeToolCall } from '@franchise-ai/test-support/fake-tool-calls';
import { useFakeVoiceApi } from '@franchise-ai/test-support/fake-voice-api';
import { startRadicale } from '@franchise-ai/test-support/radicale';
import { useTeamCalendar } from '@franchise-ai/test-support/team-calendar';
import { MEETING_HOURS, slotProblems, TERRITORIES_CSV, TERRITORY_ANSWERS, TOOLS_ZONE } from '@franchise-ai/test-support/tool-call-cases';
import { spawnHost, useHost } from '@franchise-ai/test-support/webhook-host';
import { bookingKeyOf } from '../src/agent-tool-calls.ts';
import { agentCalls, connectCalendar, dayAhead, onlyAnswer, startAt } from './agent-calls.ts';
import { jsonOf, postJson, validCall, validLead } from './helpers.ts';

// The agent's tools as the voice provider calls them during a call: the real host process with a
// territory file and a real CalDAV calendar (Debian's Radicale, in Paris's zone, which the host
// reads from the calendar itself), the provider's tool-calls messages built from the assistant
// bodies the fake voice API recorded and checked against its published description, each answer
// checked against the documented one; the cases are n8n's too (test-support's tool-call-cases).
// The host keeps real time, so every day here is one a week and more ahead, each test on its own day.

const SECRET = 'tool-calls-secret-0123456789abcdef';
const PUBLIC_BASE = 'https://demo.public.example/webhook/acme';
const ZONE = TOOLS_ZONE;

const folder = mkdtempSync(join(tmpdir(), 'tool-calls-'));
const territoriesFile = join(folder, 'territories.csv');
writeFileSync(territoriesFile, TERRITORIES_CSV);

const provider = useFakeVoiceApi();
beforeEach(() => provider.reset());

const team = useTeamCalendar(connectCalendar, { timeZone: ZONE });
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const host = useHost(() => ({
  env: {
    RATE_LIMIT: 'off',
    VAPI_API_BASE: provider.url,
    VAPI_PRIVATE_KEY: 'test-private-key',
    VAPI_PHONE_NUMBER_ID: 'pn_123',
    VAPI_TIMEOUT_MS: '2000',
    PUBLIC_WEBHOOK_BASE: PUBLIC_BASE,
    VAPI_SERVER_SECRET: SECRET,
    TERRITORIES_FILE: territoriesFile,
    ...team.env(),
    MEETING_HOURS,
  },
}));

const eventsUrl = () => `${host.webhookBase}/call_events`;

/** A weekday (1 Monday … 5 Friday) of a week ten days or more ahead, in Paris, as YYYY-MM-DD. */
const day = (weekday: number) => dayAhead(weekday, ZONE);

/** A start as the tools give it: that day's wall clock in Paris with its offset. */
const start = (date: string, time: string) => startAt(ZONE, date, time);

/** The instant a start names. */
const instantOf = (text: string) => Date.parse(text);

/** The starts a result offers, in its order. */
const startsIn = (result: string | undefined) => [...(result ?? '').matchAll(/\(start: ([0-9T:+\-Z]+)\)/g)].map((match) => match[1]!);

const { browserAssistant, demoAssistant, callTools } = agentCalls(host, provider);

/** The calendar's objects overlapping a Paris day, as the server lists them. */
const objectsOn = (date: string) => team.objectsIn(instantOf(start(date, '00:00')), instantOf(start(date, '23:59')));

/** The booking events of a day (the team's own events aside). */
const bookingsOn = async (date: string) => (await objectsOn(date)).filter((object) => object.url.includes('franchise-ai-booking-'));

/** Someone's event in the team's calendar, in Paris's wall clock, as a calendar app writes it. */
function putEvent(name: string, date: string, from: string, to: string): Promise<void> {
  const wall = (time: string) => `${date.replace(/-/g, '')}T${time.replace(':', '')}00`;
  return team.putEvent(name, `DTSTART;TZID=${ZONE}:${wall(from)}`, `DTEND;TZID=${ZONE}:${wall(to)}`, 'SUMMARY:Busy');
}

function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(host.databasePath, { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

interface BookingRow {
  booking_key: string;
  request_id: string;
  demo_id: string | null;
  uid: string;
  starts_at: string;
  invitation: string;
  tool_call_id: string;
}

describe('the assistant is given the tools the host answers', () => {
  it('a franchisor’s: check_territory and the calendar’s two, answered at call_events with the secret, and today’s date in the prompt', async () => {
    const assistant = await browserAssistant();
    const tools = functionTools(assistant.body);
    expect(tools.map((tool) => tool.function?.name)).toEqual(['check_territory', 'find_meeting_times', 'book_meeting']);
    for (const tool of tools) expect(tool.server).toMatchObject({ url: `${PUBLIC_BASE}/call_events`, headers: { 'X-Vapi-Secret': SECRET } });
    const prompt = JSON.stringify((assistant.body['model'] as { messages: unknown[] }).messages);
    expect(prompt).toContain('call check_territory');
    const today = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: ZONE }).format(new Date());
    expect(prompt).toContain(`Today is ${today}.`);
  });

  it('a franchisee’s: the calendar’s two only', async () => {
    const assistant = await browserAssistant({ businessType: 'franchisee' });
    expect(functionTools(assistant.body).map((tool) => tool.function?.name)).toEqual(['find_meeting_times', 'book_meeting']);
  });
});

describe('check_territory', () => {
  it('answers open, taken and "the team will check" from the territory list, each once, in one message', async () => {
    const assistant = await browserAssistant();
    const { status, problems, results } = await callTools(
      assistant,
      TERRITORY_ANSWERS.map(({ id, place }) => ({ id, name: 'check_territory', arguments: { place } })),
    );
    expect(status).toBe(200);
    expect(problems).toEqual([]);
    expect(Object.fromEntries([...results].map(([id, answer]) => [id, answer.result]))).toEqual(
      Object.fromEntries(TERRITORY_ANSWERS.map(({ id, result }) => [id, result])),
    );
  });

  it('in the lead’s language, during a phone call (the call linked by its id)', async () => {
    provider.reply = (request) => (request.path === '/call' ? JSON.stringify({ id: 'call_phone_territory' }) : '{}');
    const placed = await jsonOf(await postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall({ website: undefined, language: 'fr' })));
    expect(placed).toMatchObject({ status: 'placed', callId: 'call_phone_territory' });
    const assistant = (provider.requests.find((request) => request.path === '/call')!.body as { assistant: Record<string, unknown> }).assistant;
    provider.reply = null;
    const answer = await onlyAnswer(
      sendToolCalls(assistant, [{ name: 'check_territory', arguments: { place: 'Marseille' } }], { url: eventsUrl(), callId: 'call_phone_territory' }),
    );
    expect(answer.result).toMatch(/^Dans la liste des territoires, .*Marseille.*\u00a0: réservé, retenu pour un autre candidat/);
  });

  it('is no franchisee’s tool: a call of it is told there is none, and the call goes on', async () => {
    const assistant = await browserAssistant({ businessType: 'franchisee' });
    const answer = await onlyAnswer(callTools(assistant, [{ name: 'check_territory', arguments: { place: 'Lyon' } }], { unknownTools: true }));
    expect(answer.error).toBe('There is no tool "check_territory" here. Do not call it again; go on with the call.');
  });
});

describe('a call the host cannot link to a lead', () => {
  it('is told each tool cannot be used now, and the team will follow up', async () => {
    const assistant = await browserAssistant();
    const { results, problems } = await sendToolCalls(assistant.body, [{ id: 'call_stranger', name: 'check_territory', arguments: { place: 'Lyon' } }], {
      url: eventsUrl(),
      callId: 'call_nobody_placed',
    });
    expect(problems).toEqual([]);
    expect(results.get('call_stranger')).toEqual({
      name: 'check_territory',
      error: "I can't check that territory right now; the franchise team will confirm it by email.",
    });
    await expect.poll(() => host.output()).toContain('call call_nobody_placed: check_territory asked by a call linked to no lead');
  });
});

describe('find_meeting_times', () => {
  it('offers only free times within the working hours, in the calendar’s zone', async () => {
    const monday = day(1);
    await putEvent('monday-meeting', monday, '09:00', '10:30');
    await putEvent('monday-lunch-run', monday, '11:30', '12:00');
    await putEvent('monday-review', monday, '14:00', '15:30');
    const assistant = await browserAssistant();
    const answer = await onlyAnswer(callTools(assistant, [{ name: 'find_meeting_times', arguments: { after: monday } }]));
    expect(answer.result).toContain('Paris time');
    const starts = startsIn(answer.result);
    expect(starts.length).toBeGreaterThan(0);
    // 09:00 to 10:30 is taken, so 10:30 is the first free half hour.
    expect(starts[0]).toBe(start(monday, '10:30'));
    const busy = [
      [start(monday, '09:00'), start(monday, '10:30')],
      [start(monday, '11:30'), start(monday, '12:00')],
      [start(monday, '14:00'), start(monday, '15:30')],
    ] as const;
    expect(slotProblems(starts, monday, busy, wallTime)).toEqual([]);
  });
});

describe('book_meeting', () => {
  it('books exactly one event, read back over CalDAV, naming the lead, shown on its demo_status; the same tool call delivered twice books once; a taken slot is refused with other times', async () => {
    const tuesday = day(2);
    const at = start(tuesday, '10:00');
    const ada = await demoAssistant({ name: 'Ada Lovelace', email: 'ada.books@example.com' });
    const book: FakeToolCall = { id: 'call_book_ada', name: 'book_meeting', arguments: { start: at } };
    const callId = 'call_ada_browser';
    const first = await onlyAnswer(callTools(ada, [book], { callId }));
    expect(first.result).toMatch(
      /^Booked: a discovery call with the development team on Tuesday, .* at 10:00 AM Paris time \(30 minutes\)\. Confirm it out loud/,
    );
    // This host sends no mail (no SMTP_URL): the agent promises no invitation.
    expect(first.result).not.toContain('invitation');
    // The provider delivers the same call again, twice at once.
    const again = await Promise.all([onlyAnswer(callTools(ada, [book], { callId })), onlyAnswer(callTools(ada, [book], { callId }))]);
    for (const answer of again) expect(answer.result).toMatch(/^Booked: /);

    const events = await bookingsOn(tuesday);
    expect(events).toHaveLength(1);
    const uid = bookingUid(bookingKeyOf({ demoId: ada.demoId, requestId: ada.requestId }));
    expect(events[0]!.url).toBe(`${team.radicale.url}${uid}.ics`);
    expect(events[0]!.data).not.toContain(ada.demoId);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(events[0]!.data)).getFirstSubcomponent('vevent')!);
    expect(event.summary).toBe('Discovery call with the development team: Ada Lovelace (Analytical Franchises)');
    expect(event.startDate.toJSDate().getTime()).toBe(instantOf(at));
    expect(String(event.component.getFirstPropertyValue('attendee'))).toBe('mailto:ada.books@example.com');

    // Kept with the lead, once, for the mails and the status after the call.
    const rows = query<BookingRow>('SELECT * FROM bookings WHERE demo_id = ?', ada.demoId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ request_id: ada.requestId, uid, starts_at: new Date(instantOf(at)).toISOString(), tool_call_id: 'call_book_ada' });
    expect(rows[0]!.booking_key).not.toContain(ada.demoId);
    expect(rows[0]!.invitation).toMatch(/^BEGIN:VCALENDAR[\s\S]*METHOD:REQUEST[\s\S]*END:VCALENDAR/);
    // demo_status shows the visitor what was booked (shared booking-view.ts), and only to this lead's demo.
    const status = async (demoId: string) => jsonOf(await postJson(`${host.webhookBase}/demo_status`, { demoId }));
    const { booking } = (await status(ada.demoId)) as { booking?: Record<string, string> };
    expect(booking).toMatchObject({ start: new Date(instantOf(at)).toISOString(), title: 'Discovery call with the development team' });
    expect(Date.parse(booking!['end']!) - instantOf(at)).toBe(30 * 60_000);
    expect(decodeURIComponent(booking!['icsDataUrl']!)).toContain(`UID:${uid}`);
    expect(booking!['googleCalendarUrl']).toMatch(/^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE&/);

    // Another lead asks for the same time: refused, with free times instead, and nothing written.
    const grace = await demoAssistant({ name: 'Grace Hopper', email: 'grace.books@example.com' });
    const refused = await onlyAnswer(callTools(grace, [{ name: 'book_meeting', arguments: { start: at } }]));
    expect(refused.result).toMatch(/^That time has just been taken\. Nothing is booked\. Free times to offer instead, in Paris time: /);
    const alternatives = startsIn(refused.result);
    expect(alternatives.length).toBeGreaterThan(0);
    expect(alternatives).not.toContain(at);
    expect(await bookingsOn(tuesday)).toHaveLength(1);
    expect(query('SELECT * FROM bookings WHERE demo_id = ?', grace.demoId)).toEqual([]);
    expect(await status(grace.demoId)).not.toHaveProperty('booking');

    // Ada holds her slot: another time is not booked for her.
    const other = await onlyAnswer(callTools(ada, [{ name: 'book_meeting', arguments: { start: start(tuesday, '15:00') } }]));
    expect(other.result).toMatch(/^This caller already has a meeting booked: Tuesday, .* at 10:00 AM Paris time\./);
    expect(await bookingsOn(tuesday)).toHaveLength(1);
  });

  it('a time outside the working hours is refused, with words for the agent, and the call goes on', async () => {
    const friday = day(5);
    const assistant = await browserAssistant({ email: 'late.caller@example.com' });
    const answer = await onlyAnswer(callTools(assistant, [{ name: 'book_meeting', arguments: { start: start(friday, '12:30') } }]));
    expect(answer.result).toMatch(/Nothing is booked\. Free times to offer instead, in Paris time: /);
    expect(await bookingsOn(friday)).toEqual([]);
  });
});

describe('refused before anything is touched', () => {
  const counts = () => ({
    bookings: query<{ n: number }>('SELECT count(*) AS n FROM bookings')[0]!.n,
    events: query<{ n: number }>('SELECT count(*) AS n FROM call_events')[0]!.n,
  });

  it.each([
    ['no X-Vapi-Secret', null],
    ['a wrong one', `${SECRET.slice(0, -1)}X`],
  ])('%s: 401, no booking in the calendar or the database', async (_, secret) => {
    const thursday = day(4);
    const assistant = await browserAssistant({ email: 'no.secret@example.com' });
    const before = counts();
    const exchange = await callTools(assistant, [{ name: 'book_meeting', arguments: { start: start(thursday, '10:00') } }], { secret });
    expect(exchange.status).toBe(401);
    expect(exchange.body).toMatchObject({ error: expect.stringContaining('X-Vapi-Secret') });
    expect(await bookingsOn(thursday)).toEqual([]);
    expect(counts()).toEqual(before);
  });

  it('a tool-calls message with no call to answer: 400 with the reason', async () => {
    const response = await postJson(eventsUrl(), { message: { type: 'tool-calls', toolCallList: [] } }, { 'X-Vapi-Secret': SECRET });
    expect(response.status).toBe(400);
    expect(await jsonOf(response)).toMatchObject({ reason: 'message.toolCallList must list at least one tool call.' });
  });
});

describe('a calendar that is down', () => {
  let downUrl = '';
  beforeAll(async () => {
    const gone = await startRadicale();
    await gone.stop();
    downUrl = gone.url;
  });
  const down = useHost(() => ({
    env: {
      RATE_LIMIT: 'off',
      VAPI_API_BASE: provider.url,
      VAPI_PRIVATE_KEY: 'test-private-key',
      PUBLIC_WEBHOOK_BASE: PUBLIC_BASE,
      VAPI_SERVER_SECRET: SECRET,
      CALDAV_URL: downUrl,
      CALDAV_USERNAME: 'team',
      CALDAV_PASSWORD: 'calendar-secret',
    },
  }));

  it('the agent is told what to say, the call goes on, and the operator’s log says why', async () => {
    const answer = await jsonOf(await postJson(`${down.webhookBase}/website_demo_call`, validLead({ website: undefined })));
    const body = provider.requests.filter((request) => request.path === '/assistant').at(-1)!.body as Record<string, unknown>;
    const { results, problems } = await sendToolCalls(body, [{ id: 'call_times', name: 'find_meeting_times' }], {
      url: `${down.webhookBase}/call_events`,
      assistantId: answer['assistantId'] as string,
    });
    expect(problems).toEqual([]);
    expect(results.get('call_times')?.result).toBe(
      'The calendar cannot be reached right now, so no times can be offered. Do not mention the problem to the caller: tell them the team will email them to set a time, and carry on with the call.',
    );
    await expect.poll(() => down.output()).toMatch(/find_meeting_times: the calendar failed \(unreachable\)/);
  });
});

describe('a territory file that is no list', () => {
  it('stops the start, listing its problems', async () => {
    const bad = join(folder, 'bad.csv');
    writeFileSync(bad, 'name,status\nLyon,maybe\nParis,\n');
    const error = await spawnHost({ env: { TERRITORIES_FILE: bad } }).then(
      async (started) => {
        await started.stop();
        return new Error('the host started');
      },
      (reason: unknown) => reason as Error,
    );
    expect(error.message).toMatch(/webhook host did not start: TERRITORIES_FILE ".*bad\.csv" is not a territory list/);
    expect(error.message).toMatch(/line 2/);
    expect(error.message).toMatch(/line 3/);
  });
});
