import { fileURLToPath } from 'node:url';
import { defineConfig, type Alias } from 'vite';
import { classicChunks } from './build/classic-chunks.ts';
import { formShell } from './build/form-shell-plugin.ts';
import { FILE_NAME } from './src/chunks/file-name.ts';

// Two builds from one config:
// - default: dist/franchise-ai-demo.js, the one file a page includes and everything the form needs
//   to be usable (the "main chunk": one file, so the form waits for one request after the page, not
//   two), + dist/chunks/*-[hash].js, the lazy parts; all classic scripts, so any static host serves
//   them without CORS headers (build/classic-chunks.ts);
// - `--mode esm`: dist/esm/index.js for bundler users, with the voice SDK and the phone number rules
//   (libphonenumber-js) left as lazy external imports;
// - `--mode rules`: dist/esm/rules.js (`@franchise-ai/widget/rules`), the attribute rules alone, built
//   on its own so that index.js stays one file and rules.js shares no chunk with it.
// FAD_FAKE_DAILY=1 swaps Daily's client for a local fake, for end-to-end tests only.
// r2wc's `react` and `react-dom/client` are src/element/r2wc-react.ts and src/element/r2wc-react-dom.ts, not preact/compat (see there why).
const preactAliases: Alias[] = [
  { find: /^react-dom\/client$/, replacement: fileURLToPath(new URL('./src/element/r2wc-react-dom.ts', import.meta.url)) },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: fileURLToPath(new URL('./src/element/r2wc-react.ts', import.meta.url)) },
];
const fakeDaily: Alias[] = process.env['FAD_FAKE_DAILY']
  ? [{ find: /^@daily-co\/daily-js$/, replacement: fileURLToPath(new URL('./test/fakes/fake-daily.ts', import.meta.url)) }]
  : [];

const resolve = { alias: [...preactAliases, ...fakeDaily] };
const oxc = { jsx: { runtime: 'automatic', importSource: 'preact' } } as const;
const root = fileURLToPath(new URL('.', import.meta.url));

/** The script-tag build's: the shells made once, written in the first render and in the French chunk. */
function classicBuildPlugins(mode: string) {
  const shell = formShell({ resolve, oxc, root });
  return [shell.main, classicChunks({ resolve, oxc, mode, root }, [shell.chunks])];
}

export default defineConfig(({ mode }) => ({
  resolve,
  oxc,
  build:
    mode === 'rules'
      ? { outDir: 'dist/esm', emptyOutDir: false, target: 'es2022', lib: { entry: 'src/rules.ts', formats: ['es'], fileName: () => 'rules.js' } }
      : mode === 'esm'
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
              output: { format: 'iife', entryFileNames: FILE_NAME },
            },
          },
  plugins: mode === 'rules' ? [] : mode === 'esm' ? [formShell({ resolve, oxc, root }).main] : classicBuildPlugins(mode),
}));
