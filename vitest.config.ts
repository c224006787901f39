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
    ],
  },
});
