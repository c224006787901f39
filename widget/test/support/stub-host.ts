import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import { listen, type Listening } from '@franchise-ai/test-support/listen';

// A webhook host that answers as a test says, on 127.0.0.1 with CORS, recording every request; the real host is the suite's (suite.ts).

export interface StubRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
/** Answers one non-preflight request; the CORS headers are already set on `res`. */
export type StubAnswer = (request: StubRequest, res: ServerResponse, host: StubHost) => void;
export interface StubHost extends Listening {
  /** `${url}/webhook/stub`, shaped like a real base. */
  webhookBase: string;
  /** Every request but the CORS preflights, in order. */
  readonly requests: StubRequest[];
}
export function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}
async function startStubHost(answer: StubAnswer): Promise<StubHost> {
  const requests: StubRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      res.setHeader('Access-Control-Allow-Origin', '*');
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          'Access-Control-Allow-Methods': 'POST',
          'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '',
          'Access-Control-Max-Age': '0',
        });
        return void res.end();
      }
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(request);
      answer(request, res, host);
    });
  });
  const listening = await listen(server);
  const host: StubHost = { ...listening, webhookBase: `${listening.url}/webhook/stub`, requests };
  return host;
}
/** A stub host for the tests of the enclosing file or `describe`, stopped after them. */
export function useStubHost(answer: StubAnswer): { readonly host: StubHost } {
  let host: StubHost | undefined;
  beforeAll(async () => {
    host = await startStubHost(answer);
  });
  afterAll(() => host?.stop());
  return {
    get host() {
      if (!host) throw new Error('the stub host is not running (beforeAll failed)');
      return host;
    },
  };
}
