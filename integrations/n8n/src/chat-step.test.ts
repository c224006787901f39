import { describe, expect, it } from 'vitest';
import { CHAT_REASONS, chatRefusal, chatRequest, MAX_CHAT_TURNS } from '@franchise-ai/shared/chat';
import { callPolicyFromEnv } from '@franchise-ai/shared/call-policy';
import { END_CALL_MESSAGE } from '@franchise-ai/shared/voice-requests';
import { chatAgentStep, chatCheckStep, chatDecisionStep, chatReportStep, idleChatStep, TURN_BUSY_MS, turnLimitStep, type ChatDecision } from './chat-step.ts';

const now = Date.parse('2026-12-02T10:00:00.000Z');
const demoId = 'AbCdEfGhIjKlMnOpQrStUv';
const env = {
  VAPI_PRIVATE_KEY: 'sk',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  TEAM_EMAIL: 'team@x.example',
  LEAD_WEBHOOK_URL: 'https://hooks.example/lead',
  LEAD_WEBHOOK_SECRET: `whsec_${Buffer.from('chat-step-test-secret-0123456789ab').toString('base64')}`,
};
const item = (body: unknown, headers: Record<string, string> = {}) => ({ headers: { 'content-type': 'application/json', ...headers }, body });
const profiles = [{ id: 3, demoId, receivedAt: '2026-12-02T09:00:00.000Z', status: 'unavailable', profile: '' }];
const leads = [
  { id: 7, receivedAt: '2026-12-02T09:00:00.000Z', endpoint: 'demo_form', name: 'Ada', company: 'Acme', email: 'ada@acme.example', businessType: 'franchisee' },
];
const turn = (id: number, fields: Record<string, string> = {}) => ({
  id,
  demoId,
  kind: 'turn',
  conversation: 'c1',
  chatId: `chat-${id}-xyz`,
  message: `question ${id}`,
  reply: `answer ${id}`,
  status: 'answered',
  receivedAt: new Date(now - 60_000).toISOString(),
  ...fields,
});
const decide = (request: Parameters<typeof chatDecisionStep>[0], rows: unknown[] = []) =>
  chatDecisionStep(request, profiles, leads, rows, true, 10, now, () => 'new-chat');

describe('chatCheckStep', () => {
  it('413 over MAX_CHAT_BODY_BYTES, 400 with the codes, 500 for a malformed setting; otherwise the request, the client and whether it chats', () => {
    expect(chatCheckStep(item({ demoId }, { 'content-length': '9000' }), env)).toMatchObject({ status: 413 });
    expect(chatCheckStep(item({ demoId, message: 'x'.repeat(1001) }), env)).toMatchObject({ status: 400, body: { codes: { message: 'messageTooLong' } } });
    expect(chatCheckStep(item({ demoId: 'short' }), env)).toMatchObject({ status: 400, body: { fields: { demoId: CHAT_REASONS.demoIdInvalid } } });
    expect(chatCheckStep(item({ demoId }), {})).toMatchObject({ ok: true, on: false });
    expect(chatCheckStep(item({ demoId }), { ...env, CHAT_IDLE_MINUTES: '0' })).toMatchObject({ status: 500 });
    expect(chatCheckStep(item({ demoId, message: ' Hi ' }), env)).toMatchObject({
      ok: true,
      request: { kind: 'message', chatId: null, message: 'Hi' },
      client: 'unknown',
      idleMinutes: 10,
      on: true,
    });
  });
});

