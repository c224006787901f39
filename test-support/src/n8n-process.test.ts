import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { isWorkflowRefusal, queueModeEnv } from './n8n-process.ts';
import { executionDataEnv, QUEUE_MODE_ENV, READINESS_PROBE } from './n8n-workflows.ts';

// n8n is live for the tests only once the workflow itself answers: a 404 of any kind, a page from
// another server on the port, or n8n's own errors while it starts are not it.
describe('isWorkflowRefusal: is this the demo_form workflow refusing an untyped post?', () => {
  test.each([
    ['the workflow’s 415', READINESS_PROBE.refusal.status, JSON.stringify({ error: READINESS_PROBE.refusal.error }), true],
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

describe('queueModeEnv', () => {
  const file = readFileSync(QUEUE_MODE_ENV, 'utf8');
  const services = { postgres: { host: '127.0.0.2', port: 6543, database: 'leads', user: 'u', password: 'p' }, redis: { host: '127.0.0.3', port: 7379 } };
  const env = queueModeEnv(services, file);

  test('gives every queue-mode process what execution-data.env keeps of the requests', () => {
    expect(env).toMatchObject(executionDataEnv());
  });

  test("takes the file's settings over this repository's single-process ones", () => {
    expect(env).toMatchObject({ EXECUTIONS_MODE: 'queue', DB_TYPE: 'postgresdb', N8N_LISTEN_ADDRESS: '127.0.0.1', N8N_BLOCK_ENV_ACCESS_IN_NODE: 'false' });
  });

  test('points every process at the PostgreSQL and Redis it is given', () => {
    expect(env).toMatchObject({
      DB_POSTGRESDB_HOST: '127.0.0.2',
      DB_POSTGRESDB_PORT: '6543',
      DB_POSTGRESDB_DATABASE: 'leads',
      DB_POSTGRESDB_USER: 'u',
      DB_POSTGRESDB_PASSWORD: 'p',
      QUEUE_BULL_REDIS_HOST: '127.0.0.3',
      QUEUE_BULL_REDIS_PORT: '7379',
    });
  });
});
