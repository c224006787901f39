// The per-page <head> tags scripts/prerender.mjs writes: title, description, canonical address,
// Open Graph and X card tags, robots noindex where a page asks for it, the page's other languages
// (hreflang), and on the widget's pages its script tag with a preload hint.
import { DEFAULT_LANG } from '../lang.ts';
import { NOT_FOUND, translationsOf, type RouteMeta } from '../routes.ts';
import { SHARE_IMAGE, SITE_NAME } from './share-card.ts';
import { pageUrl } from './site-url.ts';

export interface HeadSettings {
  /** The checked public origin (siteOrigin()). */
  origin: string;
  /** Where the widget's file is served from: the one-line tag a partner pastes names it. */
  widgetSrc: string;
}

/** Open Graph's locale for a page not in the default language (en_US is Open Graph's own default). */
const OG_LOCALES = { en: 'en_US', fr: 'fr_FR' } as const;

const escapeAttribute = (text: string): string => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** `<meta property="og:title" content="…" />`: Open Graph names its tags by `property`, the rest by `name`. */
const meta = (key: string, content: string | number): string =>
  `<meta ${key.startsWith('og:') ? 'property' : 'name'}="${key}" content="${escapeAttribute(String(content))}" />`;

/**
 * A widget page's tag as a partner embeds it (the one line), after a preload hint for the same file:
 * the file holds everything before the form is usable, and the hint fetches it at a high priority
 * (a deferred script's own is low), so on a slow link it does not queue behind the site's stylesheet
 * and script.
 */
export function widgetTags(widgetSrc: string): string[] {
  const src = escapeAttribute(widgetSrc);
  return [`<link rel="preload" as="script" href="${src}" />`, `<script src="${src}" defer></script>`];
}

/**
 * A translated page's alternates, the same on every one of its languages' pages (each names itself
 * too, as search engines ask): each language's address by `hreflang`, and x-default for a visitor
 * whose language is none of them, the English page. Each page is its own canonical.
 */
export function alternates(route: RouteMeta, origin: string): Array<{ hreflang: string; href: string }> {
  const translations = translationsOf(route);
  if (!translations) return [];
  return [
    ...Object.entries(translations).map(([lang, page]) => ({ hreflang: lang, href: pageUrl(origin, page.path) })),
    { hreflang: 'x-default', href: pageUrl(origin, translations[DEFAULT_LANG].path) },
  ];
}

export function headTags(route: RouteMeta, { origin, widgetSrc }: HeadSettings): string {
  const image = pageUrl(origin, SHARE_IMAGE.path);
  // What a link preview shows: X's card repeats Open Graph's title, description and image.
  const card = { title: route.title, description: route.description, image, 'image:alt': SHARE_IMAGE.alt };
  const cardTags = (prefix: 'og' | 'twitter') => Object.entries(card).map(([field, content]) => meta(`${prefix}:${field}`, content));
  const tags = [
    `<title>${escapeAttribute(route.title)}</title>`,
    meta('description', route.description),
    meta('og:type', 'website'),
    meta('og:site_name', SITE_NAME),
    ...cardTags('og'),
    meta('og:image:width', SHARE_IMAGE.width),
    meta('og:image:height', SHARE_IMAGE.height),
    meta('twitter:card', 'summary_large_image'),
    ...cardTags('twitter'),
  ];
  // The 404 page is served at any unknown address: it has no address of its own to name.
  if (route.path === NOT_FOUND.path) tags.push(meta('robots', 'noindex'));
  else {
    if (route.noindex) tags.push(meta('robots', 'noindex'));
    const url = pageUrl(origin, route.path);
    tags.push(`<link rel="canonical" href="${escapeAttribute(url)}" />`, meta('og:url', url));
    for (const { hreflang, href } of alternates(route, origin)) tags.push(`<link rel="alternate" hreflang="${hreflang}" href="${escapeAttribute(href)}" />`);
    if (route.lang !== DEFAULT_LANG) tags.push(meta('og:locale', OG_LOCALES[route.lang]));
  }
  // A page with the widget (/demo, /embed) loads it with the page, as a partner's page does (before
  // the stylesheet and the site's script, which the build adds after these tags).
  if (route.widget) tags.push(...widgetTags(widgetSrc));
  return tags.join('\n    ');
}
