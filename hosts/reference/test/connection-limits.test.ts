import { describe, expect, it } from 'vitest';
import { useHost } from '@franchise-ai/test-support/webhook-host';
import { postJson, rowCount, validLead } from './helpers.ts';
import { answeredHealthz, dribble, getRequest, openConnection } from './raw-connection.ts';

// A webhook body is at most 16 KB and arrives at once, so the host cuts clients that are slow
// on purpose (HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS), closes idle keep-alive sockets
// (KEEP_ALIVE_TIMEOUT_MS) and caps open connections (MAX_CONNECTIONS), and those of one client
// (MAX_CONNECTIONS_PER_CLIENT). Short values here.

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
  // One client may hold all three here: this is the cap on everyone together.
  const host = useHost({ env: { MAX_CONNECTIONS: '3', MAX_CONNECTIONS_PER_CLIENT: '3', KEEP_ALIVE_TIMEOUT_MS: '15000' } });

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

describe('one client holding idle sockets (default limits: 256 connections, a quarter per client)', () => {
  const host = useHost({ env: { RATE_LIMIT: 'off' } });
  const ATTACKER = '127.0.0.2';
  const stillOpen = (connections: { socket: { destroyed: boolean } }[]) => connections.filter((connection) => !connection.socket.destroyed).length;

  it("keeps 64 of its 256 sockets, and every other client's requests are served and stored", async () => {
    const idle = await Promise.all(Array.from({ length: 256 }, () => openConnection(host.port, ATTACKER)));

    const before = rowCount(host.databasePath);
    const responses = await Promise.all(Array.from({ length: 10 }, () => postJson(`${host.webhookBase}/demo_form`, validLead())));
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
    expect(rowCount(host.databasePath)).toBe(before + 10);
    await expect.poll(() => stillOpen(idle)).toBe(64);

    // Within its share it is served like anyone, and places it gives up are its own again.
    const kept = idle.find((connection) => !connection.socket.destroyed)!;
    kept.socket.write(getRequest('/healthz'));
    expect(await kept.until(answeredHealthz())).toMatch(/^HTTP\/1\.1 200 /);
    for (const connection of idle) connection.socket.destroy();
    const again = await Promise.all(Array.from({ length: 64 }, () => openConnection(host.port, ATTACKER)));
    await expect.poll(() => stillOpen(again)).toBe(64);
    again[63]!.socket.write(getRequest('/healthz', 'close'));
    expect(await again[63]!.closed).toMatch(/^HTTP\/1\.1 200 /);
    for (const connection of again) connection.socket.destroy();
  });
});
