// Money and performance figures as a site writes them, found the same way wherever the project looks
// for one: in the prompt, to check that every figure it carries is the site's (agent-scenario.ts),
// and in a sentence, to tell whether it states the figure or denies it (negated-figure.ts).

/** A number: digits with commas or dots, or grouped by spaces as French writes it ("35 000", "1 200 000"). */
const NUMBER = String.raw`\d{1,3}(?:[\u0020\u00a0\u202f]\d{3})+(?:[.,]\d+)?|\d[\d,.]*`;
/** A scale word after a number ("1.5 million", "30 Lacs", "€80K"). */
const SCALE = 'k|m|bn|million|billion|thousand|lakhs?|lacs?|crores?';

/**
 * A figure: a currency sign before the number ("$150,000", "€ 35 000", "₹ 30 Lacs"), or a unit or
 * currency after it ("6%", "6 %", "35 000 €", "12,000 USD", "500 dollars", "5 lakh", "150 K€"). A
 * word before the number ("Rs. 5") is not looked for: in the prompt, JSON's quoting can join it to
 * the letter of an escape ("\nRs"), and the same text would then read differently in the profile.
 */
export const MONEY_FIGURE = new RegExp(
  String.raw`[$€£₹]\s?(?:${NUMBER})(?:\s?(?:${SCALE})\b)?` +
    String.raw`|(?:${NUMBER})\s?(?:%|[$€£₹]|(?:${SCALE}|percent|usd|eur|gbp|inr|dollars?|euros?|pounds?|rupees?)\b)`,
  'giu',
);

/** A figure written the same way however it is spaced or cased: lower-case, without spaces or a trailing stop. */
const normalised = (figure: string): string =>
  figure
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/[.,]+$/, '');

/**
 * Money and performance figures as written ("$150,000", "€80K", "1.5 million", "6%", "35 000 €"),
 * normalised so that the same figure written twice compares equal.
 */
export const moneyFigures = (text: string): string[] => [...text.matchAll(MONEY_FIGURE)].map(([figure]) => normalised(figure));

/** Each figure in `text` and where it starts and ends. */
export const figureSpans = (text: string): { start: number; end: number }[] =>
  [...text.matchAll(MONEY_FIGURE)].map((match) => ({ start: match.index, end: match.index + match[0].length }));
