import type { PageText, ReadyProfile } from './brand-profile.ts';
import { oneLine } from './fact-text.ts';
import { figureSpans } from './money-figure.ts';
import { negatedFigure } from './negated-figure.ts';
import { isHttpUrl, parseUrl } from './web-url.ts';

// What the assistant knows of the site beyond its facts: the chosen pages' main text, as a visitor
// skimming them reads it. A caller asks about anything the site says ("do you cater weddings?"), and
// the few facts the reader labels cannot hold it all; peers give their agents the pages' text too.
//
// The cap is the prompt's cost, not the model's room: the provider sends the whole prompt to the
// model at every turn of the call, so each character is paid for (time before every answer, which the
// caller hears as a pause, and money) as many times as the caller speaks; the model's context (tens of
// thousands of tokens) is never the limit. MAX_SITE_TEXT_CHARS, about 2,000 tokens, holds a typical
// home page's main text and the heart of the other pages, and keeps the whole prompt within about
// 20,000 characters (about 5,000 tokens) at worst. Each page first gets its fair share, so that a long home
// page cannot crowd out the franchise page; what a short page leaves goes to the others, in order.
//
// What reaches the prompt is the site's words, whole: cut between blocks or sentences, and only a
// sentence longer than a page's whole share is cut inside, at a space outside any figure. A sentence
// that denies a money figure ("we are not a $300k investment") is left out (negated-figure.ts): a
// figure the site denies is not the site's to offer.

/** The most characters of site text the prompt quotes, all pages together, a newline between blocks counted (before JSON's quoting writes it `\n`). */
export const MAX_SITE_TEXT_CHARS = 8000;
/** The most of one stored page text looked at: the reader keeps less, and a stored profile is not trusted to. */
const MAX_READ_CHARS = 60_000;
/** A sentence cut inside keeps at least this much of the room it was cut to, or is left for the next page. */
const MIN_CUT_SHARE = 0.5;

/** A sentence of a block, and whether it is the block's first (a block is quoted on its own line). */
interface Unit {
  text: string;
  opensBlock: boolean;
}

/**
 * A stop (with any closing quote or bracket, and a French closing guillemet after its space) and the
 * space before a sentence that does not start in lower case.
 */
