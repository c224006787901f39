import { findPhoneNumbersInText, isSupportedCountry, type CountryCode } from 'libphonenumber-js/max';
import type { FactKind } from './brand-profile.ts';
import { HEADING, type TextBlock } from './html-page.ts';
import { negatedFigure } from './negated-figure.ts';
import { sentencesOf as sentences, sentencesWithin } from './sentence.ts';
import { decodedUri } from './web-url.ts';

// Facts a page states in its visible text rather than in structured data: a franchise offer
// (investment, fee, royalty, territories, training and support), opening hours, services, phone
// numbers, emails and addresses, in English and French as real sites write them. Each fact is a part
// of one block of the page's text (a table row's cells, or a label and its figure in two short
// blocks side by side), cut at a sentence or clause, so it is always the site's own words; a block
// may give several facts.

export const MAX_FACT_LENGTH = 200;

/** `text` cut at a word to at most `max` characters; nothing is added (no ellipsis: it is not the site's). */
export function cap(text: string, max = MAX_FACT_LENGTH): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return (space > max / 2 ? cut.slice(0, space) : text.slice(0, max)).replace(/[\s,;:–-]+$/, '');
}

/** A block's sentences, and the parts a bar or bullet separates ("Lun-Ven : 9h-19h • Sam : 10h-18h"). */
export const sentencesOf = (text: string): string[] =>
  sentences(text)
    .flatMap((sentence) => sentence.split(/\s+[|•·]\s+/u))
    .map((sentence) => sentence.trim())
    .filter(Boolean);

/** `text` whole when it fits, else its start cut after the last whole sentence that fits, else at a word. */
export const wholeSentences = (text: string, max = MAX_FACT_LENGTH): string => sentencesWithin(text, max) || cap(text, max);

/** A money figure or a share, as sites write them: $45,000, 6 000 €, 50K€, ₹ 30 Lacs, 6%, 1.5 million. */
export const MONEY =
  /[$€£₹]\s?\d|\d[\d\s.,]*\s?(?:€|%|k€|K€|\$)|\d[\d,.]*\s?(?:k|K|M|USD|EUR|GBP|INR|CAD|AUD|lacs?|lakhs?|crores?|millions?|milliers|euros?|dollars?)\b|\d\s?(?:percent|pour\s?cent)\b/;

interface OfferRule {
  kind: FactKind;
  /** What the words are about. */
  pattern: RegExp;
  /** A figure the words must hold too, so that a mere mention is not a fact. */
  needsFigure?: boolean;
  /** Only on a franchise page: "support" or "territory" elsewhere is about customers, or maps. */
  franchisePageOnly?: boolean;
}

