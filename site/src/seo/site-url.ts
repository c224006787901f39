// The public origin that canonical links, Open Graph URLs, robots.txt and the sitemap name. Until a
// deployment sets VITE_SITE_URL, a default build names a reserved example domain (RFC 2606), so
// nothing built by default points search engines or social cards at a developer's machine.
import { hasHttpScheme } from '@franchise-ai/shared/web-url';

export const DEFAULT_SITE_URL = 'https://franchise-ai.example';

const RULE = `VITE_SITE_URL must be an absolute http:// or https:// origin such as ${DEFAULT_SITE_URL}, with no path, query, fragment or credentials`;

/** The origin `value` names (lower-case host, no trailing slash); throws a build error saying what is wrong with it. */
export function siteOrigin(value: string): string {
  const wrong = (reason: string) => new Error(`${RULE}; ${JSON.stringify(value)} ${reason}`);
  // After the scheme: the authority, then the rest (path, query, fragment).
  const parts = hasHttpScheme(value) ? /^[^:]*:\/\/([^/?#\\]*)(.*)$/.exec(value) : null;
  if (!parts) throw wrong('is not an http:// or https:// address');
  const [, authority = '', rest = ''] = parts;
  if (authority.includes('@')) throw wrong('has credentials');
  if (rest.includes('#')) throw wrong('has a fragment');
  if (rest.includes('?')) throw wrong('has a query');
  // One trailing slash is how many people write an origin; anything more is a path.
  if (rest !== '' && rest !== '/') throw wrong('has a path');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw wrong('is not a valid address');
  }
  return url.origin;
}

/** The absolute address of the page at `path` (a route path such as `/demo`) on `origin`. */
export const pageUrl = (origin: string, path: string): string => new URL(path, `${origin}/`).href;
