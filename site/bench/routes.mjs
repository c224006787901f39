// The routes to measure, read from the site's own src/routes.ts (through Vite's module runner,
// since Node cannot import TypeScript by itself), so a new page is benchmarked without editing here.
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const ROUTES_MODULE = fileURLToPath(new URL('../src/routes.ts', import.meta.url));

/** The paths of every prerendered route (the 404 page is not a route of its own). */
export async function loadRoutePaths() {
  const { module } = await runnerImport(ROUTES_MODULE, { configFile: false, logLevel: 'error' });
  return module.ROUTES.map((route) => route.path);
}
