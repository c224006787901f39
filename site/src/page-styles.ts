import frameStylesUrl from './frame-styles.css?url';
import pageStylesUrl from './page-styles.css?url';

/**
 * Where the build put /demo's stylesheet and the rest of the site's (hashed): scripts/prerender.mjs
 * gives /demo frame-styles.css in place of the whole stylesheet (RouteMeta.frameStylesOnly).
 */
export { frameStylesUrl, pageStylesUrl };

const linked = (url: string) =>
  [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].some((link) => link.href === new URL(url, location.href).href);

/**
 * On a page served with frame-styles.css alone (/demo), links page-styles.css after it, once: a page
 * reached from there without a new document is then styled as when served.
 */
export function addPageStyles(): void {
  if (!linked(frameStylesUrl) || linked(pageStylesUrl)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = pageStylesUrl;
  document.head.append(link);
}
