import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer as createHttpServer } from 'node:http';
import { listen } from '@franchise-ai/test-support/listen';
import { createServer, type Plugin, type ViteDevServer } from 'vite';

// The landing rendered with other content than it ships with, without a second full build (~1 min):
// Vite's dev server on site/, with content/proof.ts swapped for a test module. `/` is prerendered
// through src/entry-server.tsx as scripts/prerender.mjs does it, then hydrated by src/main.tsx, so a
// test sees the static HTML and the live page. It also serves /test-proof/: a logo and a WAV.

const SITE = fileURLToPath(new URL('../../', import.meta.url));
const PROOF = join(SITE, 'src/content/proof.ts');

/** `seconds` of silence as a WAV file (8 kHz, 8-bit mono: silence is 128). */
export function silentWav(seconds: number): Buffer {
  const rate = 8000;
  const data = rate * seconds;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28); // bytes per second
  header.writeUInt16LE(1, 32); // block align
  header.writeUInt16LE(8, 34); // bits per sample
  header.write('data', 36);
  header.writeUInt32LE(data, 40);
  return Buffer.concat([header, Buffer.alloc(data, 128)]);
}

const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect width="120" height="40" rx="8" fill="#4a5470"/></svg>';
export const SAMPLE_SECONDS = 4;

function testContent(proofModule: string | undefined): Plugin {
  return {
    name: 'test-content',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!proofModule || !importer || importer === proofModule) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === PROOF ? proofModule : null;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '/').split('?')[0];
        if (path === '/test-proof/logo.svg') return void res.setHeader('Content-Type', 'image/svg+xml').end(LOGO);
        if (path === '/test-proof/sample.wav') {
          const wav = silentWav(SAMPLE_SECONDS);
          // Ranges, as a static host answers them: Chromium seeks media by range requests.
          const range = /bytes=(\d+)-(\d*)/.exec(req.headers.range ?? '');
          res.setHeader('Content-Type', 'audio/wav').setHeader('Accept-Ranges', 'bytes');
          if (!range) return void res.end(wav);
          const start = Number(range[1]);
          const end = range[2] ? Number(range[2]) : wav.length - 1;
          res.statusCode = 206;
          res.setHeader('Content-Range', `bytes ${start}-${end}/${wav.length}`);
          return void res.end(wav.subarray(start, end + 1));
        }
        if (path !== '/') return next();
        void (async () => {
          const template = await server.transformIndexHtml('/', readFileSync(join(SITE, 'index.html'), 'utf8'));
          const { render } = (await server.ssrLoadModule('/src/entry-server.tsx')) as { render: (path: string) => Promise<string> };
          const html = template.replace('<!--head-->', '<title>Landing with test content</title>').replace('<!--app-->', await render('/'));
          res.setHeader('Content-Type', 'text/html; charset=utf-8').end(html);
        })().catch(next);
      });
    },
  };
}

export interface ContentServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * The dev server with `proofModule` (a path) in place of content/proof.ts, or the shipped content.
 * It listens at once, but Vite starts on the first request: its dependency scan and optimisation
 * cost seconds of CPU, which a run that never asks (the project's global setup starts this for
 * every run, also of one file that does not use it) should not pay.
 */
export async function startContentServer(proofModule?: string): Promise<ContentServer> {
  const cacheDir = mkdtempSync(join(tmpdir(), 'site-content-'));
  let vite: Promise<ViteDevServer> | undefined;
  const server = createHttpServer((req, res) => {
    vite ??= startVite();
    vite.then(
      (dev) =>
        dev.middlewares(req, res, () => {
          res.statusCode = 404;
          res.end();
        }),
      (error: unknown) => {
        res.statusCode = 500;
        res.end(`the dev server did not start: ${String(error)}`);
      },
    );
  });
  const startVite = () =>
    createServer({
      root: SITE,
      configFile: join(SITE, 'vite.config.ts'),
      cacheDir,
      logLevel: 'error',
      clearScreen: false,
      // The pages' Vite client opens a socket (and logs an error when it cannot): on this server, as
      // a standalone dev server does, not on Vite's fixed port 24678, which another dev server on the
      // machine may hold. Nothing changes files here (no watcher), so nothing is ever sent on it.
      server: { middlewareMode: true, hmr: false, ws: { server }, watch: null },
      // The build bundles everything for its SSR pass (vite.config.ts); the dev server's module runner
      // cannot evaluate React's CommonJS inline, so Node loads these packages itself.
      ssr: { external: ['react', 'react-dom', 'wouter', 'lucide-react'] },
      plugins: [testContent(proofModule)],
    });
  const listening = await listen(server);
  return {
    url: listening.url,
    async stop() {
      await listening.stop();
      await (await vite?.catch(() => undefined))?.close();
      rmSync(cacheDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts Vite if the server at `url` has not yet, and renders the landing once: a test file calls it
 * before its first page, whose navigation would otherwise also wait for Vite's start and dependency
 * optimisation (seconds, more than a page load may take on a busy machine).
 */
export async function warmContentServer(url: string): Promise<void> {
  const response = await fetch(`${url}/`);
  await response.text();
  if (!response.ok) throw new Error(`the dev server at ${url} answered / with ${response.status}`);
}

export const FILLED_PROOF = fileURLToPath(new URL('./proof-filled.ts', import.meta.url));
