import type { Element } from 'domhandler';
import type { ReadPage } from './brand-profile.ts';
import { attribute, elements, parseHtml, squash, textOf } from './html-page.ts';
import { pageIdentity, pathIdentity, queryIdentity, requestUrl, siteHost } from './page-url.ts';
import { sitemapLocations, type SitemapChoice, type SitemapDocument } from './sitemap.ts';
import { decodedUri, parseUrl } from './web-url.ts';

// Which pages of the visitor's site to read after its home page: the ones whose links promise what
// the agent needs, by the words of the link's address and of its text, in English, French and a few
// other languages. A franchise's offer and its locations first (what a candidate asks about), then
// what the business is and does, then how to reach it, then the legal notice (in France it names
// the publisher's address and phone). A local business's menu links name its trades ("Élagage",
// "Notre gamme de pain"), which no list of words foresees: a link of the site's navigation is worth
// reading when slots remain. When the home page links little, its sitemap is scored the same way
// (by the address's words alone).

export const MAX_CHOSEN_PAGES = 8;
/** How much of a link's words its score reads. */
const LINK_TEXT = 200;
/** Pages of one path that differ by their query only, among the chosen, unless their words name what they hold. */
const MAX_QUERY_VARIANTS = 2;

interface Interest {
  weight: number;
  /** Matched against a link's words as `words()` gives them: lower case, no accents, one space between words and around them. */
  words: RegExp;
}

// Each alternative starts a word (the leading space); one without a trailing space also matches
// longer words (`franchis` is franchise, franchising, franchisé; `location` is locations).
const LEGAL: Interest = {
  weight: 1,
  words: / (mentions? legales?|legal notice|legal information|informations? legales?|impressum|imprint|aviso legal|note legali)/,
};

const INTERESTS: Interest[] = [
  {
    weight: 6,
    words:
      / (franchis|own a |ownership|become a (franchisee|partner|owner)|business opportunit|devenir (franchise|partenaire|licencie)|nous rejoindre|rejoignez nous|rejoindre (le|notre) reseau|ouvrir (un|une|votre|mon|ma|son) |investissement|investment|investir|invest )/,
  },
  {
    weight: 5,
    words:
      / (locations?|find (a|an|us|your|the|my) |store locator|stores? |studios |near (me|you)|our (shops|stores|restaurants|salons|clinics|offices|branches|centers|centres|gyms|studios|spas|schools|hotels) |restaurants |branches |centers |centres |nos (restaurants|centres|magasins|boutiques|agences|salons|points de vente|adresses|etablissements|studios|clubs|cabinets|hotels|ecoles|instituts) |implantations? |trouver (un|une|votre|le|la|mon|ma) |points? de vente|agences |magasins |boutiques |notre reseau |zones? d intervention|secteurs? d intervention|zones? desservies|mobilite|service areas?|areas (we )?serve|where we (work|serve)|standorte|filialen|ubicaciones|tiendas )/,
  },
  {
    weight: 4,
    words:
      / (about|our story|who we are|our (company|team|mission) |qui sommes nous|qui suis je|a propos|notre (histoire|societe|entreprise|equipe|philosophie|savoir faire|mission|concept|metier|engagement) |le concept|concept |l entreprise|la societe|l equipe|presentation|historique|uber uns|ueber uns|chi siamo|quienes somos|sobre nosotros|over ons)/,
  },
  {
    weight: 4,
    words:
      / (services?|menus?|products?|treatments?|classes |pricing|prices|price list|rates |specials|what we do|prestations?|tarifs?|la carte|carte |nos produits|produits|soins|gamme|forfaits?|formules? |catalog|leistungen|angebot|servizi|servicios)/,
  },
  {
    weight: 3,
    words:
      / (contact|nous contacter|contactez|coordonnees|acces |plan d acces|nous trouver|get in touch|reach us|directions|visit us|kontakt|contatti|contacto)/,
  },
  { weight: 3, words: / (hours|opening times|horaires?|heures d ouverture|offnungszeiten|orari|horarios?)/ },
  // A location's booking page: how its receptionist would book a visitor in.
  { weight: 2, words: / (book |booking|appointment|reserv|rendez vous|prendre rdv|rdv )/ },
  LEGAL,
];

