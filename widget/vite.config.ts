import { fileURLToPath } from 'node:url';
import { defineConfig, type Alias } from 'vite';
import { classicChunks } from './build/classic-chunks.ts';
import { formShell } from './build/form-shell-plugin.ts';
import { ownKeysRuntime } from './build/own-keys-runtime.ts';
import { FILE_NAME } from './src/first-render/chunks/file-name.ts';
import { START_UP_FAILED } from './src/first-render/element/start-up-failed.ts';

// Three builds from one config:
// - default: dist/franchise-ai-demo.js, everything the form needs in one file (one request after the
//   page), + dist/chunks/*-[hash].js, the lazy parts; all classic scripts, so any static host serves
//   them without CORS headers (build/classic-chunks.ts);
// - `--mode esm`: dist/esm/index.js for bundlers, the voice SDK and the phone rules left as lazy imports;
// - `--mode rules`: dist/esm/rules.js, built alone so that it shares no chunk with index.js.
// FAD_FAKE_DAILY=1 swaps Daily's client for a local fake, for end-to-end tests only.
const fakeDaily: Alias[] = process.env['FAD_FAKE_DAILY']
  ? [{ find: /^@daily-co\/daily-js$/, replacement: fileURLToPath(new URL('./test/fakes/fake-daily.ts', import.meta.url)) }]
  : [];

const resolve = { alias: fakeDaily };
const oxc = { jsx: { runtime: 'automatic', importSource: 'preact' } } as const;
const root = fileURLToPath(new URL('.', import.meta.url));

// Whatever throws while the one file runs (a module's top level, before src/embed.ts can catch) is
// reported as start-up-failed.ts reports, once; the element stays undefined, so the page's content inside it shows.
const startUpGuard = {
  intro: 'try{',
  outro: `}catch(e){console.error(${JSON.stringify(START_UP_FAILED)}+(e instanceof Error?e.name+": "+e.message:String(e)))}`,
};

/** The script-tag build's: the shells made once, written in the first render and in the French chunk. */
function classicBuildPlugins(mode: string) {
  const shell = formShell({ resolve, oxc, root });
  return [shell.main, classicChunks({ resolve, oxc, mode, root }, [shell.chunks, ownKeysRuntime()])];
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
              output: { format: 'iife', entryFileNames: FILE_NAME, ...startUpGuard },
            },
          },
  // Every build's bundler runtime walks own keys only (build/own-keys-runtime.ts).
  plugins: [ownKeysRuntime(), ...(mode === 'rules' ? [] : mode === 'esm' ? [formShell({ resolve, oxc, root }).main] : classicBuildPlugins(mode))],
}));
