import { createServer, request } from 'node:http';
import { listen, type Listening } from '@franchise-ai/test-support/listen';

/**
 * The reverse proxy integrations/n8n/README.md requires in front of n8n, as its nginx example is
 * configured: on 127.0.0.1, forwarding to n8n and appending the address it was connected from to
 * `X-Forwarded-For` (`$proxy_add_x_forwarded_for`). Every client of a test connects from 127.0.0.1.
 */
export async function startReverseProxy(target: string): Promise<Listening> {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
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
  return listen(server);
}
