// Every route of src/routes.ts, and an unknown path for the 404 page, as a visitor first sees it.
// The routes come through Vite's module runner (bench/routes.mjs), as the Lighthouse bench reads
// them: the site's configuration reads import.meta.env, which plain Node does not have.
// @ts-expect-error: a plain ES module of the site's bench, without type declarations.
import { loadRoutePaths } from '../../bench/routes.mjs';
import type { Camera, Width } from './camera.ts';

const UNKNOWN_PATH = '/no-such-page';

const nameOf = (path: string) => (path === '/' ? 'home' : path.slice(1).replace(/\W+/g, '-'));

export async function shootRoutes(camera: Camera, width: Width): Promise<void> {
  const paths = (await loadRoutePaths()) as string[];
  const pages = [...paths.map((path) => ({ path, name: nameOf(path), status: 200 })), { path: UNKNOWN_PATH, name: '404', status: 404 }];
  for (const { path, name, status } of pages) {
    const page = await camera.open(path, width, { status });
    await camera.shoot(page, name, width);
    await page.context().close();
  }
}
