import type { BrandProfile, FactKind, ProfileFact, ProfileLocation, ReadPage, ReadyProfile } from './brand-profile.ts';
import { attribute, elements, jsonLdValues, metaContent, pageBlocks, parseHtml, squash, textOf, titleOf, type Document, type TextBlock } from './html-page.ts';
import { addressesOf, allNodes, emailOf, hoursOf, isBusiness, servicesOf, telephoneOf, text, typesOf, type JsonObject } from './json-ld.ts';
import { addressCountry } from './address-country.ts';
import { textLanguage } from './page-language.ts';
import { isCredit, LEGAL_PAGE, LEGAL_TITLE, mainTexts, templateTexts } from './main-text.ts';
import { moneyFigures } from './money-figure.ts';
import { negatedFigure } from './negated-figure.ts';
import { isPlaceholder } from './placeholder-text.ts';
import { sentencesWithin } from './sentence.ts';
import { knowledgeTexts } from './site-knowledge.ts';
import { copyrightHolder, logoName, sharedTitlePart, titleParts } from './site-name.ts';
import {
  cap,
  contactFacts,
  isMenuWord,
  MAX_FACT_LENGTH,
  hoursLines,
  isFranchisePage,
  listedServices,
  offerFacts,
  sentencesOf,
  writtenAddresses,
} from './text-facts.ts';
import { decodedUri, parseUrl } from './web-url.ts';

// The brand profile from the pages read: the page's own structured data first (schema.org JSON-LD),
// then Open Graph and meta description, then the visible text, read as a person skimming the site
// reads it (main-text.ts, text-facts.ts). Every fact is a part of one page's text or one of its
// structured data's values, with that page as its source: nothing is invented, template text is
// no fact, and a site that says nothing gives an unavailable profile.

/** How many facts of each kind the profile keeps: enough for the agent, short enough for a prompt. */
const MAX_PER_KIND: Record<FactKind, number> = {
  description: 1,
  service: 12,
  hours: 7,
  telephone: 2,
  email: 2,
  investment: 4,
  'franchise-fee': 2,
  royalty: 3,
  territory: 3,
  support: 4,
};
const MAX_LOCATIONS = 50;
/** Below this much visible text, and with no structured data, a page says nothing (a script-only app shell). */
const NEARLY_EMPTY_TEXT = 80;
/** A description the page writes in its text is a paragraph of this many characters at least: a sentence, not a slogan. */
const MIN_PARAGRAPH = 60;
/** The longest description kept: two or three sentences, whole. */
const MAX_DESCRIPTION = MAX_FACT_LENGTH;

/** Headings of a legal notice's parts that are about someone else: the web host, the agency that made the site. */
const OTHERS_HEADING =
  /h[ée]berg|\bhost|r[ée]alisation|conception|cr[ée]ation du site|cr[ée]dits|design|d[ée]veloppement|prestataire|webmaster|propri[ée]t[ée] intellectuelle|cnil/i;
/** Words that make a block about the web host or the agency, wherever it stands. */
const OTHERS_WORDS = /h[ée]berg|\bhosted\b|\bhosting\b|\bhost\b|webmaster|r[ée]alis[ée] par|cr[ée]{2} par|designed by|developed by/i;

interface ReadFacts {
  url: string;
  /** Every block, the chrome's too. */
  blocks: TextBlock[];
  /** Blocks that speak for the business: a legal notice's parts about its web host, credits and copyright lines are not. */
  own: TextBlock[];
  nodes: JsonObject[];
  title: string;
  /** Open Graph's description, then the meta description. */
  descriptions: string[];
  siteName: string;
  logo: string | null;
  /** The words of a link to the home page (a menu bar's brand), when they are a name. */
  brand: string | null;
  language: string;
  legal: boolean;
  visible: string;
  /** The words of its `tel:` and `mailto:` links, shown or folded away (a contact box a button opens). */
  contactLinks: TextBlock[];
}

/** A link to the site's home page that says a name ("L'Art du Pain" in the menu bar), not "Home". */
function homeLinkName(doc: Document, url: string): string | null {
  const home = parseUrl(url);
  if (!home) return null;
  for (const link of elements(doc)) {
    if (link.name !== 'a') continue;
    const href = attribute(link, 'href').trim();
    // An empty href is the page itself, not its home ("Privacy Policy" with href="").
    const target = href === '' || href.startsWith('#') ? null : parseUrl(href, url);
    if (!target || target.host !== home.host || !/^\/(?:index\.[a-z]{2,5})?$/i.test(target.pathname) || target.search || target.hash) continue;
    const words = squash(textOf(link, 80));
    if (words.length >= 2 && words.length <= 60 && /\p{L}{2}/u.test(words) && !isPlaceholder(words) && !isMenuWord(words)) return words;
  }
  return null;
}

