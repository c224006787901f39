import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

// One runner for the whole workspace: node tests live beside the code, integration tests in each
// package's test/ folder. Node-only projects run first (group 0), the browser projects after them
// (group 1), so a unit failure shows within seconds instead of after the browser suites. The
// browser projects test what `pnpm test:build` made and build nothing themselves (see their
// global setups; `pnpm test` builds first).
const NODE_FIRST = { groupOrder: 0 };
// Vitest's default is one worker per core but one, so a 2-core machine runs one file at a time. The
// node files spend much of their time waiting on the processes and sockets they start, so two
// workers share the cores (measured: 199 s → 150 s for the node projects).
const NODE_WORKERS = 2;
// Projects of unit files only (no host process, no test/ helpers that keep state between files) run
// in worker threads, which start faster than forked processes, and share their worker's module
// cache (isolate: false): a file no longer re-imports preact, shared/ and the rules another file
// already loaded (CPU seconds under load: widget 31 → 11, shared 18 → 8). What a file changes on
// globals is undone after each test, so no file sees another's stubs, spies or environment. The
// projects with process-level files keep isolated forks.
const UNIT_ONLY = {
  pool: 'threads',
  maxWorkers: NODE_WORKERS,
  isolate: false,
  restoreMocks: true,
  unstubGlobals: true,
  unstubEnvs: true,
} as const;
// Real n8n runs with the node projects: its one long file mostly waits on n8n, beside node files
// that mostly wait on their hosts, and n8n's own CPU stays out of the browser group (measured in a
// fresh clone: pnpm test 525 s → 505 s). The browser projects run together after them, two files at a time: in the headless
// shell (docs/BROWSERS.md) one file keeps about 0.8 of a core busy, so a second worker fills the
// machine (widget-browser alone, measured: 374 s → 305 s). Vitest wants one figure per group.
const BROWSER_WORKERS = 2;
const BROWSERS_AFTER = { groupOrder: 1 };
// One Chromium for a browser project's files (each page still in a fresh context); see the file.
const SHARED_CHROMIUM = fileURLToPath(new URL('./test-support/src/shared-chromium.ts', import.meta.url));

export default defineConfig({
  test: {
    reporters: ['default', './scripts/closing-line-reporter.ts'],
    projects: [
      {
        test: {
          name: 'shared',
          root: './shared',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          ...UNIT_ONLY,
          sequence: NODE_FIRST,
        },
      },
      {
        // The test command's own pieces (the closing line CI reads).
        test: {
          name: 'scripts',
          root: './scripts',
          environment: 'node',
          include: ['*.test.ts'],
          maxWorkers: NODE_WORKERS,
          sequence: NODE_FIRST,
        },
      },
      {
        // The workspace's test support (test-support/README.md): its own checks, and that no test
        // reaches into another package's test folder.
        test: {
          name: 'test-support',
          root: './test-support',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 20_000,
          maxWorkers: NODE_WORKERS,
          sequence: NODE_FIRST,
        },
      },
      {
        test: {
          name: 'reference-host',
          root: './hosts/reference',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // Each integration file starts its own host process and SQLite file.
          testTimeout: 20_000,
          hookTimeout: 30_000,
          maxWorkers: NODE_WORKERS,
          sequence: NODE_FIRST,
        },
      },
      {
        // The partner-page example server as a real process (server.mjs).
        test: {
          name: 'script-tag',
          root: './examples/script-tag',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          maxWorkers: NODE_WORKERS,
          sequence: NODE_FIRST,
        },
      },
      {
        // The n8n workflows' code, without n8n.
        test: {
          name: 'n8n',
          root: './integrations/n8n',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          ...UNIT_ONLY,
          sequence: NODE_FIRST,
        },
      },
      {
        test: {
          name: 'widget',
          root: './widget',
          environment: 'node',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/dev/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'src/**/*.browser.test.ts'],
          ...UNIT_ONLY,
          sequence: NODE_FIRST,
        },
      },
      {
        // bench/: the benchmarks' own pieces (the landing page's JS budget CI holds).
        test: {
          name: 'bench',
          root: './bench',
          environment: 'node',
          include: ['**/*.test.ts'],
          ...UNIT_ONLY,
          sequence: NODE_FIRST,
        },
      },
      {
        test: {
          name: 'site',
          root: './site',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          ...UNIT_ONLY,
          sequence: NODE_FIRST,
        },
      },
      {
        // The committed workflows on a real n8n 2.8.4 (installed once into a cache, see
        // integrations/n8n/README.md), with the voice provider faked on 127.0.0.1.
        test: {
          name: 'n8n-live',
          root: './integrations/n8n',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 180_000,
          maxWorkers: NODE_WORKERS,
          sequence: NODE_FIRST,
        },
      },
      {
        // Real Chromium against the built widget; see widget/test/browser/README.md.
        test: {
          name: 'widget-browser',
          root: './widget',
          environment: 'node',
          include: ['test/browser/**/*.test.ts', 'src/**/*.browser.test.ts'],
          globalSetup: ['./test/browser/global-setup.ts', SHARED_CHROMIUM],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: BROWSER_WORKERS,
          sequence: BROWSERS_AFTER,
        },
      },
      {
        // The built widget's whole flow in Debian's Firefox ESR over WebDriver BiDi; see docs/BROWSERS.md.
        test: {
          name: 'widget-firefox',
          root: './widget',
          environment: 'node',
          include: ['test/firefox/**/*.test.ts'],
          globalSetup: ['./test/firefox/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: BROWSER_WORKERS,
          sequence: BROWSERS_AFTER,
        },
      },
      {
        // The prerendered site in real Chromium, plus checks on its static HTML; see site/test/README.md.
        test: {
          name: 'site-browser',
          root: './site',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          maxWorkers: BROWSER_WORKERS,
          sequence: BROWSERS_AFTER,
        },
      },
      {
        // The snippets of docs/guides/, read from their code fences: compiled by each framework's own
        // compiler, or run in Chromium against the built widget; see examples/framework-guides/README.md.
        test: {
          name: 'framework-guides',
          root: './examples/framework-guides',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          globalSetup: ['./test/global-setup.ts', SHARED_CHROMIUM],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: BROWSER_WORKERS,
          sequence: BROWSERS_AFTER,
        },
      },
    ],
  },
});
