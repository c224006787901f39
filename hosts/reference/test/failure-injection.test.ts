import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDatabase, spawnHost, useHost } from '@franchise-ai/test-support/webhook-host';
import { allRows, jsonOf, postJson, rowCount, validCall, validLead } from './helpers.ts';

const ORIGIN = 'http://localhost:5173';

describe('FAIL=demo_form:500,website_demo_call:timeout,trigger_ai_demo_call:503', () => {
  const host = useHost({
    env: {
      RATE_LIMIT: 'off',
      VAPI_ASSISTANT_ID: 'asst_fixed',
      FAIL: 'demo_form:500, website_demo_call:timeout, trigger_ai_demo_call:503',
    },
  });

  it('announces the injected failures when it starts', async () => {
    // The line follows the "listening" line spawnHost waits for.
    await expect.poll(() => host.output()).toMatch(/failure injection: demo_form, website_demo_call, trigger_ai_demo_call/);
  });

  it('demo_form answers 500 with a JSON error and the CORS header, storing nothing', async () => {
    const before = rowCount(host.databasePath);
    const response = await postJson(`${host.webhookBase}/demo_form`, validLead(), { Origin: ORIGIN });
    expect(response.status).toBe(500);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const body = await jsonOf(response);
    expect(body['error']).toEqual(expect.stringContaining('demo_form'));
    expect(body['requestId']).toBe(response.headers.get('x-request-id'));
    expect(rowCount(host.databasePath)).toBe(before);
  });

  it('the injected status answers even a valid body', async () => {
    const response = await postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall());
    expect(response.status).toBe(503);
    expect(typeof (await jsonOf(response))['error']).toBe('string');
    expect(rowCount(host.databasePath)).toBe(0);
  });

  it('still refuses a foreign origin with 403 before failing', async () => {
    const response = await postJson(`${host.webhookBase}/demo_form`, validLead(), { Origin: 'https://evil.example' });
    expect(response.status).toBe(403);
  });

  it('website_demo_call never answers: a 500 ms client timeout fires', async () => {
    const started = performance.now();
    const error = await fetch(`${host.webhookBase}/website_demo_call`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(validLead()),
      signal: AbortSignal.timeout(500),
    }).then(
      (response) => new Error(`expected no answer, got ${response.status}`),
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('TimeoutError');
    expect(performance.now() - started).toBeGreaterThanOrEqual(450);
    expect(rowCount(host.databasePath)).toBe(0);
  });

  it('endpoints without a FAIL entry and /healthz keep working', async () => {
    expect((await fetch(`${host.url}/healthz`)).status).toBe(200);
  });
});

describe('FAIL=demo_form:reset,website_demo_call:malformed with LATENCY_MS=300', () => {
  const host = useHost({
    env: {
      RATE_LIMIT: 'off',
      VAPI_ASSISTANT_ID: 'asst_fixed',
      FAIL: 'demo_form:reset,website_demo_call:malformed',
      LATENCY_MS: '300',
    },
  });

  it('demo_form drops the connection: fetch rejects, nothing stored', async () => {
    const before = rowCount(host.databasePath);
    await expect(postJson(`${host.webhookBase}/demo_form`, validLead())).rejects.toThrow(TypeError);
    expect(rowCount(host.databasePath)).toBe(before);
  });

  it('website_demo_call answers 200 with a body that is not JSON, after doing the work', async () => {
    const before = rowCount(host.databasePath);
    const response = await postJson(`${host.webhookBase}/website_demo_call`, validLead(), { Origin: ORIGIN });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const text = await response.text();
    expect(text.length).toBeGreaterThan(0);
    expect(() => JSON.parse(text)).toThrow(SyntaxError);
    expect(rowCount(host.databasePath)).toBe(before + 1);
    expect(allRows(host.databasePath).at(-1)).toMatchObject({ endpoint: 'website_demo_call', outcome: 'assistant-configured' });
  });

  it('every answer waits at least ~300 ms (LATENCY_MS)', async () => {
    const started = performance.now();
    const response = await postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall());
    const elapsed = performance.now() - started;
    expect(response.status).toBe(202);
    expect(elapsed).toBeGreaterThanOrEqual(290);
  });

  it('the latency applies to refusals too, but not to /healthz', async () => {
    let started = performance.now();
    const refused = await postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall({ phoneNumber: 'abc' }));
    expect(refused.status).toBe(400);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);

    started = performance.now();
    expect((await fetch(`${host.url}/healthz`)).status).toBe(200);
    expect(performance.now() - started).toBeLessThan(290);
  });
});

describe('a FAIL value the host does not understand', () => {
  const dirs: string[] = [];
  const databaseIn = () => {
    const dir = mkdtempSync(join(tmpdir(), 'webhook-host-bad-config-'));
    dirs.push(dir);
    return join(dir, 'test.db');
  };
  afterAll(() => {
    // removeDatabase leaves folders it did not make; these are this block's own.
    for (const dir of dirs) {
      removeDatabase(join(dir, 'test.db'));
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // The process-level wiring (the refusal ends the process before it listens) once per kind of
  // setting; every value each refuses is a row of parseFailures' and configFromEnv's unit tables
  // (src/failure-injection.test.ts, src/config.test.ts).
  it('FAIL=demo_form:teapot: the process exits before listening, with a message', async () => {
    const error = await spawnHost({ env: { FAIL: 'demo_form:teapot' }, databasePath: databaseIn() }).then(
      async (host) => {
        await host.stop();
        return new Error('the host started');
      },
      (reason: unknown) => reason as Error,
    );
    expect(error.message).toMatch(/exited with 1 before listening/);
    expect(error.message).toMatch(/webhook host did not start/);
    expect(error.message).toMatch(/FAIL: "demo_form:teapot" needs a status 400-599, timeout, reset or malformed/);
  });

  it('CONTACT_PHONE without a country code is refused the same way', async () => {
    await expect(spawnHost({ env: { CONTACT_PHONE: '202 555 0123' }, databasePath: databaseIn() })).rejects.toThrow(
      /CONTACT_PHONE must be an international number, \+ and country code first \(\+12025550123\), got "202 555 0123"/,
    );
  });

  it('RATE_LIMIT_DEMO_FORM=3 per minute is refused the same way', async () => {
    await expect(spawnHost({ env: { RATE_LIMIT_DEMO_FORM: '3 per minute' }, databasePath: databaseIn() })).rejects.toThrow(
      /Rate limit "3 per minute" must look like count\/seconds/,
    );
  });
});
