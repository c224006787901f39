import { defineConfig } from 'vite';

// React's automatic JSX runtime through Vite's own transform. The SSR build (entry-server.tsx)
// is used only by scripts/prerender.mjs at build time.
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  build: { target: 'es2022' },
});