/**
 * Links that tell the agent nothing whatever else their words say: posts, jobs, policies, accounts,
 * carts, searches, feeds. The legal notice is the one policy page read (LEGAL).
 */
const NEVER =
  / (blog|news |actualites?|careers?|jobs? |emplois? |employment|recrut|offres? d emploi|candidature|privacy|polic(y|ies) |politique |confidentialite|donnees personnelles|cookies? |terms|conditions generales|cgv |cgu |rgpd|gdpr|login|log in|sign in|signin|sign up|register|my account|mon compte|panier|cart |checkout|basket|wishlist|search|recherche|sitemap|plan du site|feed |rss |tags? |category|categories|author|wp admin|wp login|admin |unsubscribe|newsletter)/;

/** What a link in the site's navigation is worth when no interest names it: less than any that does. */
const NAVIGATION = 0.5;
/** What a top-level page of a sitemap is worth when no interest names it. */
const TOP_LEVEL = 0.5;

/** Files a page link may point at that are no HTML page. */
const ASSET =
  /\.(pdf|jpe?g|png|gif|webp|avif|svg|ico|bmp|tiff?|zip|gz|rar|7z|docx?|xlsx?|pptx?|csv|mp[34]|mov|avi|webm|ogg|wav|css|js|mjs|json|xml|txt|rss|atom|woff2?|ttf|eot)$/i;

/** Text as words to match: accents and case do not matter (NFD, then the marks dropped), camelCase is two words, any punctuation a space. */
export function words(text: string): string {
  const plain = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return ` ${plain} `;
}

const decoded = decodedUri;

/** A URL's words: its path and its query's names and values (`/?p=franchise` names the franchise page). */
const urlWords = (url: URL): string => words(`${decoded(url.pathname)} ${decoded(url.search.replace(/\+/g, ' '))}`.slice(0, 2 * LINK_TEXT));

/** Ruled out whatever else its words say: a link whose text or address says it is a post, a policy, a cart… */
const ruledOut = (addressWords: string, textWords: string): boolean =>
  [addressWords, textWords].some((wordsOf) => NEVER.test(wordsOf) && !LEGAL.words.test(wordsOf));

/** The best interest's points (its weight, twice over when the address names it, once more for the link's text) and which it is (-1: none). */
function interestScore(addressWords: string, textWords: string): { score: number; interest: number } {
  let best = { score: 0, interest: -1 };
  INTERESTS.forEach(({ weight, words: pattern }, interest) => {
    const score = weight * ((pattern.test(addressWords) ? 2 : 0) + (pattern.test(textWords) ? 1 : 0));
    if (score > best.score) best = { score, interest };
  });
  return best;
}

interface Candidate {
  url: URL;
  score: number;
  /** Whether its own words (not only its place in the menu) scored it. */
  named: boolean;
  /** The interest its words name best (INTERESTS' index), -1 for none. */
  interest: number;
  order: number;
}

/**
 * The best candidates, the best first (ties in page order), but the best of each interest before
 * the others: a franchisor's ten franchise pages leave room for its contact page, as a person
 * skimming the site would open one of each. The legal notice waits for slots that remain. No more
 * than MAX_QUERY_VARIANTS pages of one path that differ by their query, unless their words name them.
 */
