import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, afterAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_CHAT_MESSAGE_CHARS, MAX_CHAT_TURNS } from '@franchise-ai/shared/chat';
import { END_CALL_MESSAGE } from '@franchise-ai/shared/voice-requests';
import { toolCallsMessage } from '@franchise-ai/test-support/fake-tool-calls';
import { useFakeVoiceApi, type VoiceApiRequest } from '@franchise-ai/test-support/fake-voice-api';
import { poll } from '@franchise-ai/test-support/poll';
import { useSmtpSink } from '@franchise-ai/test-support/smtp-sink';
import { useHost, type HostHandle } from '@franchise-ai/test-support/webhook-host';
import { startWebhookReceiver, type WebhookReceiver } from '@franchise-ai/test-support/webhook-receiver';
import { jsonOf, postJson, validLead } from './helpers.ts';

// chat_message on the stand-in: each visitor line goes to the fake provider's POST /chat (which
// validates it against the published description) with the lead's inline assistant and the previous
// chat's id; every refusal comes before any provider request; a chat that is closed or left idle is
// analysed and mailed once, like a call, marked as a chat, and its lead.qualified event says so.

const TEAM = 'team@acme.example';
const SIGNING_SECRET = `whsec_${Buffer.from('chat-webhook-signing-key-of-32-bytes').toString('base64')}`;
const UNKNOWN_DEMO = 'AAAAAAAAAAAAAAAAAAAAAA';
const SECRET = 'chat-events-secret-0123456789abcdef';
const folder = mkdtempSync(join(tmpdir(), 'chat-message-'));
const territoriesFile = join(folder, 'territories.csv');
writeFileSync(territoriesFile, 'name,codes,status\nLyon,"69001, 69002",open\n');

const sink = useSmtpSink();
const provider = useFakeVoiceApi();
beforeEach(() => provider.reset());
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver(SIGNING_SECRET);
});
afterAll(async () => {
  await receiver?.stop();
  rmSync(folder, { recursive: true, force: true });
});

const chatting = (env: Record<string, string> = {}) => ({
  env: { VAPI_API_BASE: provider.url, VAPI_PRIVATE_KEY: 'test-private-key', VAPI_TIMEOUT_MS: '2000', ...env },
});

async function demoOn(host: HostHandle, overrides: Record<string, unknown> = {}): Promise<{ demoId: string; requestId: string }> {
  const body = await jsonOf(await postJson(`${host.webhookBase}/demo_form`, validLead({ website: undefined, ...overrides })));
  return { demoId: String(body['demoId']), requestId: String(body['requestId']) };
}

const chatOn = async (host: HostHandle, body: Record<string, unknown>) => {
  const response = await postJson(`${host.webhookBase}/chat_message`, body);
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await jsonOf(response) };
};

/** The chat assistant's system prompt and first assistant message, in a POST /chat body. */
const promptOf = (request: VoiceApiRequest): string[] => {
  const assistant = (request.body as { assistant: { model: { messages: Array<{ content: string }> } } }).assistant;
  return assistant.model.messages.map((message) => message.content);
};

