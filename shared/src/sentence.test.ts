import { describe, expect, it } from 'vitest';
import { endSentence } from './sentence.ts';

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
