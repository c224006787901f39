import { describe, expect, it } from 'vitest';
import { negatedFigure } from './negated-figure.ts';

// A figure the site denies is no figure of the site's: the sentence that denies it is not a source.

describe('negatedFigure', () => {
  it.each([
    'We are not a $300k investment.',
    'We are NOT a $300k investment, and never will be.',
    "You don't need $500,000 to start, just $80,000.",
    "It isn't a $1 million business.",
    'There is no franchise fee of $35,000 here.',
    'No $50,000 franchise fee.',
    'Never pay $10,000 for marketing again.',
    'Open your store without $200,000 in the bank.',
    'Unlike other brands, we do not charge a 6% royalty.',
    'A $300k investment is not required.',
    'None of our owners paid $100,000.',
    'Ce n’est pas un investissement de 300 000 €.',
    "Ce n'est pas un investissement de 300 000 €.",
    'Nous ne demandons jamais 30 000 € d’avance.',
    'Le réseau ne facture plus de redevance de 5 %.',
    'Le droit d’entrée n’était plus de 20 000 € depuis 2020.',
    'Aucun droit d’entrée de 25 000 € n’est demandé.',
    'Ouvrez votre agence sans apport de 50 000 €.',
    'Pas de redevance de 4 % sur le chiffre d’affaires.',
  ])('%j denies its figure', (sentence) => {
    expect(negatedFigure(sentence)).toBe(true);
  });

  it.each([
    'The initial franchise fee is $35,000.',
    'Franchise fee $35,000, total cost $613,000–$1,137,500.',
    'The fee is $35,000, with no royalty for the first year.',
    'Not only $35,000 for the fee: training and opening support come with it.',
    'We are not just a $35k franchise fee, we are a family.',
    'A net worth of not less than $250,000 is required.',
    'Liquid capital of no more than $50,000 is enough to start.',
    'Le droit d’entrée ne s’élève qu’à 25 000 €.',
    'Le droit d’entrée est de 25 000 € HT, non remboursable.',
    'Ce n’est pas seulement 30 000 € : c’est un accompagnement complet.',
    'Franchising Fees: ₹ 30 Lacs',
    'Ranked No. 1 frozen yogurt franchise, with a $25,000 fee.',
    'We do not sell franchises.',
    'No hidden fees.',
    'Investment: $150,000 to $300,000. No franchise fee the first year.',
  ])('%j states its figure (or has none)', (sentence) => {
    expect(negatedFigure(sentence)).toBe(false);
  });
});
