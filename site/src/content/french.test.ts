import { describe, expect, test } from 'vitest';
import { LEGAL_LAST_UPDATED } from '@franchise-ai/shared/constants';
import { typesetFrench } from '@franchise-ai/shared/french-typography';
import { CONTENT } from './all-langs.ts';
import { frenchMonthYear } from './french-dates.ts';

// The French content against the English: the same shape (sections, anchors, cards,
// pictograms), the same figures and dates, and French typography throughout.
const { en, fr } = CONTENT;

/** Everything but the words: each string replaced by its kind, so two languages' objects compare equal when only their words differ. */
const shape = (value: unknown): unknown => {
  if (typeof value === 'string') return 'text';
  if (Array.isArray(value)) return value.map(shape);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, ['id', 'icon', 'section', 'emailKey', 'src', 'type'].includes(key) ? item : shape(item)]),
    );
  return value;
};

/** Every string of a content object. */
const strings = (value: unknown): string[] => {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
};

test.each(['landing', 'proof', 'privacy', 'terms', 'text'] as const)('%s: the same shape, anchors and pictograms in French as in English', (name) => {
  expect(shape(fr[name])).toEqual(shape(en[name]));
});

test("the landing's claims keep their figures, in the same order", () => {
  const digits = (value: string) => value.replace(/\D/g, '');
  const claims = (content: typeof en.landing) => [...content.hero.figures.stats, ...content.services.results.figures.stats].map((stat) => digits(stat.value));
  expect(claims(fr.landing)).toEqual(claims(en.landing));
  expect(claims(fr.landing)).toEqual(['300', '247', '85', '50', '3', '40', '60', '75']);
});

test('the legal pages carry the English date, in French', () => {
  expect(frenchMonthYear(LEGAL_LAST_UPDATED)).toBe('décembre 2024');
  for (const page of [fr.privacy, fr.terms]) expect(page.lastUpdated).toBe('décembre 2024');
  expect(() => frenchMonthYear('2024-12')).toThrow('not a "Month YYYY" date');
});

test("the trust row repeats the French privacy policy's words, linking to the section that says them", () => {
  for (const { text, section } of fr.proof.trust.items) {
    const found = fr.privacy.sections.find((candidate) => candidate.id === section)!;
    expect([...found.paragraphs, ...(found.list ?? [])].join(' ').toLowerCase(), text).toContain(text.toLowerCase());
  }
});

describe('French typography', () => {
  test('every French string is typeset: no breakable space before « : ; ! ? % » or inside guillemets, no typewriter apostrophe or quote', () => {
    for (const text of strings(fr)) {
      expect(text).not.toMatch(/ [:;!?%»]|« |['"]/);
      expect(typesetFrench(text)).toBe(text);
    }
  });

  test('"2 à 3 minutes": the call window the French way', () => {
    expect(strings(fr.landing).join(' ')).toContain('2 à 3 minutes');
  });
});
