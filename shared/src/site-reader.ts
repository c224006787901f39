// Reads the visitor's website for the brand profile: robots.txt, the home page,
// then up to eight more pages the caller chose from the home page's links (and, when it links
// fewer than four, from the site's sitemap), all within one deadline.
// A server fetching a URL a stranger typed: every URL and every redirect hop is judged before it is
// asked for (http(s) only, host by the address policy, same site, robots.txt), the fetcher judges
// the addresses it actually dials, and bytes, time, hops and pages are capped. Hosts plug in their
// HTTP facility as a PageFetcher; the choice of pages is the caller's (it parses the home page and
// the sitemap, where the host wants the parsing done; this only reads a page's head for its
// canonical link).
import { hostRefusal, type AddressPolicyOptions } from './address-policy.ts';
import type { ReadPage, UnavailableReason } from './brand-profile.ts';
import { canonicalHref } from './canonical-link.ts';
import type { FetchFailure, PageFetcher, PageResponse } from './page-fetcher.ts';
import { pageIdentity } from './page-url.ts';
import { readRobots, robotsAnswerForStatus, type RobotsAnswer, type RobotsFile } from './robots-rules.ts';
import type { SitemapChoice, SitemapDocument } from './sitemap.ts';
import { chosenUrls, isHtmlType, pageKey, sameSite } from './site-scope.ts';
import { isHttpUrl, parseUrl, websiteScheme } from './web-url.ts';

/** The whole read, robots.txt to the last page: the visitor is waiting. */
export const READ_DEADLINE_MS = 25_000;
/** Bytes read of one response at most: a page larger than this is refused, not cut. */
export const MAX_PAGE_BYTES = 1_000_000;
/** Redirects followed per page (RFC 9309 asks at least five for robots.txt; one rule for all). */
export const MAX_REDIRECTS = 5;
/** Pages besides the home page. */
export const MAX_MORE_PAGES = 8;
/** Of those, how many are chosen from the links of the pages read first rather than from the home page's. */
export const SECOND_LOOK_PAGES = 2;
/** Pages asked for at once after the home page: quicker than one by one, still gentle with the site. */
export const PAGE_CONCURRENCY = 3;
/** Fewer pages than this chosen from the home page's links: the site's sitemap is read for more. */
export const SITEMAP_BELOW = 4;
/** Bytes of one sitemap at most (sitemaps.org allows 50 MB): a few thousand URLs, more than the reader scores. */
export const MAX_SITEMAP_BYTES = 500_000;
/** Sitemaps read at most: the one robots.txt names (or `/sitemap.xml`), and, when that is an index, one it lists. */
export const MAX_SITEMAPS = 2;

/** The product token robots.txt groups are matched against. */
export const ROBOTS_PRODUCT_TOKEN = 'FranchiseAIDemoBot/1.0';
/** The honest user agent: the product token, and where an operator learns what reads their site. */
export const readerUserAgent = (botInfoUrl: string): string => `${ROBOTS_PRODUCT_TOKEN} (+${botInfoUrl})`;

export interface ReadSiteOptions {
  fetchPage: PageFetcher;
  /** The URLs worth reading among the home page's links, best first (absolute or relative to it); a host may choose elsewhere (another thread). */
  choosePages: (home: ReadPage) => string[] | Promise<string[]>;
  /** The URLs worth reading among a sitemap's, best first, and, of a sitemap index, its sitemaps; asked when `choosePages` chose fewer than SITEMAP_BELOW. */
  chooseFromSitemap: (home: ReadPage, sitemap: SitemapDocument) => SitemapChoice | Promise<SitemapChoice>;
  userAgent: string;
  /** `ALLOW_PRIVATE_WEBSITES=1`: loopback addresses may be read (only those; see address-policy.ts). */
  allowLoopback: boolean;
  deadlineMs?: number;
  maxPageBytes?: number;
  maxRedirects?: number;
  maxMorePages?: number;
  /** The caller's own stop (a host shutting down): ends the read as the deadline does. */
  signal?: AbortSignal;
}

export type SiteReading = { pages: ReadPage[] } | { refused: UnavailableReason };

