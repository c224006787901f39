import { readFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { expect, test } from 'vitest';
import { packageFiles, REPOSITORY, workspacePackages } from './workspace.ts';

// No file reaches into another package by a relative path (`../../widget/test/support/...`): what
// tests share lives in this package and is imported by name (@franchise-ai/test-support/<module>).
// The only exceptions are this package's bridges, each the one place that knows its target.
const BRIDGES: Record<string, string> = {
  // The widget's texts and figures are not part of its published API.
  'test-support/src/widget-texts.ts': 'widget',
  // Which files of a widget build a page fetches: size.mjs's, read by bench/ and the site's prerender step too, never published.
  'test-support/src/widget-weight.mjs': 'widget',
  // GET /leads lists the host's own record type.
  'test-support/src/leads.ts': 'hosts/reference',
  // The n8n harness's inputs: the workflows, their env files, the readiness answer (src/harness-facts.ts).
  // The workflows package's tests depend on this one, so it cannot be a dependency here.
  'test-support/src/n8n-workflows.ts': 'integrations/n8n',
};

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const NOT_SOURCE = /(^|\/)(node_modules|dist|dist-ssr|dist-test|dist-test-ssr|test-dist)(\/|$)/;
// `from '…'`, `import '…'` and `import('…')`: every way a module names another.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]*)['"]/g;

/** The package (`widget`, `hosts/reference`, …) that holds `path`, or `(outside any package)`. */
function owner(path: string, packages: string[], root: string): string {
  const within = packages.filter((dir) => path === join(root, dir) || path.startsWith(join(root, dir) + sep));
  return within.sort((a, b) => b.length - a.length)[0] ?? '(outside any package)';
}

/** `file` (relative to `root`) importing into another package than its own: one line per import. */
export function crossings(file: string, source: string, packages: string[], root = REPOSITORY): string[] {
  const own = owner(join(root, file), packages, root);
  return [...source.matchAll(SPECIFIER)]
    .map((match) => ({ specifier: match[1]!, target: owner(resolve(dirname(join(root, file)), match[1]!), packages, root) }))
    .filter(({ target }) => target !== own && BRIDGES[file] !== target)
    .map(({ specifier, target }) => `${file} imports ${specifier} (in ${target})`);
}

// This file's own doctored examples (below) are strings, not imports.
const SELF = 'test-support/src/package-boundaries.test.ts';

const packages = workspacePackages();
const files = packages.flatMap((dir) => packageFiles(dir)).filter((file) => SOURCE.test(file) && !NOT_SOURCE.test(file) && file !== SELF);

test('the check reads the workspace: its packages and their test files', () => {
  expect(packages).toEqual(expect.arrayContaining(['widget', 'site', 'hosts/reference', 'test-support']));
  expect(files).toEqual(expect.arrayContaining(['site/test/browser/demo.test.ts', 'widget/test/support/suite.ts']));
});

test("the check finds a test reaching into another package's test folder, and a bridge only where it leads", () => {
  const doctored = [
    "import { fillForm } from '../../../widget/test/support/flow.ts';",
    "import { copy } from '../../../widget/src/copy/copy.ts';",
    "const { launchChromium } = await import('../../../widget/test/support/browser.ts');",
    "import { PHONE } from '../support/site.ts';",
  ].join('\n');
  expect(crossings('site/test/browser/demo.test.ts', doctored, packages)).toEqual([
    'site/test/browser/demo.test.ts imports ../../../widget/test/support/flow.ts (in widget)',
    'site/test/browser/demo.test.ts imports ../../../widget/src/copy/copy.ts (in widget)',
    'site/test/browser/demo.test.ts imports ../../../widget/test/support/browser.ts (in widget)',
  ]);
  expect(crossings('test-support/src/widget-texts.ts', "export { copy } from '../../widget/src/copy/copy.ts';", packages)).toEqual([]);
  expect(crossings('test-support/src/widget-texts.ts', "import { x } from '../../site/src/x.ts';", packages)).toEqual([
    'test-support/src/widget-texts.ts imports ../../site/src/x.ts (in site)',
  ]);
});

test('no file imports from another package by a relative path (test support is imported by name)', () => {
  const found = files.flatMap((file) => crossings(file, readFileSync(join(REPOSITORY, file), 'utf8'), packages));
  expect(found).toEqual([]);
});
