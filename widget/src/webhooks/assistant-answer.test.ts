import { describe, expect, it } from 'vitest';
import { readAssistantId } from './assistant-answer.ts';
import { missingAssistantId, quoteAnswer } from './missing-assistant-id.ts';

describe('readAssistantId', () => {
  it.each<[string, unknown, string | undefined]>([
    ['assistantId', { assistantId: 'a1' }, 'a1'],
    ['assistant_id', { assistant_id: 'a2' }, 'a2'],
    ['assistantId preferred over assistant_id', { assistantId: 'a1', assistant_id: 'a2' }, 'a1'],
    ['assistant_id when assistantId is null', { assistantId: null, assistant_id: 'a2' }, 'a2'],
    ['assistant_id when assistantId is empty', { assistantId: '', assistant_id: 'a2' }, 'a2'],
    ['assistant_id when assistantId is a number', { assistantId: 42, assistant_id: 'a3' }, 'a3'],
    ['neither field', { id: 'a3' }, undefined],
    ['empty id', { assistantId: '' }, undefined],
    ['blank id', { assistantId: ' \t' }, undefined],
    ['numeric id', { assistantId: 7 }, undefined],
    ['null body', null, undefined],
    ['undefined body', undefined, undefined],
    ['string body', 'a1', undefined],
    ['number body', 42, undefined],
    ['array of a string', ['a1'], undefined],
    // n8n's Response Data "All Entries" of a one-item workflow.
    ['array of one object with the id', [{ assistantId: 'a4' }], 'a4'],
    ['array of one object with assistant_id', [{ assistant_id: 'a5' }], 'a5'],
    ['array of one object without the id', [{ id: 'a6' }], undefined],
    ['array of two objects: which one is meant is unknown', [{ assistantId: 'a7' }, { assistantId: 'a8' }], undefined],
    ['empty array', [], undefined],
    ['nested array', [[{ assistantId: 'a9' }]], undefined],
  ])('%s', (_label, body, expected) => {
    expect(readAssistantId(body)).toBe(expected);
  });
});

describe('missingAssistantId', () => {
  const diagnose = (text: string) => {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return missingAssistantId(text, undefined, false);
    }
    return missingAssistantId(text, body, true);
  };
  const STARTED = '{"message":"Workflow was started"}';
  const NO_ID = '{"id":"asst_1","status":"ok"}';
  const FIRST_ENTRY = '"First Entry JSON"';
  it.each<[string, string, string[]]>([
    ["n8n's Respond: Immediately", STARTED, [JSON.stringify(STARTED), 'Respond is "Immediately"', "Using 'Respond to Webhook' Node"]],
    ["n8n's Response Data: All Entries, two entries", '[{"assistantId":"a"},{"assistantId":"b"}]', ['an array of 2 entries', '"All Entries"', FIRST_ENTRY]],
    ["n8n's Response Data: All Entries, no entries", '[]', ['an array of 0 entries', '"All Entries"']],
    ['an object without the id', NO_ID, [JSON.stringify(NO_ID), 'Respond to Webhook node', FIRST_ENTRY]],
    ['plain text', 'Workflow was started', ['"Workflow was started"', 'not JSON']],
    ['an empty body', '', ['an empty body', 'not JSON']],
    ['malformed JSON', '{"assistantId": "asst_', ['"{\\"assistantId\\": \\"asst_"', 'not JSON']],
  ])('%s: quotes the answer and names the setting', (_label, text, expected) => {
    const message = diagnose(text);
    expect(message).toMatch(/^website_demo_call answered /);
    for (const part of expected) expect(message).toContain(part);
    expect(message).toContain('{"assistantId": "..."}');
  });
  it('names "Immediately" only for n8n\'s own started message', () => {
    expect(diagnose('{"message":"Workflow started"}')).not.toContain('Immediately');
  });
});

describe('quoteAnswer', () => {
  it.each<[string, string, string]>([
    ['short text as a JSON string', 'abc', '"abc"'],
    ['white space folded onto one line', '{\n  "a": 1\n}', '"{ \\"a\\": 1 }"'],
    ['empty', '', 'an empty body'],
    ['only white space', ' \n\t', 'an empty body'],
    ['200 characters kept whole', 'x'.repeat(200), JSON.stringify('x'.repeat(200))],
    ['longer cut at 200 with an ellipsis', 'y'.repeat(5_000), JSON.stringify(`${'y'.repeat(200)}…`)],
  ])('%s', (_label, text, expected) => {
    expect(quoteAnswer(text)).toBe(expected);
  });
});