/** Why one URL was not read, as the reader sees it; mapped to the profile's reasons for the home page. */
type Miss = FetchFailure | 'robots' | 'off-site' | 'redirects' | 'status' | 'not-html';

const REDIRECT = new Set([301, 302, 303, 307, 308]);

interface Reading {
  options: Required<Omit<ReadSiteOptions, 'signal'>>;
  policy: AddressPolicyOptions;
  signal: AbortSignal;
  /** Each origin's robots.txt, asked for once. */
  robots: Map<string, Promise<RobotsFile | { failed: FetchFailure }>>;
}

/** The fetcher's answer, or `timeout` as soon as the deadline passes even if the fetcher ignores it. */
function beforeDeadline(reading: Reading, url: string, maxBytes: number): Promise<PageResponse | { refused: FetchFailure }> {
  const { signal, options } = reading;
  if (signal.aborted) return Promise.resolve({ refused: 'timeout' });
  let onAbort = (): void => {};
  const timeout = new Promise<{ refused: FetchFailure }>((resolve) => {
    onAbort = () => resolve({ refused: 'timeout' });
    signal.addEventListener('abort', onAbort, { once: true });
  });
  const answer = options
    .fetchPage({ url, userAgent: options.userAgent, signal, maxBytes, addressPolicy: reading.policy })
    .catch((): { refused: FetchFailure } => ({ refused: signal.aborted ? 'timeout' : 'unreachable' }));
  return Promise.race([answer, timeout]).finally(() => signal.removeEventListener('abort', onAbort));
}

/**
 * One URL, its redirects followed here (the fetcher follows none), each hop judged before it is
 * asked for: http(s), an allowed host, on `site` when one is given, allowed by robots.txt when asked.
 */
async function fetchFollowing(
  reading: Reading,
  start: URL,
  scope: { site: URL | null; robots: boolean },
  maxBytes = reading.options.maxPageBytes,
): Promise<{ response: PageResponse } | { miss: Miss }> {
  let url = start;
  for (let hop = 0; ; hop++) {
    if (!isHttpUrl(url) || hostRefusal(url.hostname, reading.policy)) return { miss: 'refused-address' };
    if (scope.site && !sameSite(scope.site, url)) return { miss: 'off-site' };
    if (scope.robots) {
      const allowed = await robotsAllow(reading, url);
      if (allowed !== true) return { miss: allowed };
    }
    const answer = await beforeDeadline(reading, url.href, maxBytes);
    if ('refused' in answer) return { miss: answer.refused };
    const location = answer.headers.location;
    if (!REDIRECT.has(answer.status) || !location) return { response: answer };
    if (hop >= reading.options.maxRedirects) return { miss: 'redirects' };
    const next = parseUrl(location, url.href);
    if (!next) return { miss: 'status' };
    url = next;
  }
}

/** This origin's robots.txt rules, fetched once; a failure to connect is kept as such (the home page reports it). */
function originRobots(reading: Reading, url: URL): Promise<RobotsFile | { failed: FetchFailure }> {
  const known = reading.robots.get(url.origin);
  if (known) return known;
  const robotsUrl = new URL('/robots.txt', url.origin);
  const rules = fetchFollowing(reading, robotsUrl, { site: null, robots: false }).then((result) => {
    if ('response' in result) {
      const answer = robotsAnswerForStatus(result.response.status, result.response.body);
      return readRobots(robotsUrl.href, answer, reading.options.userAgent);
    }
    // RFC 9309 §2.3.1.2: more redirects than followed means "unavailable" (all allowed); a body too
    // large to read whole or a redirect to nowhere, "unreachable" (all disallowed). A failure to
    // connect is kept as it is: the home page, on the same host, reports it in its own words.
    const answer: RobotsAnswer = result.miss === 'redirects' ? { kind: 'unavailable' } : { kind: 'unreachable' };
    const connection: readonly Miss[] = ['refused-address', 'unreachable', 'timeout'];
    return connection.includes(result.miss) ? { failed: result.miss as FetchFailure } : readRobots(robotsUrl.href, answer, reading.options.userAgent);
  });
  reading.robots.set(url.origin, rules);
  return rules;
}

