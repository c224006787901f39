import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

// shared/ holds only what several packages apply alike; a module that one package alone uses
// belongs in that package. Counted in product code (tests and benchmarks excluded), through the
// package's subpath imports, `@franchise-ai/shared/<module>`.
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const NOT_PRODUCT = /(^|\/)(node_modules|dist|dist-ssr|test|bench)(\/|$)|\.test\.tsx?$/;

/** The workspace's packages other than shared, from pnpm-workspace.yaml (`dir` or `dir/*`). */
function packages(): string[] {
  const workspace = readFileSync(join(ROOT, 'pnpm-workspace.yaml'), 'utf8');
  const patterns = [...workspace.matchAll(/^\s+-\s+(\S+)\s*$/gm)].map((match) => match[1]!);
  return patterns
    .flatMap((pattern) =>
      pattern.endsWith('/*')
        ? readdirSync(join(ROOT, pattern.slice(0, -2)), { withFileTypes: true })
            .filter((entry) => entry.isDirectory())
            .map((entry) => join(pattern.slice(0, -2), entry.name))
        : [pattern],
    )
    .filter((dir) => dir !== 'shared' && existsSync(join(ROOT, dir, 'package.json')));
}

function productFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => SOURCE.test(file) && !NOT_PRODUCT.test(file))
    .map((file) => join(ROOT, dir, file));
}

const modules = readdirSync(join(ROOT, 'shared/src')).filter((file) => SOURCE.test(file) && !file.endsWith('.test.ts'));

const importers = new Map<string, Set<string>>(modules.map((file) => [file.replace(SOURCE, ''), new Set()]));
for (const dir of packages()) {
  for (const file of productFiles(dir)) {
    for (const [, name] of readFileSync(file, 'utf8').matchAll(/['"]@franchise-ai\/shared\/([\w-]+)['"]/g)) {
      importers.get(name!)?.add(dir);
    }
  }
}

test('the workspace has the packages this check reads', () => {
  expect(packages()).toEqual(expect.arrayContaining(['widget', 'site', 'examples/webhook-host']));
  expect(modules.length).toBeGreaterThan(0);
});

test.each([...importers.keys()])('shared/src/%s is imported by at least two packages', (module) => {
  const users = [...importers.get(module)!];
  expect(users, `only ${users.join(', ') || 'no package'} imports it: move it there`).toHaveLength(Math.max(2, users.length));
});

test('nothing imports shared by a relative path', () => {
  const relativeImports = packages()
    .flatMap(productFiles)
    .filter((file) => /from\s+['"](\.\.\/)+shared\//.test(readFileSync(file, 'utf8')))
    .map((file) => relative(ROOT, file));
  expect(relativeImports).toEqual([]);
});
