import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, test } from 'vitest';
import { landing } from '../src/content/landing.ts';
import { NOT_FOUND, ROUTES } from '../src/routes.ts';
import { BUILD_ENV } from './support/build-env.ts';
import { meta, parse, tags } from './support/html.ts';
import { DIST } from './support/preview.ts';
import { useSite } from './support/site.ts';

// What a link preview, a crawler or a social network reads: Open Graph and X card tags on every
// page, robots.txt, sitemap.xml and the share image, as the preview server serves them.
const site = useSite();
const ORIGIN = BUILD_ENV.VITE_SITE_URL;
const UNKNOWN_PATH = '/some-unknown-path';

const pages: Page[] = [];
afterEach(async () => {
  await Promise.allSettled(pages.splice(0).map((page) => page.context().close()));
});

/** A page of its own on the preview server's origin (robots.txt: no app to hydrate). */
async function blankPage(): Promise<Page> {
  const page = await (await site.browser.newContext()).newPage();
  pages.push(page);
  await page.goto(`${site.url}/robots.txt`);
  return page;
}

describe.each([...ROUTES.map((route) => [route.path, route, route.path] as const), [NOT_FOUND.path, NOT_FOUND, UNKNOWN_PATH] as const])(
  '%s',
  (_, route, url) => {
    test(`has Open Graph image and X card tags naming absolute addresses on ${ORIGIN}`, async () => {
      const document = parse(await (await fetch(site.url + url)).text());
      const image = meta(document, 'og:image');
      expect(image).toBe(`${ORIGIN}/og-image.png`);
      expect(meta(document, 'twitter:image')).toBe(image);
      expect(meta(document, 'og:image:width')).toBe('1200');
      expect(meta(document, 'og:image:height')).toBe('630');
      expect(meta(document, 'og:image:alt')).toContain(landing.hero.heading);
      expect(meta(document, 'twitter:image:alt')).toBe(meta(document, 'og:image:alt'));
      expect(meta(document, 'twitter:card')).toBe('summary_large_image');
      expect(meta(document, 'twitter:title')).toBe(route.title);
      expect(meta(document, 'twitter:description')).toBe(route.description);
      // Every address in the head is absolute and on the configured origin (the 404 page names none of its own).
      const addresses = [
        ...tags(document.head, 'meta')
          .filter((tag) => /^(og|twitter):(url|image)$/.test(String(tag['property'] ?? tag['name'])))
          .map((tag) => tag['content']),
        ...tags(document.head, 'link')
          .filter((link) => link['rel'] === 'canonical')
          .map((link) => link['href']),
      ];
      expect(addresses.length, 'og:image, twitter:image, and og:url and canonical except on the 404 page').toBe(route === NOT_FOUND ? 2 : 4);
      for (const address of addresses) expect(new URL(String(address)).origin, String(address)).toBe(ORIGIN);
    });
  },
);

describe('robots.txt', () => {
  test('is served as text, lets every crawler read everything and names the sitemap on the configured origin', async () => {
    const response = await fetch(`${site.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = (await response.text()).split('\n').filter(Boolean);
    expect(lines).toEqual(['User-agent: *', 'Allow: /', `Sitemap: ${ORIGIN}/sitemap.xml`]);
  });
});

describe('sitemap.xml', () => {
  test("is served as XML and lists exactly the pages meant to be found (not the noindex ones), by their canonical addresses, with their heads' hreflang alternates, as a browser parses it", async () => {
    const response = await fetch(`${site.url}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const page = await blankPage();
    const parsed = await page.evaluate(async (path) => {
      const xml = new DOMParser().parseFromString(await (await fetch(path)).text(), 'application/xml');
      return {
        error: xml.querySelector('parsererror')?.textContent ?? null,
        root: `${xml.documentElement.namespaceURI} ${xml.documentElement.localName}`,
        urls: [...xml.documentElement.children].map(
          (url) =>
            `${url.localName}: ${[...url.children]
              .filter((child) => child.localName === 'loc')
              .map((child) => `${child.localName}=${child.textContent}`)
              .join(' ')}`,
        ),
        alternates: [...xml.documentElement.children].map((url) =>
          [...url.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link')].map(
            (link) => `${link.getAttribute('rel')} ${link.getAttribute('hreflang')} ${link.getAttribute('href')}`,
          ),
        ),
      };
    }, '/sitemap.xml');
    expect(parsed.error).toBeNull();
    expect(parsed.root).toBe('http://www.sitemaps.org/schemas/sitemap/0.9 urlset');
    const listed = ROUTES.filter((route) => !route.noindex);
    expect(listed.length).toBeLessThan(ROUTES.length);
    expect(parsed.urls).toEqual(listed.map((route) => `url: loc=${new URL(route.path, ORIGIN).href}`));
    // The same addresses as the pages' own canonical links, and the same alternates as their heads'.
    for (const [index, route] of listed.entries()) {
      const links = tags(parse(await (await fetch(site.url + route.path)).text()).head, 'link');
      const canonical = links.find((link) => link['rel'] === 'canonical');
      expect(parsed.urls[index], route.path).toBe(`url: loc=${canonical?.['href']}`);
      const alternates = links.filter((link) => link['rel'] === 'alternate').map((link) => `alternate ${link['hreflang']} ${link['href']}`);
      expect(parsed.alternates[index], route.path).toEqual(alternates);
      // Every page here has its other language.
      expect(alternates, route.path).toHaveLength(3);
    }
  });
});

describe('the share image', () => {
  test('is a 1200 x 630 PNG, served as one', async () => {
    const response = await fetch(`${site.url}/og-image.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.equals(readFileSync(join(DIST, 'og-image.png')))).toBe(true);
    // The PNG signature, then the IHDR chunk: width and height as 32-bit big-endian numbers.
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(bytes.toString('latin1', 12, 16)).toBe('IHDR');
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  test('decodes in a browser to a picture, not a blank: many colours, none covering most of it', async () => {
    const page = await blankPage();
    const picture = await page.evaluate(async (path) => {
      const bitmap = await createImageBitmap(await (await fetch(path)).blob());
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
      const counts = new Map<number, number>();
      for (let at = 0; at < data.length; at += 4) {
        const colour = (data[at]! << 16) | (data[at + 1]! << 8) | data[at + 2]!;
        counts.set(colour, (counts.get(colour) ?? 0) + 1);
      }
      return { width: bitmap.width, height: bitmap.height, colours: counts.size, commonest: Math.max(...counts.values()) / (data.length / 4) };
    }, '/og-image.png');
    expect(picture).toMatchObject({ width: 1200, height: 630 });
    expect(picture.colours).toBeGreaterThan(50);
    expect(picture.commonest).toBeLessThan(0.5);
  });
});
