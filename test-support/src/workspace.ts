import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The workspace's layout, read from the files that define it, for checks that look across packages.

/** The repository's root folder, with a trailing slash. */
export const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));

/** The workspace's packages as folders relative to `root` (`widget`, `hosts/reference`, ...), from pnpm-workspace.yaml. */
export function workspacePackages(root = REPOSITORY): string[] {
  const workspace = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const patterns = [...workspace.matchAll(/^\s+-\s+(\S+)\s*$/gm)].map((match) => match[1]!);
  return patterns
    .flatMap((pattern) =>
      pattern.endsWith('/*')
        ? readdirSync(join(root, pattern.slice(0, -2)), { withFileTypes: true })
            .filter((entry) => entry.isDirectory())
            .map((entry) => `${pattern.slice(0, -2)}/${entry.name}`)
        : [pattern],
    )
    .filter((dir) => existsSync(join(root, dir, 'package.json')));
}

const SKIPPED = new Set(['node_modules', 'dist', 'dist-ssr', 'dist-test', 'dist-test-ssr', 'test-dist', '.git']);

/** Every file under the package folder `dir` (relative to `root`), as `dir/...` paths with `/`, never entering node_modules or build output. */
export function packageFiles(dir: string, root = REPOSITORY): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : packageFiles(path, root);
    return entry.isFile() ? [path] : [];
  });
}
