// The widget's `pnpm dev`: every output the site and the examples read stays in place and follows
// the sources:
//   dist/franchise-ai-demo.js, dist/chunks/  script tags: the site's /demo and the partner page
//   dist/esm/                                the React host
//   dist/types/index.d.ts                    `pnpm typecheck`
// `vite build --watch` alone rebuilt only the first, and emptied dist/ on every rebuild, so the
// React host went blank and typecheck failed. Here both builds of vite.config.ts watch in this one
// process and never empty their folders: a rebuild overwrites its files in place, and a superseded
// hashed chunk stays until the next `pnpm build`, so a page opened before an edit still loads its
// lazy chunks. The declarations (`build:types`, ~15 s; ~50 s from cold) are not needed to run the
// demo, so they are not bundled at start (`pnpm build` makes them); after each change under src/ or
// shared's sources they are bundled again, one run at a time, so `pnpm typecheck` follows edits.
import { spawn } from 'node:child_process';
import { readFileSync, watch } from 'node:fs';
import { delimiter, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const bin = fileURLToPath(new URL('../node_modules/.bin', import.meta.url));

for (const mode of ['production', 'esm']) await build({ mode, build: { watch: {}, emptyOutDir: false } });

let running = false;
let again = false;
let pending;
function bundleTypes() {
  if (running) return void (again = true);
  running = true;
  const env = { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH}` };
  spawn(packageJson.scripts['build:types'], { shell: true, stdio: 'inherit', env }).on('exit', (code) => {
    console.log(code === 0 ? 'declarations bundled' : `build:types failed (exit ${code}): the previous declarations stay`);
    running = false;
    if (again) (again = false), bundleTypes();
  });
}
// An editor's save is often several events: one run for them.
const soon = () => (clearTimeout(pending), (pending = setTimeout(bundleTypes, 200)));
const sharedSources = dirname(fileURLToPath(import.meta.resolve('@franchise-ai/shared/constants')));
for (const folder of [fileURLToPath(new URL('../src', import.meta.url)), sharedSources]) watch(folder, { recursive: true }, soon);
