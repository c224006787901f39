// The static server behind `node scripts/preview.mjs` and the site's tests: serves a built dist/ as a
// static host or CDN would. /path -> path/index.html, unknown paths -> 404.html with status 404,
// hashed assets cached for a year, everything else briefly, and text compressed with gzip when the
// browser accepts it (every CDN does; Lighthouse measures this). PNG and WOFF2 are compressed already.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve as resolvePath, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
};

// Vite's hashed assets and the widget's chunks never change under their names; every other file
// (pages, the widget loader, robots.txt, sitemap.xml, the share image) keeps its name across
// deployments, so caches check back after five minutes.
const cacheFor = (path) => (/^\/(assets|widget\/chunks)\//.test(path) ? 'public, max-age=31536000, immutable' : 'public, max-age=300');

function send(req, res, status, type, headers, body) {
  const compress = /gzip/.test(req.headers['accept-encoding'] ?? '') && /text|javascript|json|svg|xml/.test(type);
  const payload = compress ? gzipSync(body) : body;
  res.writeHead(status, { 'Content-Type': type, Vary: 'Accept-Encoding', ...(compress ? { 'Content-Encoding': 'gzip' } : {}), ...headers });
  res.end(payload);
}

/** An `http.Server` (not yet listening) serving the static site in `dist`. */
export function createPreviewServer(dist) {
  const root = resolvePath(dist) + sep;

  async function resolve(path) {
    // The 404 page is what unknown paths get, with status 404; never a page of its own.
    if (path === '/404.html') return undefined;
    const file = normalize(join(root, path));
    if (!file.startsWith(root)) return undefined;
    for (const candidate of [file, join(file, 'index.html')]) {
      try {
        if ((await stat(candidate)).isFile()) return candidate;
      } catch {}
    }
    return undefined;
  }

  async function handle(req, res) {
    let path;
    try {
      path = decodeURIComponent((req.url ?? '/').split('?')[0]);
    } catch {
      return send(req, res, 400, 'text/plain; charset=utf-8', { 'Cache-Control': 'no-store' }, 'bad request');
    }
    const file = await resolve(path);
    if (!file) return send(req, res, 404, TYPES['.html'], { 'Cache-Control': 'no-store' }, await readFile(join(root, '404.html')));
    send(req, res, 200, TYPES[extname(file)] ?? 'application/octet-stream', { 'Cache-Control': cacheFor(path) }, await readFile(file));
  }

  return createServer((req, res) => {
    handle(req, res).catch((error) => {
      if (!res.headersSent) send(req, res, 500, 'text/plain; charset=utf-8', { 'Cache-Control': 'no-store' }, `preview server error: ${error.message}`);
      else res.destroy(error);
    });
  });
}
