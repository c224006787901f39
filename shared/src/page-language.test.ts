import { expect, it } from 'vitest';
import { textLanguage } from './page-language.ts';

it('tells French from English by their common words, whatever the lang attribute said', () => {
  expect(textLanguage('Notre boulangerie vous accueille du lundi au samedi avec du pain et des viennoiseries de la maison.')).toBe('fr');
  expect(textLanguage('Our bakery is open from Monday to Saturday with bread and pastries from the oven for you and your family.')).toBe('en');
  expect(textLanguage('Pizza Rita')).toBeNull();
});
