// Serves site/dist as a static host or CDN would: /path -> path/index.html, unknown paths -> 404.html
// with status 404, hashed assets cached for a year, HTML and the widget loader briefly, and text
// compressed with gzip when the browser accepts it (every CDN does; Lighthouse measures this).
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const PORT = Number(process.env.PORT ?? 4173);
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml', '.json': 'application/json' };

async function resolve(path) {
  const file = normalize(join(DIST, path));
  if (!file.startsWith(DIST)) return undefined;
  for (const candidate of [file, join(file, 'index.html')]) {
    try {
      if ((await stat(candidate)).isFile()) return candidate;
    } catch {}
  }
  return undefined;
}

const cacheFor = (path) => (/^\/(assets|widget\/chunks)\//.test(path) ? 'public, max-age=31536000, immutable' : 'public, max-age=300');

function send(req, res, status, type, headers, body) {
  const compress = /gzip/.test(req.headers['accept-encoding'] ?? '') && /text|javascript|json|svg/.test(type);
  const payload = compress ? gzipSync(body) : body;
  res.writeHead(status, { 'Content-Type': type, Vary: 'Accept-Encoding', ...(compress ? { 'Content-Encoding': 'gzip' } : {}), ...headers });
  res.end(payload);
}

createServer(async (req, res) => {
  const path = decodeURIComponent((req.url ?? '/').split('?')[0]);
  const file = await resolve(path);
  if (!file) return send(req, res, 404, TYPES['.html'], { 'Cache-Control': 'no-store' }, await readFile(join(DIST, '404.html')));
  send(req, res, 200, TYPES[extname(file)] ?? 'application/octet-stream', { 'Cache-Control': cacheFor(path) }, await readFile(file));
}).listen(PORT, '127.0.0.1', () => console.log(`site preview on http://127.0.0.1:${PORT}/`));
