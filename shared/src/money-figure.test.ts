import { describe, expect, it } from 'vitest';
import { figureSpans, moneyFigures } from './money-figure.ts';

describe('moneyFigures', () => {
  it.each<[string, string[]]>([
    ['from $189,500 to $412,000.', ['$189,500', '$412,000']],
    ['$50K+ average ROI and 85% admin time saved', ['$50k', '85%']],
    [
      '€80.000, £25 k, 1.5 million, 3 billion, 40 percent, 12,000 USD, 500 dollars',
      ['€80.000', '£25k', '1.5million', '3billion', '40percent', '12,000usd', '500dollars'],
    ],
    ['Droit d’entrée : 35 000 € HT ; redevance 5\u00a0% ; apport 1\u202f200\u202f000 €', ['35000€', '5%', '1200000€']],
    ['Franchising Fees ₹ 30 Lacs, Rs. 5 lakh, 150 K€, 2 crores', ['₹30lacs', '5lakh', '150k', '2crores']],
    ['lasts at most 5 minutes; Item 19; open 7am-9pm; call +1 512-555-0142; 01 23 45 67 89', []],
  ])('in %j', (text, figures) => {
    expect(moneyFigures(text)).toEqual(figures);
  });

  it('gives where each figure is', () => {
    const text = 'Fee: $35,000; royalty 6 %.';
    expect(figureSpans(text).map(({ start, end }) => text.slice(start, end))).toEqual(['$35,000', '6 %']);
  });
});
