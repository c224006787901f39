import { describe, expect, it } from 'vitest';
import { useHost } from '@franchise-ai/test-support/webhook-host';
import { rowCount } from './helpers.ts';
import { answeredHealthz, dribble, getRequest, openConnection } from './raw-connection.ts';

// A webhook body is at most 16 KB and arrives at once, so the host cuts clients that are slow
// on purpose (HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS), closes idle keep-alive sockets
// (KEEP_ALIVE_TIMEOUT_MS) and caps open connections (MAX_CONNECTIONS). Short values here.

describe('timeouts', () => {
  const host = useHost({ env: { HEADERS_TIMEOUT_MS: '500', REQUEST_TIMEOUT_MS: '1000', KEEP_ALIVE_TIMEOUT_MS: '1000' } });

  it('a body that never ends: 408 and the socket closed; nothing stored', async () => {
    const before = rowCount(host.databasePath);
    const connection = await openConnection(host.port);
    connection.socket.write(
      'POST /webhook/acme/demo_form HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 16000\r\n\r\n{"name":',
    );
    dribble(connection, () => ' ');
    expect(await connection.closed).toMatch(/^HTTP\/1\.1 408 /);
    expect(rowCount(host.databasePath)).toBe(before);
  });

  it('headers that never end (slowloris): 408 and the socket closed', async () => {
    const connection = await openConnection(host.port);
    connection.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    let n = 0;
    dribble(connection, () => `X-Slow-${n++}: 1\r\n`);
    expect(await connection.closed).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a connection that sends nothing is closed', async () => {
    const connection = await openConnection(host.port);
    await connection.closed;
    expect(connection.socket.destroyed).toBe(true);
  });

  it('an idle keep-alive connection is announced (Keep-Alive: timeout=1) and closed', async () => {
    const connection = await openConnection(host.port);
    connection.socket.write(getRequest('/healthz'));
    const answer = await connection.until(answeredHealthz());
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/\r\nKeep-Alive: timeout=1\r\n/i);
    // Nothing more is sent: the host closes the connection by itself.
    expect(await connection.closed).toBe(answer);
  });

  it('a prompt client is not affected: two requests on one connection', async () => {
    const connection = await openConnection(host.port);
    connection.socket.write(getRequest('/healthz'));
    await connection.until(answeredHealthz(1));
    connection.socket.write(getRequest('/healthz'));
    expect((await connection.until(answeredHealthz(2))).match(/HTTP\/1\.1 200 /g)).toHaveLength(2);
    connection.socket.destroy();
  });
});

describe('MAX_CONNECTIONS=3', () => {
  const host = useHost({ env: { MAX_CONNECTIONS: '3', KEEP_ALIVE_TIMEOUT_MS: '15000' } });

  it('three connections are served; a fourth is closed unanswered; a freed place is usable again', async () => {
    const open = await Promise.all([1, 2, 3].map(() => openConnection(host.port)));
    for (const connection of open) {
      connection.socket.write(getRequest('/healthz'));
      expect(await connection.until(answeredHealthz())).toMatch(/^HTTP\/1\.1 200 /);
    }

    const fourth = await openConnection(host.port);
    fourth.socket.write(getRequest('/healthz', 'close'));
    expect(await fourth.closed).toBe('');

    open[0]!.socket.destroy();
    // The host frees the place once it sees the close, a moment later.
    await expect
      .poll(async () => {
        const again = await openConnection(host.port);
        again.socket.write(getRequest('/healthz', 'close'));
        return again.closed;
      })
      .toMatch(/^HTTP\/1\.1 200 /);
    for (const connection of open) connection.socket.destroy();
  });
});
