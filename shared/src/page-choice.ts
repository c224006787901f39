import type { ReadPage } from './brand-profile.ts';
import { attribute, elements, parseHtml, squash, textOf } from './html-page.ts';
import { parseUrl } from './web-url.ts';

// Which pages of the visitor's site to read after its home page (issue 26): the ones whose links
// promise what the agent needs, by the link's path and text. A franchise's offer and its locations
// first (what a candidate asks about), then what the business is and does, then how to reach it.

export const MAX_CHOSEN_PAGES = 8;
/** How much of a link's words its score reads. */
const LINK_TEXT = 200;

interface Interest {
  weight: number;
  path: RegExp;
  text: RegExp;
}

const INTERESTS: Interest[] = [
  { weight: 6, path: /franchis|opportunit|own-a|ownership/i, text: /franchis|opportunit|own (a|your)|ownership/i },
  {
    weight: 5,
    path: /locations?\b|find-a|stores?\b|studios?\b|near-me|store-locator|our-shops/i,
    text: /locations?|find (a|us|your)|stores?\b|near (me|you)|studios\b/i,
  },
  { weight: 4, path: /about|our-story|who-we-are/i, text: /about|our story|who we are/i },
  { weight: 4, path: /services?|menu|products?|treatments|classes|pricing/i, text: /services?|menu|products?|treatments|classes|pricing/i },
  { weight: 3, path: /contact/i, text: /contact/i },
  { weight: 3, path: /hours/i, text: /\bhours\b/i },
  // A location's booking page: how its receptionist would book a visitor in.
  { weight: 2, path: /book|appointment|reserv/i, text: /\bbook|appointment|reserv/i },
];

/** Files a page link may point at that are no HTML page. */
const ASSET =
  /\.(pdf|jpe?g|png|gif|webp|avif|svg|ico|bmp|tiff?|zip|gz|rar|7z|docx?|xlsx?|pptx?|csv|mp[34]|mov|avi|webm|ogg|wav|css|js|mjs|json|xml|txt|rss|atom|woff2?|ttf|eot)$/i;

/** The host without a leading `www.`: `www.acme.example` and `acme.example` are one site. */
const siteHost = (url: URL): string => url.host.toLowerCase().replace(/^www\./, '');

/** A URL's identity for deduplication: no fragment, no trailing slash on the path. */
const identity = (url: URL): string => `${url.protocol}//${siteHost(url)}${url.pathname.replace(/\/+$/, '') || '/'}${url.search}`;

function score(url: URL, text: string): number {
  let best = 0;
  for (const { weight, path, text: words } of INTERESTS) {
    const points = (path.test(url.pathname) ? 2 : 0) + (words.test(text) ? 1 : 0);
    best = Math.max(best, weight * points);
  }
  return best;
}

/**
 * Up to 8 same-site http(s) pages linked from the home page, the best matches first (ties in the
 * order of the page). Links that match no interest are left out: a blog post costs a fetch and
 * tells the agent nothing.
 */
export function choosePages(home: ReadPage): string[] {
  const homeUrl = parseUrl(home.url);
  if (!homeUrl) return [];
  const doc = parseHtml(home.html);
  const all = elements(doc);
  const baseHref = all.find((element) => element.name === 'base' && attribute(element, 'href'));
  const base = (baseHref && parseUrl(attribute(baseHref, 'href'), homeUrl.href)) || homeUrl;

  const seen = new Set<string>([identity(homeUrl)]);
  const candidates: Array<{ url: string; score: number; order: number }> = [];
  for (const link of all) {
    if (link.name !== 'a' && link.name !== 'area') continue;
    const href = attribute(link, 'href').trim();
    if (!href || href.startsWith('#')) continue;
    const url = parseUrl(href, base.href);
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) continue;
    if (siteHost(url) !== siteHost(homeUrl) || ASSET.test(url.pathname) || 'download' in link.attribs) continue;
    url.hash = '';
    const key = identity(url);
    if (seen.has(key)) continue;
    const text = squash(`${textOf(link, LINK_TEXT)} ${attribute(link, 'title')} ${attribute(link, 'aria-label')}`).slice(0, LINK_TEXT);
    const points = score(url, text);
    if (points === 0) continue;
    seen.add(key);
    candidates.push({ url: url.href, score: points, order: candidates.length });
  }
  return candidates
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, MAX_CHOSEN_PAGES)
    .map(({ url }) => url);
}