/** The text of each `tel:` and `mailto:` link: what the site means to be called or written to, as it writes it. */
const contactLinksOf = (doc: Document): TextBlock[] =>
  elements(doc)
    .filter((element) => element.name === 'a' && /^(?:tel|mailto):/i.test(attribute(element, 'href').trim()))
    .map((link) => {
      // "Click Here to Email Us" writes its address in its link only.
      const address = /^mailto:([^?]+)/i.exec(attribute(link, 'href').trim())?.[1] ?? '';
      const words = squash(textOf(link, 200));
      // The address the link shows is the one the site means (a template's href may be left over).
      return { tag: 'a', text: /@/.test(words) ? words : squash(`${words} ${decodedUri(address)}`), heading: '', zone: 'chrome' as const, linkShare: 1 };
    })
    .filter((block) => block.text);

/**
 * The blocks that speak for the business. A copyright line is the agency's or boilerplate, but the
 * parts a footer line sets beside it ("© NAFEES BAKERS 2017 • Head Office 210-212 Lilycroft Road,
 * Bradford BD9 5AJ • Tel: 01274 483913") are the business's address and number.
 */
function ownBlocks(blocks: TextBlock[], legal: boolean): TextBlock[] {
  const own: TextBlock[] = [];
  for (const block of blocks) {
    if (OTHERS_WORDS.test(block.text) || (legal && OTHERS_HEADING.test(block.heading))) continue;
    if (!isCredit(block.text)) {
      own.push(block);
      continue;
    }
    for (const part of block.text.split(/\s+[•·|]\s+/)) if (part !== block.text && !isCredit(part)) own.push({ ...block, text: part });
  }
  return own;
}

function readPage(page: ReadPage): ReadFacts {
  const doc = parseHtml(page.html);
  const blocks = pageBlocks(doc);
  const title = titleOf(doc);
  const legal =
    LEGAL_PAGE.test(pathOf(page.url)) ||
    LEGAL_TITLE.test(title) ||
    blocks.some((block) => block.tag === 'h1' && block.zone === 'main' && LEGAL_TITLE.test(block.text));
  return {
    url: page.url,
    blocks,
    own: ownBlocks(blocks, legal),
    nodes: allNodes(jsonLdValues(doc)),
    title,
    descriptions: [metaContent(doc, 'og:description'), metaContent(doc, 'description')].filter(Boolean),
    siteName: metaContent(doc, 'og:site_name'),
    logo: logoName(doc),
    brand: homeLinkName(doc, page.url),
    language: languageOf(doc),
    legal,
    visible: blocks.map((block) => block.text).join('\n'),
    contactLinks: contactLinksOf(doc),
  };
}

const languageOf = (doc: Document): string => {
  const html = elements(doc).find((element) => element.name === 'html');
  return html ? attribute(html, 'lang').trim().toLowerCase() : '';
};

/** Country codes of top-level domains worth reading numbers for; others read as the page's language says. */
const DOMAIN_COUNTRY: Readonly<Record<string, string>> = {
  fr: 'FR',
  be: 'BE',
  ch: 'CH',
  ca: 'CA',
  uk: 'GB',
  ie: 'IE',
  de: 'DE',
  es: 'ES',
  it: 'IT',
  nl: 'NL',
  au: 'AU',
  nz: 'NZ',
  in: 'IN',
  lu: 'LU',
  mc: 'MC',
  ma: 'MA',
  re: 'RE',
  sg: 'SG',
  za: 'ZA',
  pt: 'PT',
  at: 'AT',
  mx: 'MX',
  br: 'BR',
};

/**
 * The country the site's numbers are written for: its structured data's, else its address's domain,
 * else the one its written addresses and numbers name (address-country.ts), else its declared language's region (`fr-CA`) when its words are in that language, else France
 * for French words and the United States otherwise.
 */
