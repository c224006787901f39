// Declarations for bundler users (dist/types), self-contained. @franchise-ai/shared is a private
// workspace package, bundled into the builds but never published: its declarations are emitted
// inside dist/types/shared and the widget's declarations are pointed at them. The build fails if
// any emitted .d.ts still names the workspace package.
// Usage: node scripts/build-types.mjs [outDir]   (default dist/types, relative to widget/)
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const WIDGET = fileURLToPath(new URL('../', import.meta.url));
const SHARED = '@franchise-ai/shared';
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');

const outDir = resolve(WIDGET, process.argv[2] ?? 'dist/types');
const sharedDir = join(outDir, 'shared');
const tsc = (...args) => execFileSync(process.execPath, [TSC, ...args], { cwd: WIDGET, stdio: 'inherit' });

rmSync(outDir, { recursive: true, force: true });
tsc('-p', 'tsconfig.types.json', '--outDir', outDir);
tsc('-p', 'tsconfig.types-shared.json', '--outDir', sharedDir);

const declarations = (dir) =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name));

// `from '@franchise-ai/shared'` and `import('@franchise-ai/shared')` alike: any quoted specifier.
const specifier = new RegExp(`(['"])${SHARED.replace('/', '\\/')}\\1`, 'g');
for (const file of declarations(outDir)) {
  if (file.startsWith(sharedDir + sep)) continue;
  const source = readFileSync(file, 'utf8');
  const target = relative(dirname(file), join(sharedDir, 'index.js')).split(sep).join('/');
  const rewritten = source.replace(specifier, (_, quote) => `${quote}${target.startsWith('.') ? target : `./${target}`}${quote}`);
  if (rewritten !== source) writeFileSync(file, rewritten);
}

const leaks = declarations(outDir).filter((file) => readFileSync(file, 'utf8').includes(SHARED));
if (leaks.length > 0) {
  console.error(`build-types: these declarations still import ${SHARED}, which bundler users cannot install:\n  ${leaks.map((file) => relative(WIDGET, file)).join('\n  ')}`);
  process.exit(1);
}
console.log(`build-types: ${relative(WIDGET, outDir)} is self-contained (${SHARED} emitted into ${relative(WIDGET, sharedDir)})`);
