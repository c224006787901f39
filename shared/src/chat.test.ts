import { beforeAll, describe, expect, it } from 'vitest';
import { prepareVapiValidators, vapiProblems } from '@franchise-ai/test-support/vapi-openapi';
import {
  chatAnalysisOf,
  chatGreeting,
  chatIdleMinutes,
  chatReplyOf,
  chatRequest,
  chatTranscript,
  checkChatBody,
  MAX_CHAT_MESSAGE_CHARS,
  saysGoodbye,
} from './chat.ts';
import type { Lead } from './request-body.ts';
import { END_CALL_MESSAGE_FR } from './voice-requests.ts';

beforeAll(() => prepareVapiValidators(['CreateChatDTO', 'Chat']), 60_000);

const DEMO = 'AAAAAAAAAAAAAAAAAAAAAA';
const CHAT = '6b4c3d2e-1f00-4a5b-9c8d-7e6f5a4b3c2d';
const lead: Lead = {
  name: 'Ada',
  company: 'Blue Paws',
  email: 'ada@example.com',
  website: null,
  businessType: 'franchisor',
  phoneNumber: null,
  consentText: null,
  demoId: DEMO,
};
const terms = { companyName: 'Franchise AI', recordCalls: false };

describe('chat_message bodies', () => {
  it.each([
    [{ demoId: DEMO }, { kind: 'open', demoId: DEMO }],
    [
      { demoId: DEMO, message: '  Is Lyon open?  ' },
      { kind: 'message', demoId: DEMO, chatId: null, message: 'Is Lyon open?' },
    ],
    [
      { demoId: DEMO, message: 'Next', chatId: CHAT },
      { kind: 'message', demoId: DEMO, chatId: CHAT, message: 'Next' },
    ],
    [
      { demoId: DEMO, chatId: CHAT, end: true },
      { kind: 'end', demoId: DEMO, chatId: CHAT },
    ],
  ])('%j reads as %j', (body, request) => {
    expect(checkChatBody(body)).toEqual({ ok: true, request });
  });

  it.each([
    [[], 'body', undefined],
    [{ demoId: 'short' }, 'demoId', 'demoIdInvalid'],
    [{ demoId: DEMO, message: 'x', chatId: 'has spaces in it' }, 'chatId', 'chatIdInvalid'],
    [{ demoId: DEMO, message: 42 }, 'message', 'messageInvalid'],
    [{ demoId: DEMO, message: ' \n ' }, 'message', 'messageEmpty'],
    [{ demoId: DEMO, message: 'x'.repeat(MAX_CHAT_MESSAGE_CHARS + 1) }, 'message', 'messageTooLong'],
    [{ demoId: DEMO, end: true }, 'end', 'endInvalid'],
  ])('%j is refused on %s (%s)', (body, field, code) => {
    const check = checkChatBody(body);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(Object.keys(check.fields)).toEqual([field]);
    expect(check.codes[field]).toBe(code);
  });

  it('a message at the cap is taken', () => {
    expect(checkChatBody({ demoId: DEMO, message: 'x'.repeat(MAX_CHAT_MESSAGE_CHARS) }).ok).toBe(true);
  });

  it('CHAT_IDLE_MINUTES: a default, a value, a refusal that names itself', () => {
    expect(chatIdleMinutes({})).toBe(10);
    expect(chatIdleMinutes({ CHAT_IDLE_MINUTES: '3' })).toBe(3);
    expect(() => chatIdleMinutes({ CHAT_IDLE_MINUTES: '0.5' })).toThrow(/CHAT_IDLE_MINUTES/);
  });
});

describe('what the provider gets and gives', () => {
  it('the greeting is the opening line for text, and the chat assistant opens with it', () => {
    const greeting = chatGreeting(lead, terms);
    expect(greeting).toBe(
      "Hi Ada! I'm an AI assistant from Franchise AI, here for the Blue Paws demo you asked for. This chat is kept with your demo request, and you can type stop at any time to end it. Want to see how I would answer your leads and book appointments?",
    );
    expect(chatGreeting({ ...lead, language: 'fr' }, terms)).toMatch(
      /^Bonjour Ada\u202f! Je suis un assistant IA de Franchise AI.*d’écrire «\u00a0stop\u00a0»/,
    );
    const body = chatRequest({ lead, terms, leadId: '7', message: 'Hello', previousChatId: null });
    expect(body.assistant.model.messages[1]).toEqual({ role: 'assistant', content: greeting });
    expect(body.assistant.metadata.leadId).toBe('7');
    expect(body).not.toHaveProperty('previousChatId');
    expect(chatRequest({ lead, terms, leadId: '7', message: 'Again', previousChatId: CHAT })).toMatchObject({ input: 'Again', previousChatId: CHAT });
  });

  it('a field the chat API does not know fails the description, inside the assistant too', () => {
    const body = chatRequest({ lead, terms, leadId: '7', message: 'Hello', previousChatId: null });
    expect(
      vapiProblems('CreateChatDTO', { ...body, assistant: { ...body.assistant, voice: { provider: 'vapi', voiceId: 'Elliot' }, firstMessag: 'x' } }),
    ).toEqual(['assistant.property firstMessag should not exist']);
  });

  it("a reply is the assistant's words in the output; nothing when there are none", () => {
    const chat = {
      id: CHAT,
      orgId: 'org',
      createdAt: '2026-12-02T10:00:00.000Z',
      updatedAt: '2026-12-02T10:00:01.000Z',
      output: [{ role: 'assistant', content: ' Lyon is open. ' }],
    };
    expect(vapiProblems('Chat', chat)).toEqual([]);
    expect(chatReplyOf(chat)).toEqual({ chatId: CHAT, reply: 'Lyon is open.' });
    expect(chatReplyOf({ ...chat, output: [] })).toBeNull();
    expect(chatReplyOf({ output: chat.output })).toBeNull();
  });

  it('the goodbye in either language ends a chat', () => {
    expect(saysGoodbye('Thanks for trying the demo. Goodbye!')).toBe(true);
    expect(saysGoodbye(`Bien sûr. ${END_CALL_MESSAGE_FR}`)).toBe(true);
    expect(saysGoodbye('Goodbye for now')).toBe(false);
  });

  it('the transcript reads as a call’s; the analysis gives a summary and a qualification, or nulls', () => {
    expect(
      chatTranscript([
        { role: 'assistant', text: 'Hi!' },
        { role: 'user', text: 'Is Lyon\n open?' },
      ]),
    ).toBe('AI: Hi!\nUser: Is Lyon open?');
    const answered = (content: string) => ({ id: CHAT, output: [{ role: 'assistant', content }] });
    expect(chatAnalysisOf(answered('Here: {"summary": "Asked about Lyon.", "qualification": {"territoryWanted": "Lyon"}}'))).toEqual({
      summary: 'Asked about Lyon.',
      structuredData: { territoryWanted: 'Lyon' },
    });
    expect(chatAnalysisOf(answered('not JSON {'))).toEqual({ summary: null, structuredData: null });
    expect(chatAnalysisOf(answered('{"summary": 3}'))).toEqual({ summary: null, structuredData: null });
  });
});
