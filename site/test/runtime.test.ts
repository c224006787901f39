import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { PLANTED_SECRET } from './support/build-env.ts';
import { DIST } from './support/preview.ts';

// The site is React 19 (react, react-dom), the widget alone Preact: the site's own scripts (not
// dist/widget/, which is the widget's build) carry React DOM's renderer and none of Preact's
// internals, and the HTML's one eager script stays small, as React loads after the first paint.

const ASSETS = join(DIST, 'assets');
const scripts = readdirSync(ASSETS).filter((name) => name.endsWith('.js'));
const source = (name: string) => readFileSync(join(ASSETS, name), 'utf8');

test('the site ships React 19 DOM', () => {
  const versions = scripts.flatMap((name) => [...source(name).matchAll(/rendererPackageName:\s*[`'"]react-dom[`'"]/g)].map(() => name));
  expect(versions.length, `react-dom renderer in ${scripts.join(', ')}`).toBeGreaterThan(0);
  const reconciler = scripts
    .map(source)
    .join('\n')
    .match(/reconcilerVersion:\s*[`'"](\d+)\./);
  expect(reconciler?.[1]).toBe('19');
});

test('no Preact in the site: none of its internal property names, no preact/compat', () => {
  // Preact's mangled internals (`__k` children, `__H` hooks, `__e` DOM) survive minification.
  for (const name of scripts) expect(source(name), name).not.toMatch(/\.__k\b|\.__H\b|preact/);
});

test('React is not in the eager script: the HTML names one small module, the rest loads on demand', () => {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const eager = [...html.matchAll(/<script\b[^>]*\bsrc="\/assets\/([^"]+)"/g)].map((match) => match[1]!);
  expect(eager).toHaveLength(1);
  expect(html).not.toMatch(/rel="modulepreload"/);
  const entry = source(eager[0]!);
  expect(entry).not.toMatch(/reconcilerVersion/);
  expect(entry.length, `${eager[0]} is ${entry.length} bytes`).toBeLessThan(4096);
});

test('a VITE_* variable the site does not read stays out of every file it ships', () => {
  // `pnpm test:build` sets VITE_PLANTED_SECRET for the site's build (support/build-env.json): only
  // the variables src/config.ts names may be inlined, not the build environment's whole VITE_* set.
  const files = readdirSync(DIST, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  const leaking = files
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => {
      const text = readFileSync(file, 'latin1');
      return text.includes(PLANTED_SECRET) || text.includes('VITE_PLANTED_SECRET');
    });
  expect(files.length).toBeGreaterThan(10);
  expect(leaking).toEqual([]);
});
