import { defineConfig } from 'vite';

// React's automatic JSX runtime through Vite's own transform; no plugin needed for this example.
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
});
