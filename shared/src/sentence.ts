// Sentences built around a name someone typed ("Bramblewood Bagel Co."): the name may already end
// the sentence, and a stop added after it would read "Co..", in the mail and in the prompt alike.

/** A sentence's closing punctuation, and any closing quotes or brackets after it. */
const ENDED = /[.!?…]["'”’)\]»]*$/u;

/** `text` ended as a sentence: a full stop added unless it ends with one already ("… Bagel Co." stays as it is). */
export const endSentence = (text: string): string => (ENDED.test(text) ? text : `${text}.`);
