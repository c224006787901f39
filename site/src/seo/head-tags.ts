// The per-page <head> tags scripts/prerender.mjs writes: title, description, canonical address,
// Open Graph and X card tags, and on /demo the widget's loader.
import type { RouteMeta } from '../routes.ts';
import { SHARE_IMAGE, SITE_NAME } from './share-card.ts';
import { pageUrl } from './site-url.ts';

export interface HeadSettings {
  /** The checked public origin (siteOrigin()). */
  origin: string;
  /** Where the widget's loader is served from. */
  widgetSrc: string;
}

const escapeAttribute = (text: string): string => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function headTags(route: RouteMeta, { origin, widgetSrc }: HeadSettings): string {
  const image = pageUrl(origin, SHARE_IMAGE.path);
  const tags = [
    `<title>${escapeAttribute(route.title)}</title>`,
    `<meta name="description" content="${escapeAttribute(route.description)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeAttribute(SITE_NAME)}" />`,
    `<meta property="og:title" content="${escapeAttribute(route.title)}" />`,
    `<meta property="og:description" content="${escapeAttribute(route.description)}" />`,
    `<meta property="og:image" content="${escapeAttribute(image)}" />`,
    `<meta property="og:image:width" content="${SHARE_IMAGE.width}" />`,
    `<meta property="og:image:height" content="${SHARE_IMAGE.height}" />`,
    `<meta property="og:image:alt" content="${escapeAttribute(SHARE_IMAGE.alt)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escapeAttribute(route.title)}" />`,
    `<meta name="twitter:description" content="${escapeAttribute(route.description)}" />`,
    `<meta name="twitter:image" content="${escapeAttribute(image)}" />`,
    `<meta name="twitter:image:alt" content="${escapeAttribute(SHARE_IMAGE.alt)}" />`,
  ];
  // The 404 page is served at any unknown address: it has no address of its own to name.
  if (route.path === '/404') tags.push('<meta name="robots" content="noindex" />');
  else {
    const url = pageUrl(origin, route.path);
    tags.push(`<link rel="canonical" href="${escapeAttribute(url)}" />`, `<meta property="og:url" content="${escapeAttribute(url)}" />`);
  }
  // /demo loads the widget with a partner's one-line tag, kept inert in a template until the page
  // has painted (src/main.tsx activates it): the page's own heading paints first, the widget next.
  if (route.path === '/demo') tags.push(`<template data-after-first-paint><script src="${escapeAttribute(widgetSrc)}" defer></script></template>`);
  return tags.join('\n    ');
}
