// French typography for the French content, applied once to every string of a content
// object, so the texts are written with ordinary spaces and still print as French typesetters
// would: a narrow no-break space before « ; ! ? » and a percent sign, a no-break space before a
// colon and inside « guillemets » (the space then never breaks a line before the mark), and the
// typographic apostrophe (’) for the typewriter one.

const NARROW_NBSP = '\u202f';
const NBSP = '\u00a0';

/** One string, typeset. */
export const typesetText = (text: string): string =>
  text
    .replace(/ ([;!?%])/g, `${NARROW_NBSP}$1`)
    .replace(/ :/g, `${NBSP}:`)
    .replace(/« /g, `«${NBSP}`)
    .replace(/ »/g, `${NBSP}»`)
    .replace(/'/g, '’');

/** `value` with every string in it typeset, whatever its depth (a content object). */
export function typeset<T>(value: T): T {
  if (typeof value === 'string') return typesetText(value) as T;
  if (Array.isArray(value)) return value.map(typeset) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, typeset(item)])) as T;
  return value;
}
