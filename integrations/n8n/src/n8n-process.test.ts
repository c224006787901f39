import { describe, expect, test } from 'vitest';
import { BODY_REFUSALS } from '@franchise-ai/shared/request-body';
import { isWorkflowRefusal } from './n8n-process.ts';

// n8n is live for the tests only once the workflow itself answers: a 404 of any kind, a page from
// another server on the port, or n8n's own errors while it starts are not it.
describe('isWorkflowRefusal: is this the demo_form workflow refusing an untyped post?', () => {
  test.each([
    ['the workflow’s 415', BODY_REFUSALS.notJson.status, JSON.stringify({ error: BODY_REFUSALS.notJson.error }), true],
    ['Express’s "Cannot POST" while the routes are not mounted', 404, '<pre>Cannot POST /webhook/franchise-ai/demo_form</pre>', false],
    [
      'n8n’s "not registered" while the workflows are not active',
      404,
      JSON.stringify({ code: 404, message: 'The requested webhook "POST franchise-ai/demo_form" is not registered.' }),
      false,
    ],
    ['a 415 from something else', 415, 'Unsupported Media Type', false],
    ['a 415 with another error', 415, JSON.stringify({ error: 'nope' }), false],
    ['n8n migrating its database: a 200, which the old check took for live', 200, 'n8n is starting up. Please wait', false],
    ['n8n’s database not ready', 503, JSON.stringify({ code: 503, message: 'Database is not ready!' }), false],
    ['no answer', 0, '', false],
  ])('%s → %s', (_name, status, text, expected) => {
    expect(isWorkflowRefusal({ status, text })).toBe(expected);
  });
});
