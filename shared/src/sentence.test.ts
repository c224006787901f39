import { describe, expect, it } from 'vitest';
import { endSentence, sentencesOf, sentencesWithin } from './sentence.ts';

describe('endSentence: one stop, never two', () => {
  it.each([
    ['Thank you for trying the agent built for Acme Burgers', 'Thank you for trying the agent built for Acme Burgers.'],
    ['built for Bramblewood Bagel Co.', 'built for Bramblewood Bagel Co.'],
    ['built for Yahoo!', 'built for Yahoo!'],
    ['built for Why Not?', 'built for Why Not?'],
    ['built for “Acme.”', 'built for “Acme.”'],
    ['built for Acme (Lyon.)', 'built for Acme (Lyon.)'],
    ['built for Acme…', 'built for Acme…'],
    // A stop inside the name is not its end.
    ['built for A.B. Bakers', 'built for A.B. Bakers.'],
  ])('%j -> %j', (text, expected) => {
    expect(endSentence(text)).toBe(expected);
  });
});

describe('sentencesOf: whole sentences, abbreviations and initials inside them', () => {
  it.each([
    ['Hillcrest dentist Dr. Tim Collins, DDS welcomes you! General dentistry.', ['Hillcrest dentist Dr. Tim Collins, DDS welcomes you!', 'General dentistry.']],
    ['Dr. Tejas S. Desai and his team welcome you.', ['Dr. Tejas S. Desai and his team welcome you.']],
    ['5511 N. Wall St. Spokane is our first store. Come in.', ['5511 N. Wall St. Spokane is our first store.', 'Come in.']],
    ['The cash investment is $300K to $400K. As you will see, it pays.', ['The cash investment is $300K to $400K.', 'As you will see, it pays.']],
    ['Mme Dupont vous accueille. « Bienvenue ! » Entrez.', ['Mme Dupont vous accueille.', '« Bienvenue ! »', 'Entrez.']],
  ])('%s', (text, sentences) => {
    expect(sentencesOf(text)).toEqual(sentences);
  });

  it('keeps whole sentences within a length, or none', () => {
    expect(sentencesWithin('One two. Three four five.', 9)).toBe('One two.');
    expect(sentencesWithin('One two three four.', 9)).toBe('');
    expect(sentencesWithin('Short.', 9)).toBe('Short.');
  });
});
