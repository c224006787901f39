// Which pages belong to the site being read, and which answers are pages at all: same
// site only, HTML only. Kept simple on purpose: "same site" is the same hostname, give or take a
// leading `www.`, rather than the registrable domain (that needs the public-suffix list).
import { pageIdentity, requestUrl } from './page-url.ts';
import { isHttpUrl, parseUrl } from './web-url.ts';

const withoutWww = (hostname: string): string => hostname.toLowerCase().replace(/^www\./, '');

/** `acme.com` and `www.acme.com` are one site; `shop.acme.com` and `acme.org` are others. */
export const sameSite = (a: URL, b: URL): boolean => withoutWww(a.hostname) === withoutWww(b.hostname);

/** `text/html` or `application/xhtml+xml`, whatever the parameters (charset) say. */
export function isHtmlType(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'text/html' || type === 'application/xhtml+xml';
}

/** A URL as one page: without its fragment, which names a place on the page, not another page. */
export const pageKey = (url: URL): string => {
  const copy = new URL(url.href);
  copy.hash = '';
  return copy.href;
};

/**
 * The pages worth asking for among the links the caller chose, in the caller's order: resolved
 * against the home page, http(s) only, on the same site, each page once however its links write it
 * (page-url.ts: no fragment, no tracking parameters, `/index.php` is `/`), never the home page again.
 */
export function chosenUrls(home: URL, choices: readonly string[]): URL[] {
  const seen = new Set([pageIdentity(home)]);
  const urls: URL[] = [];
  for (const choice of choices) {
    const url = parseUrl(choice, home.href);
    if (!isHttpUrl(url) || !sameSite(home, url) || seen.has(pageIdentity(url))) continue;
    seen.add(pageIdentity(url));
    urls.push(requestUrl(url));
  }
  return urls;
}
