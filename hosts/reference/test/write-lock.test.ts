import { describe, expect, it } from 'vitest';
import { useHost } from '@franchise-ai/test-support/webhook-host';
import { jsonOf, postJson, rowCount, validLead } from './helpers.ts';
import { holdWriteLock } from './hold-write-lock.ts';

// better-sqlite3 is synchronous, so a write that waits inside SQLite for another
// process's lock freezes every request of the host. Writes must wait without blocking, and give up
// with a 503 the client can act on.
describe('while another process holds the write lock', () => {
  const host = useHost({ env: { RATE_LIMIT: 'off' } });

  it('/healthz keeps answering while a write waits, the write gets 503 with Retry-After, and nothing is stored', async () => {
    const before = rowCount(host.databasePath);
    const lock = await holdWriteLock(host.databasePath);
    let response: Response;
    let healthzWhileWaiting = 0;
    try {
      let answered = false;
      const post = postJson(`${host.webhookBase}/demo_form`, validLead()).finally(() => (answered = true));
      // One /healthz after another for as long as the write waits: a host frozen inside SQLite
      // answers none of them until the write gives up.
      while (!answered) {
        const health = await fetch(`${host.url}/healthz`);
        expect(health.status).toBe(200);
        if (!answered) healthzWhileWaiting++;
      }
      response = await post;
      // Reads never wait for the writer (WAL): the test can count rows while the lock is held.
      expect(rowCount(host.databasePath)).toBe(before);
    } finally {
      await lock.release();
    }
    expect(healthzWhileWaiting).toBeGreaterThanOrEqual(10);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
    const body = await jsonOf(response);
    expect(body['error']).toMatch(/database is busy; nothing was stored/);
    expect(body['retryAfterSeconds']).toBe(1);
    expect(body['requestId']).toBe(response.headers.get('x-request-id'));
  });

  it('once the lock is released, the same write is stored', async () => {
    const before = rowCount(host.databasePath);
    const response = await postJson(`${host.webhookBase}/demo_form`, validLead());
    expect(response.status).toBe(200);
    expect(rowCount(host.databasePath)).toBe(before + 1);
  });
});
