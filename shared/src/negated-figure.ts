import { figureSpans } from './money-figure.ts';

// A site that says "We are not a $300k investment" does not state a $300k investment: a reader that
// takes the figure out of its sentence turns a denial into an offer, and the assistant would then
// quote it to a candidate. So a sentence whose money figure sits in a negated clause is not a source
// of figures, for the profile's facts and for the knowledge the prompt quotes alike. Told wrongly
// the other way, the cost is small (one sentence less), so any doubt counts as a negation.

/**
 * Where a clause ends: a sentence's end (a block of several sentences is read sentence by sentence), a comma or semicolon that is not inside a number ("$35,000"), a colon, a dash,
 * a bracket, or a contrast ("but", "mais"): "The fee is $35,000, with no royalty the first year"
 * states the fee; only the clause holding the figure counts.
 */
const CLAUSE_END = /[.!?…](?=\s)|[,;](?!\d)|[:()[\]|–—]|\s-\s|\b(?:but|yet|while|whereas|although|mais|alors que|tandis que|cependant|pourtant)\b/giu;

/**
 * English and French words that deny what follows: not, never, no, none, nor, without, "n't";
 * ne … pas / jamais / plus / aucun(e) / sans / ni / pas. "No." before a number is "number", not "no".
 */
const NEGATION =
  /\b(?:not|never|no(?!\.\s?\d)|none|nor|neither|without|cannot|\w+n['’]t|sans|aucune?s?|jamais|pas|ni)\b|\b(?:ne\b|n['’]).*?\b(?:pas|plus|jamais|point|guère|aucune?|rien)\b/giu;

/**
 * Words that look like a negation and are none: "not only $X" and "pas seulement" add to X; "no more
 * than $X" and "not less than $X" bound X (a net-worth minimum is stated, not denied); "ne … que" is "only".
 */
const NOT_A_NEGATION =
  /^(?:not|pas|non|\w+n['’]t)\s+(?:only|just|merely|simply|seulement|uniquement|simplement|que)\b|^(?:no|not)\s+(?:more|less|fewer|later|earlier|sooner)\s+than\b|^not\s+(?:exceeding|to\s+exceed)\b/iu;

/** Each clause of `sentence`, with where it starts and ends. */
function clauses(sentence: string): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  let start = 0;
  for (const match of sentence.matchAll(CLAUSE_END)) {
    spans.push({ start, end: match.index });
    start = match.index + match[0].length;
  }
  spans.push({ start, end: sentence.length });
  return spans;
}

/** Whether `clause` holds a word that denies what it says. */
function denies(clause: string): boolean {
  for (const match of clause.matchAll(NEGATION)) {
    // From the negation's last word: "n'est pas seulement" is read from "pas".
    const last = match.index + match[0].search(/\S+$/u);
    if (!NOT_A_NEGATION.test(clause.slice(last))) return true;
  }
  return false;
}

/**
 * Whether `sentence` states one of its money figures in a negation ("We are not a $300k investment",
 * "Ce n'est pas un investissement de 300 000 €", "no franchise fee of $50,000", "sans apport de 50 000 €"):
 * the figure's clause holds a negation in English or French. False for a sentence with no money figure,
 * and for "not only $X", "no more than $X" or "ne coûte que X €", which state X.
 */
export function negatedFigure(sentence: string): boolean {
  const figures = figureSpans(sentence);
  if (figures.length === 0) return false;
  return clauses(sentence).some(
    (clause) => figures.some((figure) => figure.start < clause.end && figure.end > clause.start) && denies(sentence.slice(clause.start, clause.end)),
  );
}
