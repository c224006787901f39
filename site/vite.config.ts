import { createReadStream, existsSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { outDir, ssrOutDir } from './scripts/out-dir.mjs';
import { figtreeFallbackCss } from './src/styles/figtree-fallback.ts';

const WIDGET_DIST = fileURLToPath(new URL('../widget/dist/', import.meta.url));

/** In dev, /widget/* is the widget's own build (prerender copies it into dist/ for production). */
function serveWidgetBuild(): Plugin {
  return {
    name: 'serve-widget-build',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/widget', (req, res, next) => {
        const file = normalize(join(WIDGET_DIST, (req.url ?? '/').split('?')[0]!));
        if (!file.startsWith(WIDGET_DIST) || !existsSync(file) || !statSync(file).isFile()) return next();
        res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
        createReadStream(file).pipe(res);
      });
    },
  };
}

const FIGTREE_FALLBACK_CSS = 'virtual:figtree-fallback.css';

/**
 * The fallback font's @font-face rules, computed from their measured figures (src/styles/figtree-fallback.ts):
 * a virtual module for main.tsx, and appended to src/frame-styles.css (a CSS @import cannot name a virtual module).
 */
function figtreeFallbackFaces(): Plugin {
  return {
    name: 'figtree-fallback-faces',
    enforce: 'pre',
    resolveId: (id) => (id === FIGTREE_FALLBACK_CSS ? `\0${FIGTREE_FALLBACK_CSS}` : undefined),
    load: (id) => (id === `\0${FIGTREE_FALLBACK_CSS}` ? figtreeFallbackCss() : undefined),
    // The stylesheet's own CSS, not the `?url` module that names it.
    transform: (code, id) => {
      const [path, query = ''] = id.split('?');
      return path!.endsWith('/src/frame-styles.css') && !/(^|&)url(&|$)/.test(query) ? `${code}\n${figtreeFallbackCss()}` : undefined;
    },
  };
}

// The site is React 19 (the widget alone runs on Preact). The SSR build bundles everything it
// imports, workspace sources included, so scripts/prerender.mjs runs it with plain Node.
export default defineConfig(({ isSsrBuild }) => ({
  ssr: { noExternal: true },
  // `pnpm dev`'s port (PORT: 0 takes a free one, as the root dev script's test does).
  server: { port: process.env['PORT'] ? Number(process.env['PORT']) : 5173 },
  // The root dev script's test keeps its dependency cache apart (DEV_VITE_CACHE), starting cold without touching this one.
  ...(process.env['DEV_VITE_CACHE'] ? { cacheDir: `${process.env['DEV_VITE_CACHE']}/site` } : {}),
  // The eager script only imports React's chunk when it is needed: no preload list to polyfill.
  build: {
    // site/dist, what a release uploads; the test command's builds go elsewhere (scripts/out-dir.mjs).
    outDir: isSsrBuild ? ssrOutDir() : outDir(),
    target: 'es2022',
    modulePreload: false,
    rollupOptions: {
      // lucide-react marks its modules "use client" for React Server Components, which a static
      // site has none of: the directive is dropped on purpose.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  plugins: [serveWidgetBuild(), figtreeFallbackFaces()],
}));
