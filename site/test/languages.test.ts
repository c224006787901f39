import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONTENT } from '../src/content/all-langs.ts';
import { LANG_NAMES, LANGS, type Lang } from '../src/lang.ts';
import { NOT_FOUND, PAGES, ROUTES, TRANSLATED, translationsOf, type RouteMeta } from '../src/routes.ts';
import { BUILD_ENV } from './support/build-env.ts';
import { attributesOf, elements, headings, meta, parse, tags, textOf, type Document } from './support/html.ts';
import { startPreview, type Preview } from './support/preview.ts';

// The site in English and in French, as prerendered HTML fetched from the preview
// server: each page in its language (<html lang>, head, words), the pairs naming each other
// (hreflang, the language switch), and no words of one language's content on the other's pages.

const ORIGIN = BUILD_ENV.VITE_SITE_URL;
const UNKNOWN_PATH = '/fr/some-unknown-path';
const TRANSLATED_ROUTES = LANGS.flatMap((lang) => Object.values(TRANSLATED[lang]) as RouteMeta[]);

let preview: Preview;
const documents = new Map<string, Document>();

beforeAll(async () => {
  preview = await startPreview();
  for (const path of [...ROUTES.map((route) => route.path), UNKNOWN_PATH]) documents.set(path, parse(await (await fetch(preview.url + path)).text()));
});
afterAll(() => preview?.stop());

const doc = (path: string): Document => documents.get(path)!;
/** Text as textOf reads it: every run of white space, no-break ones included, one space. */
const plain = (text: string): string => text.replace(/\s+/g, ' ').trim();
const pairOf = (route: RouteMeta): Record<Lang, RouteMeta> => translationsOf(route)!;

test('the French site has the landing, demo, privacy and terms pages, and /embed stays English', () => {
  expect(Object.values(TRANSLATED.fr).map((route) => route.path)).toEqual(['/fr/', '/fr/demo', '/fr/confidentialite', '/fr/conditions']);
  expect(ROUTES.filter((route) => route.lang === 'fr')).toEqual(Object.values(TRANSLATED.fr));
  expect(PAGES.embed.lang).toBe('en');
});

describe.each(TRANSLATED_ROUTES.map((route) => [route.path, route] as const))('%s', (path, route) => {
  test('is prerendered in its language, with its own title, description and canonical address, and names its pair and x-default by hreflang', () => {
    const document = doc(path);
    expect(document.html).toMatch(new RegExp(`^<!doctype html>\\s*<html lang="${route.lang}">`, 'i'));
    expect(elements(document.head, 'title').map((title) => title.text)).toEqual([route.title]);
    expect(meta(document, 'description')).toBe(route.description);
    expect(meta(document, 'og:title')).toBe(route.title);
    expect(meta(document, 'og:locale')).toBe(route.lang === 'fr' ? 'fr_FR' : undefined);
    const links = tags(document.head, 'link');
    expect(links.filter((link) => link['rel'] === 'canonical').map((link) => link['href'])).toEqual([`${ORIGIN}${route.path}`]);
    const pair = pairOf(route);
    expect(links.filter((link) => link['rel'] === 'alternate')).toEqual([
      { rel: 'alternate', hreflang: 'en', href: `${ORIGIN}${pair.en.path}` },
      { rel: 'alternate', hreflang: 'fr', href: `${ORIGIN}${pair.fr.path}` },
      { rel: 'alternate', hreflang: 'x-default', href: `${ORIGIN}${pair.en.path}` },
    ]);
  });

  test('has a language switch in the header: a link to the same page in the other language, marked with that language', () => {
    const other = LANGS.find((lang) => lang !== route.lang)!;
    const header = doc(path).body.slice(0, doc(path).body.indexOf('</header>'));
    const switches = [...header.matchAll(/(<a\b[^>]*\bhrefLang="[^"]*"[^>]*>)([\s\S]*?)<\/a>/gi)].map((match) => ({
      ...attributesOf(match[1]!),
      text: textOf(match[2]!),
    }));
    expect(switches).toEqual([expect.objectContaining({ href: pairOf(route)[other].path, lang: other, hreflang: other, text: LANG_NAMES[other] })]);
  });
});

test('a page in one language only has no alternates and no language switch: /embed, the 404 page (also under /fr/)', () => {
  for (const path of [PAGES.embed.path, UNKNOWN_PATH]) {
    expect(
      tags(doc(path).head, 'link').filter((link) => link['rel'] === 'alternate'),
      path,
    ).toEqual([]);
    expect(doc(path).body, path).not.toMatch(/hreflang=/i);
    expect(doc(path).html, path).toMatch(/<html lang="en">/);
  }
  expect(elements(doc(UNKNOWN_PATH).head, 'title')[0]?.text).toBe(NOT_FOUND.title);
});