const SENTENCE_END = /[.!?…](?:["'”’)\]]|\s?»)*\s+(?=[^\s\p{Ll}])/gu;

/** The sentences of a one-line block ("Dr. Smith" may split: each part is kept, in order, all the same). */
export function sentencesOf(block: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of block.matchAll(SENTENCE_END)) {
    const end = match.index + match[0].length;
    sentences.push(block.slice(start, end).trim());
    start = end;
  }
  sentences.push(block.slice(start).trim());
  return sentences.filter(Boolean);
}

/** A page's URL as the prompt writes it, or null when it is not an http(s) page. */
const pageUrl = (source: string): string | null => {
  const url = parseUrl(source);
  return isHttpUrl(url) ? url.href : null;
};

/**
 * The texts in the order the prompt quotes them: the home page first, then the pages in the order
 * the profile read them; one text per page (the first), and none without an http(s) page.
 */
function orderedTexts(profile: ReadyProfile): { url: string; text: string; source: string }[] {
  const order = [profile.website, ...profile.pages].map(pageUrl);
  const rank = (url: string) => {
    const index = order.indexOf(url);
    return index === -1 ? order.length : index;
  };
  const seen = new Set<string>();
  const texts: { url: string; text: string; source: string }[] = [];
  for (const { source, text } of (profile.texts ?? []) as readonly Partial<PageText>[]) {
    if (typeof source !== 'string' || typeof text !== 'string') continue;
    const url = pageUrl(source);
    if (url === null || seen.has(url)) continue;
    seen.add(url);
    texts.push({ url, text, source });
  }
  // A stable sort: pages the profile does not list keep the texts' own order, after those it does.
  return texts.sort((a, b) => rank(a.url) - rank(b.url));
}

/**
 * The sentences a page's text states: each block on one line, each block once across the site (a
 * banner repeated on every page is quoted once), without the sentences that deny a money figure.
 */
function statedUnits(text: string, seenBlocks: Set<string>): Unit[] {
  const units: Unit[] = [];
  for (const raw of text.slice(0, MAX_READ_CHARS).split(/\r?\n|\r/)) {
    const block = oneLine(raw, Number.POSITIVE_INFINITY);
    const key = block.toLowerCase();
    if (block === '' || seenBlocks.has(key)) continue;
    seenBlocks.add(key);
    const stated = sentencesOf(block).filter((sentence) => !negatedFigure(sentence));
    units.push(...stated.map((sentence, index) => ({ text: sentence, opensBlock: index === 0 })));
  }
  return units;
}

/**
 * Every block of the profile's texts as the prompt may quote it (its stated sentences, on one line),
 * for the check that each figure in the prompt is the site's.
 */
export function statedSiteText(profile: ReadyProfile): string[] {
  const seen = new Set<string>();
  const blocks: string[] = [];
  for (const { text } of orderedTexts(profile)) {
    for (const unit of statedUnits(text, seen)) {
      if (unit.opensBlock || blocks.length === 0) blocks.push(unit.text);
      else blocks[blocks.length - 1] += ` ${unit.text}`;
    }
  }
  return blocks;
}

/**
 * The start of `sentence` that fits in `room`, cut at a space outside every figure ("35 000 €" is
 * one figure), with an ellipsis; null when no such space leaves at least half the room.
 */
function cutSentence(sentence: string, room: number): string | null {
  const figures = figureSpans(sentence);
  for (let space = sentence.lastIndexOf(' ', room - 1); space >= room * MIN_CUT_SHARE; space = sentence.lastIndexOf(' ', space - 1)) {
    if (!figures.some(({ start, end }) => space > start && space < end)) return `${sentence.slice(0, space).trimEnd()}…`;
  }
  return null;
}

/** One page's sentences taken so far, and where the next one is. */
interface PageTake {
  url: string;
  units: Unit[];
  taken: Unit[];
  next: number;
  used: number;
}

/**
 * Takes the page's next sentences while they fit in `room` characters (a space between two sentences
 * counts), stopping at the first that does not; a page that has nothing yet gets the start of that
 * sentence when it is longer than the room. Returns the characters used.
 */
function take(page: PageTake, room: number): number {
  let used = 0;
  while (page.next < page.units.length) {
    const unit = page.units[page.next]!;
    const cost = unit.text.length + (page.taken.length > 0 ? 1 : 0);
    if (cost <= room - used) {
      page.taken.push(unit);
      used += cost;
      page.next += 1;
      continue;
    }
    const cut = page.taken.length === 0 ? cutSentence(unit.text, room - used) : null;
    if (cut !== null) {
      page.taken.push({ text: cut, opensBlock: unit.opensBlock });
      used += cut.length;
      page.next = page.units.length;
    }
    break;
  }
  page.used += used;
  return used;
}

/**
 * The site text the prompt quotes, page by page, home first, each page's blocks joined by newlines:
 * at most `max` characters in all (MAX_SITE_TEXT_CHARS), separators counted; each page its fair
 * share of the room first, then the room the others left. Empty for a profile without texts (one
 * stored before the reader kept them).
 */
export function knowledgeTexts(profile: ReadyProfile, max: number = MAX_SITE_TEXT_CHARS): PageText[] {
  const seenBlocks = new Set<string>();
  const pages: PageTake[] = orderedTexts(profile)
    .map(({ url, text }) => ({ url, units: statedUnits(text, seenBlocks), taken: [], next: 0, used: 0 }))
    .filter((page) => page.units.length > 0);
  let left = max;
  const share = Math.floor(max / Math.max(pages.length, 1));
  for (const page of pages) left -= take(page, Math.min(share, left));
  for (const page of pages) if (left > 0) left -= take(page, left);
  return pages
    .filter((page) => page.taken.length > 0)
    .map((page) => ({
      source: page.url,
      // Sentences of one block on one line, blocks on lines of their own, as the page has them.
      text: page.taken.map((unit, index) => `${index > 0 ? (unit.opensBlock ? '\n' : ' ') : ''}${unit.text}`).join(''),
    }));
}
