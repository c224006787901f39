import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startPreview, type Preview } from './support/preview.ts';

// The preview server's types, caching and compression, on a dist/ of its own holding one file of
// each kind a build writes (the site's own build may not have all of them, e.g. no web font yet).
let dist: string;
let preview: Preview;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'preview-server-'));
  mkdirSync(join(dist, 'assets'));
  const files = [
    '404.html',
    'og-image.png',
    'robots.txt',
    'sitemap.xml',
    'assets/figtree-a1b2c3.woff2',
    'assets/index-a1b2c3.js',
    'assets/index-a1b2c3.css',
    'favicon.svg',
  ];
  for (const file of files) writeFileSync(join(dist, file), `contents of ${file} `.repeat(50));
  preview = await startPreview(dist);
});

afterAll(async () => {
  await preview?.stop();
  rmSync(dist, { recursive: true, force: true });
});

const FIVE_MINUTES = 'public, max-age=300';
const A_YEAR = 'public, max-age=31536000, immutable';

test.each([
  ['/og-image.png', 'image/png', FIVE_MINUTES, null],
  ['/robots.txt', 'text/plain; charset=utf-8', FIVE_MINUTES, 'gzip'],
  ['/sitemap.xml', 'application/xml; charset=utf-8', FIVE_MINUTES, 'gzip'],
  ['/assets/figtree-a1b2c3.woff2', 'font/woff2', A_YEAR, null],
  ['/assets/index-a1b2c3.js', 'text/javascript; charset=utf-8', A_YEAR, 'gzip'],
  ['/assets/index-a1b2c3.css', 'text/css; charset=utf-8', A_YEAR, 'gzip'],
  ['/favicon.svg', 'image/svg+xml', FIVE_MINUTES, 'gzip'],
])('%s: %s, cached %j, compressed: %s', async (path, type, cache, encoding) => {
  const response = await fetch(preview.url + path, { headers: { 'accept-encoding': 'gzip' } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe(type);
  expect(response.headers.get('cache-control')).toBe(cache);
  expect(response.headers.get('content-encoding')).toBe(encoding);
  expect(await response.text()).toContain(`contents of ${path.slice(1)}`);
});
