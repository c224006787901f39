// Prints the widget's weight from a fresh build (run `pnpm --filter @franchise-ai/widget build` first):
// - the loader a page includes (budget in package.json's sizeBudget),
// - what the browser must fetch before the widget can render (loader + entry chunk + its static imports),
//   against the target in package.json's sizeBudget: printed, not enforced (a figure to watch),
// - the voice chunk, fetched only when a visitor starts the in-browser call,
// - the phone chunk (libphonenumber-js), fetched when the congratulations step shows,
// - the later steps' chunk (congratulations and after), fetched while the loading screen runs.
// It fails when the loader is over budget or the voice SDK or the phone rules are reachable without their lazy import().
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const DIST = new URL('../dist/', import.meta.url).pathname;
const LOADER = 'franchise-ai-demo.js';
const { loaderGzipBytes: BUDGET, firstRenderTargetGzipBytes: FIRST_RENDER_TARGET } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).sizeBudget;

const gz = (file) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;

const loader = readFileSync(join(DIST, LOADER), 'utf8');
const entry = /new URL\("([^"]+)"/.exec(loader)?.[1];
if (!entry) throw new Error(`${LOADER} names no entry chunk`);

// Walk static imports from the entry: everything on this list loads before first render.
const staticImports = (file) => [...readFileSync(join(DIST, file), 'utf8').matchAll(/(?:^|[;}\s])import\s*(?:[^'"`()]*?from\s*)?["'`]\.\/([^"'`]+)["'`]/g)].map((m) => join('chunks', m[1]));
const firstRender = new Set([entry]);
for (const file of firstRender) for (const next of staticImports(file)) firstRender.add(next);

const chunks = readdirSync(join(DIST, 'chunks')).map((name) => join('chunks', name));
const voice = chunks.filter((file) => /vapi-client/.test(file));
const sdkInFirstRender = [...firstRender].some((file) => /@vapi-ai|daily-js|callObject/.test(readFileSync(join(DIST, file), 'utf8')) || voice.includes(file));
const phone = chunks.filter((file) => /phone-rules/.test(file));
const phoneInFirstRender = [...firstRender].some((file) => phone.includes(file));
const later = chunks.filter((file) => /later-steps/.test(file));
const laterInFirstRender = [...firstRender].some((file) => later.includes(file));

const firstRenderGz = gz(LOADER) + [...firstRender].reduce((sum, file) => sum + gz(file), 0);
console.log(`loader ${LOADER}: ${kb(gz(LOADER))} gzip (budget ${kb(BUDGET)})`);
const versusTarget = firstRenderGz > FIRST_RENDER_TARGET ? `over its ${kb(FIRST_RENDER_TARGET)} target by ${kb(firstRenderGz - FIRST_RENDER_TARGET)}` : `target ${kb(FIRST_RENDER_TARGET)}`;
console.log(`first render (loader + ${[...firstRender].join(', ')}): ${kb(firstRenderGz)} gzip (${versusTarget})`);
console.log(`voice chunk, on demand only (${voice.join(', ')}): ${kb(voice.reduce((sum, file) => sum + gz(file), 0))} gzip`);
console.log(`voice SDK reachable before the browser call: ${sdkInFirstRender ? 'YES (bug)' : 'no'}`);
console.log(`phone chunk, from the congratulations step (${phone.join(', ')}): ${kb(phone.reduce((sum, file) => sum + gz(file), 0))} gzip`);
console.log(`phone rules in the first render: ${phoneInFirstRender ? 'YES (bug)' : 'no'}`);
console.log(`later steps' chunk, fetched during the loading screen (${later.join(', ')}): ${kb(later.reduce((sum, file) => sum + gz(file), 0))} gzip`);
if (gz(LOADER) > BUDGET || sdkInFirstRender || voice.length === 0 || phoneInFirstRender || phone.length === 0 || laterInFirstRender || later.length === 0) process.exit(1);
