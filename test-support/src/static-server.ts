import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { listen, type Listening } from './listen.ts';

// A tiny static server for test pages: folders served under URL prefixes (e.g. a build under
// /widget/), and pages the tests register. Nothing is cached, so every test sees the files as
// they are.

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
};

export interface StaticServer extends Listening {
  /** Serves `html` at `path` with extra response headers (e.g. a Content-Security-Policy); returns its URL. */
  page(path: string, html: string, headers?: Record<string, string>): string;
}

export interface StaticServerOptions {
  /** Extra headers on every file (not on registered pages), e.g. CORS for a CDN that sends it. None by default, like many static hosts. */
  fileHeaders?: Record<string, string>;
}

/** `roots`: URL prefix (`/widget/`) to the folder served under it. */
export async function startStaticServer(roots: Record<string, string>, { fileHeaders = {} }: StaticServerOptions = {}): Promise<StaticServer> {
  const pages = new Map<string, { html: string; headers: Record<string, string> }>();

  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://static.invalid').pathname);
    const registered = pages.get(pathname);
    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405).end();
    if (registered) {
      res.writeHead(200, { 'Content-Type': MIME['.html']!, 'Cache-Control': 'no-store', ...registered.headers });
      return void res.end(registered.html);
    }
    const prefix = Object.keys(roots).find((root) => pathname.startsWith(root));
    if (!prefix) return void res.writeHead(404).end('not found');
    const root = roots[prefix]!;
    const file = normalize(join(root, pathname.slice(prefix.length)));
    if (!file.startsWith(root.endsWith(sep) ? root : root + sep)) return void res.writeHead(403).end();
    readFile(file).then(
      (body) => {
        res.writeHead(200, { 'Content-Type': MIME[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-store', ...fileHeaders });
        res.end(body);
      },
      () => res.writeHead(404).end('not found'),
    );
  });
  const listening = await listen(server);
  return {
    ...listening,
    page(path, html, headers = {}) {
      pages.set(path, { html, headers });
      return listening.url + path;
    },
  };
}
