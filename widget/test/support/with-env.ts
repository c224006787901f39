/** Sets (or, for `undefined`, unsets) environment variables while `run` runs, then restores them. */
export async function withEnv<T>(env: Record<string, string | undefined>, run: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
  apply(env);
  try {
    return await run();
  } finally {
    apply(saved);
  }
}

// Vitest runs with NODE_ENV=test, and Vite's build keeps a NODE_ENV it finds: the JSX would be
// compiled for development (jsxDEV calls carrying this machine's file paths, 6 KB more), so the tests
// would not run what `pnpm build` ships. `vite build` on the command line sets production.
export const PRODUCTION = { NODE_ENV: 'production' } as const;
