import type { PageText } from './brand-profile.ts';
import { HEADING, type TextBlock } from './html-page.ts';
import { negatedFigure } from './negated-figure.ts';

// A page's main text, as a person skimming it reads it: its headings, paragraphs, list items and
// table rows, without what every page repeats (header, menu, footer, sidebars, however they are
// marked up), link lists, credits, and leftovers of scripts. The approach is readability's (Mozilla
// Readability, boilerpipe): chrome is known by its elements, its class and id words, and its link
// density; here also by repetition across the pages of one site, which needs no markup at all.

/** The most characters of one page's text a profile keeps: a long page's start says what it is about. */
export const MAX_PAGE_TEXT_CHARS = 4_000;

/** Pages that are a legal notice, a policy or terms: they name the web host and the law, not the business. By their address... */
export const LEGAL_PAGE = /mentions|legal|privacy|confidentialit|cookies?|terms|cgv|cgu|rgpd|gdpr|disclaimer|imprint|impressum|conditions[-_ ]g[eé]n[eé]rales/i;
/** ...or by their title or first heading, in words no other page uses. */
export const LEGAL_TITLE =
  /mentions l[eé]gales|informations l[eé]gales|legal notice|legal information|privacy policy|politique de confidentialit[eé]|terms (?:of (?:use|service)|and conditions)|conditions g[eé]n[eé]rales|impressum|cookie policy/i;

/** Credits, copyright lines and hosting notes: the web agency's words, not the business's. */
const CREDIT =
  /©|\(c\)\s*\d{4}|copyright|all rights reserved|tous droits r[ée]serv[ée]s|droits r[ée]serv[ée]s|\b(?:site|website|web ?design|design|designed|developed|built|created|made|powered|hosted|réalis[ée]|cr[ée]{2}|con[çc]u|d[ée]velopp[ée]|h[ée]berg[ée])\b[^.]{0,40}\b(?:by|par)\b|\bh[ée]bergeur\b|\bwebmaster\b/i;

/** A form's instructions left outside it: "* All fields required", "Step 1 of 2". */
const FORM_WORDS =
  /fields? (?:are )?required|fields? marked|subscribe to|mailing list|sign up for our|inscrivez-vous [àa] (?:notre|la) newsletter|required fields?|champs? (?:sont )?obligatoires?|\*\s?obligatoire|step \d+ of \d+|[ée]tape \d+ (?:sur|de) \d+/i;

/** A template's text left in: lorem ipsum, "[year]", "[8,000]", John Doe's testimonial. */
const TEMPLATE_WORDS = /lorem ipsum|\[(?:year|name|city|number|\d[\d,.]*|x+|\.\.\.)\]|\b(?:john|jane) doe\b/i;

/** A counter whose number a script was to fill in: "% satisfied clients", "ans d'expérience" with no figure. */
const EMPTY_COUNTER = /^(?:%|\+|k€|€|\$|ans|jours|years|days|hours|heures|mois|months)\s/i;

/** A credit, copyright line or hosting note: the agency's words, even where they give a number. */
export const isCredit = (text: string): boolean => CREDIT.test(text);

/** Whether a block is the page's own words worth keeping (headings, text), not a menu, credit or leftover. */
function isMainText(block: TextBlock): boolean {
  if (block.zone !== 'main') return false;
  // Words or figures: a price on its own line is its item's ("24 €"); arrows and bullets are neither.
  if (!/[\p{L}\p{N}]/u.test(block.text)) return false;
  if (EMPTY_COUNTER.test(block.text) && !/\d/.test(block.text)) return false;
  if (CREDIT.test(block.text) || FORM_WORDS.test(block.text) || TEMPLATE_WORDS.test(block.text)) return false;
  // A link that is a heading ("Fidélisation Client" linking to its page) or a sentence ("Learn why over
  // 2 million members chose us.", a card) is still the page's words; a run of links is a menu.
  if (block.linkShare > 0.5 && !(HEADING.test(block.tag) && block.text.includes(' ')) && !(block.text.split(' ').length >= 8 && /[.!?]$/.test(block.text)))
    return false;
  return true;
}

export interface TextPage {
  url: string;
  blocks: TextBlock[];
  legal: boolean;
}

/**
 * The blocks that several pages of the site repeat: its template (a header, menu or footer
 * written as plain `<div>`s). A block on at least two pages and on at least 40 % of them.
 */
export function templateTexts(pages: readonly TextPage[]): Set<string> {
  const counts = new Map<string, number>();
  for (const page of pages) for (const text of new Set(page.blocks.map((block) => block.text))) counts.set(text, (counts.get(text) ?? 0) + 1);
  const enough = Math.max(2, Math.ceil(pages.length * 0.4));
  return new Set([...counts].filter(([, count]) => count >= enough).map(([text]) => text));
}

/** Each page's main text (legal pages give none), blocks as lines, at most MAX_PAGE_TEXT_CHARS, cut at a whole line. */
export function mainTexts(pages: readonly TextPage[]): PageText[] {
  const template = templateTexts(pages);
  const said = new Set<string>();
  const texts: PageText[] = [];
  for (const page of pages) {
    if (page.legal) continue;
    const lines: string[] = [];
    const seen = new Set<string>();
    let length = 0;
    for (const block of page.blocks) {
      // A heading every page repeats is the site's slogan or offer ("Déplacement et devis gratuits"):
      // said once, where it first appears. Other repeated blocks are its template.
      const repeated = template.has(block.text) && !(HEADING.test(block.tag) && !said.has(block.text));
      if (!isMainText(block) || repeated || seen.has(block.text)) continue;
      said.add(block.text);
      // A figure the site states only to deny it ("we are not a $300k investment") is no figure of its offer.
      const text = block.text
        .split(/(?<=[.!?])\s+/)
        .filter((sentence) => !negatedFigure(sentence))
        .join(' ');
      if (!text || length + text.length + 1 > MAX_PAGE_TEXT_CHARS) continue;
      seen.add(block.text);
      lines.push(text);
      length += text.length + 1;
    }
    if (lines.length > 0) texts.push({ source: page.url, text: lines.join('\n') });
  }
  return texts;
}
