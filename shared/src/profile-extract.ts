import type { BrandProfile, FactKind, ProfileFact, ProfileLocation, ReadPage } from './brand-profile.ts';
import { jsonLdValues, metaContent, parseHtml, squash, titleOf, visibleBlocks, type TextBlock } from './html-page.ts';
import { addressesOf, allNodes, emailOf, hoursOf, isBusiness, servicesOf, telephoneOf, text, typesOf, type JsonObject } from './json-ld.ts';
import { parseUrl } from './web-url.ts';
import { cap, contactFacts, hoursLines, isFranchisePage, listedServices, offerFacts, writtenAddresses } from './text-facts.ts';

// The brand profile from the pages read (issue 26): the page's own structured data first
// (schema.org JSON-LD), then Open Graph and meta description, then visible text. Every fact is a
// part of one page's text or one of its structured data's values, with that page as its source:
// nothing is invented, and a site that says nothing gives an unavailable profile.

/** How many facts of each kind the profile keeps: enough for the agent, short enough for a prompt. */
const MAX_PER_KIND: Record<FactKind, number> = {
  description: 1,
  service: 12,
  hours: 7,
  telephone: 2,
  email: 2,
  investment: 3,
  'franchise-fee': 2,
  royalty: 2,
  territory: 3,
  support: 4,
};
const MAX_LOCATIONS = 50;
/** Below this much visible text, and with no structured data, a page says nothing (a script-only app shell). */
const NEARLY_EMPTY_TEXT = 80;

interface ReadFacts {
  url: string;
  blocks: TextBlock[];
  nodes: JsonObject[];
  title: string;
  description: string;
  siteName: string;
}

function readPage(page: ReadPage): ReadFacts {
  const doc = parseHtml(page.html);
  return {
    url: page.url,
    blocks: visibleBlocks(doc),
    nodes: allNodes(jsonLdValues(doc)),
    title: titleOf(doc),
    description: metaContent(doc, 'og:description') || metaContent(doc, 'description'),
    siteName: metaContent(doc, 'og:site_name'),
  };
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

class Facts {
  readonly list: ProfileFact[] = [];
  private readonly seen = new Set<string>();
  private readonly counts = new Map<FactKind, number>();

  add(kind: FactKind, value: string, source: string): void {
    const factText = cap(squash(value));
    // One number written two ways (+1-303-555-0142, (303) 555-0142) is one fact.
    const key = `${kind}\n${kind === 'telephone' ? factText.replace(/\D/g, '').slice(-10) : factText.toLowerCase()}`;
    const count = this.counts.get(kind) ?? 0;
    if (!factText || this.seen.has(key) || count >= MAX_PER_KIND[kind]) return;
    this.seen.add(key);
    this.counts.set(kind, count + 1);
    this.list.push({ kind, text: factText, source });
  }
}

function locationsOf(pages: ReadFacts[]): ProfileLocation[] {
  const locations: ProfileLocation[] = [];
  const seen = new Set<string>();
  const add = (location: ProfileLocation): void => {
    const key = [location.street, location.city, location.region].map((part) => (part ?? '').toLowerCase()).join('|');
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
        add({ ...(name && { name }), ...address, ...(telephone && { telephone }), source: page.url });
      }
    }
    // A page whose structured data gave no address may still write its addresses out.
    if (locations.length === structured) for (const address of writtenAddresses(page.blocks)) add({ ...address, source: page.url });
  }
  return locations;
}

const SERVICES_PAGE = /services?|menu|products?|treatments|classes|pricing/i;

export function buildProfile(website: string, pages: ReadPage[]): BrandProfile {
  const readPages = pages.map(readPage);
  const facts = new Facts();
  const home = readPages[0];
  const business = mainBusiness(readPages);

  // The description: the business's own (structured data), else the social or meta description of
  // the home or about page (another page's describes that page: "Find a café near you").
  if (business && text(business.node.description)) facts.add('description', text(business.node.description), business.page.url);
  else {
    const described = readPages.find((page) => (page === home || /about/i.test(pathOf(page.url))) && page.description);
    if (described) facts.add('description', described.description, described.url);
  }

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

  // Then what the pages say in their text.
  for (const page of readPages) {
    const franchisePage = isFranchisePage(page.url, page.blocks);
    for (const fact of offerFacts(page.blocks, franchisePage)) facts.add(fact.kind, fact.text, page.url);
    for (const line of hoursLines(page.blocks)) facts.add('hours', line, page.url);
    for (const service of listedServices(page.blocks, SERVICES_PAGE.test(pathOf(page.url)))) facts.add('service', service, page.url);
    // Written numbers and emails are the brand's on its home and contact pages; elsewhere (a
    // locations page) they are each location's, which the locations carry.
    if (page === home || /contact/i.test(pathOf(page.url))) for (const fact of contactFacts(page.blocks)) facts.add(fact.kind, fact.text, page.url);
  }

  const locations = locationsOf(readPages);
  const visibleText = readPages.reduce((sum, page) => sum + page.blocks.reduce((length, block) => length + block.text.length, 0), 0);
  const hasStructuredData = readPages.some((page) => page.nodes.length > 0);
  // An app shell says nothing to a parser; a page of words with no fact in them gives the agent
  // nothing either: both are today's demo, with the reason.
  if ((visibleText < NEARLY_EMPTY_TEXT && !hasStructuredData) || (facts.list.length === 0 && locations.length === 0)) {
    return { status: 'unavailable', website, reason: 'nearly-empty' };
  }

  const name = cap((business && text(business.node.name)) || home?.siteName || titleSegment(home?.title ?? ''), 100);
  return {
    status: 'ready',
    website,
    ...(name && { name }),
    facts: facts.list,
    locations,
    pages: pages.map((page) => page.url),
  };
}

const pathOf = (url: string): string => parseUrl(url)?.pathname ?? '';

/** A title's first part, "Acme Bagels" of "Acme Bagels | Fresh every morning": a part of the page's own title. */
const titleSegment = (title: string): string => squash(title.split(/\s[|–—-]\s/)[0] ?? '');
