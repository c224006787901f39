import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

// A tiny static server for the test pages: the built widget under /widget/,
// the shared page assets (test/browser/pages) under /assets/, and pages the tests register.

const WIDGET = fileURLToPath(new URL('../../', import.meta.url));
const ASSETS = fileURLToPath(new URL('../browser/pages/', import.meta.url));

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
};

export interface StaticServer {
  /** `http://127.0.0.1:PORT` */
  url: string;
  /** Serves `html` at `path` with extra response headers (e.g. a Content-Security-Policy); returns its URL. */
  page(path: string, html: string, headers?: Record<string, string>): string;
  stop(): Promise<void>;
}

/** `widgetDir`: which build to serve under /widget/, the real one or the one with the fake Daily. */
export async function startStaticServer(widgetDir: 'dist' | 'test-dist'): Promise<StaticServer> {
  const pages = new Map<string, { html: string; headers: Record<string, string> }>();
  const roots: Record<string, string> = { '/widget/': join(WIDGET, widgetDir), '/assets/': ASSETS };

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
        res.writeHead(200, { 'Content-Type': MIME[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' });
        res.end(body);
      },
      () => res.writeHead(404).end('not found'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    page(path, html, headers = {}) {
      pages.set(path, { html, headers });
      return url + path;
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
