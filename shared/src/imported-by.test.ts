import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { packageFiles, workspacePackages } from '@franchise-ai/test-support/workspace';

// shared/ holds only what several packages apply alike; a module that one package alone uses
// belongs in that package. Counted in product code (tests and benchmarks excluded), through the
// package's subpath imports, `@franchise-ai/shared/<module>`.
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const NOT_PRODUCT = /(^|\/)(test|bench)(\/|$)|\.test\.tsx?$/;

/** The product packages other than shared: test-support is test code, whatever it imports. */
const packages = (): string[] => workspacePackages().filter((dir) => dir !== 'shared' && dir !== 'test-support');

const productFiles = (dir: string): string[] =>
  packageFiles(dir)
    .filter((file) => SOURCE.test(file) && !NOT_PRODUCT.test(file))
    .map((file) => join(ROOT, file));

const modules = readdirSync(join(ROOT, 'shared/src')).filter((file) => SOURCE.test(file) && !/\.test(-d)?\.ts$/.test(file));

const importers = new Map<string, Set<string>>(modules.map((file) => [file.replace(SOURCE, ''), new Set()]));
for (const dir of packages()) {
  for (const file of productFiles(dir)) {
    for (const [, name] of readFileSync(file, 'utf8').matchAll(/['"]@franchise-ai\/shared\/([\w-]+)['"]/g)) {
      importers.get(name!)?.add(dir);
    }
  }
}

// A module that another shared module imports serves that module's users too (the lead rules reach
// the hosts through request-body.ts): pass each module's users on to what it imports, until stable.
const importedByShared = new Map(
  modules.map((file) => [
    file.replace(SOURCE, ''),
    [...readFileSync(join(ROOT, 'shared/src', file), 'utf8').matchAll(/from '\.\/([\w-]+)\.ts'/g)].map((match) => match[1]!),
  ]),
);
for (let changed = true; changed; ) {
  changed = false;
  for (const [module, imported] of importedByShared) {
    for (const name of imported) {
      for (const user of importers.get(module) ?? []) {
        if (importers.get(name)?.has(user) === false) importers.get(name)!.add(user), (changed = true);
      }
    }
  }
}

test('the workspace has the packages this check reads', () => {
  expect(packages()).toEqual(expect.arrayContaining(['widget', 'site', 'hosts/reference']));
  expect(modules.length).toBeGreaterThan(0);
});

test.each([...importers.keys()])('shared/src/%s is imported by at least two packages', (module) => {
  const users = [...importers.get(module)!];
  expect(users, `only ${users.join(', ') || 'no package'} imports it: move it there`).toHaveLength(Math.max(2, users.length));
});
