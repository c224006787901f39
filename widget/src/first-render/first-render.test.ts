import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

// What a page runs before the form is usable is this folder and what it imports by value. The flow,
// the steps, voice and phone come later, in chunks: only the chunk loader names them, by `import()`.
// A static import from there would pull Preact or a step into the one file a page includes.
const SRC = fileURLToPath(new URL('..', import.meta.url));
const FIRST_RENDER = join(SRC, 'first-render');
const LATER = ['flow', 'steps', 'voice', 'phone', 'webhooks'].map((dir) => join(SRC, dir));
const CHUNK_LOADERS = ['chunks/lazy-chunks.ts', 'chunks/lazy-chunks-classic.ts'].map((file) => join(FIRST_RENDER, file));

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) && !/\.test(-d)?\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );

/** The value imports of `source` (static, `export … from`, and `import()`), not `import type`. */
export function valueImports(source: string): { specifier: string; dynamic: boolean }[] {
  const found: { specifier: string; dynamic: boolean }[] = [];
  for (const [, clause, specifier] of source.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^'"]*?from\s*['"]([^'"]+)['"]/gm))
    if (!clause) found.push({ specifier: specifier!, dynamic: false });
  for (const [, specifier] of source.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm)) found.push({ specifier: specifier!, dynamic: false });
  for (const [, specifier] of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push({ specifier: specifier!, dynamic: true });
  return found;
}

/** `file`'s imports that reach into a later part without going through the chunk loader. */
function crossings(file: string): string[] {
  return valueImports(readFileSync(file, 'utf8'))
    .filter(({ specifier }) => specifier.startsWith('.'))
    .filter(({ specifier, dynamic }) => {
      const target = resolve(dirname(file), specifier);
      const later = LATER.some((dir) => target.startsWith(`${dir}/`));
      return later && !(dynamic && CHUNK_LOADERS.includes(file));
    })
    .map(({ specifier }) => `${relative(SRC, file)} imports ${specifier}`);
}

test('a value import is told from a type import, a static one from import()', () => {
  const doctored = [
    "import type { FlowState } from '../../flow/reducer.ts';",
    "import { type Step, STEPS } from '../../flow/reducer.ts';",
    "export { emit } from './events.ts';",
    "const steps = () => import('../../flow/later-steps.ts');",
  ].join('\n');
  expect(valueImports(doctored)).toEqual([
    { specifier: '../../flow/reducer.ts', dynamic: false },
    { specifier: './events.ts', dynamic: false },
    { specifier: '../../flow/later-steps.ts', dynamic: true },
  ]);
});

test('the first render imports the flow, the steps, voice and phone only through the chunk loader', () => {
  const files = sources(FIRST_RENDER);
  expect(files.map((file) => relative(SRC, file))).toEqual(expect.arrayContaining(['first-render/element/element.ts', 'first-render/chunks/lazy-chunks.ts']));
  expect(files.flatMap(crossings)).toEqual([]);
  // The loader does reach them: the check would catch a static import there.
  expect(valueImports(readFileSync(CHUNK_LOADERS[0]!, 'utf8')).some(({ dynamic }) => dynamic)).toBe(true);
});
