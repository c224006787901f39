import type { Server } from 'node:http';
import { clientKey } from '@franchise-ai/shared/client-address';

// MAX_CONNECTIONS alone let one client hold every socket with idle connections (a slowloris that
// never sends a byte is only cut after HEADERS_TIMEOUT_MS, and reconnects), so everyone else was
// turned away. Each client may hold its share only. At the socket only the peer's own address is
// known, never X-Forwarded-For: behind a proxy every socket is the proxy's, which is why the share
// is all of MAX_CONNECTIONS there unless set (config.ts) and the proxy must limit per client.

/**
 * Closes, as soon as it is accepted, a connection beyond `perClient` open ones from its address
 * (an IPv6 address by its /64, as the rate limits count); other clients' connections are untouched.
 */
export function limitConnectionsPerClient(server: Server, perClient: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const key = clientKey(socket.remoteAddress ?? 'unknown');
    const count = open.get(key) ?? 0;
    if (count >= perClient) {
      // Unanswered, as MAX_CONNECTIONS does it: no request has been read yet to answer.
      socket.destroy();
      return;
    }
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}
