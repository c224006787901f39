// A proxy in front of the preview server (which another concern owns and which has no hook for
// rewriting) that serves every page without its scripts: HTML responses pass through stripScripts,
// everything else (CSS, fonts, images) goes through byte for byte with the same headers, so both
// variants get the same caching and compression.
import { createServer, request } from 'node:http';
import { gunzipSync, gzipSync } from 'node:zlib';
import { stripScripts } from './strip-scripts.mjs';

// Hop-by-hop headers belong to the upstream connection; Node frames the response to the browser itself.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding']);
const endToEnd = (headers) => Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));

/** An `http.Server` (not yet listening) proxying to `upstream` (`http://127.0.0.1:PORT`). */
export function createScriptFreeProxy(upstream) {
  const target = new URL(upstream);
  return createServer((req, res) => {
    const forward = request(
      { hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
      (upstreamRes) => {
        if (!/^text\/html\b/.test(upstreamRes.headers['content-type'] ?? '')) {
          res.writeHead(upstreamRes.statusCode ?? 502, endToEnd(upstreamRes.headers));
          upstreamRes.pipe(res);
          return;
        }
        const chunks = [];
        upstreamRes.on('data', (chunk) => chunks.push(chunk));
        upstreamRes.on('end', () => {
          const gzipped = upstreamRes.headers['content-encoding'] === 'gzip';
          const raw = Buffer.concat(chunks);
          const html = stripScripts((gzipped ? gunzipSync(raw) : raw).toString('utf8'));
          const body = gzipped ? gzipSync(html) : Buffer.from(html);
          res.writeHead(upstreamRes.statusCode ?? 502, { ...endToEnd(upstreamRes.headers), 'content-length': String(body.length) });
          res.end(body);
        });
      },
    );
    forward.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`script-free proxy: ${error.message}`);
    });
    req.pipe(forward);
  });
}
