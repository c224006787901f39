// Serves the example pages and the widget's build exactly as a partner site and a CDN would:
//   /               index.html, a plain page with the two-line embed
//   /strict-csp     the same page under `Content-Security-Policy: default-src 'self' ...`
//   /widget/*       widget/dist (franchise-ai-demo.js + chunks/)
// PORT (default 5174), WEBHOOK_BASE (default the local webhook host) and PUBLIC_KEY are read from the environment.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const WIDGET_DIST = fileURLToPath(new URL('../../widget/dist/', import.meta.url));
const PORT = Number(process.env.PORT ?? 5174);
const WEBHOOK_BASE = process.env.WEBHOOK_BASE ?? 'http://127.0.0.1:8787/webhook/franchise-ai';
const PUBLIC_KEY = process.env.PUBLIC_KEY ?? '';
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

createServer(async (req, res) => {
  const path = decodeURIComponent((req.url ?? '/').split('?')[0]);
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
      const cache = path.includes('/chunks/') ? 'public, max-age=31536000, immutable' : 'public, max-age=300';
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': cache }).end(await readFile(file));
      return;
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
  } catch (error) {
    const missing = error.code === 'ENOENT';
    res.writeHead(missing ? 404 : 500, { 'Content-Type': 'text/plain' }).end(missing ? 'Not found (is the widget built? pnpm build)' : 'Server error');
  }
}).listen(PORT, '127.0.0.1', () => {
  console.log(`script-tag example on http://127.0.0.1:${PORT}/ (strict CSP: /strict-csp), webhooks at ${WEBHOOK_BASE}`);
});
