// Sentences built around a name someone typed ("Bramblewood Bagel Co."): the name may already end
// the sentence, and a stop added after it would read "Co..", in the mail and in the prompt alike.

/** A sentence's closing punctuation, and any closing quotes or brackets after it. */
const ENDED = /[.!?…]["'”’)\]»]*$/u;

/** `text` ended as a sentence: a full stop added unless it ends with one already ("… Bagel Co." stays as it is). */
export const endSentence = (text: string): string => (ENDED.test(text) ? text : `${text}.`);

/**
 * Words whose stop ends no sentence: titles, a business's own abbreviations and a street's, in
 * English and French ("Dr. Tim Collins", "Bramblewood Bagel Co. Ltd.", "N. Wall St. Spokane").
 */
const ABBREVIATION =
  /^(?:dr|drs|mr|mrs|ms|mme|mmes|mlle|mlles|me|m|messrs|prof|pr|st|ste|sts|mt|ft|rd|ave|av|blvd|bd|hwy|apt|no|nos|n°|inc|co|corp|ltd|llc|sa|sas|sarl|jr|sr|vs|etc|approx|dept|est|fig|tel|tél|ex|cf|env|min|max|ca|[a-z])$/i;

/**
 * The sentences of a block of text, in order, each whole: split after a stop (with any closing
 * quote or bracket) that a space and a word not in lower case follow, except after an abbreviation
 * or an initial ("Tejas S. Desai"). A block is the site's own run of text, so
 * every sentence is a part of it.
 */
export function sentencesOf(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of text.matchAll(/[.!?…](?:["'”’)\]]|\s?»)*\s+(?=[^\s\p{Ll}])/gu)) {
    const stop = text[match.index];
    // The word the stop ends, when it is a word of its own ("Dr", "S"), not a figure's unit ("$400K").
    const word = /(?:^|[\s(])([\p{L}°.]+)$/u.exec(text.slice(start, match.index))?.[1] ?? '';
    // An abbreviation or an initial is followed by more of the same sentence; an initialism ("the
    // U.S. Spavia's model…") may end one, and is taken to.
    if (stop === '.' && ABBREVIATION.test(word)) continue;
    const end = match.index + match[0].length;
    sentences.push(text.slice(start, end).trim());
    start = end;
  }
  sentences.push(text.slice(start).trim());
  return sentences.filter(Boolean);
}

/** `text`'s first whole sentences that fit in `max` characters together (all of it when it fits); '' when not even the first does. */
export function sentencesWithin(text: string, max: number): string {
  if (text.length <= max) return text;
  let kept = '';
  for (const sentence of sentencesOf(text)) {
    const next = kept ? `${kept} ${sentence}` : sentence;
    if (next.length > max) break;
    kept = next;
  }
  return kept;
}