describe('the French pages', () => {
  const { landing, privacy, terms, text } = CONTENT.fr;

  test("the landing: the hero's h1, every section's heading, every claim, links to /fr/demo and to the sections of /fr/", () => {
    const all = headings(doc('/fr/').body);
    expect(all.filter((heading) => heading.level === 1).map((heading) => heading.text)).toEqual([plain(landing.hero.heading)]);
    expect(all.filter((heading) => heading.level === 2).map((heading) => heading.text)).toEqual(
      [landing.hero.franchisor.title, landing.hero.franchisee.title, landing.services.heading, landing.about.heading, landing.contact.heading].map(plain),
    );
    const page = doc('/fr/').text;
    for (const stat of [...landing.hero.figures.stats, ...landing.services.results.figures.stats]) expect(page).toContain(plain(`${stat.label} ${stat.value}`));
    const links = elements(doc('/fr/').body, 'a').map((link) => ({ href: link.attributes['href'], text: link.text }));
    expect(links).toContainEqual({ href: '/fr/demo', text: plain(landing.hero.cta) });
    expect(links).toContainEqual({ href: '/fr/demo', text: plain(landing.contact.cta) });
    expect(links).toContainEqual({ href: '/fr/#services', text: plain(text.sections.services) });
  });

  test.each([
    ['/fr/confidentialite', privacy, BUILD_ENV.VITE_PRIVACY_EMAIL],
    ['/fr/conditions', terms, BUILD_ENV.VITE_LEGAL_EMAIL],
  ] as const)('%s: every section with its anchor, the date in French, the contact button', (path, content, email) => {
    const body = doc(path).body;
    expect(
      tags(body, 'section')
        .map((section) => section['id'])
        .filter(Boolean),
    ).toEqual(content.sections.map((section) => section.id));
    expect(
      headings(body)
        .filter((heading) => heading.level === 2)
        .map((heading) => heading.text),
    ).toEqual([...content.sections.map((section) => section.heading), content.contact.heading].map(plain));
    // The date after a no-break space and the colon (one plain space as textOf reads it).
    expect(doc(path).text).toContain('Dernière mise à jour : décembre 2024');
    expect(body).toContain('Dernière mise à jour\u00a0:');
    expect(elements(body, 'a').map((link) => ({ href: link.attributes['href'], text: link.text }))).toContainEqual({
      href: `mailto:${email}`,
      text: plain(content.contact.button),
    });
  });

  test('the terms name the configured jurisdiction and keep the figures of spec section 9', () => {
    const page = doc('/fr/conditions').text;
    expect(page).toContain(`juridiction suivante : ${BUILD_ENV.VITE_JURISDICTION}, sans égard`);
    for (const fragment of ['99,9 %', '30 jours', 'inférieur à 2 secondes']) expect(page, fragment).toContain(fragment);
    expect(doc('/fr/conditions').body).toContain('99,9\u00a0%');
  });

  test('/fr/demo mounts the widget in French, with the French home and privacy pages, under a French intro', () => {
    const widgets = tags(doc('/fr/demo').body, 'franchise-ai-demo');
    expect(widgets).toEqual([
      expect.objectContaining({ lang: 'fr', 'home-url': '/fr/', 'privacy-url': '/fr/confidentialite', 'webhook-base': BUILD_ENV.VITE_WEBHOOK_BASE }),
    ]);
    expect(tags(doc('/demo').body, 'franchise-ai-demo')).toEqual([expect.objectContaining({ lang: 'en', 'home-url': '/', 'privacy-url': '/privacy' })]);
    expect(headings(doc('/fr/demo').body).map((heading) => heading.text)).toEqual([plain(PAGES.frDemo.title.split(' | ')[0]!)]);
    const fallback = /<noscript>([\s\S]*?)<\/noscript>/.exec(doc('/fr/demo').body)?.[1] ?? '';
    // textOf puts a space where the link ends.
    expect(textOf(fallback)).toBe(plain(`${text.demo.noScript[0]} ${BUILD_ENV.VITE_CONTACT_EMAIL} ${text.demo.noScript[1]}`));
    expect(fallback).toContain(`href="mailto:${BUILD_ENV.VITE_CONTACT_EMAIL}"`);
  });
});

/** Every string of a content object, and of the pages' titles and descriptions. */
const strings = (value: unknown): string[] => {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
};
const wordsOf = (lang: Lang): Set<string> =>
  new Set([...strings(CONTENT[lang]), ...strings(Object.values(TRANSLATED[lang]).map((route) => [route.title, route.description]))].map(plain));
/** What a page says: its text, its title and description, and the names it gives to screen readers. */
const said = (document: Document): string =>
  [
    document.text,
    elements(document.head, 'title')[0]?.text ?? '',
    plain(meta(document, 'description') ?? ''),
    ...[...document.body.matchAll(/\baria-label="([^"]*)"/g)].map((match) => textOf(match[1]!)),
  ].join('\n');

describe.each([
  ['en', 'fr'],
  ['fr', 'en'],
] as const)("no %s page says any of the %s content's words", (lang, other) => {
  // The strings both languages share (the brand, '24/7', 'Menu', section anchors, pictogram names) are not one language's.
  const own = wordsOf(lang);
  const foreign = [...wordsOf(other)].filter((text) => !own.has(text) && /\p{L}{2}/u.test(text));

  /** The foreign strings `path` says, each whole, not within a word: 'US' is not found in 'USA'. */
  const foundOn = (path: string): string[] => {
    const page = said(doc(path));
    return foreign.filter((text) => new RegExp(`(?<!\\p{L})${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\p{L})`, 'u').test(page));
  };

  test.each(TRANSLATED_ROUTES.filter((route) => route.lang === lang).map((route) => [route.path] as const))('%s', (path) => {
    expect(foundOn(path)).toEqual([]);
  });

  test("the check would notice: it finds most of them on the other language's pages", () => {
    expect(foreign.length).toBeGreaterThan(100);
    const found = new Set(TRANSLATED_ROUTES.filter((route) => route.lang === other).flatMap((route) => foundOn(route.path)));
    expect(found).toContain(plain(CONTENT[other].landing.hero.heading));
    expect(found.size / foreign.length).toBeGreaterThan(0.8);
  });
});