async function robotsAllow(reading: Reading, url: URL): Promise<true | Miss> {
  const robots = await originRobots(reading, url);
  if ('failed' in robots) return robots.failed;
  return robots.allows(url.href) ? true : 'robots';
}

/**
 * More pages from the site's sitemap: the first that robots.txt names on this site, else
 * `/sitemap.xml`; when that is an index, the one of its sitemaps the caller ranks first. Fetched as
 * pages are (same site, robots.txt, redirects judged), at most MAX_SITEMAP_BYTES each and
 * MAX_SITEMAPS in all, within the read's deadline; one that cannot be read gives no pages.
 */
async function sitemapPages(reading: Reading, site: URL, home: ReadPage): Promise<string[]> {
  const robots = await originRobots(reading, site);
  const named = ('sitemaps' in robots ? robots.sitemaps : []).map((href) => parseUrl(href)).find((url) => isHttpUrl(url) && sameSite(site, url));
  let next: URL | null = named ?? new URL('/sitemap.xml', site.origin);
  const maxBytes = Math.min(MAX_SITEMAP_BYTES, reading.options.maxPageBytes);
  for (let read = 1; next && read <= MAX_SITEMAPS && !reading.signal.aborted; read++) {
    const result = await fetchFollowing(reading, next, { site, robots: true }, maxBytes);
    if (!('response' in result) || result.response.status < 200 || result.response.status > 299) return [];
    const choice = await reading.options.chooseFromSitemap(home, { url: result.response.url, xml: result.response.body });
    if (choice.pages.length > 0) return choice.pages;
    next = parseUrl(choice.sitemaps[0] ?? '', result.response.url);
  }
  return [];
}

/**
 * The pages read, each once, the first read kept: a page is left out when its address is one
 * already read (page-url.ts), when its canonical link names one already read, or when its body is
 * one already read byte for byte. A canonical link naming the home page is not believed: template
 * sites print the home's on every page (a real copy of the home has the home's body too).
 */
function distinctPages(pages: ReadPage[]): ReadPage[] {
  const addresses = new Set<string>();
  const bodies = new Set<string>();
  const home = pages[0] ? pageIdentity(new URL(pages[0].url)) : '';
  return pages.filter((page, index) => {
    const url = new URL(page.url);
    const keys = [pageIdentity(url)];
    const canonical = index > 0 ? parseUrl(canonicalHref(page.html), page.url) : null;
    if (isHttpUrl(canonical) && sameSite(url, canonical) && pageIdentity(canonical) !== home) keys.push(pageIdentity(canonical));
    if (keys.some((key) => addresses.has(key)) || bodies.has(page.html)) return false;
    for (const key of keys) addresses.add(key);
    bodies.add(page.html);
    return true;
  });
}

/** A response that is a page: a 2xx with an HTML body. */
function asPage(response: PageResponse): ReadPage | Miss {
  if (response.status < 200 || response.status > 299) return 'status';
  if (!isHtmlType(response.headers['content-type'])) return 'not-html';
  return { url: response.url, html: response.body };
}

/** Why the home page gave no profile, in the profile's words. */
const HOME_REASON: Readonly<Record<Miss, UnavailableReason>> = {
  'refused-address': 'refused-address',
  unreachable: 'unreachable',
  'too-large': 'too-large',
  timeout: 'timeout',
  robots: 'robots',
  'off-site': 'unreachable', // not reached for the home page: it may move to another site
  redirects: 'unreachable', // more than five redirects: we stop following, as for a loop
  status: 'unreachable', // 4xx/5xx, or a redirect to nowhere
  'not-html': 'not-html',
};

/** The pages at `urls`, at most `PAGE_CONCURRENCY` at once, in their order; a page that fails is left out. */
async function readMore(reading: Reading, site: URL, urls: URL[]): Promise<ReadPage[]> {
  const pages: (ReadPage | null)[] = urls.map(() => null);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < urls.length && !reading.signal.aborted) {
      const index = next++;
      const result = await fetchFollowing(reading, urls[index]!, { site, robots: true });
      const page = 'response' in result ? asPage(result.response) : result.miss;
      if (typeof page !== 'string') pages[index] = page;
    }
  };
  await Promise.all(Array.from({ length: PAGE_CONCURRENCY }, worker));
  return pages.filter((page): page is ReadPage => page !== null);
}

