import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listen, type Listening } from '@franchise-ai/test-support/listen';

// A small website on 127.0.0.1 for the site reader's tests: routes by path, and a record of every
// request it received (path and user agent), so a test can prove what was never asked for.

export type Route = (request: IncomingMessage, response: ServerResponse) => void;

export interface FixtureSite extends Listening {
  /** Every request, in order: its path and its User-Agent. */
  requests: { path: string; userAgent: string }[];
  paths(): string[];
  /** TCP connections accepted, requests or not. */
  connections(): number;
}

export const html =
  (body: string, status = 200): Route =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html><head><title>Fixture</title></head><body>${body}</body></html>`);
  };

export const text =
  (body: string, contentType = 'text/plain', status = 200): Route =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': contentType });
    response.end(body);
  };

export const redirect =
  (location: string, status = 302): Route =>
  (_request, response) => {
    response.writeHead(status, { location });
    response.end();
  };

export async function fixtureSite(routes: Record<string, Route>): Promise<FixtureSite> {
  const requests: FixtureSite['requests'] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push({ path, userAgent: request.headers['user-agent'] ?? '' });
    const route = routes[path];
    if (route) return route(request, response);
    response.writeHead(404, { 'content-type': 'text/html' });
    response.end('<p>Not found</p>');
  });
  let connections = 0;
  server.on('connection', () => connections++);
  const listening = await listen(server);
  return { ...listening, requests, paths: () => requests.map((request) => request.path), connections: () => connections };
}

/** A page of `bytes` bytes of HTML, written as the client reads it; `closedEarly` tells whether the client hung up first. */
export function hugePage(bytes: number): { route: Route; closedEarly: Promise<boolean> } {
  let report: (closedEarly: boolean) => void = () => {};
  const closedEarly = new Promise<boolean>((resolve) => (report = resolve));
  const route: Route = (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }); // no Content-Length: the cap must work while streaming
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let written = 0;
    const write = (): void => {
      while (written < bytes) {
        written += chunk.length;
        if (!response.write(chunk)) return void response.once('drain', write);
      }
      response.end();
    };
    response.on('close', () => report(!response.writableFinished));
    write();
  };
  return { route, closedEarly };
}
