import type { FactKind } from './brand-profile.ts';
import type { TextBlock } from './html-page.ts';

// Facts a page states in its visible text rather than in structured data: a franchise offer
// (investment, fee, royalty, territories, training and support), opening hours, and the services
// listed under a services or menu heading. Each fact is a part of one block of the page's text,
// cut at a word, so it is always the site's own words.

export const MAX_FACT_LENGTH = 160;

/** `text` cut at a word to at most `max` characters; nothing is added (no ellipsis: it is not the site's). */
export function cap(text: string, max = MAX_FACT_LENGTH): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return (space > max / 2 ? cut.slice(0, space) : text.slice(0, max)).replace(/[\s,;:–-]+$/, '');
}

/** The sentence of `text` that matches `pattern`: a long paragraph gives its one relevant sentence. */
function sentenceWith(text: string, pattern: RegExp): string | null {
  const sentences = text.split(/(?<=[.!?])\s+(?=[A-Z0-9$])/);
  const found = sentences.find((sentence) => pattern.test(sentence));
  return found ? cap(found) : null;
}

const MONEY = /[$€£]\s?\d|\d\s?(?:%|percent)|\d[\d,.]*\s?(?:k|K|USD|EUR|GBP)\b/;

interface OfferRule {
  kind: FactKind;
  /** What the sentence is about. */
  pattern: RegExp;
  /** A figure or word the sentence must hold too, so that a mere mention is not a fact. */
  needs?: RegExp;
  /** Only on a franchise page: "support" or "territory" elsewhere is about customers, or maps. */
  franchisePageOnly?: boolean;
}

const OFFER_RULES: OfferRule[] = [
  { kind: 'investment', pattern: /\binvestment\b|\binvest\b|capital required|liquid capital|net worth/i, needs: MONEY },
  { kind: 'franchise-fee', pattern: /franchise fee/i, needs: MONEY },
  { kind: 'royalty', pattern: /royalt/i, needs: MONEY },
  { kind: 'territory', pattern: /territor/i, franchisePageOnly: true },
  { kind: 'support', pattern: /\btraining\b|\bsupport\b|\bcoaching\b|grand opening|site selection/i, franchisePageOnly: true },
];

/** A page about franchising: its address or its first heading says so. */
export const isFranchisePage = (url: string, blocks: TextBlock[]): boolean =>
  /franchis|opportunit|own-a/i.test(url) || blocks.some((block) => block.tag === 'h1' && /franchis/i.test(block.text));

export interface TextFact {
  kind: FactKind;
  text: string;
}

/** Any rule's subject: one test per block before the sentence-by-sentence one (a 1 MB page has thousands of blocks). */
const ANY_OFFER = new RegExp(OFFER_RULES.map((rule) => rule.pattern.source).join('|'), 'i');

export function offerFacts(blocks: TextBlock[], franchisePage: boolean): TextFact[] {
  const facts: TextFact[] = [];
  for (const block of blocks) {
    // Headings name topics ("Training & support"); the facts are in the text under them.
    if (/^h[1-6]$/.test(block.tag) || !ANY_OFFER.test(block.text)) continue;
    for (const rule of OFFER_RULES) {
      if (rule.franchisePageOnly && !franchisePage) continue;
      const sentence = sentenceWith(block.text, rule.pattern);
      if (!sentence || (rule.needs && !rule.needs.test(sentence))) continue;
      facts.push({ kind: rule.kind, text: sentence });
      // One kind per sentence: "Royalty: 6%; franchise fee $35,000" is one fact, the first rule's.
      break;
    }
  }
  return facts;
}

const DAY = /\b(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(day|nesday|sday|urday|rsday)?s?\b|\bdaily\b|\bweekdays\b|\bweekends\b/i;
const TIME = /\b\d{1,2}(:\d{2})?\s?(am|pm|a\.m\.|p\.m\.)|\b\d{1,2}:\d{2}\b|\bclosed\b|\bnoon\b|24 hours/i;

/** Lines that state when the business is open: a day and a time, short. */
export const hoursLines = (blocks: TextBlock[]): string[] =>
  blocks.filter((block) => block.text.length <= 80 && DAY.test(block.text) && TIME.test(block.text)).map((block) => block.text);

const SERVICES_HEADING = /services|menu|products|what we (do|offer)|treatments|our offer|classes/i;

/** The items of lists under a services or menu heading (or under no heading on a services or menu page). */
export function listedServices(blocks: TextBlock[], servicesPage: boolean): string[] {
  return blocks
    .filter((block) => (block.tag === 'li' || block.tag === 'dt') && (SERVICES_HEADING.test(block.heading) || (servicesPage && !block.heading)))
    .filter((block) => block.text.length <= 80)
    .map((block) => block.text);
}

// Bounded as RFC 5321 bounds an address (a local part of 64 characters at most, a domain label of
// 63): unbounded, a run of letters with no `@` made the search try every start against the whole
// run, and 100,000 of them cost 10 s.
const EMAIL = /[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,8}\.[A-Za-z]{2,63}/g;
/** A North American number as people write it: (303) 555-0142, 303-555-0142, +1 303.555.0142. */
const PHONE = /(?:\+?1[\s.-]?)?(?:\(\d{3}\)\s?|\d{3}[\s.-])\d{3}[\s.-]\d{4}\b/g;

/** Email addresses and telephone numbers written in the page's text. */
export function contactFacts(blocks: TextBlock[]): TextFact[] {
  const facts: TextFact[] = [];
  for (const block of blocks) {
    for (const [email] of block.text.matchAll(EMAIL)) facts.push({ kind: 'email', text: email });
    for (const [phone] of block.text.matchAll(PHONE)) facts.push({ kind: 'telephone', text: phone.trim() });
  }
  return facts;
}

/** An address line's city, region and postal code as the US and Canada write them: "Boulder, CO 80302", "Halifax, NS B3H 1A1". */
const CITY_REGION = /(?:^|,\s*)([A-Z][A-Za-z.'’ -]{1,40}?),\s*([A-Z]{2})\s+(\d{5}(?:-\d{4})?|[A-Z]\d[A-Z] ?\d[A-Z]\d)\b/;

export interface TextAddress {
  street?: string;
  city: string;
  region: string;
  postalCode: string;
}

/** Addresses written in `<address>` elements or address-like lines, when a page has no structured ones. */
export function writtenAddresses(blocks: TextBlock[]): TextAddress[] {
  const addresses: TextAddress[] = [];
  for (const block of blocks) {
    if (block.text.length > 160) continue;
    const match = CITY_REGION.exec(block.text);
    if (!match) continue;
    const before = block.text.slice(0, match.index).split(',').pop()!.trim();
    addresses.push({ ...(before && /\d/.test(before) && { street: before }), city: match[1]!.trim(), region: match[2]!, postalCode: match[3]! });
  }
  return addresses;
}
