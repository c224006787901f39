// Every route of src/routes.ts, and an unknown path for the 404 page, as a visitor first sees it.
import { ROUTES } from '../../src/routes.ts';
import type { Camera, Width } from './camera.ts';

const UNKNOWN_PATH = '/no-such-page';

const nameOf = (path: string) => (path === '/' ? 'home' : path.slice(1).replace(/\W+/g, '-'));

export async function shootRoutes(camera: Camera, width: Width): Promise<void> {
  const pages = [...ROUTES.map((route) => ({ path: route.path, name: nameOf(route.path), status: 200 })), { path: UNKNOWN_PATH, name: '404', status: 404 }];
  for (const { path, name, status } of pages) {
    const page = await camera.open(path, width, { status });
    await camera.shoot(page, name, width);
    await page.context().close();
  }
}
