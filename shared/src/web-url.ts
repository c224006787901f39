// What a web address is, as the widget, the webhook host and the site all judge it: one of the
// web's two schemes, and a base whose trailing slashes do not count when a path is joined to it.

const HTTP_SCHEME = /^https?:\/\//i;

/** Text that starts with `http://` or `https://`, in any case, as people type it. */
export const hasHttpScheme = (text: string): boolean => HTTP_SCHEME.test(text);

/**
 * How a website, as a visitor typed it, stands to the web's two schemes:
 * - `none`: it starts with no scheme (`www.acme.com`, or `acme.com:8080/menu`, a host and a port,
 *   which a URL parser would read as the scheme `acme.com`): https:// is to be prepended;
 * - `web`: it starts with http:// or https:// and the address itself starts with no second
 *   scheme;
 * - `other`: any other scheme (`ftp://`, `mailto:`, `javascript:`, `tel:`), a web scheme without
 *   its `//` (`http:acme.com`), or a web scheme followed by another (`https://ftp://files.example`,
 *   what prepending https:// to an ftp address makes). No web page: refused, and never prepended to.
 */
export type WebsiteScheme = 'none' | 'web' | 'other';

/** A scheme and its colon, unless what follows the colon is a port: digits, then the end, a path, a query or a fragment. */
const SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d+(?:[/?#]|$))/i;
/** A scheme with its `//`, as at the start of an address that has one already. */
const SCHEME_AND_SLASHES = /^[a-z][a-z0-9+.-]*:\/\//i;

export function websiteScheme(text: string): WebsiteScheme {
  const address = text.replace(HTTP_SCHEME, '');
  if (address !== text) return SCHEME_AND_SLASHES.test(address) ? 'other' : 'web';
  return SCHEME.test(text) ? 'other' : 'none';
}

/** `value` parsed as a URL (relative to `base` when one is given), or null when it is none. */
export function parseUrl(value: string, base?: string): URL | null {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}

/**
 * A parsed URL on http: or https:. The parser writes these schemes in lower case with their `//`
 * (`HTTP:host` becomes `http://host/`), so the text check above reads its serialisation alike.
 */
export const isHttpUrl = (url: URL | null): url is URL => url !== null && hasHttpScheme(url.href);

/** `https://h.example/x//` is `https://h.example/x`: how many slashes end a base says nothing. */
export const withoutTrailingSlashes = (text: string): string => text.replace(/\/+$/, '');

/**
 * Joins a base URL and a path (which starts with `/`) without doubling or dropping
 * the slash between them: configured bases come with and without a trailing one.
 */
export const joinUrl = (base: string, path: string): string => withoutTrailingSlashes(base) + path;

/** `text` with its %-escapes decoded, or as it is when they are malformed (`%E9` alone is no UTF-8). */
export function decodedUri(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