/**
 * Reads `website`: its home page (robots.txt allowing), then up to `maxMorePages` more of the same
 * site that `choosePages` picks from the home page, within one deadline. The home page decides:
 * when it cannot be read, the answer says why; a further page that cannot be read is left out, and
 * pages read before the deadline are kept.
 */
export async function readSite(website: string, options: ReadSiteOptions): Promise<SiteReading> {
  const typed = website.trim();
  if (!typed) return { refused: 'no-website' };
  // As the form judges it (web-url.ts): no scheme gets https://, any other than http(s) is refused.
  const scheme = websiteScheme(typed);
  const start = scheme === 'other' ? null : parseUrl(scheme === 'none' ? `https://${typed}` : typed);
  if (!isHttpUrl(start)) return { refused: 'refused-address' };

  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), options.deadlineMs ?? READ_DEADLINE_MS);
  const stop = (): void => deadline.abort();
  options.signal?.addEventListener('abort', stop, { once: true });
  if (options.signal?.aborted) deadline.abort();
  const reading: Reading = {
    options: {
      deadlineMs: READ_DEADLINE_MS,
      maxPageBytes: MAX_PAGE_BYTES,
      maxRedirects: MAX_REDIRECTS,
      maxMorePages: MAX_MORE_PAGES,
      ...withoutUndefined(options),
    },
    policy: { allowLoopback: options.allowLoopback },
    signal: deadline.signal,
    robots: new Map(),
  };
  try {
    // The home page may redirect to another site (a brand that moved); that site is then the one read.
    const result = await fetchFollowing(reading, new URL(pageKey(start)), { site: null, robots: true });
    const home = 'response' in result ? asPage(result.response) : result.miss;
    if (typeof home === 'string') return { refused: HOME_REASON[home] };
    const site = new URL(home.url);
    let chosen = chosenUrls(site, await options.choosePages(home));
    if (chosen.length < SITEMAP_BELOW) chosen = chosenUrls(site, [...chosen.map(String), ...(await sitemapPages(reading, site, home))]);
    // Pages robots.txt disallows are passed over, never asked for, and leave their place to the next choice.
    const allowed = async (candidates: readonly URL[], room: number, taken: Set<string>): Promise<URL[]> => {
      const urls: URL[] = [];
      for (const url of candidates) {
        if (urls.length >= room) break;
        if (taken.has(pageIdentity(url))) continue;
        if ((await robotsAllow(reading, url)) !== true) continue;
        taken.add(pageIdentity(url));
        urls.push(url);
      }
      return urls;
    };
    const taken = new Set([pageIdentity(site)]);
    const room = reading.options.maxMorePages;
    const first = await allowed(chosen, Math.max(0, room - SECOND_LOOK_PAGES), taken);
    const firstPages = await readMore(reading, site, first);
    // A person skimming a site clicks once more from the pages they opened (a franchise page's
    // "Investment"): the last slots go to the links the pages read rank highest (each page's own
    // ranking, the best places first, ties in the pages' order), then to the home page's next choices.
    const ranked: { url: URL; place: number; order: number }[] = [];
    for (const [order, page] of firstPages.entries()) {
      if (reading.signal.aborted) break;
      for (const [place, url] of chosenUrls(site, await options.choosePages(page)).entries()) {
        if (!taken.has(pageIdentity(url))) ranked.push({ url, place, order });
      }
    }
    ranked.sort((a, b) => a.place - b.place || a.order - b.order);
    const further = await allowed(
      ranked.map(({ url }) => url),
      room - first.length,
      taken,
    );
    further.push(...(await allowed(chosen, room - first.length - further.length, taken)));
    const more = [...firstPages, ...(await readMore(reading, site, further))];
    return { pages: distinctPages([home, ...more]) };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', stop);
  }
}

const withoutUndefined = <T extends object>(object: T): T => Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;
