// The routes to measure, read from the site's own src/routes.ts (through Vite's module runner,
// since Node cannot import TypeScript by itself), so a new page is benchmarked without editing here.
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const ROUTES_MODULE = fileURLToPath(new URL('../src/routes.ts', import.meta.url));

/** Every prerendered route (the 404 page is not a route of its own). */
async function loadRoutes() {
  const { module } = await runnerImport(ROUTES_MODULE, { configFile: false, logLevel: 'error' });
  return module.ROUTES;
}

/** The paths of every prerendered route. */
export const loadRoutePaths = async () => (await loadRoutes()).map((route) => route.path);

/** The paths of the routes kept out of search engines (noindex): Lighthouse's SEO score does not apply to them. */
export const loadNoindexPaths = async () => (await loadRoutes()).filter((route) => route.noindex).map((route) => route.path);
