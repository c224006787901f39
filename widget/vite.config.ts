import { fileURLToPath } from 'node:url';
import { defineConfig, type Alias } from 'vite';
import { loaderPlugin } from './build/loader-plugin.ts';
import { noPreloadHelper } from './build/no-preload-helper.ts';

// Two builds from one config:
// - default: dist/franchise-ai-demo.js (classic-script loader) + dist/chunks/*-[hash].js for script tags;
// - `--mode esm`: dist/esm/index.js for bundler users, with the voice SDK and the phone number rules
//   (libphonenumber-js) left as lazy external imports.
// FAD_FAKE_DAILY=1 swaps Daily's client for a local fake, for end-to-end tests only.
// r2wc's `react` is src/r2wc-react.ts, not all of preact/compat (see there why).
const preactAliases: Alias[] = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: fileURLToPath(new URL('./src/r2wc-react.ts', import.meta.url)) },
];
const fakeDaily: Alias[] = process.env['FAD_FAKE_DAILY']
  ? [{ find: /^@daily-co\/daily-js$/, replacement: fileURLToPath(new URL('./test/fakes/fake-daily.ts', import.meta.url)) }]
  : [];

export default defineConfig(({ mode }) => ({
  resolve: { alias: [...preactAliases, ...fakeDaily] },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build:
    mode === 'esm'
      ? {
          outDir: 'dist/esm',
          target: 'es2022',
          lib: { entry: 'src/index.ts', formats: ['es'], fileName: () => 'index.js' },
          rolldownOptions: { external: [/^@vapi-ai\/web/, /^libphonenumber-js/] },
        }
      : {
          outDir: process.env['FAD_OUT_DIR'] ?? 'dist',
          target: 'es2022',
          modulePreload: false,
          rolldownOptions: {
            input: { 'franchise-ai-demo': 'src/embed.ts' },
            output: { entryFileNames: 'chunks/[name]-[hash].js', chunkFileNames: 'chunks/[name]-[hash].js' },
          },
        },
  // Library mode (esm) inserts no preload helper of its own.
  plugins: mode === 'esm' ? [] : [noPreloadHelper(), loaderPlugin({ entryName: 'franchise-ai-demo', fileName: 'franchise-ai-demo.js' })],
}));