describe('chatDecisionStep', () => {
  it('no VAPI_PRIVATE_KEY: the probe 200 off, a message 503; an unknown demo 404; open answers the turns left (none too); a message with none left 429', () => {
    expect(chatDecisionStep({ kind: 'open', demoId }, profiles, leads, [], false, 10, now, () => '').answer).toEqual({ status: 200, body: { status: 'off' } });
    expect(chatDecisionStep({ kind: 'message', demoId, chatId: null, message: 'Hi' }, profiles, leads, [], false, 10, now, () => '').answer).toEqual({
      status: 503,
      body: chatRefusal('off'),
    });
    expect(chatDecisionStep({ kind: 'open', demoId }, [], [], [], true, 10, now, () => '')).toMatchObject({
      answer: { status: 404, body: chatRefusal('unknownDemo') },
    });
    expect(decide({ kind: 'open', demoId }, [turn(1)])).toMatchObject({
      answer: { status: 200, body: { status: 'open', turnsLeft: MAX_CHAT_TURNS - 1, idleMinutes: 10 } },
    });
    const used = Array.from({ length: MAX_CHAT_TURNS }, (_, index) => turn(index + 1));
    expect(decide({ kind: 'message', demoId, chatId: null, message: 'Hi' }, used)).toMatchObject({ answer: { status: 429, body: chatRefusal('turns') } });
    expect(decide({ kind: 'open', demoId }, used)).toMatchObject({ answer: { status: 200, body: { turnsLeft: 0 } } });
  });

  it("a first message starts a chat (ending the lead's open one); a next one continues the latest chatId; a stale, unknown or ended one is 409", () => {
    expect(decide({ kind: 'message', demoId, chatId: null, message: 'Hi' })).toMatchObject({
      answer: null,
      end: null,
      previousChatId: null,
      chat: { leadId: '7', lead: { name: 'Ada', demoId, language: 'en' } },
      turn: { conversation: 'new-chat', kind: 'turn', status: 'pending', message: 'Hi', leadId: '7' },
    });
    const rows = [turn(1), turn(2)];
    expect(decide({ kind: 'message', demoId, chatId: 'chat-2-xyz', message: 'Go on' }, rows)).toMatchObject({
      end: null,
      turn: { conversation: 'c1', previousChatId: 'chat-2-xyz' },
    });
    expect(decide({ kind: 'message', demoId, chatId: null, message: 'Again' }, rows)).toMatchObject({
      end: { conversation: 'c1', reason: 'closed' },
      turn: { conversation: 'new-chat' },
    });
    for (const [chatId, chat] of [
      ['chat-1-xyz', rows],
      ['chat-9-xyz', rows],
      ['chat-2-xyz', [turn(1), turn(2, { status: 'ended' })]],
    ] as const)
      expect(decide({ kind: 'message', demoId, chatId, message: 'Go on' }, [...chat]).answer?.status, chatId).toBe(409);
  });

  it("end answers ended, and ends the chat once: not an ended chat's, not an unknown one", () => {
    const ended = { answer: { status: 200, body: { status: 'ended' } } };
    expect(decide({ kind: 'end', demoId, chatId: 'chat-2-xyz' }, [turn(1), turn(2)])).toMatchObject({
      ...ended,
      end: { conversation: 'c1', reason: 'closed', demoId },
    });
    expect(decide({ kind: 'end', demoId, chatId: 'chat-2-xyz' }, [turn(2), { id: 3, demoId, kind: 'end', conversation: 'c1' }])).toMatchObject({
      ...ended,
      end: null,
    });
    expect(decide({ kind: 'end', demoId, chatId: 'chat-5-xyz' }, [turn(2)])).toMatchObject({ ...ended, end: null });
    // A reply the widget missed: its earlier chat id still closes the chat.
    expect(decide({ kind: 'end', demoId, chatId: 'chat-1-xyz' }, [turn(1), turn(2)])).toMatchObject({ end: { conversation: 'c1' } });
  });
});

describe('turnLimitStep', () => {
  const full = Array.from({ length: MAX_CHAT_TURNS }, (_, index) => turn(index + 1));
  it('SQLite: the earlier turns count; PostgreSQL: every visible one, so a burst is refused, never let past', () => {
    expect(turnLimitStep(turn(MAX_CHAT_TURNS), full, {}, now)).toEqual({ ok: true, turnsLeft: 0 });
    expect(turnLimitStep(turn(MAX_CHAT_TURNS + 1), [...full, turn(MAX_CHAT_TURNS + 1)], {}, now)).toMatchObject({ body: chatRefusal('turns') });
    expect(turnLimitStep(turn(1), [...full, turn(MAX_CHAT_TURNS + 1)], { DB_TYPE: 'postgresdb' }, now)).toMatchObject({ body: chatRefusal('turns') });
  });

  it("another of the demo's messages at the provider: 429 client, Retry-After 1, unless its execution died long ago", () => {
    const pending = (id: number, ago: number) => turn(id, { status: 'pending', receivedAt: new Date(now - ago).toISOString() });
    expect(turnLimitStep(turn(3), [turn(1), pending(2, 1000), turn(3)], {}, now)).toMatchObject({
      status: 429,
      body: { code: 'client', retryAfterSeconds: 1 },
    });
    expect(turnLimitStep(turn(3), [turn(1), pending(2, TURN_BUSY_MS + 1), turn(3)], {}, now)).toMatchObject({ ok: true });
    expect(turnLimitStep(pending(2, 1000), [pending(2, 1000), pending(3, 500)], {}, now)).toMatchObject({ ok: true });
  });
});

