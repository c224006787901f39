import { MAX_CHAT_MESSAGE_CHARS } from '@franchise-ai/shared/chat';
import { describe, expect, it } from 'vitest';
import { chatProblem } from '../steps/chat/chat-actions.ts';
import { WebhookError } from '../webhooks/webhook-client.ts';
import { type FlowAction, type FlowState, flowReducer, initialFlowState } from './reducer.ts';

const congratulations: FlowState = { ...initialFlowState(), step: 'congratulations' };
const run = (state: FlowState, ...actions: FlowAction[]) => actions.reduce(flowReducer, state);
const offered = run(congratulations, { type: 'chat-offered' });
const chosen = run(offered, { type: 'chat-chosen', greeting: 'Hi!' });
const typed = (text: string) => run(chosen, { type: 'chat-typed', text });
const sending = run(typed(' Hello \n'), { type: 'chat-sent' });

describe('the chat in the flow', () => {
  it('is chosen only where the host chats, greeted first', () => {
    expect(run(congratulations, { type: 'chat-chosen', greeting: 'Hi!' })).toBe(congratulations);
    expect(chosen.step).toBe('chat');
    expect(chosen.chat).toEqual({ lines: [{ role: 'assistant', text: 'Hi!' }], chatId: null, draft: '', status: 'idle', problem: null });
  });
  it('sends the box trimmed, not when empty, too long or while a reply is awaited', () => {
    expect(sending.chat).toMatchObject({ lines: [{ text: 'Hi!' }, { role: 'user', text: 'Hello' }], draft: '', status: 'sending' });
    for (const state of [typed('  \n'), typed('x'.repeat(MAX_CHAT_MESSAGE_CHARS + 1)), run(sending, { type: 'chat-typed', text: 'more' })])
      expect(run(state, { type: 'chat-sent' })).toBe(state);
  });
  it('adds the reply with its chat id; a goodbye ends it; a failure gives the message back to the box, before what was typed since', () => {
    expect(run(sending, { type: 'chat-replied', chatId: 'chat-1-0000', reply: 'Yes.', ended: false }).chat).toMatchObject({
      chatId: 'chat-1-0000',
      status: 'idle',
    });
    expect(run(sending, { type: 'chat-replied', chatId: 'chat-1-0000', reply: 'Bye.', ended: true }).chat?.status).toBe('ended');
    const failed = run(sending, { type: 'chat-typed', text: 'and' }, { type: 'chat-failed', problem: 'busy', text: 'Hello' });
    expect(failed.chat).toMatchObject({ lines: [{ text: 'Hi!' }], draft: 'Hello\nand', status: 'idle', problem: 'busy' });
  });
  it('keeps its lines through a browser call and back', () => {
    const back = run(
      sending,
      { type: 'chat-replied', chatId: 'c-1-00000', reply: 'Yes.', ended: false },
      { type: 'browser-chosen' },
      { type: 'chat-chosen', greeting: 'Hi again!' },
    );
    expect(back.chat?.lines.map((line) => line.text)).toEqual(['Hi!', 'Hello', 'Yes.']);
  });
  it.each([
    [409, undefined, undefined, 'ended'],
    [404, undefined, undefined, 'unknownDemo'],
    [429, 'turns', undefined, 'turns'],
    [429, 'client', undefined, 'busy'],
    [400, undefined, { message: 'messageTooLong' }, 'tooLong'],
    [502, undefined, undefined, 'failed'],
  ])('words a %i (code %s, codes %o) as %s', (status, code, codes, problem) => {
    expect(chatProblem(new WebhookError('status', 'refused', status, { ...(code ? { code } : {}), ...(codes ? { codes } : {}) }))).toBe(problem);
  });
  it('words a timeout as a failure', () => expect(chatProblem(new WebhookError('timeout', 'late'))).toBe('failed'));
});