function best(candidates: Iterable<Candidate>): string[] {
  const byScore = [...candidates].sort((a, b) => b.score - a.score || a.order - b.order);
  const leads = new Map<number, Candidate>();
  for (const candidate of byScore)
    if (candidate.interest >= 0 && INTERESTS[candidate.interest] !== LEGAL && !leads.has(candidate.interest)) leads.set(candidate.interest, candidate);
  const first = new Set(leads.values());
  const sorted = [...byScore.filter((candidate) => first.has(candidate)), ...byScore.filter((candidate) => !first.has(candidate))];
  const variants = new Map<string, number>();
  const chosen: string[] = [];
  for (const candidate of sorted) {
    if (chosen.length >= MAX_CHOSEN_PAGES) break;
    if (queryIdentity(candidate.url) !== '') {
      const path = pathIdentity(candidate.url);
      const count = variants.get(path) ?? 0;
      if (count >= MAX_QUERY_VARIANTS && !candidate.named) continue;
      variants.set(path, count + 1);
    }
    chosen.push(candidate.url.href);
  }
  return chosen;
}

/** A link of the site's navigation (a `<nav>`, the header, a menu), not of its footer; answers kept per element, so a page costs one walk up per element at most. */
function navigationOf(): (element: Element) => boolean {
  const known = new Map<Element, 'nav' | 'footer' | 'none'>();
  const NAV_CLASS = /(^|[\s_-])(nav|navbar|navigation|menu|mainmenu|main-menu|topmenu)($|[\s_-])/i;
  const FOOTER_CLASS = /(^|[\s_-])(footer|foot|bottom)($|[\s_-])/i;
  const own = (element: Element): 'nav' | 'footer' | null => {
    const role = attribute(element, 'role').toLowerCase();
    const names = `${attribute(element, 'class')} ${attribute(element, 'id')}`;
    if (element.name === 'footer' || role === 'contentinfo' || FOOTER_CLASS.test(names)) return 'footer';
    if (element.name === 'nav' || element.name === 'header' || role === 'navigation' || role === 'menubar' || role === 'banner' || NAV_CLASS.test(names))
      return 'nav';
    return null;
  };
  const placeOf = (element: Element): 'nav' | 'footer' | 'none' => {
    // Walk up to the nearest element already known (the page's depth is bounded by the parser's limits).
    const path: Element[] = [];
    let current: Element | null = element;
    let place: 'nav' | 'footer' | 'none' = 'none';
    while (current) {
      const cached = known.get(current);
      if (cached) {
        place = cached;
        break;
      }
      path.push(current);
      const parent: unknown = current.parent;
      current = parent && typeof parent === 'object' && 'attribs' in parent ? (parent as Element) : null;
    }
    // From the outermost element down: a mark applies inside it, and a footer's holds whatever it contains (its own menu).
    for (let i = path.length - 1; i >= 0; i--) {
      const mark = own(path[i]!);
      place = place === 'footer' || mark === 'footer' ? 'footer' : (mark ?? place);
      known.set(path[i]!, place);
    }
    return place;
  };
  return (element) => placeOf(element) === 'nav';
}

/**
 * Up to 8 same-site http(s) pages linked from the home page, the best matches first (ties in the
 * order of the page), each once however it is written (page-url.ts). Links that match no interest
 * and are not in the navigation are left out: a blog post costs a fetch and tells the agent nothing.
 */
