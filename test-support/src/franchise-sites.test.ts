import { readdirSync } from 'node:fs';
import { afterEach, expect, test } from 'vitest';
import { FRANCHISE_SITES, FRANCHISE_SITES_DIR, generatedPage, serveFixtureSite, type FixtureSite } from './franchise-sites.ts';

const open: FixtureSite[] = [];
afterEach(async () => {
  for (const site of open.splice(0)) await site.close();
});
const serve = async (name: (typeof FRANCHISE_SITES)[number]) => {
  const site = await serveFixtureSite(name);
  open.push(site);
  return site;
};

test('every fixture folder is a named site, and every named site a folder', () => {
  expect(
    readdirSync(FRANCHISE_SITES_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort(),
  ).toEqual([...FRANCHISE_SITES].sort());
});

test('a site is served on 127.0.0.1 as a real one: clean paths, robots.txt as text, a 404 page, every request recorded', async () => {
  const site = await serve('robots-disallow');
  expect(site.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const home = await fetch(`${site.url}/`);
  expect([home.status, home.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
  expect(await home.text()).toContain('<h1>Larkspur Lawn Care</h1>');
  const robots = await fetch(`${site.url}/robots.txt`);
  expect([robots.headers.get('content-type'), await robots.text()]).toEqual(['text/plain; charset=utf-8', 'User-agent: *\nDisallow: /\n']);
  expect((await fetch(`${site.url}/franchise`)).status).toBe(404);
  expect((await fetch(`${site.url}/../../package.json`)).status).toBe(404);
  expect((await fetch(`${site.url}/..%2f..%2f..%2fpackage.json`)).status).toBe(404);
  expect(site.requests).toEqual(['GET /', 'GET /robots.txt', 'GET /franchise', 'GET /package.json', 'GET /..%2f..%2f..%2fpackage.json']);
});

test('/about is about.html', async () => {
  const site = await serve('franchisor');
  expect(await (await fetch(`${site.url}/about`)).text()).toContain('<h1>About Bramblewood</h1>');
});

test('the oversized home is 5 MB of HTML, generated when asked', async () => {
  const site = await serve('oversized');
  const response = await fetch(`${site.url}/`);
  expect([response.headers.get('content-type'), response.headers.get('content-length')]).toEqual(['text/html; charset=utf-8', String(5 * 1024 * 1024)]);
  const body = await response.text();
  expect(body.length).toBe(5 * 1024 * 1024);
  expect(body.startsWith('<!doctype html>') && body.endsWith('</html>')).toBe(true);
  expect(generatedPage(1000).length).toBe(1000);
});

test('the private redirect points at 10.0.0.5 and nothing there is asked for by the server', async () => {
  const site = await serve('private-redirect');
  const response = await fetch(`${site.url}/`, { redirect: 'manual' });
  expect([response.status, response.headers.get('location')]).toEqual([302, 'http://10.0.0.5/']);
  expect(site.requests).toEqual(['GET /']);
});
