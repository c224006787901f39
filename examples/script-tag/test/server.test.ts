import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from '@franchise-ai/test-support/child-server';

// The example partner-page server (server.mjs), as a real process on a free port.
const SERVER = fileURLToPath(new URL('../server.mjs', import.meta.url));

let server: ChildServer;
let base = '';
let port = 0;

beforeAll(async () => {
  server = await startChildServer({
    name: 'server.mjs',
    args: [SERVER],
    env: { PATH: process.env['PATH'] ?? '', PORT: '0', WEBHOOK_BASE: 'http://127.0.0.1:9/webhook/acme' },
    listening: /on http:\/\/127\.0\.0\.1:(\d+)\//,
  });
  ({ url: base, port } = server);
});

afterAll(() => server?.stop());

/** GET `target` exactly as written (fetch and URLs would resolve `..` and reject some escapes). */
function get(target: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: target, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('script-tag example server', () => {
  it('prints the port it bound with PORT=0, and serves the page there', async () => {
    expect(base).not.toMatch(/:0$/);
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<franchise-ai-demo');
    expect(page.body).toContain('http://127.0.0.1:9/webhook/acme');
  });

  it.each(['/%E0%A4%A', '/%', '/widget/%zz', '/widget/a%00.js'])('a malformed path %s: 400 saying why, and the server stays up', async (target) => {
    const answer = await get(target);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatch(/not valid percent-encoding/);
    expect((await get('/')).status).toBe(200);
    expect(server.running()).toBe(true);
  });

  it.each(['/widget/..%2f..%2fpackage.json', '/widget/../../package.json', '/widget/%2e%2e/%2e%2e/package.json', '/widget/..%2f..%2f..%2fpackage.json'])(
    'a path out of widget/dist (%s): 404, nothing of the file',
    async (target) => {
      const answer = await get(target);
      expect(answer.status).toBe(404);
      expect(answer.body).not.toContain('"name"');
    },
  );
});