describe('a host that chats (VAPI_PRIVATE_KEY, SMTP_URL, LEAD_WEBHOOK_URL)', () => {
  const host = useHost(() =>
    chatting({
      RATE_LIMIT: 'off',
      CHAT_IDLE_SECONDS: '2',
      SMTP_URL: sink.url,
      MAIL_FROM: 'demo@acme.example',
      TEAM_EMAIL: TEAM,
      LEAD_WEBHOOK_URL: receiver.url,
      LEAD_WEBHOOK_SECRET: SIGNING_SECRET,
      PUBLIC_WEBHOOK_BASE: 'https://demo.public.example/webhook/acme',
      VAPI_SERVER_SECRET: SECRET,
      TERRITORIES_FILE: territoriesFile,
    }),
  );
  const demo = (overrides: Record<string, unknown> = {}) => demoOn(host, overrides);
  const chat = (body: Record<string, unknown>) => chatOn(host, body);
  const mailsAbout = (email: string) => ({
    visitor: sink.messages.filter((mail) => mail.to.includes(email)),
    team: sink.messages.filter((mail) => mail.to.includes(TEAM) && mail.text.includes(`E-mail: ${email}`)),
  });
  const eventsAbout = (leadId: string) =>
    receiver.deliveries.filter((delivery) => (delivery.payload as { data: { lead: { id: string } } }).data.lead.id === leadId);

  it('three turns reach POST /chat with the lead’s assistant and the previous chat id; closing mails the transcript once, marked as a chat, with one lead event', async () => {
    const email = 'ada.chat@example.com';
    const { demoId, requestId } = await demo({ email });
    expect(await chat({ demoId })).toEqual({ status: 200, retryAfter: null, body: { status: 'open', turnsLeft: MAX_CHAT_TURNS, idleMinutes: 1 } });

    const words = ['I want Lyon.', 'Within a year.', 'What does it cost?'];
    const answers: Array<Record<string, unknown>> = [];
    for (const message of words) {
      const previous = answers.at(-1)?.['chatId'];
      answers.push((await chat({ demoId, message, ...(previous ? { chatId: previous } : {}) })).body);
    }
    expect(answers.map((answer) => [answer['status'], answer['reply'], answer['turnsLeft'], answer['ended']])).toEqual(
      words.map((message, turn) => ['reply', `You said (${turn + 1}): "${message}"`, MAX_CHAT_TURNS - turn - 1, false]),
    );
    const requests = provider.chatRequests();
    expect(requests.map((request) => (request.body as Record<string, unknown>)['previousChatId'])).toEqual([
      undefined,
      answers[0]!['chatId'],
      answers[1]!['chatId'],
    ]);
    for (const [turn, request] of requests.entries()) {
      expect(request.body).toMatchObject({ input: words[turn], assistant: { metadata: { leadId: requestId, company: 'Analytical Franchises' } } });
      const [system, greeting] = promptOf(request);
      expect(system).toContain('Analytical Franchises');
      expect(greeting).toContain('AI assistant');
    }

    expect(await chat({ demoId, chatId: answers[2]!['chatId'], end: true })).toMatchObject({ status: 200, body: { status: 'ended' } });
    await poll(() => [mailsAbout(email).visitor.length, mailsAbout(email).team.length, eventsAbout(requestId).length]).toEqual([1, 1, 1]);
    const { visitor, team } = mailsAbout(email);
    for (const mail of [visitor[0]!, team[0]!]) {
      for (const [turn, message] of words.entries()) expect(mail.text).toContain(`User: ${message}\nAI: You said (${turn + 1}): "${message}"`);
      expect(mail.text).toContain('The visitor chatted with the demo agent and asked: I want Lyon.');
    }
    expect(visitor[0]!.text).toContain('Here is what your chat covered.');
    expect(team[0]!.text).toContain('Chat ended: chat-closed');
    expect(eventsAbout(requestId)[0]!.payload).toMatchObject({
      data: { call: { channel: 'chat', endedReason: 'chat-closed' }, summary: expect.stringContaining('Lyon') },
    });
    expect(provider.chatRequests()).toHaveLength(4); // the three turns and the analysis

    // Over: closing again answers the same and sends nothing; the old chat id takes no message.
    expect(await chat({ demoId, chatId: answers[2]!['chatId'], end: true })).toMatchObject({ status: 200, body: { status: 'ended' } });
    expect(await chat({ demoId, chatId: answers[2]!['chatId'], message: 'Hello?' })).toMatchObject({ status: 409, body: { code: 'chatEnded' } });
    await sleep(600);
    expect([mailsAbout(email).visitor.length, mailsAbout(email).team.length, eventsAbout(requestId).length]).toEqual([1, 1, 1]);
    expect(provider.chatRequests()).toHaveLength(4);
  });

  it('a chat’s tool calls are answered for its lead (by the assistant’s leadId), and the answer reaches the chat’s lead event', async () => {
    const { demoId, requestId } = await demo({ email: 'tools.chat@example.com' });
    const first = (await chat({ demoId, message: 'Is Lyon free?' })).body;
    const assistant = (provider.chatRequests()[0]!.body as { assistant: Record<string, unknown> }).assistant;
    const { call: _call, ...fromCall } = toolCallsMessage(assistant, [{ name: 'check_territory', arguments: { place: 'Lyon' }, id: 'tool_1' }]).message;
    const message = { ...fromCall, chat: { id: first['chatId'] } };
    const answer = await jsonOf(await postJson(`${host.webhookBase}/call_events`, { message }, { 'X-Vapi-Secret': SECRET }));
    expect(answer).toMatchObject({ results: [{ toolCallId: 'tool_1', result: expect.stringContaining('Lyon') }] });
    await chat({ demoId, chatId: first['chatId'], end: true });
    await poll(() => eventsAbout(requestId).length).toBe(1);
    expect(eventsAbout(requestId)[0]!.payload).toMatchObject({ data: { territory: { place: 'Lyon', answer: 'open' } } });
  });

  it('the agent’s goodbye ends the chat: ended, no further message, its mails once', async () => {
    const email = 'bye.chat@example.com';
    const { demoId } = await demo({ email });
    provider.chatReply = (body) => (String(body['input']).startsWith('AI:') ? '{}' : `Thanks, Ada. ${END_CALL_MESSAGE}`);
    const answer = (await chat({ demoId, message: 'That is all.' })).body;
    expect(answer).toMatchObject({ status: 'reply', ended: true });
    expect(await chat({ demoId, chatId: answer['chatId'], message: 'Wait!' })).toMatchObject({ status: 409, body: { code: 'chatEnded' } });
    await poll(() => [mailsAbout(email).visitor.length, mailsAbout(email).team.length]).toEqual([1, 1]);
    // The analysis answered no summary: the mails say so.
    for (const line of ['Chat ended: chat-goodbye', '(The provider sent no summary.)']) expect(mailsAbout(email).team[0]!.text).toContain(line);
  });

  it('a chat left idle ends by itself: its mails and its event go once', async () => {
    const email = 'idle.chat@example.com';
    const { demoId, requestId } = await demo({ email });
    expect((await chat({ demoId, message: 'Just looking.' })).status).toBe(200);
    await poll(() => [mailsAbout(email).visitor.length, mailsAbout(email).team.length, eventsAbout(requestId).length]).toEqual([1, 1, 1]);
    expect(mailsAbout(email).team[0]!.text).toContain('Chat ended: chat-idle');
    expect((eventsAbout(requestId)[0]!.payload as { data: { call: unknown } }).data.call).toMatchObject({ channel: 'chat', endedReason: 'chat-idle' });
  });

  it('an over-long message, an unknown demoId and a 31st message: each its 4xx and code, with no provider request', async () => {
    const { demoId } = await demo({ email: 'limits.chat@example.com' });
    const long = await chat({ demoId, message: 'x'.repeat(MAX_CHAT_MESSAGE_CHARS + 1) });
    expect(long).toMatchObject({ status: 400, body: { codes: { message: 'messageTooLong' } } });
    expect(await chat({ demoId: UNKNOWN_DEMO, message: 'Hello' })).toMatchObject({ status: 404, body: { code: 'unknownDemo' } });
    expect(provider.chatRequests()).toHaveLength(0);

    let chatId: unknown;
    for (let turn = 0; turn < MAX_CHAT_TURNS; turn++) {
      const answer = await chat({ demoId, message: `Line ${turn + 1}`, ...(chatId ? { chatId } : {}) });
      expect(answer.status).toBe(200);
      chatId = answer.body['chatId'];
    }
    expect(provider.chatRequests()).toHaveLength(MAX_CHAT_TURNS);
    expect(await chat({ demoId, chatId, message: 'One more' })).toMatchObject({ status: 429, body: { code: 'turns' } });
    expect(await chat({ demoId })).toMatchObject({ status: 200, body: { turnsLeft: 0 } });
    expect(provider.chatRequests()).toHaveLength(MAX_CHAT_TURNS);
  });

  it('a provider failure answers 502 and keeps nothing: the same message is sent again with the same chat id', async () => {
    const { demoId } = await demo({ email: 'retry.chat@example.com' });
    const first = (await chat({ demoId, message: 'Hello' })).body;
    provider.status = 500;
    expect(await chat({ demoId, chatId: first['chatId'], message: 'Lyon?' })).toMatchObject({ status: 502, body: { code: 'provider' } });
    provider.status = null;
    const again = await chat({ demoId, chatId: first['chatId'], message: 'Lyon?' });
    // The turn's number shows the failed one was not counted, and its turnsLeft too.
    expect(again.body).toMatchObject({ status: 'reply', reply: 'You said (2): "Lyon?"', turnsLeft: MAX_CHAT_TURNS - 2 });
  });

  it('a French lead chats in French, and its mail is French', async () => {
    const email = 'lea.chat@example.com';
    const { demoId } = await demo({ email, name: 'Léa Martin', language: 'fr' });
    const answer = (await chat({ demoId, message: 'Je veux Lyon.' })).body;
    expect(answer['reply']).toBe('Bien reçu (1) : « Je veux Lyon. »');
    const [request] = provider.chatRequests().filter((sent) => (sent.body as { input: string }).input === 'Je veux Lyon.');
    expect(promptOf(request!)[0]).toMatch(/^Vous/);
    await chat({ demoId, chatId: answer['chatId'], end: true });
    await poll(() => mailsAbout(email).visitor.length).toBe(1);
    expect(mailsAbout(email).visitor[0]!.text).toContain('votre conversation écrite');
  });

  // Last: it restarts the host.
  it('a chat closed but not yet reported when the host is killed is reported after the restart, once', async () => {
    const email = 'killed.chat@example.com';
    const { demoId, requestId } = await demo({ email, name: 'Kim Killed' });
    const { chatId } = (await chat({ demoId, message: 'I want Lyon.' })).body;
    const release = provider.holdAnswers();
    await chat({ demoId, chatId, end: true });
    // Its analysis, held (other tests' chats may be ending idle meanwhile).
    await poll(() => provider.chatRequests().some((sent) => String((sent.body as { input: unknown }).input).includes('Kim Killed'))).toBe(true);
    await host.kill();
    release();
    await host.restart();
    await poll(() => [mailsAbout(email).visitor.length, mailsAbout(email).team.length, eventsAbout(requestId).length]).toEqual([1, 1, 1]);
    expect(mailsAbout(email).team[0]!.text).toContain('Chat ended: chat-closed');
  });
});

describe('a host whose RATE_LIMIT_CHAT allows 3 a minute', () => {
  const host = useHost(() => chatting({ RATE_LIMIT_CHAT: '3/60' }));

  it('a flood from one client gets 429 with Retry-After, and no provider request', async () => {
    const { demoId } = await demoOn(host);
    for (let hit = 0; hit < 3; hit++) expect((await chatOn(host, { demoId })).status).toBe(200);
    const flooded = await chatOn(host, { demoId, message: 'Hello' });
    expect(flooded).toMatchObject({ status: 429, body: { code: 'client' } });
    expect(Number(flooded.retryAfter)).toBeGreaterThan(0);
    expect(provider.chatRequests()).toHaveLength(0);
  });
});

describe('a host without VAPI_PRIVATE_KEY', () => {
  const host = useHost({ env: { RATE_LIMIT: 'off' } });

  it('answers the probe 200 off, a message 503 off', async () => {
    const { demoId } = await demoOn(host);
    expect(await chatOn(host, { demoId })).toMatchObject({ status: 200, body: { status: 'off' } });
    expect(await chatOn(host, { demoId, message: 'Hi' })).toMatchObject({ status: 503, body: { code: 'off' } });
  });
});
