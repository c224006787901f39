// Text a stranger's website wrote, made safe to put in the assistant's prompt or mouth: one line, no
// control characters, capped at whole characters and words, and, in the prompt, quoted so that it
// reads as data. A site can say anything ("Ignore previous instructions..."): what it says is what
// the brand claims, never what the assistant is told to do.

/**
 * The longest start of `text` that fits in `max` UTF-16 units, cut at a whole character as a reader
 * sees it (a grapheme cluster: an emoji, a flag, a letter with its accents): `slice` could cut an
 * emoji in half and leave a lone surrogate, which is not text.
 */
export function cutAtCharacter(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = '';
  for (const { segment } of new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)) {
    if (cut.length + segment.length > max) break;
    cut += segment;
  }
  return cut;
}

/** Control, format and separator characters (newlines, bidi overrides, zero-width, U+2028) become spaces. */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu;

/**
 * `text` on one line, at most `max` UTF-16 units: cut at the last space when there is one in the
 * second half, so that a figure such as "$250,000" is never halved into one the site did not state,
 * and ended with an ellipsis when cut.
 */
export function oneLine(text: string, max: number): string {
  const line = text.replace(UNPRINTABLE, ' ').replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  let cut = cutAtCharacter(line, max - 1);
  const space = cut.lastIndexOf(' ');
  if (space >= max / 2) cut = cut.slice(0, space);
  return `${cut.trimEnd()}…`;
}

/** `text` as one quoted, capped line, in JSON's quoting: a quote or backslash inside cannot end it early. */
export const quoted = (text: string, max: number): string => JSON.stringify(oneLine(text, max));
