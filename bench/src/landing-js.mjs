// The landing page's JavaScript budget, which `pnpm test` (scripts/test.mjs) holds after the build:
// every script the prerendered `/` fetches before the browser is idle, gzip level 9, against
// site/package.json's sizeBudget.landingJsGzipBytes. Before idle means the page's own <script src>,
// its modulepreload links and their static imports; a dynamic import() (React and the app, fetched
// at idle or at the first interaction, see site/src/main.tsx) is not. An overrun fails naming the
// files and the figure.
// `node bench/src/landing-js.mjs [site dist folder]`.
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const SITE = fileURLToPath(new URL('../../site/', import.meta.url));
export const SITE_DIST = join(SITE, 'dist');

/** Site paths (`/assets/x.js`) of the scripts `/` fetches before idle, in the order they are found. */
export function landingScripts(dist = SITE_DIST) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const local = (url) => (url.startsWith('/') && !url.startsWith('//') ? url.split(/[?#]/)[0] : undefined);
  const found = new Set(
    [
      ...[...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]),
      ...[...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)].map((m) => /\bhref="([^"]+)"/.exec(m[0])?.[1]),
    ]
      .map((url) => url && local(url))
      .filter(Boolean),
  );
  // Static imports run before the module does: `import ... from "./x.js"` and `import "./x.js"`, never `import(`.
  for (const path of found) {
    const code = readFileSync(join(dist, path), 'utf8');
    for (const [, specifier] of code.matchAll(/(?:^|[;}\s])import\s*(?:[^'"`()]*?from\s*)?["'`]([^"'`]+)["'`]/g)) {
      const target = specifier.startsWith('/') ? local(specifier) : specifier.startsWith('.') ? posix.join(posix.dirname(path), specifier) : undefined;
      if (target) found.add(target);
    }
  }
  return [...found];
}

/** The message an overrun fails with, naming the files and the figure; undefined within budget. */
export function landingJsProblem({ files, gzipBytes, budget }) {
  if (gzipBytes <= budget) return undefined;
  return `the landing page's JS before idle (${files.join(', ')}) is ${gzipBytes} bytes gzip, over its ${budget}-byte budget (site/package.json sizeBudget.landingJsGzipBytes) by ${gzipBytes - budget} bytes`;
}

export function landingJsFigure(dist = SITE_DIST) {
  const files = landingScripts(dist);
  const gzipBytes = files.reduce((sum, path) => sum + gzipSync(readFileSync(join(dist, path)), { level: 9 }).length, 0);
  return { files, gzipBytes };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dist = process.argv[2] ?? SITE_DIST;
  const budget = JSON.parse(readFileSync(join(SITE, 'package.json'), 'utf8')).sizeBudget.landingJsGzipBytes;
  const figure = landingJsFigure(dist);
  console.log(`landing page / JS before idle (${figure.files.join(', ')}): ${figure.gzipBytes} bytes gzip (budget ${budget})`);
  const problem = landingJsProblem({ ...figure, budget });
  if (problem) {
    console.error(`size: ${problem}`);
    process.exitCode = 1;
  }
}
