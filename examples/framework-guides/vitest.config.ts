import { defineConfig } from 'vitest/config';

// Until the root vitest.config.ts has a `framework-guides` project (the same block, with
// root './examples/framework-guides'): `npx vitest run --config examples/framework-guides/vitest.config.ts`.
export default defineConfig({
  test: {
    name: 'framework-guides',
    root: import.meta.dirname,
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
