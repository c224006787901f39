// Serves the example pages and the widget's build exactly as a partner site and a CDN would:
//   /               index.html, a plain page with the two-line embed
//   /strict-csp     the same page under `Content-Security-Policy: default-src 'self' ...`
//   /widget/*       widget/dist (franchise-ai-demo.js + chunks/)
// PORT (default 5174; 0 picks a free one), WEBHOOK_BASE (default the local webhook host) and PUBLIC_KEY
// are read from the environment. It prints one line with the address it listens on.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const WIDGET_DIST = fileURLToPath(new URL('../../widget/dist/', import.meta.url));
const PORT = Number(process.env.PORT ?? 5174);
const WEBHOOK_BASE = process.env.WEBHOOK_BASE ?? 'http://127.0.0.1:8787/webhook/franchise-ai';
const PUBLIC_KEY = process.env.PUBLIC_KEY ?? '';
// `--dev` (`pnpm dev`): the loader is fetched again on every page load, so a reload shows what the
// widget's watch build just wrote instead of a cached loader naming the previous chunks.
const LOADER_CACHE = process.argv.includes('--dev') ? 'no-cache' : 'public, max-age=300';
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.map': 'application/json' };

const webhookOrigin = new URL(WEBHOOK_BASE).origin;
const STRICT_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  `connect-src 'self' ${webhookOrigin}`,
  "img-src 'self'",
  "base-uri 'none'",
  "object-src 'none'",
].join('; ');

async function page(name) {
  const html = await readFile(join(HERE, name), 'utf8');
  return html.replaceAll('{{WEBHOOK_BASE}}', WEBHOOK_BASE).replaceAll('{{PUBLIC_KEY}}', PUBLIC_KEY);
}

/** The request's path, percent-decoded; undefined when malformed (`/%E0%A4%A`) or holding a NUL byte, no file name. */
function decodedPath(url) {
  try {
    const path = decodeURIComponent(url.split('?')[0]);
    return path.includes('\0') ? undefined : path;
  } catch {
    return undefined;
  }
}

const server = createServer(async (req, res) => {
  // Decoded before anything else: the handler is async, so a throw here would be an unhandled
  // rejection, and that stops the whole server.
  const path = decodedPath(req.url ?? '/');
  if (path === undefined) {
    res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request: the path is not valid percent-encoding (or holds %00).');
    return;
  }
  try {
    if (path === '/favicon.ico') return void res.writeHead(204).end();
    if (path === '/' || path === '/strict-csp') {
      const headers = { 'Content-Type': TYPES['.html'], 'Cache-Control': 'no-store' };
      if (path === '/strict-csp') headers['Content-Security-Policy'] = STRICT_CSP;
      res.writeHead(200, headers).end(await page(path === '/' ? 'index.html' : 'strict-csp.html'));
      return;
    }
    if (path.startsWith('/widget/')) {
      const file = normalize(join(WIDGET_DIST, path.slice('/widget/'.length)));
      if (!file.startsWith(WIDGET_DIST)) throw Object.assign(new Error('outside'), { code: 'ENOENT' });
      // Hashed chunks never change; the loader's name is stable, so it is cached briefly.
      const cache = path.includes('/chunks/') ? 'public, max-age=31536000, immutable' : LOADER_CACHE;
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': cache }).end(await readFile(file));
      return;
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
  } catch (error) {
    const missing = error.code === 'ENOENT';
    res.writeHead(missing ? 404 : 500, { 'Content-Type': 'text/plain' }).end(missing ? 'Not found (is the widget built? pnpm build)' : 'Server error');
  }
});
server.listen(PORT, '127.0.0.1', () => {
  // The port actually bound, so that PORT=0 prints a usable address.
  console.log(`script-tag example on http://127.0.0.1:${server.address().port}/ (strict CSP: /strict-csp), webhooks at ${WEBHOOK_BASE}`);
});
