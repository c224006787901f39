// A site's own label is kept and the panel's left out, so no line reads "Investment: Total investment: …".

/** A few words and a colon at the start of a fact: the site's own label. Digits excluded, so "9:00" is no label. */
const OWN_LABEL = /^\p{L}[\p{L}'’\- ]{0,38}?[ \u00A0\u202F]?:\s/u;
/** The most words such a label has: a sentence with a colon after many words is no label. */
const MAX_LABEL_WORDS = 4;

export function hasOwnLabel(text: string): boolean {
  const label = OWN_LABEL.exec(text)?.[0];
  return label !== undefined && label.trim().split(/\s+/).length <= MAX_LABEL_WORDS + 1;
}