export function choosePages(home: ReadPage): string[] {
  const homeUrl = parseUrl(home.url);
  if (!homeUrl) return [];
  const doc = parseHtml(home.html);
  const all = elements(doc);
  const baseHref = all.find((element) => element.name === 'base' && attribute(element, 'href'));
  const base = (baseHref && parseUrl(attribute(baseHref, 'href'), homeUrl.href)) || homeUrl;
  const inNavigation = navigationOf();

  const homeIdentity = pageIdentity(homeUrl);
  const candidates = new Map<string, Candidate>();
  for (const link of all) {
    if (link.name !== 'a' && link.name !== 'area') continue;
    const href = attribute(link, 'href').trim();
    if (!href || href.startsWith('#')) continue;
    const parsed = parseUrl(href, base.href);
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) continue;
    if (siteHost(parsed) !== siteHost(homeUrl) || ASSET.test(parsed.pathname) || 'download' in link.attribs) continue;
    const url = requestUrl(parsed);
    const key = pageIdentity(url);
    if (key === homeIdentity) continue;
    const text = squash(`${textOf(link, LINK_TEXT)} ${attribute(link, 'title')} ${attribute(link, 'aria-label')}`).slice(0, LINK_TEXT);
    const [addressWords, textWords] = [urlWords(url), words(text)];
    if (ruledOut(addressWords, textWords)) continue;
    const named = interestScore(addressWords, textWords);
    const score = named.score || (inNavigation(link) ? NAVIGATION : 0);
    // A page linked several times counts its best link ("Concept" and "Ouvrir un centre" to one page).
    const known = candidates.get(key);
    if (!known) candidates.set(key, { url, score, named: named.score > 0, interest: named.interest, order: candidates.size });
    else if (score > known.score) Object.assign(known, { score, named: named.score > 0, interest: named.interest });
  }
  const chosen = best([...candidates.values()].filter((candidate) => candidate.score > 0));
  // A splash page ("Enter", "explore") links only the real home: its one or few links are the way in,
  // and the second look chooses from the page they open.
  if (chosen.length === 0 && candidates.size > 0 && candidates.size <= SPLASH_LINKS) return [...candidates.values()].map((candidate) => candidate.url.href);
  return chosen;
}

/** A home page with no more links than this to its own site, none of them named, is a splash page. */
const SPLASH_LINKS = 3;

/** Child sitemaps: the site's pages first, its posts, archives and media last (a `page-sitemap.xml` before `post-sitemap.xml`). */
function sitemapRank(url: URL): number {
  const nameWords = urlWords(url);
  if (/ (posts?|news|blog|tags?|category|categories|author|archives?|images?|videos?) /.test(nameWords)) return 2;
  return / pages? /.test(nameWords) ? 0 : 1;
}

/**
 * The pages of `sitemap` worth reading, as `choosePages` would choose them by their addresses alone
 * (a sitemap has no link text): the best first, top-level pages when no interest names any, at most
 * 8, same site only, never the home page. From a sitemap index, its sitemaps of the same site, the
 * one most likely to list the site's pages first.
 */
export function chooseFromSitemap(home: ReadPage, sitemap: SitemapDocument): SitemapChoice {
  const homeUrl = parseUrl(home.url);
  if (!homeUrl) return { pages: [], sitemaps: [] };
  const found = sitemapLocations(sitemap.xml);
  const sameSite = (loc: string): URL | null => {
    const url = parseUrl(loc, sitemap.url);
    return url && (url.protocol === 'http:' || url.protocol === 'https:') && siteHost(url) === siteHost(homeUrl) ? requestUrl(url) : null;
  };
  const homeIdentity = pageIdentity(homeUrl);
  const candidates = new Map<string, Candidate>();
  for (const loc of found.pages) {
    const url = sameSite(loc);
    if (!url || ASSET.test(url.pathname)) continue;
    const key = pageIdentity(url);
    if (key === homeIdentity || candidates.has(key)) continue;
    const addressWords = urlWords(url);
    if (ruledOut(addressWords, ' ')) continue;
    const named = interestScore(addressWords, ' ');
    const topLevel = queryIdentity(url) === '' && pathIdentity(url).split('/').length === 2;
    candidates.set(key, { url, score: named.score || (topLevel ? TOP_LEVEL : 0), named: named.score > 0, interest: named.interest, order: candidates.size });
  }
  const sitemaps = found.sitemaps
    .map((loc, order) => ({ url: sameSite(loc), order }))
    .filter((entry): entry is { url: URL; order: number } => entry.url !== null)
    .sort((a, b) => sitemapRank(a.url) - sitemapRank(b.url) || a.order - b.order)
    .map(({ url }) => url.href);
  return { pages: best([...candidates.values()].filter((candidate) => candidate.score > 0)), sitemaps };
}