export function siteCountry(website: string, pages: readonly ReadFacts[]): string {
  for (const page of pages) {
    for (const node of page.nodes) {
      for (const address of addressesOf(node)) {
        const country = address.country?.toUpperCase();
        if (country && /^[A-Z]{2}$/.test(country)) return country;
        if (country && /^france$/i.test(country)) return 'FR';
      }
    }
  }
  const domain = parseUrl(website)?.hostname.split('.').pop() ?? '';
  if (DOMAIN_COUNTRY[domain]) return DOMAIN_COUNTRY[domain]!;
  const addressed = addressCountry(pages.map((page) => page.visible).join('\n'));
  if (addressed) return addressed;
  const declared = pages[0]?.language ?? '';
  const written = textLanguage(pages.map((page) => page.visible).join('\n')) ?? declared.slice(0, 2);
  const region = /^[a-z]{2}[-_]([a-z]{2})$/.exec(declared)?.[1];
  if (region && declared.startsWith(written)) return region.toUpperCase();
  return written === 'fr' ? 'FR' : 'US';
}

/**
 * The business the site is about: the home page's first business node, else the first node typed
 * Organization or Corporation on any page. Not a location's node on a locations page: its number
 * and hours are that location's, which the location carries.
 */
function mainBusiness(pages: ReadFacts[]): { page: ReadFacts; node: JsonObject } | undefined {
  const home = pages[0];
  const onHome = home?.nodes.find(isBusiness);
  if (home && onHome) return { page: home, node: onHome };
  for (const page of pages) {
    const node = page.nodes.find((candidate) => typesOf(candidate).some((type) => type === 'Organization' || type === 'Corporation'));
    if (node) return { page, node };
  }
  return undefined;
}

const MONEY_KINDS: ReadonlySet<FactKind> = new Set(['investment', 'franchise-fee', 'royalty']);

/**
 * What makes two facts one: a number written two ways (+1-303-555-0142, (303) 555-0142), hours by
 * their days and figures ("Open Monday-Friday 10:00 AM to 5:30 PM", "We are open Monday — Friday
 * 10:00 AM - 5:30 PM"), a fee or an investment by its figures (the sentence and the table row that
 * both say "$35,000"), and other words but for case and punctuation.
 */