describe('chatAgentStep', () => {
  const decision = decide({ kind: 'message', demoId, chatId: 'chat-2-xyz', message: 'Go on' }, [turn(1), turn(2)]) as Extract<ChatDecision, { answer: null }>;
  const terms = callPolicyFromEnv({});
  it("posts the visitor's assistant with the previous chat id, answers the reply; a goodbye ends the chat; no reply is 502", async () => {
    const sent: unknown[] = [];
    const answer = await chatAgentStep(
      decision,
      12,
      terms,
      async (body) => (sent.push(body), { id: 'chat-3', output: [{ role: 'assistant', content: 'Sure.' }] }),
    );
    expect(sent).toEqual([chatRequest({ lead: decision.chat.lead, leadId: '7', terms, message: 'Go on', previousChatId: 'chat-2-xyz' })]);
    expect(answer).toEqual({
      status: 200,
      body: { status: 'reply', chatId: 'chat-3', reply: 'Sure.', turnsLeft: 12, ended: false },
      stored: { chatId: 'chat-3', reply: 'Sure.', status: 'answered' },
      end: null,
    });
    const bye = await chatAgentStep(decision, 12, terms, async () => ({ id: 'chat-4', output: [{ role: 'assistant', content: END_CALL_MESSAGE }] }));
    expect(bye).toMatchObject({ body: { ended: true }, end: { conversation: 'c1', reason: 'goodbye' } });
    expect(await chatAgentStep(decision, 12, terms, async () => null)).toMatchObject({ status: 502, body: chatRefusal('provider'), stored: null });
  });
});

describe('chatReportStep', () => {
  it('the analysed transcript as a chat report: two mails and the lead event, marked as a chat; the analysis failing leaves the mails', async () => {
    const analysis = { id: 'an-1', output: [{ role: 'assistant', content: '{"summary": "Ada asked twice.", "qualification": {"timeline": "soon"}}' }] };
    const end = { conversation: 'c1', demoId, reason: 'closed' as const };
    const report = await chatReportStep(
      end,
      profiles,
      leads,
      [turn(2), turn(1), turn(3, { conversation: 'c2' })],
      env,
      async () => analysis,
      now,
      () => 'uuid-1',
    );
    expect(report.mails.map((mail) => [mail.kind, mail.mailTo, mail.eventKey])).toEqual([
      ['visitor', 'ada@acme.example', 'chat-2-xyz:report'],
      ['team', 'team@x.example', 'chat-2-xyz:report'],
    ]);
    expect(report.mails[1]!.text).toContain('User: question 1\nAI: answer 1\nUser: question 2\nAI: answer 2');
    expect(report.mails[1]!.text).toContain('Ada asked twice.');
    expect(JSON.parse(report.leadEvent!.body)).toMatchObject({
      data: { lead: { id: '7' }, call: { channel: 'chat', endedReason: 'chat-closed' }, summary: 'Ada asked twice.' },
    });
    // Without the analysis the mails still go; a meeting booked in the lead's chat is named and attached (another call's is not).
    const meeting = {
      uid: 'u1',
      start: now + 86_400_000,
      end: now + 88_200_000,
      businessType: 'franchisee',
      lead: { name: 'Ada', company: 'Acme', email: 'ada@acme.example', phoneNumber: null },
      organizer: { name: 'Team', email: 'team@x.example' },
      language: 'en',
      booked: now,
    };
    const booking = (callId: string) => ({ callId, timeZone: 'UTC', invitation: 'BEGIN:VCALENDAR', booking: JSON.stringify(meeting) });
    const report2 = (bookings: unknown[]) =>
      chatReportStep(
        end,
        profiles,
        leads,
        [turn(1)],
        env,
        async () => null,
        now,
        () => 'uuid-2',
        bookings,
      );
    expect((await report2([booking('call-1'), booking('chat:lead-7')])).mails.map((mail) => mail.invitation)).toEqual(['BEGIN:VCALENDAR', 'BEGIN:VCALENDAR']);
    expect((await report2([booking('call-1')])).mails.map((mail) => mail.invitation)).toEqual([undefined, undefined]);
    expect(
      await chatReportStep(
        end,
        profiles,
        [],
        [turn(1)],
        env,
        async () => analysis,
        now,
        () => '',
      ),
    ).toEqual({ mails: [], leadEvent: null });
  });
});

describe('idleChatStep', () => {
  it("the first chat whose latest answered turn is older than CHAT_IDLE_MINUTES; none past the run's cap", () => {
    const rows = [turn(1, { receivedAt: new Date(now - 11 * 60_000).toISOString() }), turn(2, { conversation: 'c2' }), turn(3, { conversation: 'c2' })];
    expect(idleChatStep(rows, {}, now, 0)).toEqual([{ conversation: 'c1', demoId, reason: 'idle' }]);
    expect(idleChatStep(rows, { CHAT_IDLE_MINUTES: '1' }, now, 0)).toHaveLength(1);
    expect(idleChatStep(rows.slice(1), {}, now, 0)).toEqual([]);
    expect(idleChatStep(rows, {}, now, 20)).toEqual([]);
  });
});
