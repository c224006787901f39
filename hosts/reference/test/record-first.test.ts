import Database from 'better-sqlite3';
import { beforeEach, describe, expect, it } from 'vitest';
import { useFakeVoiceApi } from '@franchise-ai/test-support/fake-voice-api';
import { type HostHandle, useHost } from '@franchise-ai/test-support/webhook-host';
import { allRows, jsonOf, postJson, validCall } from './helpers.ts';
import { holdWriteLock } from './hold-write-lock.ts';

// A call is recorded (and counted by the per-number limit) before the voice
// provider hears of it; when the record cannot be written, no call is placed.

// The operator's ready-made assistant (VAPI_ASSISTANT_ID), on the provider's account.
const provider = useFakeVoiceApi({ assistants: ['asst_fixed'] });
beforeEach(() => provider.reset());

const hostEnv = (timeoutMs: number) => ({
  RATE_LIMIT_CALL_IP: '100/60',
  RATE_LIMIT_CALL_PHONE: '3/3600',
  VAPI_API_BASE: provider.url,
  VAPI_PRIVATE_KEY: 'test-private-key',
  VAPI_PHONE_NUMBER_ID: 'pn_123',
  VAPI_ASSISTANT_ID: 'asst_fixed',
  VAPI_TIMEOUT_MS: String(timeoutMs),
});
// Generous enough for a loaded machine's first request to the fake provider.
const host = useHost(() => ({ env: hostEnv(1000) }));

const call = (phoneNumber: string, headers: Record<string, string> = {}, on: HostHandle = host) =>
  postJson(`${on.webhookBase}/trigger_ai_demo_call`, validCall({ phoneNumber }), headers);
const callsPlaced = () => provider.requests.filter((request) => request.path === '/call').length;
const rowsFor = (phoneNumber: string, on: HostHandle = host) => allRows(on.databasePath).filter((row) => row.phone_number === phoneNumber);

/** Runs SQL on a writable connection of the test's own (the host keeps its own open). */
function onDatabase(sql: string): void {
  const db = new Database(host.databasePath);
  try {
    db.exec(sql);
  } finally {
    db.close();
  }
}

describe('a call whose record cannot be written is not placed', () => {
  it('a database that refuses writes: five calls to one number get 503 with Retry-After, none rings; afterwards the limit of 3 still holds', async () => {
    // Stands in for a full disk or a read-only file (the tests run as root, so chmod would not do).
    onDatabase("CREATE TRIGGER refuse_writes BEFORE INSERT ON requests BEGIN SELECT RAISE(ABORT, 'simulated: disk full'); END;");
    try {
      for (let i = 0; i < 5; i++) {
        const response = await call('+12016110000');
        expect(response.status).toBe(503);
        expect(response.headers.get('retry-after')).toBe('30');
        expect((await jsonOf(response))['error']).toMatch(/cannot write its database; nothing was stored or done/);
      }
    } finally {
      onDatabase('DROP TRIGGER refuse_writes;');
    }
    expect(callsPlaced()).toBe(0);
    expect(rowsFor('+12016110000')).toHaveLength(0);
    expect(host.output()).toMatch(/database error for .*simulated: disk full/);

    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await call('+12016110000')).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(callsPlaced()).toBe(3);
    expect(rowsFor('+12016110000').map((row) => row.outcome)).toEqual(['call-placed', 'call-placed', 'call-placed']);
  });

  it('another process holding the write lock: 503 with Retry-After: 1 and no call; after the release the call goes out', async () => {
    const lock = await holdWriteLock(host.databasePath);
    let response: Response;
    try {
      response = await call('+12016110001');
    } finally {
      await lock.release();
    }
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(callsPlaced()).toBe(0);
    expect(rowsFor('+12016110001')).toHaveLength(0);

    const retried = await call('+12016110001');
    expect(retried.status).toBe(200);
    expect(callsPlaced()).toBe(1);
  });
});

describe('the per-number limit counts every call that rang or may have rung', () => {
  it('five simultaneous calls to one number while the provider is slow, limit 3: exactly 3 placed and 3 rows', async () => {
    provider.delayMs = 150;
    const responses = await Promise.all([1, 2, 3, 4, 5].map(() => call('+12016110002')));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 200, 200, 429, 429]);
    expect(callsPlaced()).toBe(3);
    expect(rowsFor('+12016110002').map((row) => row.outcome)).toEqual(['call-placed', 'call-placed', 'call-placed']);
  });

  it('a call the provider never confirmed (timeout) is recorded call-unconfirmed and counts: the fourth is 429', async () => {
    provider.delayMs = 1500; // over VAPI_TIMEOUT_MS=1000
    for (let i = 0; i < 3; i++) {
      const response = await call('+12016110003');
      expect(response.status).toBe(502);
      expect((await jsonOf(response))['error']).toMatch(/did not confirm the call, so it may still ring/);
    }
    expect((await call('+12016110003')).status).toBe(429);
    expect(callsPlaced()).toBe(3);
    const rows = rowsFor('+12016110003');
    expect(rows.map((row) => row.outcome)).toEqual(['call-unconfirmed', 'call-unconfirmed', 'call-unconfirmed']);
    expect(rows[0]!.error).toMatch(/POST \/call timed out after 1000 ms/);
  });

  it('a call the provider refused (an error status) is recorded call-failed and does not count', async () => {
    provider.status = 500;
    for (let i = 0; i < 4; i++) expect((await call('+12016110004')).status).toBe(502);
    provider.status = 200;
    expect((await call('+12016110004')).status).toBe(200);
    expect(rowsFor('+12016110004').map((row) => row.outcome)).toEqual([...Array<string>(4).fill('call-failed'), 'call-placed']);
  });
});

describe('a host killed while a call is with the provider', () => {
  // A provider timeout longer than the provider's delay: the call is still pending when the kill comes.
  const patient = useHost(() => ({ env: hostEnv(30_000) }));

  it('leaves the call recorded and counted; the next start marks it call-unconfirmed and answers its retry without ringing again', async () => {
    provider.delayMs = 10_000;
    const key = 'killed-mid-call-0001';
    const first = call('+12016110005', { 'Idempotency-Key': key }, patient).catch(() => undefined);
    await expect.poll(() => callsPlaced()).toBe(1);
    expect(rowsFor('+12016110005', patient).map((row) => row.outcome)).toEqual(['call-pending']);
    await patient.kill();
    await first;
    await patient.restart();
    const [row] = rowsFor('+12016110005', patient);
    expect(row).toMatchObject({ outcome: 'call-unconfirmed', error: 'The host stopped before the voice provider answered.' });

    provider.reset();
    const retry = await call('+12016110005', { 'Idempotency-Key': key }, patient);
    expect(retry.status).toBe(502);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await jsonOf(retry)).toEqual({ error: expect.stringMatching(/may still ring/), requestId: row!.id });
    expect(callsPlaced()).toBe(0);
  });
});
