import { defineConfig } from 'vite';

// React's automatic JSX runtime through Vite's own transform; no plugin needed for this example.
export default defineConfig({
  // `pnpm dev`'s port (PORT: 0 takes a free one, as the root dev script's test does).
  server: { port: process.env['PORT'] ? Number(process.env['PORT']) : 5175 },
  // The root dev script's test keeps its dependency cache apart (DEV_VITE_CACHE), starting cold without touching this one.
  ...(process.env['DEV_VITE_CACHE'] ? { cacheDir: `${process.env['DEV_VITE_CACHE']}/react-host` } : {}),
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
});