/** In order: the first rule a clause matches is its kind ("royalty: 6%; franchise fee $35,000" are two clauses). */
const OFFER_RULES: OfferRule[] = [
  {
    kind: 'franchise-fee',
    pattern:
      /franchis(?:e|ing)\s+fees?|initial\s+(?:franchise\s+)?fees?|entry fee|licen[cs]e fee|droits?\s+d['’]\s?entr[ée]e|frais\s+d['’]\s?entr[ée]e|droits?\s+d['’]adh[ée]sion/i,
    needsFigure: true,
  },
  {
    kind: 'royalty',
    pattern:
      /royalt|redevances?|brand(?:ing)? fund|marketing fund|advertising fund|ad fund|fonds? (?:de |national de )?(?:communication|publicit|marketing)|management fee/i,
    needsFigure: true,
  },
  {
    kind: 'investment',
    pattern:
      /\binvestment\b|\binvest\b|capital required|liquid capital|liquidity|net worth|total (?:cost|investment)|initial (?:cost|investment)|start-?up costs?|set-?up costs?|build-?out|\binvestissements?\b|\binvestir\b|\bapport(?:s| personnel| requis| minimum)?\b|fonds propres|co[uû]ts? total|budget (?:total|global)/i,
    needsFigure: true,
  },
  // A cost on a franchise page is a line of the investment; elsewhere it is a price ("cost per person is $10.00").
  { kind: 'investment', pattern: /expenses|\bcosts?\b|\bfrais\b|\bco[uû]ts?\b|\bd[ée]penses\b|^\W*total\b/i, needsFigure: true, franchisePageOnly: true },
  { kind: 'territory', pattern: /territor|zone d['’]exclusivit|exclusivit[ée] territoriale|secteur exclusif/i, franchisePageOnly: true },
  {
    kind: 'support',
    pattern: /\btraining\b|\bsupport\b|\bcoaching\b|grand opening|site selection|\bformations?\b|\baccompagnement\b|\bassistance\b/i,
    franchisePageOnly: true,
  },
];

/** A sentence that asks the visitor to do something: a button's words, not a fact. */
const CALL_TO_ACTION =
  /^(?:request|click|download|contact|call|learn|see|get|find|fill|submit|sign|schedule|book|discover|explore|start|apply|join|t[ée]l[ée]chargez|cliquez|demandez|contactez|d[ée]couvrez|appelez|remplissez|inscrivez|prenez|rejoignez)\b/i;

const FRANCHISE_WORDS = /franchis|opportunit|own-a|devenir|rejoindre|ouvrir-un|ouvrir un|nous-rejoindre|invest/i;

/** A page about franchising: its address or its first heading says so. */
export const isFranchisePage = (url: string, blocks: TextBlock[]): boolean =>
  FRANCHISE_WORDS.test(decodedUri(url)) || blocks.some((block) => block.tag === 'h1' && block.zone === 'main' && /franchis/i.test(block.text));

export interface TextFact {
  kind: FactKind;
  text: string;
}

/** Any rule's subject: one test per block before the clause-by-clause one (a 1 MB page has thousands of blocks). */
const ANY_OFFER = new RegExp(OFFER_RULES.map((rule) => rule.pattern.source).join('|'), 'i');

/** A figure as a short block writes it alone: "50K€", "$479K", "6 000 €", "₹ 30 Lacs", "6%". */
const NUMBER = String.raw`[$€£₹]?\s?\d[\d\s.,]*\s?(?:k|K|M|€|k€|K€|%|\$|lacs?|lakhs?|crores?)?\+?`;
/** A short block that is a figure alone ("50K€", "< 200 000 €", "$479K – $885K"), to be read with the label beside it. */
const FIGURE_ONLY = new RegExp(String.raw`^[<>≤≥~+]?\s?(?:from|dès|à partir de|up to|jusqu['’]à)?\s?${NUMBER}(?:\s?(?:[-–]|à|to)\s?${NUMBER})?$`, 'i');

/**
 * The clauses of a long sentence that each name their own subject ("franchise fee $35,000, total
 * cost $613,000–$1,137,500"): split at semicolons, dashes and commas that a subject follows.
 */
function clausesOf(sentence: string): string[] {
  if (sentence.length <= 80) return [sentence];
  return sentence
    .split(/\s*;\s*|\s+[–—]\s+|,\s+(?=[^,]{0,40}[$€£₹\d])/)
    .map((clause) => clause.trim())
    .filter(Boolean);
}

/** A short block naming a cost or fee without its figure ("Initial Franchise Fee*", "Apport minimum"). */
const isLabel = (block: TextBlock | undefined): boolean => !!block && block.text.length <= 60 && ANY_OFFER.test(block.text) && !MONEY.test(block.text);
const isFigure = (block: TextBlock | undefined): boolean => !!block && block.text.length <= 30 && FIGURE_ONLY.test(block.text);

/**
 * The page's texts with each label read with its figure, as the page shows them side by side: a
 * figure and the label under it ("$59,500" then "Initial Franchise Fee*"), or a label and the figure
 * after it ("Investissement Total" then "< 200 000 €"). A label after a figure is that figure's: a
 * row of cards puts each figure above its label, and the next card's figure after it.
 */
function pairedTexts(blocks: TextBlock[]): Array<{ text: string; heading: boolean }> {
  const texts: Array<{ text: string; heading: boolean }> = [];
  for (let index = 0; index < blocks.length; index++) {
    const block = blocks[index]!;
    const next = blocks[index + 1];
    // A term and its definition are one statement, whatever they hold ("Royalty rate" "6% of gross sales").
    if (block.tag === 'dt' && next?.tag === 'dd') {
      texts.push({ text: `${block.text} ${next.text}`, heading: false });
      index += 1;
      continue;
    }
    if (isFigure(block) && isLabel(next)) {
      texts.push({ text: `${block.text} ${next!.text}`, heading: false });
      index += 1;
      continue;
    }
    if (isLabel(block) && isFigure(next) && !isLabel(blocks[index + 2])) {
      texts.push({ text: `${block.text} ${next!.text}`, heading: false });
      index += 1;
      continue;
    }
    texts.push({ text: block.text, heading: HEADING.test(block.tag) });
  }
  return texts;
}

/** The franchise offer's facts on a page: each clause's first matching rule, figures denied ("not a $300k investment") left out. */
export function offerFacts(blocks: TextBlock[], franchisePage: boolean): TextFact[] {
  const facts: TextFact[] = [];
  for (const { text, heading } of pairedTexts(blocks.filter((block) => block.zone === 'main' && block.linkShare <= 0.5))) {
    // Headings name topics ("Training & support"); the facts are in the text under them.
    if (heading || !ANY_OFFER.test(text)) continue;
    for (const sentence of sentencesOf(text)) {
      for (const clause of clausesOf(sentence)) {
        const figure = MONEY.test(clause);
        for (const rule of OFFER_RULES) {
          if (rule.franchisePageOnly && !franchisePage) continue;
          if (!rule.pattern.test(clause) || (rule.needsFigure && !figure)) continue;
          // A cost is no support ("Pre-opening training expenses $12,000" is a line of the investment,
          // "These items include professional fees, inventories, prepaid expenses" its description).
          if (rule.kind === 'support' && (figure || /\b(?:fees|expenses|costs|frais|co[uû]ts|d[ée]penses)\b/i.test(clause))) continue;
          // Support and territories are said in sentences; a title ("Available Territories") or a call
          // to click ("Request the full overview… and available territories") says nothing of them.
          if (!rule.needsFigure && (clause.split(/\s+/).length < 5 || CALL_TO_ACTION.test(clause))) continue;
          if (figure && negatedFigure(clause)) break;
          facts.push({ kind: rule.kind, text: cap(clause.length <= MAX_FACT_LENGTH ? clause : wholeSentences(sentence)) });
          break;
        }
      }
    }
  }
  return facts;
}

const DAY_EN =
  /\b(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|nesday|sday|urday|rsday)?s?\b|\bdaily\b|\bweekdays\b|\bweekends\b|\bevery day\b|\b(?:M|Tu|We|Th|Fr|Sa|Su)\b(?=\s*(?:\+|[-–]|closed|\d))/i;
const DAY_FR =
  /\b(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)s?\b|\b(?:lun|mar|mer|jeu|ven|sam|dim)\b\.?(?=\s*(?:[-–:au]|\d|$))|7\s?j(?:ours)?\s?(?:sur|\/)\s?7|tous les jours/i;
const TIME =
  /\b\d{1,2}(?:[:.]\d{2})?\s?(?:am|pm|a\.m\.?|p\.m\.?|a|p)(?![\p{L}])|\b\d{1,2}:\d{2}\b|\b\d{1,2}\s?h\s?(?:\d{2})?\b|\bclosed\b|\bferm(?:e|é|ée|és|ées|es)?(?![\p{L}])|\bnoon\b|\bmidi\b|\bmidnight\b|24 ?hours|24\s?h\s?\/\s?24|by appointment|sur rendez-vous/iu;

const isHoursText = (text: string): boolean => (DAY_EN.test(text) || DAY_FR.test(text)) && TIME.test(text);

const isDays = (text: string): boolean => text.length <= 40 && (DAY_EN.test(text) || DAY_FR.test(text)) && !TIME.test(text);
const isTimes = (text: string): boolean => text.length <= 60 && TIME.test(text) && !DAY_EN.test(text) && !DAY_FR.test(text);

/**
 * Lines that state when the business is open: a day and a time, short; days and their times on two
 * lines ("Lundi au Vendredi:" then "10h à 12h et de 14h à 19h") as one; in a longer block, its
 * sentence that does.
 */
export function hoursLines(blocks: TextBlock[]): string[] {
  const lines: string[] = [];
  for (let index = 0; index < blocks.length; index++) {
    const block = blocks[index]!;
    const next = blocks[index + 1];
    if (next && isDays(block.text) && isTimes(next.text)) {
      lines.push(`${block.text} ${next.text}`);
      index += 1;
      continue;
    }
    if (block.text.length <= 100) {
      if (isHoursText(block.text)) lines.push(block.text);
      continue;
    }
    for (const sentence of sentencesOf(block.text)) if (sentence.length <= 120 && isHoursText(sentence)) lines.push(sentence);
  }
  return severalPlaces(lines) ? [] : lines;
}

/**
 * Whether hours lines are several places' ("Sunday - Thursday 11:30am - 12:00am" four times over, each
 * under a restaurant's name): the same days with three sets of times or more. Said as the
 * business's hours they would be wrong for all but one place; the page's text keeps them with their places.
 */
function severalPlaces(lines: readonly string[]): boolean {
  const timesByDays = new Map<string, Set<string>>();
  for (const line of lines) {
    const days = line.split(/\d/)[0]!.trim().toLowerCase();
    const times = timesByDays.get(days) ?? new Set<string>();
    times.add(line.slice(days.length));
    timesByDays.set(days, times);
  }
  return [...timesByDays.values()].some((times) => times.size >= 3);
}

const SERVICES_HEADING =
  /services|menu|products|what we (?:do|offer)|treatments|our offer|classes|prestations|nos soins|soins|tarifs|la carte|notre carte|nos produits|nos offres|nos formules|domaines? d['’]intervention|ce que nous faisons|savoir-faire|expertises?/i;
/** A heading over the places a business serves ("Servicing the Oklahoma City metro and surrounding areas"): its list is no service. */
const AREA_HEADING =
  /\bareas?\b|surrounding|\bcities\b|\btowns\b|neighbou?rhoods|communes|\bvilles\b|secteurs?|zones? d['’]intervention|nous intervenons|we serve|serving|servicing/i;
/** Menu words that are no service, whatever list they stand in, and no name in a link to the home page. */
const MENU_WORD =
  /^(?:home(?: page)?|accueil|retour(?: à l['’]accueil)?|back|start|inicio|startseite|logo|contact(?: us)?|contactez-nous|nous contacter|about(?: us)?|à propos|qui sommes-nous|blog|news|actualités|faq|log ?in|sign ?in|menu|gallery|galerie|careers|jobs|emploi|privacy(?: policy)?|terms.*|sitemap|plan du site|mentions légales|read more|learn more|en savoir plus|voir plus|click here|book now|réserver|devis|services|nos services|our services|products|our products|produits|nos produits|prestations|nos prestations|tarifs|prices|pricing|heures d['’]ouverture|horaires|opening hours|hours|mises? en bouche|entr[ée]es|plats(?: principaux)?|desserts|boissons|starters|mains|main courses|appetizers|sides|drinks|beverages)$/i;
export const isMenuWord = (text: string): boolean => MENU_WORD.test(text);

const INSTRUCTION = /\b(?:cliquant|cliquez|click|t[ée]l[ée]charger|download|vous pouvez|you can)\b/i;

/** Words beyond prices and sizes ("$3.45/$5.45", "12oz/16oz/20oz" name nothing). */
const namesSomething = (text: string): boolean => /\p{L}{3,}/u.test(text.replace(/\d+(?:[.,]\d+)?\s?(?:oz|ml|cl|lbs?|kg|g|cm|mm|in|pcs?)\b/gi, ''));

/** A heading that names a dish or a service ("Buffalo Wings", "Coupe femme"), not one that speaks to the visitor ("Get your estimate"). */
const isItemName = (text: string): boolean =>
  text.split(/\s+/).length <= 6 &&
  !/[?!:]/.test(text) &&
  !CALL_TO_ACTION.test(text) &&
  !/\b(?:you|your|our|we|us|get|call|contact|book|vous|votre|vos|nous|notre|nos)\b/i.test(text);

/**
 * What the business offers: the items of lists under a services or menu heading, and on a services
 * or menu page also its lists and its sub-headings (a menu's dishes, a price list's lines).
 */
export function listedServices(blocks: TextBlock[], servicesPage: boolean): string[] {
  const services: string[] = [];
  for (const block of blocks) {
    // A price alone ("$4.95") is its dish's, which stands beside it.
    if (block.zone !== 'main' || block.text.length > 80 || MENU_WORD.test(block.text) || !namesSomething(block.text) || AREA_HEADING.test(block.heading))
      continue;
    // An instruction ("Vous pouvez télécharger les tarifs en cliquant sur l'image suivante :") names no service.
    if (/:\s*$/.test(block.text) || INSTRUCTION.test(block.text)) continue;
    const listed = block.tag === 'li' || block.tag === 'dt' || ((block.tag === 'tr' || block.tag === 'td') && servicesPage);
    const subheading = servicesPage && /^h[2-4]$/.test(block.tag) && isItemName(block.text) && !SERVICES_HEADING.test(block.text);
    if ((listed && (SERVICES_HEADING.test(block.heading) || (servicesPage && block.linkShare < 0.5))) || subheading) services.push(block.text);
  }
  return services;
}

// Bounded as RFC 5321 bounds an address (a local part of 64 characters at most, a domain label of
// 63): unbounded, a run of letters with no `@` made the search try every start against the whole
// run, and 100,000 of them cost 10 s.
const EMAIL = /[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,8}\.[A-Za-z]{2,63}/g;
/** An address a template shows as an example ("adressemail@gmail.com", "you@example.com"), no one's. */
const EXAMPLE_EMAIL =
  /^(?:adresse-?mail|adresse|e-?mail|mail|your-?(?:e?mail|name)?|you|votre-?(?:e?mail|nom|adresse)?|name|nom|prenom(?:\.nom)?|firstname(?:\.lastname)?|john(?:\.doe)?|jane(?:\.doe)?|user(?:name)?|test|exemple|example|xxx+|abc|info@(?:domain|domaine|example))@|@(?:example|exemple|domain|domaine|votredomaine|yourdomain|email|test)\.[a-z]+$/i;

/** Words before a number that make it no line to call: a fax, a company or tax number. */
const NOT_A_PHONE = /(?:fax|t[ée]l[ée]copie|siret|siren|tva|vat|rcs|ape|naf|capital|(?:^|\s)f)\s*(?:number|no\.?|n°|num[ée]ro)?\s*[:.]?\s*$/i;

const THIRD_PARTY =
  /autorit[ée] de (?:contr[ôo]le|tutelle)|institut professionnel|\bIPI\b|m[ée]diateur|ombudsman|regulat(?:or|ory)|ordre des|chambre des|organisme de contr[ôo]le|h[ée]bergeur|hosted by/i;

/** How much of one block the number search reads, and how many blocks of a page: a page of digits costs no more. */
const MAX_PHONE_TEXT = 1_000;
const MAX_PHONE_SEARCHES = 200;

/**
 * Email addresses and telephone numbers written in the page's text, numbers as libphonenumber finds
 * valid ones for the site's country (a French `06 22 64 70 95`, a US `(770)-694-6975`), faxes left out.
 */
export function contactFacts(blocks: TextBlock[], country: string): TextFact[] {
  const facts: TextFact[] = [];
  const defaultCountry = (isSupportedCountry(country) ? country : 'US') as CountryCode;
  let searched = 0;
  for (const block of blocks) {
    for (const [email] of block.text.matchAll(EMAIL)) if (!EXAMPLE_EMAIL.test(email)) facts.push({ kind: 'email', text: email });
    if (!/\d{2}/.test(block.text) || searched >= MAX_PHONE_SEARCHES) continue;
    // A number is written in a line or a sentence: a long block's start is searched, not a page of digits.
    const text = block.text.slice(0, MAX_PHONE_TEXT);
    searched += 1;
    // A regulated trade names its regulator and its ombudsman, with their numbers: not the business's.
    if (THIRD_PARTY.test(text)) continue;
    for (const found of findPhoneNumbersInText(text, defaultCountry)) {
      if (NOT_A_PHONE.test(text.slice(Math.max(0, found.startsAt - 24), found.startsAt))) continue;
      facts.push({ kind: 'telephone', text: text.slice(found.startsAt, found.endsAt).trim() });
    }
  }
  return facts;
}

export interface TextAddress {
  street?: string;
  city: string;
  region?: string;
  postalCode: string;
}

const US_STATES: Record<string, string> = {
  alabama: 'AL',
  alaska: 'AK',
  arizona: 'AZ',
  arkansas: 'AR',
  california: 'CA',
  colorado: 'CO',
  connecticut: 'CT',
  delaware: 'DE',
  florida: 'FL',
  georgia: 'GA',
  hawaii: 'HI',
  idaho: 'ID',
  illinois: 'IL',
  indiana: 'IN',
  iowa: 'IA',
  kansas: 'KS',
  kentucky: 'KY',
  louisiana: 'LA',
  maine: 'ME',
  maryland: 'MD',
  massachusetts: 'MA',
  michigan: 'MI',
  minnesota: 'MN',
  mississippi: 'MS',
  missouri: 'MO',
  montana: 'MT',
  nebraska: 'NE',
  nevada: 'NV',
  'new hampshire': 'NH',
  'new jersey': 'NJ',
  'new mexico': 'NM',
  'new york': 'NY',
  'north carolina': 'NC',
  'north dakota': 'ND',
  ohio: 'OH',
  oklahoma: 'OK',
  oregon: 'OR',
  pennsylvania: 'PA',
  'rhode island': 'RI',
  'south carolina': 'SC',
  'south dakota': 'SD',
  tennessee: 'TN',
  texas: 'TX',
  utah: 'UT',
  vermont: 'VT',
  virginia: 'VA',
  washington: 'WA',
  'west virginia': 'WV',
  wisconsin: 'WI',
  wyoming: 'WY',
  'district of columbia': 'DC',
};
const CA_PROVINCES: Record<string, string> = {
  alberta: 'AB',
  'british columbia': 'BC',
  manitoba: 'MB',
  'new brunswick': 'NB',
  'newfoundland and labrador': 'NL',
  'nova scotia': 'NS',
  ontario: 'ON',
  'prince edward island': 'PE',
  quebec: 'QC',
  québec: 'QC',
  saskatchewan: 'SK',
  'northwest territories': 'NT',
  nunavut: 'NU',
  yukon: 'YT',
};
const US_CODES = new Set(Object.values(US_STATES));
const CA_CODES = new Set(Object.values(CA_PROVINCES));
const REGION_NAMES = [...Object.keys(US_STATES), ...Object.keys(CA_PROVINCES)].sort((a, b) => b.length - a.length).join('|');

/**
 * A city, its state or province and its postal code as the US and Canada write them, in any case:
 * "Boulder, CO 80302", "Dallas, Ga 30157", "Arlington, Texas 76006", "Vaughan, ON, L4K 0B1".
 */
const CITY_REGION = new RegExp(
  `(?:^|,\\s*|\\s)([A-Z][A-Za-z.'’ -]{1,40}?),?\\s+(${REGION_NAMES}|[A-Za-z]{2})\\.?,?\\s+(\\d{5}(?:-\\d{4})?|[A-Z]\\d[A-Z] ?\\d[A-Z]\\d)\\b`,
  'i',
);
/** A French street: a number, a kind of way, its name ("6, rue des Halles", "25 Rue des poiriers"). */
const FR_STREET =
  /\b\d{1,4}(?:\s?(?:bis|ter))?,?\s+(?:rue|avenue|av\.|bd\.?|boulevard|all[ée]e|place|chemin|impasse|quai|route|cours|square|passage|voie|rond-point|lieu-dit|esplanade|promenade|faubourg|r[ée]sidence|parc|zac|za|zi)\b[^,\n]{2,60}/i;
/** A French postal code and town ("75001 Paris", "34540 Balaruc-les-Bains", "11100 NARBONNE"). */
const FR_TOWN =
  /\b((?:0[1-9]|[1-8]\d|9[0-8])\d{3})\s+([A-ZÀ-Ý][\p{L}'’-]+(?:[ -](?:[a-zà-ÿ]{1,3}[ -])?[A-ZÀ-Ý][\p{L}'’-]+){0,3}(?:\s(?:C[ée]dex|\d{1,2}(?:e|er|ème)?))?)/u;

const looksLikeStreet = (text: string): boolean => /^\d{1,6}[\w–-]*\s+\S/.test(text) && text.length <= 80 && !MONEY.test(text);

function usAddress(blocks: TextBlock[], index: number): TextAddress | null {
  const block = blocks[index]!;
  // An address is often written on two or three lines: this one, and the one after (a postal code alone).
  const next = blocks[index + 1];
  const window = next && next.text.length <= 12 ? `${block.text}, ${next.text}` : block.text;
  const match = CITY_REGION.exec(window);
  if (!match || match.index > block.text.length) return null;
  const rawRegion = match[2]!;
  const region = rawRegion.length === 2 ? rawRegion.toUpperCase() : (US_STATES[rawRegion.toLowerCase()] ?? CA_PROVINCES[rawRegion.toLowerCase()]);
  if (!region || !(US_CODES.has(region) || CA_CODES.has(region))) return null;
  const postalCode = match[3]!.toUpperCase();
  if (US_CODES.has(region) !== /^\d/.test(postalCode)) return null;
  // "2324 4th St. Tuscaloosa, AL": a street's last word and the town with no comma between them.
  const [, streetEnd = '', town = match[1]!.trim()] =
    /^((?:St|Street|Ave|Avenue|Rd|Road|Blvd|Dr|Drive|Ln|Lane|Way|Ct|Court|Hwy|Pkwy|Pl|Ste|Suite)\.?)\s+(.+)$/i.exec(match[1]!.trim()) ?? [];
  const before = `${window.slice(0, match.index).split(',').pop()!.trim()}${streetEnd ? ` ${streetEnd}` : ''}`.trim();
  const previous = blocks[index - 1]?.text ?? '';
  const street = before && /\d/.test(before) ? before : looksLikeStreet(previous) ? previous : '';
  return {
    ...(street && { street }),
    city: town,
    region: rawRegion,
    postalCode: match[3]!,
  };
}

/** A town and its postal code the other way round ("PARIS, 75008"). */
const FR_TOWN_FIRST = /(?:^|,\s*)([A-ZÀ-Ý][\p{L}'’-]+(?:[ -][\p{L}'’-]+){0,3}),?\s+((?:0[1-9]|[1-8]\d|9[0-8])\d{3})\b/u;

function frenchAddress(blocks: TextBlock[], index: number): TextAddress | null {
  const text = blocks[index]!.text;
  const first = FR_TOWN.exec(text) ? null : FR_TOWN_FIRST.exec(text);
  const town = first ? Object.assign([first[0], first[2], first[1]], { index: first.index }) : FR_TOWN.exec(text);
  if (!town) return null;
  const before = text.slice(0, town.index);
  const street = FR_STREET.exec(before)?.[0] ?? (FR_STREET.test(blocks[index - 1]?.text ?? '') ? FR_STREET.exec(blocks[index - 1]!.text)![0] : '');
  // A postal code and a town alone are too often something else (a département count, a price).
  if (!street) return null;
  return { street: street.replace(/[\s,–-]+$/, ''), city: town[2]!.trim(), postalCode: town[1]! };
}

const POSTAL = /\d{4}|[A-Z]\d[A-Z] ?\d[A-Z]\d|\b[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}\b/i;
/** More addresses than a locations page lists are a page of something else. */
const MAX_ADDRESSES = 60;

/** A UK postcode ("LE16 7NB", "BD9 5AJ"). */
const UK_POSTCODE = /\b([A-Z]{1,2}\d[A-Z\d]? ?\d[ABD-HJLNP-UW-Z]{2})\b/;

/**
 * A British address: a street, a town and a postcode, on one line with commas or over several
 * ("210-212 Lilycroft Road, Bradford BD9 5AJ"; "5 Church Square", "Market Harborough", "LE16 7NB").
 */
function britishAddress(blocks: TextBlock[], index: number): TextAddress | null {
  const text = blocks[index]!.text;
  const code = UK_POSTCODE.exec(text);
  if (!code) return null;
  const parts = text
    .slice(0, code.index)
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  // Over lines: the town (and a county) on the lines before the postcode, the street before them.
  const lines = parts.length > 0 ? parts : [blocks[index - 2]?.text ?? '', blocks[index - 1]?.text ?? ''].filter((line) => line && line.length <= 60);
  // The street is the part with a number ("Head Office 210-212 Lilycroft Road": its label left out);
  // the town follows it, and a county may follow the town ("Market Harborough", "Leicestershire").
  const streetAt = lines.findIndex((line) => /\b\d{1,5}[A-Za-z]?(?:[-–]\d{1,5})?\s+\p{L}/u.test(line));
  const town = lines.find((line, at) => at > streetAt && !/\d/.test(line)) ?? '';
  const numbered = streetAt >= 0 ? lines[streetAt]!.replace(/^\D*?(?=\d)/, '') : '';
  const street = numbered || (looksLikeStreet(blocks[index - 3]?.text ?? '') ? blocks[index - 3]!.text : '');
  const city = town.replace(/\s+[A-Z]{1,2}\d.*$/, '').trim();
  if (!city || city.length > 40 || /\d/.test(city)) return null;
  return { ...(street && { street }), city, postalCode: code[1]! };
}

/** Countries whose postcodes are four digits before the town ("1410 Waterloo", "1200 Genève", "L-1234 Luxembourg"). */
const FOUR_DIGIT_POSTCODES: ReadonlySet<string> = new Set(['BE', 'CH', 'LU', 'AT', 'DK', 'NO', 'HU']);
const EU_TOWN = /\b(?:L-)?([1-9]\d{3})\s+([A-ZÀ-Ý][\p{L}'’-]+(?:[ -][\p{L}'’-]+){0,3})/u;
/** A street as Belgium and Switzerland write it, its kind and name before its number ("Avenue Capouillet 58A"). */
const NAME_FIRST_STREET =
  /\b(?:rue|avenue|av\.|boulevard|bd|chauss[ée]e|place|chemin|quai|route|all[ée]e|square|drève|straat|laan|weg|strasse|straße|gasse|platz)\b[^,\n]{2,60}?\s\d{1,4}[A-Za-z]?\b/i;

function europeanAddress(blocks: TextBlock[], index: number): TextAddress | null {
  const text = blocks[index]!.text;
  const town = EU_TOWN.exec(text);
  if (!town) return null;
  const before = text.slice(0, town.index);
  const previous = blocks[index - 1]?.text ?? '';
  const street = (NAME_FIRST_STREET.exec(before) ?? FR_STREET.exec(before) ?? NAME_FIRST_STREET.exec(previous) ?? FR_STREET.exec(previous))?.[0] ?? '';
  if (!street) return null;
  const city = town[2]!.replace(/\s(?:T[ée]l|Fax|GSM|Phone|E-?mail|Mob)\b.*$/i, '').trim();
  return { street: street.replace(/[\s,–-]+$/, ''), city, postalCode: town[1]! };
}

/** Addresses written in the page's text: US and Canadian, and French (a street, then a postal code and town). */
export function writtenAddresses(blocks: TextBlock[], country = 'US'): TextAddress[] {
  const addresses: TextAddress[] = [];
  for (let index = 0; index < blocks.length && addresses.length < MAX_ADDRESSES; index++) {
    const text = blocks[index]!.text;
    // Every form read here has a postal code, in this line or the short one after it.
    if (text.length > 200 || !POSTAL.test(`${text} ${(blocks[index + 1]?.text ?? '').slice(0, 12)}`)) continue;
    // A regulator's or a web host's address, beside its name, is theirs.
    if (THIRD_PARTY.test(`${blocks[index - 2]?.text ?? ''} ${blocks[index - 1]?.text ?? ''} ${text}`)) continue;
    const address =
      (country === 'GB' ? britishAddress(blocks, index) : null) ??
      (FOUR_DIGIT_POSTCODES.has(country) ? europeanAddress(blocks, index) : null) ??
      usAddress(blocks, index) ??
      frenchAddress(blocks, index);
    if (address) addresses.push(address);
  }
  return addresses;
}
