// The per-page <head> tags scripts/prerender.mjs writes: title, description, canonical address,
// Open Graph and X card tags, robots noindex where a page asks for it, and on the widget's pages its loader.
import { NOT_FOUND, type RouteMeta } from '../routes.ts';
import { SHARE_IMAGE, SITE_NAME } from './share-card.ts';
import { pageUrl } from './site-url.ts';

export interface HeadSettings {
  /** The checked public origin (siteOrigin()). */
  origin: string;
  /** Where the widget's loader is served from. */
  widgetSrc: string;
}

const escapeAttribute = (text: string): string => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** `<meta property="og:title" content="…" />`: Open Graph names its tags by `property`, the rest by `name`. */
const meta = (key: string, content: string | number): string =>
  `<meta ${key.startsWith('og:') ? 'property' : 'name'}="${key}" content="${escapeAttribute(String(content))}" />`;

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
  }
  // A page with the widget (/demo, /embed) loads it with a partner's one-line tag, kept inert in a
  // template until the page has painted (src/main.tsx activates it): the page's own heading paints
  // first, the widget next.
  if (route.widget) tags.push(`<template data-after-first-paint><script src="${escapeAttribute(widgetSrc)}" defer></script></template>`);
  return tags.join('\n    ');
}
