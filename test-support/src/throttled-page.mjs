// The conditions the time-to-ready figures are taken under (bench/time-to-ready/run.mjs, the widget
// beside the embeds people would pick instead and on the site's /demo), and the landing's paint
// (bench/landing-paint/run.mjs), kept here with the rest of the browser set-up.
// Plain JavaScript (exported as `@franchise-ai/test-support/throttled-page.mjs`), because the bench
// is a node script and Node 20 cannot import this package's TypeScript.
//
// Debian's Chromium (never a downloaded one), offline but for 127.0.0.1, a fresh context per round,
// throttled through the DevTools protocol: every request waits 400 ms and moves 50,000 bytes/s each
// way (slow 3G), the CPU runs 4x slower, the cache is off. Scripts come from a second 127.0.0.1
// origin that gzips as a CDN does and sends no CORS headers.
import { gzipSync } from 'node:zlib';
import { createServer } from 'node:http';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { CHROMIUM_FLAGS as BASE_FLAGS, OFFLINE } from './chromium-flags.mjs';

export const SLOW_3G = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };
export const CPU_SLOWDOWN = 4;
export { CHROMIUM } from './chromium-flags.mjs';
export const CHROMIUM_FLAGS = [...BASE_FLAGS, OFFLINE];

/** Listens on a free 127.0.0.1 port; resolves to the server's origin. */
export async function listen(server) {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${server.address().port}`;
}

/**
 * Throttles one page as the figures assume: slow 3G, 4x CPU, cache off. Resolves to the page's
 * DevTools session (for Performance.getMetrics and the like).
 */
export async function throttle(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return cdp;
}

// The CDN. It gzips when asked, as any CDN does, because the throttle must carry the bytes a
// visitor's connection carries: served raw, the widget's main chunk is about three times the bytes,
// and the figure would charge it for a host no partner uses. Compressed once per file, as a CDN
// keeps its compressed copy, so compression time never lands inside a round. No
// Access-Control-Allow-Origin and no Timing-Allow-Origin: the page sees what a plain bucket gives it.
const CDN_TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
};
/** Serves the files under `root` at paths starting with `prefix`; `sent` lists each request (path, encoding, body bytes). */
export function createCdn(prefix, root) {
  const compressed = new Map();
  const sent = [];
  const server = createServer(async (req, res) => {
    let path, body;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://cdn.invalid').pathname);
      const file = normalize(join(root, path.slice(prefix.length)));
      if (!path.startsWith(prefix) || !file.startsWith(root + sep)) throw new Error('outside the build');
      if (!compressed.has(file))
        compressed.set(
          file,
          readFile(file).then((raw) => ({ raw, gzip: gzipSync(raw, { level: 9 }) })),
        );
      body = await compressed.get(file).catch((error) => {
        compressed.delete(file);
        throw error;
      });
    } catch {
      return void res.writeHead(404).end();
    }
    const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    const payload = gzip ? body.gzip : body.raw;
    sent.push({ path, encoding: gzip ? 'gzip' : 'identity', bytes: payload.length });
    res.writeHead(200, {
      'Content-Type': CDN_TYPES[extname(path)] ?? 'application/octet-stream',
      'Content-Length': payload.length,
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    });
    res.end(payload);
  });
  return { server, sent };
}
