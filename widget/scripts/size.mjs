// Prints the widget's weight from a fresh build (run `pnpm --filter @franchise-ai/widget build` first):
// - the first render: the one file a page includes, which is everything the browser fetches before
//   the form is usable, against its budget in package.json's sizeBudget, and on a French page that
//   file with the French texts and shell, against its own,
// - the voice chunk, fetched only when a visitor starts the in-browser call,
// - the phone chunk (libphonenumber-js), fetched when the congratulations step shows,
// - the later steps' chunk (Preact, the form's components and every step after it), fetched when the
//   visitor first reaches into the form.
// It fails, naming the file and the figure, when the first render is over budget, or when the voice
// SDK, the phone rules or the later steps are in it, or when Preact is (the shell draws the form
// without it), or when it walks inherited keys (inherited-keys.mjs: a page's Object.prototype
// additions would stop the widget).
// `pnpm test` runs it after the build, so CI holds these.
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { WIDGET_DIST as DIST, widgetParts } from './widget-weight.mjs';
import { describeWalk, inheritedKeyWalks } from './inherited-keys.mjs';

const { firstRenderGzipBytes: FIRST_RENDER_BUDGET, frenchFirstRenderGzipBytes: FRENCH_BUDGET } = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).sizeBudget;

const gz = (file) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;

const { firstRender, frenchFirstRender, voice, phone, later, sdkInFirstRender, phoneInFirstRender, laterInFirstRender, preactInFirstRender } = widgetParts();

const firstRenderGz = firstRender.reduce((sum, file) => sum + gz(file), 0);
console.log(`first render (${firstRender.join(', ')}, the file a page includes): ${kb(firstRenderGz)} gzip (budget ${kb(FIRST_RENDER_BUDGET)})`);
const frenchGz = frenchFirstRender.reduce((sum, file) => sum + gz(file), 0);
console.log(`first render on a French page (${frenchFirstRender.join(', ')}): ${kb(frenchGz)} gzip (budget ${kb(FRENCH_BUDGET)})`);
console.log(`voice chunk, on demand only (${voice.join(', ')}): ${kb(voice.reduce((sum, file) => sum + gz(file), 0))} gzip`);
console.log(`voice SDK reachable before the browser call: ${sdkInFirstRender ? 'YES (bug)' : 'no'}`);
console.log(`phone chunk, from the congratulations step (${phone.join(', ')}): ${kb(phone.reduce((sum, file) => sum + gz(file), 0))} gzip`);
console.log(`phone rules in the first render: ${phoneInFirstRender ? 'YES (bug)' : 'no'}`);
console.log(`later steps' chunk, from the first reach into the form (${later.join(', ')}): ${kb(later.reduce((sum, file) => sum + gz(file), 0))} gzip`);
console.log(`later steps in the first render: ${laterInFirstRender ? 'YES (bug)' : 'no'}`);
console.log(`preact in the first render: ${preactInFirstRender ? 'YES (bug)' : 'no'}`);

// A page that adds to Object.prototype still gets its form: nothing of the first render (on a French
// page too) walks inherited keys. The lazy chunks' loops are Preact's and the libraries' own.
const walks = (file) => inheritedKeyWalks(readFileSync(join(DIST, file), 'utf8'));
const firstRenderWalks = [...new Set(frenchFirstRender)].flatMap((file) => walks(file).map((walk) => describeWalk(file, walk)));
console.log(`inherited keys walked in the first render: ${firstRenderWalks.length ? `${firstRenderWalks.length} (bug)` : 'none'}`);
for (const file of [...voice, ...phone, ...later])
  console.log(`  for...in loops without an own-key check in ${file} (its libraries'): ${walks(file).filter(({ kind }) => kind === 'for-in').length}`);

// The ESM build leaves libphonenumber-js external, and a bundler splits shared modules into chunks
// of their own: a module the later steps share with the phone chunk that imports the rules would
// bring them at the first reach into the form. Only the phone chunk may import them.
const esm = readdirSync(join(DIST, 'esm')).filter((file) => file.endsWith('.js'));
const rulesImporters = esm.filter((file) => /from\s*["']libphonenumber-js/.test(readFileSync(join(DIST, 'esm', file), 'utf8')));
console.log(`ESM files importing the phone rules: ${rulesImporters.join(', ') || 'none (bug)'}`);

const problems = [
  firstRenderGz > FIRST_RENDER_BUDGET &&
    `the first render (${firstRender.join(', ')}) is ${kb(firstRenderGz)} gzip, over its ${kb(FIRST_RENDER_BUDGET)} budget by ${kb(firstRenderGz - FIRST_RENDER_BUDGET)}`,
  frenchFirstRender.length !== 2 && `no one French chunk was built (${frenchFirstRender.join(', ')})`,
  frenchGz > FRENCH_BUDGET &&
    `the first render on a French page (${frenchFirstRender.join(', ')}) is ${kb(frenchGz)} gzip, over its ${kb(FRENCH_BUDGET)} budget`,
  sdkInFirstRender && 'the voice SDK is in the first render',
  voice.length === 0 && 'no voice chunk was built',
  phoneInFirstRender && 'the phone rules are in the first render',
  phone.length === 0 && 'no phone chunk was built',
  laterInFirstRender && "the later steps' chunk is in the first render",
  preactInFirstRender && 'Preact is in the first render',
  (rulesImporters.length !== 1 || !/^phone-rules-/.test(rulesImporters[0])) &&
    `the ESM build imports libphonenumber-js from ${rulesImporters.join(', ') || 'nowhere'}, not from its phone chunk alone`,
  later.length === 0 && "no later steps' chunk was built",
  ...firstRenderWalks.map((walk) => `the first render walks inherited keys: ${walk}`),
].filter(Boolean);
for (const problem of problems) console.error(`size: ${problem}`);
if (problems.length > 0) process.exit(1);
