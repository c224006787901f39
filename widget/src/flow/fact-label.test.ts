import { expect, it } from 'vitest';
import { hasOwnLabel } from './fact-label.ts';

it.each<[string, boolean]>([
  ['Total investment: $250,000 - $400,000', true],
  ['Franchise fee: $35,000', true],
  ['Investissement total\u202F: 250\u00A0000\u00A0€', true],
  ['Droit d’entrée : 30 000 €', true],
  ['Hours: Mon-Fri 7am-3pm', true],
  // Not a label: the fact itself.
  ['$250,000 - $400,000', false],
  ['Open 9:00 to 17:00', false],
  ['https://bramblewood.example/franchise', false],
  ['We support every franchisee with training, marketing and a field team: from day one', false],
  ['Royalty of 6% of gross sales', false],
])('hasOwnLabel(%j) is %s: the site labelled the fact itself, so the panel adds no label', (text, labelled) => {
  expect(hasOwnLabel(text)).toBe(labelled);
});
