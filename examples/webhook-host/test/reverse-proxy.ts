import { createServer, request } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import { listen, type Listening } from '@franchise-ai/test-support/listen';

export interface ReverseProxy {
  /** `http://127.0.0.1:PORT` of the proxy; empty before `beforeAll`. */
  url: string;
}

/**
 * A reverse proxy on 127.0.0.1 in front of the host at `target()`, configured like nginx's
 * default `proxy_pass http://127.0.0.1:PORT`: it connects from loopback, sends `Host: 127.0.0.1:PORT`
 * whatever the client asked for, and appends the client's address to `X-Forwarded-For`.
 * So to the host, every client of the proxy looks local.
 */
export function useReverseProxy(target: () => string): ReverseProxy {
  const proxy: ReverseProxy = { url: '' };
  const server = createServer((req, res) => {
    const upstream = new URL(target());
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const forwarded = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host, 'x-forwarded-for': forwardedFor } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => res.writeHead(502).end());
    req.pipe(forwarded);
  });
  let listening: Listening | undefined;
  beforeAll(async () => {
    listening = await listen(server);
    proxy.url = listening.url;
  });
  afterAll(() => listening?.stop());
  return proxy;
}
