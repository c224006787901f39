// One page, one URL: what makes two links name the same page of a site, so that the reader asks
// for it once. A site links its home as `/`, `/index.php` and `/?utm_source=…`; its pages carry
// campaign tags and session ids; a PHP site's `/?lang=en` is its home again. None of those choose
// what the page says, so none of them may take one of the few pages the reader reads.

/**
 * Query parameters that never choose a page's content: campaign and click tags (Google, Meta,
 * Microsoft, Mailchimp, HubSpot, Matomo…), referrers, and session ids, which servers add to links
 * for visitors without cookies. Left out of the URL asked for and of its identity.
 */
const TRACKING =
  /^(utm_\w*|gclid|gclsrc|dclid|gbraid|wbraid|gad_source|fbclid|msclkid|yclid|twclid|ttclid|igshid|li_fat_id|mc_cid|mc_eid|_ga|_gl|_hsenc|_hsmi|__hs\w*|hsa_\w*|mkt_tok|pk_\w*|mtm_\w*|piwik_\w*|matomo_\w*|srsltid|ref|ref_src|referrer|sessionid|session_id|phpsessid|jsessionid|sid|aspsessionid\w*|cfid|cftoken|s_kwcid|trk|ncid|cmpid)$/i;

/** Parameters that give the same page in another language or order: kept in the URL asked for (the site may need them), left out of its identity. */
const SAME_CONTENT = /^(lang|language|locale|hl|lng|sort|order|orderby)$/i;

/**
 * The last path segment that names a directory's default document: `/about/index.php` is
 * `/about/`, `/default.aspx` is `/`, and `/index` is how some sites link their home.
 */
const DEFAULT_DOCUMENT = /\/(index(\.[a-z\d]{2,5})?|default\.[a-z\d]{2,5})$/i;

/** The host without a leading `www.`: `www.acme.example` and `acme.example` are one site. */
export const siteHost = (url: URL): string => url.host.toLowerCase().replace(/^www\./, '');

/** `url` as it is asked for: no fragment (a place on the page, not another page), no tracking parameters. */
export function requestUrl(url: URL): URL {
  const copy = new URL(url.href);
  copy.hash = '';
  // A path parameter, as Java servers add `;jsessionid=…` to every link.
  copy.pathname = copy.pathname.replace(/;jsessionid=[^/]*/gi, '');
  for (const name of [...copy.searchParams.keys()]) if (TRACKING.test(name)) copy.searchParams.delete(name);
  if (copy.search === '?') copy.search = '';
  return copy;
}

/** The path part of a page's identity: no default document, no trailing slash, `//` as `/`. */
export function pathIdentity(url: URL): string {
  let path = requestUrl(url).pathname.replace(/\/{2,}/g, '/');
  path = path.replace(DEFAULT_DOCUMENT, '/');
  return `${siteHost(url)}${path.replace(/\/+$/, '') || '/'}`;
}

/** The query part of a page's identity: the parameters that choose content, in a fixed order, or ''. */
export function queryIdentity(url: URL): string {
  const params = [...requestUrl(url).searchParams].filter(([name]) => name !== '' && !SAME_CONTENT.test(name));
  if (params.length === 0) return '';
  params.sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  return `?${new URLSearchParams(params).toString()}`;
}

/**
 * What two URLs of one page share: `https://www.acme.example/index.php?utm_source=x#top` and
 * `http://acme.example/` are one page, `/?p=franchise` and `/?p=contact` two. The scheme is left
 * out: a site served on both is one site.
 */
export const pageIdentity = (url: URL): string => `${pathIdentity(url)}${queryIdentity(url)}`;
