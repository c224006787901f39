import { createReadStream, existsSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

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

// The site is written against React's API and runs on preact/compat, on the server (prerender)
// and in the browser alike: React 19's react-dom/client alone is ~67 KB gzip, more than the whole
// landing page's 60 KB budget (docs/PERFORMANCE.md). The SSR build (entry-server.tsx) bundles its
// dependencies, so wouter's `react` imports get the alias too; scripts/prerender.mjs uses it.
export default defineConfig({
  resolve: {
    alias: [
      { find: /^react-dom\/(client|server)$/, replacement: 'preact/compat/$1' },
      { find: /^react(-dom)?$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      // wouter's CommonJS shim would `require('react')` and so bundle a second, CommonJS preact.
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
    ],
    // One preact for all: pnpm keeps a second copy for preact-render-to-string's peer, and two
    // copies mean hooks that belong to neither renderer.
    dedupe: ['preact'],
  },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  ssr: { noExternal: true },
  build: { target: 'es2022' },
  plugins: [serveWidgetBuild()],
});