function factKey(kind: FactKind, text: string): string {
  if (kind === 'telephone') return text.replace(/\D/g, '').slice(-9);
  const lower = text.toLowerCase();
  if (kind === 'hours') return (lower.match(/\d+|mon|tue|wed|thu|fri|sat|sun|lun|mar|mer|jeu|ven|sam|dim|closed|ferm|am|pm/g) ?? [lower]).join(' ');
  const figures = MONEY_KINDS.has(kind) ? moneyFigures(text) : [];
  if (figures.length > 0) return [...new Set(figures)].sort().join(' ');
  return lower.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

class Facts {
  readonly list: ProfileFact[] = [];
  private readonly seen = new Set<string>();
  private readonly counts = new Map<FactKind, number>();

  add(kind: FactKind, value: string, source: string): void {
    // A figure the site states only to deny it ("we are not a $300k investment") is none of its facts.
    const stated = squash(value);
    if (kind !== 'description' && negatedFigure(stated)) return;
    const factText = kind === 'description' ? stated : cap(stated);
    if (!factText || isPlaceholder(factText)) return;
    const key = `${kind}\n${factKey(kind, factText)}`;
    const count = this.counts.get(kind) ?? 0;
    if (this.seen.has(key) || count >= MAX_PER_KIND[kind]) return;
    this.seen.add(key);
    this.counts.set(kind, count + 1);
    this.list.push({ kind, text: factText, source });
  }
}

function locationsOf(pages: ReadFacts[], country: string): ProfileLocation[] {
  const locations: ProfileLocation[] = [];
  const seen = new Set<string>();
  const add = (location: ProfileLocation): void => {
    // One place written two ways ("1802 N. Shartel", "1802 North Shartel Avenue"; "#100", "Suite 100") is one: its number and town.
    const street = location.street ?? '';
    const key = [/^\s*(\d[\w–-]*)/.exec(street)?.[1] ?? street.replace(/\W/g, ''), location.city].map((part) => part.toLowerCase()).join('|');
    if (seen.has(key) || locations.length >= MAX_LOCATIONS) return;
    seen.add(key);
    locations.push(location);
  };
  for (const page of pages) {
    const structured = locations.length;
    for (const node of page.nodes) {
      if (!isBusiness(node) && !typesOf(node).includes('Place')) continue;
      for (const address of addressesOf(node)) {
        const name = cap(text(node.name), 100);
        const telephone = telephoneOf(node);
        // Structured data can say what the page does not (a template's postal code "75000"): a part the
        // page shows nowhere is left out when the page writes its address out.
        const { postalCode, ...rest } = address;
        const shown = postalCode && (page.visible.includes(postalCode) || !page.visible.includes(address.city)) ? { postalCode } : {};
        add({ ...(name && { name }), ...rest, ...shown, ...(telephone && { telephone }), source: page.url });
      }
    }
    // A page whose structured data gave no address may still write its addresses out.
    if (locations.length === structured) for (const address of writtenAddresses(page.own, country)) add({ ...address, source: page.url });
  }
  // A town and postal code alone are a place already listed with its street.
  const withStreet = new Set(locations.filter((location) => location.street).map((location) => `${location.city}|${location.postalCode ?? ''}`.toLowerCase()));
  return locations.filter((location) => location.street || !withStreet.has(`${location.city}|${location.postalCode ?? ''}`.toLowerCase()));
}

const SERVICES_PAGE = /services?|menu|products?|treatments|classes|pricing|prestations?|tarifs?|carte|soins|produits|nos-|formations?/i;
const HOURS_PAGE = /hours|horaires|opening|ouverture/i;
const CONTACT_PAGE = /contact|coordonn|acc[eè]s|about|a-propos|qui-sommes|pratique|infos|nous-trouver|venir|plan|find-us|visit/i;

/**
 * A description's whole sentences that fit MAX_DESCRIPTION, those that deny a figure ("we are not a
 * $300k investment") left out; '' when not even its first sentence fits.
 */
function describedIn(text: string): string {
  // A teaser cut short ("With sneakers so prevalent…,...") is no description.
  if (/(?:…|\.\.\.)\s*$/.test(text.trim())) return '';
  const stated = sentencesOf(squash(text)).filter((sentence) => !negatedFigure(sentence));
  return sentencesWithin(stated.join(' '), MAX_DESCRIPTION);
}

/** The site's own first paragraph on a page: a sentence or more of its main text, not a heading, menu or credit. */
function firstParagraph(page: ReadFacts, template: Set<string>): string | null {
  for (const block of page.blocks) {
    if (block.zone !== 'main' || /^h[1-6]$|^li$|^tr$|^dt$/.test(block.tag) || block.linkShare > 0.3 || template.has(block.text)) continue;
    if (block.text.length < MIN_PARAGRAPH || block.text.split(' ').length < 10 || isPlaceholder(block.text)) continue;
    const sentences = sentencesOf(block.text);
    // A sentence ends with its stop; a paragraph of one sentence may have none ("…sur toute l'Ile de France").
    const whole = /[.!?…]["'”’»)]*$/.test(sentences[0] ?? '') || (sentences.length === 1 && /^\p{Lu}/u.test(block.text) && block.text.split(' ').length >= 12);
    if (!whole || isPlaceholder(sentences[0]!)) continue;
    return block.text;
  }
  return null;
}

export function buildProfile(website: string, pages: ReadPage[]): BrandProfile {
  const readPages = pages.map(readPage);
  const facts = new Facts();
  const home = readPages[0];
  const business = mainBusiness(readPages);
  const country = siteCountry(website, readPages);
  const textPages = readPages.map((page) => ({ url: page.url, blocks: page.blocks, legal: page.legal }));
  const texts = mainTexts(textPages);
  const template = templateTexts(textPages);

  // The description: the business's own (structured data), else the social or meta description of
  // the home or about page (another page's describes that page: "Find a café near you"), else the
  // home page's own first paragraph. A template's "Page Description" is none of them.
  // A question ("Have you ever wanted to mix up your living room?") asks; it describes nothing.
  // Nor do a string of keywords ("boulangerie pâtisserie pour professionels, Lille") and a cut one ("…").
  const describes = (description: string, page: ReadFacts): boolean =>
    description.split(/\s+/).length >= 2 &&
    /^["“«(]?[\p{Lu}\p{N}]/u.test(description) &&
    !/(?:…|\.\.\.)\s*$/.test(description) &&
    !/\?\s*$/.test(sentencesOf(description)[0] ?? '') &&
    !isPlaceholder(description) &&
    !titleParts(page.title).some((part) => part.toLowerCase() === description.toLowerCase());
  const described = readPages.filter((page) => page === home || /about|propos|qui-sommes/i.test(pathOf(page.url)));
  const candidates: Array<{ text: string; source: string }> = [
    ...(business && describes(text(business.node.description), business.page) ? [{ text: text(business.node.description), source: business.page.url }] : []),
    ...described.flatMap((page) =>
      page.descriptions.filter((description) => describes(description, page)).map((description) => ({ text: description, source: page.url })),
    ),
    ...readPages
      .filter((page) => page === home || /about|propos|qui-sommes|histoire|concept/i.test(pathOf(page.url)))
      .flatMap((page) => {
        const paragraph = firstParagraph(page, template);
        return paragraph ? [{ text: paragraph, source: page.url }] : [];
      }),
  ];
  // The first that gives whole sentences: a description is never a sentence cut short.
  const description = candidates.map((candidate) => ({ ...candidate, text: describedIn(candidate.text) })).find((candidate) => candidate.text);
  if (description) facts.add('description', description.text, description.source);

  // Contact and hours from the main business's structured data; its locations' come with each location.
  if (business) {
    const { page, node } = business;
    for (const line of hoursOf(node)) facts.add('hours', line, page.url);
    if (telephoneOf(node)) facts.add('telephone', telephoneOf(node), page.url);
    if (emailOf(node)) facts.add('email', emailOf(node), page.url);
  }
  for (const page of readPages) {
    for (const node of page.nodes.filter(isBusiness)) for (const service of servicesOf(node)) facts.add('service', service, page.url);
  }

  // Then what the pages say in their text: written numbers and emails are the brand's on its home,
  // contact and about pages and in the chrome every page shares; elsewhere (a locations page) they
  // are each location's, which the locations carry.
  // Not a legal notice: its numbers and addresses are also the publisher's in person, the web
  // agency's and the host's, and its company numbers (SIREN) read as phones; its postal address is
  // taken (locationsOf) where no host's or agency's words are.
  const contactPages = readPages.filter((page) => !page.legal && (page === home || CONTACT_PAGE.test(pathOf(page.url))));
  for (const page of contactPages) for (const fact of contactFacts([...page.own, ...page.contactLinks], country)) facts.add(fact.kind, fact.text, page.url);
  for (const page of readPages.filter((read) => !read.legal))
    for (const fact of contactFacts(
      page.own.filter((block) => block.zone === 'chrome'),
      country,
    ))
      facts.add(fact.kind, fact.text, page.url);
  for (const page of readPages) {
    if (page.legal) continue;
    const franchisePage = isFranchisePage(page.url, page.blocks);
    for (const fact of offerFacts(page.blocks, franchisePage)) facts.add(fact.kind, fact.text, page.url);
    // The business's hours are on its home, contact and hours pages and in its footer; a service
    // page's ("lessons from 8 am") and a locations page's are a service's and each place's, which the
    // page's text keeps with them.
    const hoursPage = contactPages.includes(page) || HOURS_PAGE.test(pathOf(page.url));
    for (const line of hoursLines(hoursPage ? page.own : page.own.filter((block) => block.zone === 'chrome'))) facts.add('hours', line, page.url);
    const servicesPage =
      SERVICES_PAGE.test(pathOf(page.url)) ||
      page.blocks.some((block) => block.tag === 'h1' && /services|menu|prestations|tarifs|carte|soins/i.test(block.text));
    for (const service of listedServices(page.blocks, servicesPage)) facts.add('service', service, page.url);
  }

  const locations = locationsOf(readPages, country);
  const visibleText = readPages.reduce((sum, page) => sum + page.visible.length, 0);
  const hasStructuredData = readPages.some((page) => page.nodes.length > 0);
  // An app shell says nothing to a parser; a page of words with no fact in them gives the agent
  // nothing either: both are today's demo, with the reason.
  if ((visibleText < NEARLY_EMPTY_TEXT && !hasStructuredData) || (facts.list.length === 0 && locations.length === 0)) {
    return { status: 'unavailable', website, reason: 'nearly-empty' };
  }

  // A total before its lines: the panel and the prompt give the investment first, not a fit-out cost.
  const total = (fact: ProfileFact): number => (fact.kind === 'investment' && /\btotal\b|\boverall\b|\bin all\b|\bau total\b/i.test(fact.text) ? 0 : 1);
  const investments = facts.list.filter((fact) => fact.kind === 'investment').sort((a, b) => total(a) - total(b));
  for (const [index, fact] of facts.list.entries()) if (fact.kind === 'investment') facts.list[index] = investments.shift()!;
  const name = cap(siteName(business?.node, readPages, website, locations) ?? '', 100);
  const profile: ReadyProfile = { status: 'ready', website, ...(name && { name }), facts: facts.list, locations, pages: pages.map((page) => page.url), texts };
  // Only the text the prompt can quote is kept: a stored profile stays a few kilobytes (n8n's Data
  // Tables share one size cap with the leads).
  return { ...profile, texts: knowledgeTexts(profile) };
}

/** Letters and digits only, lower case: how a name is looked for in the other places a site writes it. */
const nameKey = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * The business's name: its structured data's or Open Graph's site name when it gives one; otherwise,
 * of the title part its pages share, its logo's alt text, its copyright line and the home title's
 * first part, the one the site writes in most places (its titles, headings, text, menu and footer,
 * and its domain). A slogan stands in the title alone, a web agency in the copyright line alone;
 * the brand is in several.
 */
function siteName(node: JsonObject | undefined, pages: readonly ReadFacts[], website: string, locations: readonly ProfileLocation[]): string | null {
  const home = pages[0];
  const declared = [node ? text(node.name) : '', home?.siteName ?? ''].map(squash).find((name) => name && !isPlaceholder(name));
  if (declared) return declared;
  const towns = new Set(locations.map((location) => nameKey(location.city)));
  const copyright =
    pages
      .map(
        (page) =>
          page.blocks
            .filter((block) => block.zone === 'chrome' || /©|copyright/i.test(block.text))
            .map((block) => copyrightHolder(block.text))
            .find(Boolean) ?? '',
      )
      .find(Boolean) ?? '';
  const candidates = [
    pages.length > 1 ? (sharedTitlePart(pages.map((page) => page.title)) ?? '') : '',
    home?.brand ?? '',
    home?.logo ?? '',
    copyright,
    titleParts(home?.title ?? '')[0] ?? '',
    // Brands stand last in many titles ("Quality Fishmonger Market Harborough | Fish | Hobbs Fishmongers").
    titleParts(home?.title ?? '').at(-1) ?? '',
  ]
    .map(squash)
    // A name is a few words; a title of eleven is a slogan ("Boulangerie pâtisserie artisanale et livraison pour professionels à Lille"),
    // and a title part that is the town ("Auto-école Montlhery - Narbonne") is where, not who.
    .filter((candidate) => candidate && !isPlaceholder(candidate) && candidate.split(' ').length <= 6 && !towns.has(nameKey(candidate)));
  if (candidates.length === 0) return null;
  const host =
    parseUrl(website)
      ?.hostname.replace(/^www\./, '')
      .split('.')[0] ?? '';
  const places = [
    pages.map((page) => page.title).join(' '),
    (home?.blocks ?? [])
      .filter((block) => block.zone === 'main' && /^h[1-3]$/.test(block.tag))
      .map((block) => block.text)
      .join(' '),
    (home?.blocks ?? [])
      .filter((block) => block.zone === 'main' && !/^h[1-6]$/.test(block.tag))
      .map((block) => block.text)
      .join(' ')
      .slice(0, 20_000),
    (home?.blocks ?? [])
      .filter((block) => block.zone === 'chrome')
      .map((block) => block.text)
      .join(' ')
      .slice(0, 20_000),
    home?.logo ?? '',
    host,
  ].map(nameKey);
  const found = (candidate: string): number => places.filter((place) => place.includes(nameKey(candidate))).length;
  // A part of a longer name ("All Star" of "AllStar Wings & Ribs") is found wherever the name is: it
  // counts for no more than the name when the name itself is found in two places or more.
  const score = (candidate: string): number => {
    const longer = candidates.filter(
      (other) => other !== candidate && nameKey(other).includes(nameKey(candidate)) && nameKey(other) !== nameKey(candidate) && found(other) >= 2,
    );
    return longer.length > 0 ? Math.min(found(candidate), ...longer.map(found)) - 0.5 : found(candidate);
  };
  // The best score wins; on a tie, the earlier kind (the shared title part before the logo, the logo before the copyright).
  return candidates.reduce((best, candidate) => (score(candidate) > score(best) ? candidate : best));
}

const pathOf = (url: string): string => {
  const parsed = parseUrl(url);
  return parsed ? decodedUri(parsed.pathname + parsed.search) : '';
};
