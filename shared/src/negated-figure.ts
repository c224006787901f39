// Placeholder until the prompt work lands: a sentence that denies a money figure.
const FIGURE = /[$€£₹]\s?\d|\d[\d\s.,]*\s?(?:€|%|k€|lacs?|lakhs?)/i;
const NEGATION = /\b(?:not|never|no|isn['’]t|aren['’]t|without|n['’]est pas|ne\b[^.]{0,40}\bpas|sans|aucun|aucune|jamais)\b|n['’]t\b/i;
export function negatedFigure(sentence: string): boolean {
  const at = sentence.search(FIGURE);
  if (at < 0) return false;
  const before = sentence.slice(0, at);
  return NEGATION.test(before) && !/\bnot only\b|\bnon seulement\b/i.test(before);
}
