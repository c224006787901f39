import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '@franchise-ai/shared/request-body';
import { parseEnvFile } from './env-file.ts';
import { EXECUTION_DATA_ENV, executionDataEnv, QUEUE_MODE_ENV, WORKFLOWS } from './harness-facts.ts';

// queue/queue-mode.env is what an operator hands to every n8n process: these are the settings
// without which queue mode does not work (or not on one host), by their n8n 2.8.4 names.
const file = readFileSync(QUEUE_MODE_ENV, 'utf8');
const settings = parseEnvFile(file);

describe('queue/queue-mode.env', () => {
  it.each([
    ['EXECUTIONS_MODE', /^queue$/],
    ['QUEUE_BULL_REDIS_HOST', /\S/],
    ['QUEUE_BULL_REDIS_PORT', /^\d+$/],
    ['DB_TYPE', /^postgresdb$/],
    ['DB_POSTGRESDB_HOST', /\S/],
    ['DB_POSTGRESDB_DATABASE', /\S/],
    ['DB_POSTGRESDB_USER', /\S/],
    ['DB_POSTGRESDB_PASSWORD', /^change-me/],
    ['N8N_ENCRYPTION_KEY', /^change-me/],
    ['N8N_CONCURRENCY_PRODUCTION_LIMIT', /^([5-9]|[1-9]\d+)$/],
    ['QUEUE_HEALTH_CHECK_ACTIVE', /^true$/],
    ['QUEUE_HEALTH_CHECK_PORT', /^\d+$/],
    ['N8N_WORKER_SERVER_ADDRESS', /^127\.0\.0\.1$/],
    ['N8N_RUNNERS_BROKER_PORT', /^\d+$/],
    ['N8N_GRACEFUL_SHUTDOWN_TIMEOUT', /^\d+$/],
    ['OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS', /^true$/],
  ])('sets %s', (name, value) => {
    expect(settings[name]).toMatch(value);
  });

  it.each(['QUEUE_WORKER_TIMEOUT', 'QUEUE_WORKER_MAX_STALLED_COUNT', 'N8N_RUNNERS_ENABLED', 'EXECUTIONS_PROCESS'])(
    'does not use %s, which n8n 2.x deprecated or dropped',
    (name) => {
      expect(settings).not.toHaveProperty(name);
    },
  );

  it('explains every setting: a comment right above each one or its group', () => {
    expect(unexplained(file)).toEqual([]);
  });
});

/** The settings of an env file without a comment right above them or their group. */
function unexplained(text: string): string[] {
  const lines = text.split('\n');
  return lines.filter(
    (line, index) =>
      /^[A-Z_]+=/.test(line) &&
      !lines
        .slice(0, index)
        .reverse()
        .find((above) => !/^[A-Z_]+=/.test(above))
        ?.startsWith('#'),
  );
}

// execution-data.env: what every n8n (single or queue mode) keeps of the requests.
describe('execution-data.env', () => {
  const text = readFileSync(EXECUTION_DATA_ENV, 'utf8');
  const data = executionDataEnv(text);

  it('caps bodies in MiB, as a plain number n8n reads (an exponent form lifts the cap), above 16 KB and above what the editor sends to save a workflow', () => {
    expect(data['N8N_PAYLOAD_SIZE_MAX']).toMatch(/^\d+(\.\d+)?$/);
    const cap = Number(data['N8N_PAYLOAD_SIZE_MAX']) * 2 ** 20;
    const largestWorkflow = Math.max(...readdirSync(WORKFLOWS).map((file) => statSync(join(WORKFLOWS, file)).size));
    expect(cap).toBeGreaterThan(MAX_BODY_BYTES);
    expect(cap).toBeGreaterThanOrEqual(2 * largestWorkflow);
  });

  it("prunes: by age (hours, shorter than n8n's two weeks) and by count", () => {
    expect(data).toMatchObject({ EXECUTIONS_DATA_PRUNE: 'true', EXECUTIONS_DATA_HARD_DELETE_BUFFER: expect.stringMatching(/^\d+$/) });
    expect(Number(data['EXECUTIONS_DATA_MAX_AGE'])).toBeGreaterThan(0);
    expect(Number(data['EXECUTIONS_DATA_MAX_AGE'])).toBeLessThan(336);
    expect(Number(data['EXECUTIONS_DATA_PRUNE_MAX_COUNT'])).toBeGreaterThan(0);
  });

  it('explains every setting', () => {
    expect(unexplained(text)).toEqual([]);
  });
});
