import { describe, expect, it } from 'vitest';
import type { PageText, ReadyProfile } from './brand-profile.ts';
import { knowledgeTexts, MAX_SITE_TEXT_CHARS, sentencesOf, statedSiteText } from './site-knowledge.ts';

// The pages' text the prompt quotes: home first, each page its share, cut only between sentences.

const SITE = 'https://www.bluepawsdaycare.example';
const profile = (texts: PageText[], pages = texts.map((text) => text.source)): ReadyProfile => ({
  status: 'ready',
  website: SITE,
  facts: [],
  locations: [],
  pages,
  texts,
});
const total = (texts: PageText[]) => texts.reduce((sum, text) => sum + text.text.length, 0);
/** A paragraph of `count` sentences, each numbered so that a cut shows where. */
const paragraph = (label: string, count: number) =>
  Array.from({ length: count }, (_, index) => `${label} sentence ${index + 1} tells of dogs at play.`).join(' ');

describe('knowledgeTexts', () => {
  it('quotes a small site whole, home first, then in the order the pages were read, each block on its line', () => {
    const texts = knowledgeTexts(
      profile(
        [
          { source: `${SITE}/services`, text: 'Daycare\nBoarding' },
          { source: `${SITE}/`, text: 'Welcome to Blue Paws.\n\n  Cage-free   play.  ' },
        ],
        [`${SITE}/`, `${SITE}/services`],
      ),
    );
    expect(texts).toEqual([
      { source: `${SITE}/`, text: 'Welcome to Blue Paws.\nCage-free play.' },
      { source: `${SITE}/services`, text: 'Daycare\nBoarding' },
    ]);
  });

  it(`holds ${MAX_SITE_TEXT_CHARS} characters with huge pages, each page its fair share before any more`, () => {
    const pages = Array.from({ length: 9 }, (_, index) => ({ source: `${SITE}/page-${index}`, text: paragraph(`Page ${index}`, 2000) }));
    const texts = knowledgeTexts(profile(pages));
    expect(total(texts) + texts.length).toBeLessThanOrEqual(MAX_SITE_TEXT_CHARS);
    expect(total(texts)).toBeGreaterThan(MAX_SITE_TEXT_CHARS * 0.9);
    // Every page got in, with its share at least (less the part of a sentence that did not fit).
    expect(texts.map((text) => text.source)).toEqual(pages.map((page) => page.source));
    for (const text of texts) expect(text.text.length).toBeGreaterThan(MAX_SITE_TEXT_CHARS / 9 - 50);
  });

  it('gives the room a short page leaves to the pages after it', () => {
    const texts = knowledgeTexts(
      profile([
        { source: `${SITE}/`, text: 'Short home.' },
        { source: `${SITE}/franchise`, text: paragraph('Franchise', 1000) },
      ]),
    );
    expect(texts[0]!.text).toBe('Short home.');
    expect(texts[1]!.text.length).toBeGreaterThan(MAX_SITE_TEXT_CHARS - 100);
  });

  it('cuts between whole sentences, never inside a word or a figure', () => {
    const text = Array.from({ length: 400 }, (_, index) => `Fee number ${index} is 35 000 € or $1.5 million.`).join(' ');
    const [quoted] = knowledgeTexts(profile([{ source: `${SITE}/`, text }]));
    expect(quoted!.text).toMatch(/^Fee number 0 is 35 000 € or \$1\.5 million\.( Fee number \d+ is 35 000 € or \$1\.5 million\.)+$/);
  });

  it('cuts a sentence longer than the whole room at a space outside any figure, with an ellipsis', () => {
    const text = `Our prices: ${'bath 35 000 € '.repeat(1000)}`;
    const [quoted] = knowledgeTexts(profile([{ source: `${SITE}/`, text }]), 500);
    expect(quoted!.text.length).toBeLessThanOrEqual(500);
    expect(quoted!.text).toMatch(/^Our prices:( bath 35 000 €)+( bath)?…$/);
  });

  it('leaves out the sentences that deny a money figure, and keeps the rest of their block', () => {
    const [quoted] = knowledgeTexts(
      profile([
        {
          source: `${SITE}/`,
          text: 'Own a Blue Paws. We are not a $300k investment. The franchise fee is $49,500.\nCe n’est pas un investissement de 300 000 €.',
        },
      ]),
    );
    expect(quoted!.text).toBe('Own a Blue Paws. The franchise fee is $49,500.');
  });

  it('quotes a block repeated on every page once, and leaves out texts without an http(s) page', () => {
    const texts = knowledgeTexts(
      profile([
        { source: `${SITE}/`, text: 'Book a visit today!\nHome text.' },
        { source: `${SITE}/about`, text: 'Book a visit today!\nAbout text.' },
        { source: 'javascript:alert(1)', text: 'Evil text.' },
      ]),
    );
    expect(texts.map((text) => text.text)).toEqual(['Book a visit today!\nHome text.', 'About text.']);
  });

  it('is empty for a profile stored before the reader kept texts', () => {
    const { texts: _, ...stored } = profile([]);
    expect(knowledgeTexts(stored)).toEqual([]);
    expect(statedSiteText(stored)).toEqual([]);
  });
});

describe('sentencesOf', () => {
  it.each<[string, string[]]>([
    ['One. Two! Three? Four', ['One.', 'Two!', 'Three?', 'Four']],
    ['Fees from $1.5 million. Bramblewood Bagel Co. is a bakery.', ['Fees from $1.5 million.', 'Bramblewood Bagel Co. is a bakery.']],
    ['« Bienvenue. » Nos horaires', ['« Bienvenue. »', 'Nos horaires']],
  ])('%j', (block, sentences) => {
    expect(sentencesOf(block)).toEqual(sentences);
  });
});
