// The widget's weight from a fresh build (run `pnpm --filter @franchise-ai/widget build` first):
// every part a page fetches (widget-weight.mjs says which files, and when) against its budget in
// package.json's sizeBudget, gzip level 9. It fails, naming the part and the figure, when a part is
// over budget, when a chunk has no budget, when a lazy part (the voice SDK, the phone rules, the
// later steps) or Preact is in the first render, or when the first render walks inherited keys
// (inherited-keys.mjs: a page's Object.prototype additions would stop the widget).
// `pnpm test` runs it after the build, so CI holds these, and checks docs/PERFORMANCE.md's table
// of them (sizes-table.mjs); `pnpm size` (with --write) writes that table.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describeWalk, inheritedKeyWalks } from './inherited-keys.mjs';
import { staleSizes, withSizesTable } from './sizes-table.mjs';
import { WIDGET_DIST as DIST, widgetParts } from './widget-weight.mjs';

const budgets = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).sizeBudget;
const PERFORMANCE = fileURLToPath(new URL('../../docs/PERFORMANCE.md', import.meta.url));
const gz = (file) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;
const pattern = (files) => files.map((file) => `\`${file.replace(/-[\w-]{8}\.js$/, '-*.js')}\``).join(' + ');

const parts = widgetParts();
const rows = [
  { part: 'first render', files: parts.firstRender, budget: 'firstRenderGzipBytes', when: 'the one file a page includes' },
  { part: 'first render, French page', files: parts.frenchFirstRender, budget: 'frenchFirstRenderGzipBytes', when: 'before the form, on a French page' },
  { part: 'later steps', files: parts.later, budget: 'laterStepsGzipBytes', when: 'the form on screen and the page idle, or the first move into it' },
  { part: 'phone rules', files: parts.phone, budget: 'phoneGzipBytes', when: 'from congratulations' },
  { part: 'voice', files: parts.voice, budget: 'voiceGzipBytes', when: "at 'Start Browser Test'" },
  { part: 'chat', files: parts.chat, budget: 'chatGzipBytes', when: "at 'Chat With It'" },
  { part: 'no assistant id', files: parts.missingAssistantId, budget: 'missingAssistantIdGzipBytes', when: 'an answer without an assistant id' },
].map((row) => ({
  ...row,
  files: pattern(row.files),
  paths: row.files,
  gzipBytes: row.files.reduce((sum, file) => sum + gz(file), 0),
  budgetBytes: budgets[row.budget],
}));

for (const row of rows) console.log(`${row.part} (${row.paths.join(', ')}, ${row.when}): ${kb(row.gzipBytes)} gzip (budget ${kb(row.budgetBytes)})`);
for (const [what, found] of [
  ['voice SDK', parts.sdkInFirstRender],
  ['phone rules', parts.phoneInFirstRender],
  ['later steps', parts.laterInFirstRender],
  ['Preact', parts.preactInFirstRender],
])
  console.log(`${what} in the first render: ${found ? 'YES (bug)' : 'no'}`);

// A page that adds to Object.prototype still gets its form: nothing of the first render (on a French
// page too) walks inherited keys. The lazy chunks' loops are Preact's and the libraries' own.
const walks = (file) => inheritedKeyWalks(readFileSync(join(DIST, file), 'utf8'));
const firstRenderWalks = [...new Set(parts.frenchFirstRender)].flatMap((file) => walks(file).map((walk) => describeWalk(file, walk)));
console.log(`inherited keys walked in the first render: ${firstRenderWalks.length ? `${firstRenderWalks.length} (bug)` : 'none'}`);
for (const file of [...parts.voice, ...parts.phone, ...parts.later])
  console.log(`  for...in loops without an own-key check in ${file} (its libraries'): ${walks(file).filter(({ kind }) => kind === 'for-in').length}`);

// The ESM build leaves libphonenumber-js external, and a bundler splits shared modules into chunks
// of their own: a module the later steps share with the phone chunk that imports the rules would
// bring them at the first reach into the form. Only the phone chunk may import them.
const esm = readdirSync(join(DIST, 'esm')).filter((file) => file.endsWith('.js'));
const rulesImporters = esm.filter((file) => /from\s*["']libphonenumber-js/.test(readFileSync(join(DIST, 'esm', file), 'utf8')));
console.log(`ESM files importing the phone rules: ${rulesImporters.join(', ') || 'none (bug)'}`);

const budgeted = new Set(rows.flatMap((row) => row.paths));
const problems = [
  ...rows.map((row) =>
    typeof row.budgetBytes !== 'number'
      ? `${row.part} has no budget: package.json's sizeBudget.${row.budget}`
      : row.gzipBytes > row.budgetBytes &&
        `${row.part} (${row.paths.join(', ')}) is ${kb(row.gzipBytes)} gzip, over its ${kb(row.budgetBytes)} budget by ${kb(row.gzipBytes - row.budgetBytes)}`,
  ),
  ...rows.filter((row) => row.paths.length === 0).map((row) => `no ${row.part} chunk was built`),
  parts.frenchFirstRender.length !== 2 && `no one French chunk was built (${parts.frenchFirstRender.join(', ')})`,
  ...parts.chunks.filter((file) => !budgeted.has(file)).map((file) => `${file} has no budget (widget-weight.mjs, package.json's sizeBudget)`),
  parts.sdkInFirstRender && 'the voice SDK is in the first render',
  parts.phoneInFirstRender && 'the phone rules are in the first render',
  parts.laterInFirstRender && "the later steps' chunk is in the first render",
  parts.preactInFirstRender && 'Preact is in the first render',
  (rulesImporters.length !== 1 || !/^phone-rules-/.test(rulesImporters[0])) &&
    `the ESM build imports libphonenumber-js from ${rulesImporters.join(', ') || 'nowhere'}, not from its phone chunk alone`,
  ...firstRenderWalks.map((walk) => `the first render walks inherited keys: ${walk}`),
].filter(Boolean);

const doc = readFileSync(PERFORMANCE, 'utf8');
if (process.argv.includes('--write')) {
  writeFileSync(PERFORMANCE, withSizesTable(doc, rows));
  console.log('docs/PERFORMANCE.md: Sizes table written');
} else {
  for (const stale of staleSizes(doc, rows)) problems.push(`docs/PERFORMANCE.md's Sizes table is stale (${stale}): run \`npx --yes pnpm@10 size\``);
}
for (const problem of problems) console.error(`size: ${problem}`);
if (problems.length > 0) process.exit(1);
