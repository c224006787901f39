import { createServer, request } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import { listen, type Listening } from './listen.ts';

/**
 * A reverse proxy on 127.0.0.1 in front of the host at `target()`, configured like nginx's
 * `proxy_pass http://127.0.0.1:PORT` with `X-Forwarded-For $proxy_add_x_forwarded_for` (what
 * SECURITY.md and integrations/n8n/README.md ask for): it connects from loopback, sends
 * `Host: 127.0.0.1:PORT` whatever the client asked for, and appends the address the client connected
 * from to `X-Forwarded-For`. So to the host every client looks local, and only the last entry is
 * the proxy's word; every client of a test connects from 127.0.0.1.
 */
export async function startReverseProxy(target: () => string): Promise<Listening> {
  const server = createServer((req, res) => {
    const upstream = new URL(target());
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const forwarded = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host, 'x-forwarded-for': forwardedFor },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => res.writeHead(502).end());
    req.pipe(forwarded);
  });
  return listen(server);
}

/** `startReverseProxy` for the tests of the enclosing `describe` (or file): read `url` in tests and hooks. */
export function useReverseProxy(target: () => string): { url: string } {
  const proxy = { url: '' };
  let listening: Listening | undefined;
  beforeAll(async () => {
    listening = await startReverseProxy(target);
    proxy.url = listening.url;
  });
  afterAll(() => listening?.stop());
  return proxy;
}
