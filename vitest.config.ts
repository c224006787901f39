import { defineConfig } from 'vitest/config';

// One runner for the whole workspace: node tests live beside the code,
// integration tests in each package's test/ folder.
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
        },
      },
      {
        test: {
          name: 'webhook-host',
          root: './examples/webhook-host',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // Each integration file starts its own host process and SQLite file.
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        // The partner-page example server as a real process (server.mjs).
        test: {
          name: 'script-tag',
          root: './examples/script-tag',
          environment: 'node',
          include: ['test/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'widget',
          root: './widget',
          environment: 'node',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/dev/**/*.test.ts'],
        },
      },
      {
        // Real Chromium against the built widget; see widget/test/browser/README.md.
        test: {
          name: 'widget-browser',
          root: './widget',
          environment: 'node',
          include: ['test/browser/**/*.test.ts'],
          globalSetup: ['./test/browser/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'site',
          root: './site',
          environment: 'node',
          include: ['src/**/*.test.ts'],
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
        },
      },
    ],
  },
});
