// French texts are written with ordinary spaces and apostrophes, once, and typeset here wherever
// French is shown, spoken or mailed: the site's pages, the widget's copy, the agent's first and
// last words, the visitor's mail. Each space becomes one that no line break can take from its mark.

const NO_BREAK = '\u00a0';
const NARROW_NO_BREAK = '\u202f';
/** A space before a mark as a writer may have typed it: plain, no-break, narrow no-break or thin. */
const SPACE = '[ \\u00a0\\u202f\\u2009]';

/** What is not prose and is left as written: URLs, e-mail addresses, and emoticons such as :) or ;-). */
const VERBATIM = /((?:https?:\/\/|mailto:|www\.)[^\s«»]+|[\w.+'’-]+@[\w-]+(?:\.[\w-]+)+|[:;]-?[()DPpOo3|/\\*[\]](?![\p{L}\p{N}]))/u;

const RULES: ReadonlyArray<readonly [RegExp, string]> = [
  [new RegExp(`${SPACE}+(?=[;!?])`, 'g'), NARROW_NO_BREAK],
  [new RegExp(`${SPACE}+(?=[:%])`, 'g'), NO_BREAK],
  [new RegExp(`«${SPACE}*`, 'g'), `«${NO_BREAK}`],
  [new RegExp(`${SPACE}*»`, 'g'), `${NO_BREAK}»`],
  [/'/g, '’'],
];

const typesetValue = (value: unknown): unknown => {
  if (typeof value === 'string')
    return value
      .split(VERBATIM)
      .map((part, index) => (index % 2 === 0 ? RULES.reduce((typeset, [mark, space]) => typeset.replace(mark, space), part) : part))
      .join('');
  if (Array.isArray(value)) return value.map(typesetValue);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, typesetValue(item)]));
  return value;
};

/**
 * French typography as the Imprimerie nationale's *Lexique des règles typographiques* sets it, the
 * French reference: a narrow no-break space (U+202F, its « espace fine insécable ») before ; ! ?, a
 * word-wide no-break space (U+00A0, its « espace insécable ») before : and inside « », and before %
 * as Intl.NumberFormat('fr') writes it, so a figure the code formats reads the same; ’ for '.
 * A space typed before a mark is replaced and none is added there, so 10:30 stays as written;
 * guillemets get theirs either way. Idempotent. A string is typeset, then its `{slot}`s filled from
 * `slots` as written (a visitor's name, a site's words: theirs, not ours to set); an object or
 * array has every string in it typeset, at any depth (a content object, a copy table).
 */
export function typesetFrench(text: string, slots?: Readonly<Record<string, string>>): string;
export function typesetFrench<T extends object>(texts: T): T;
export function typesetFrench(value: string | object, slots?: Readonly<Record<string, string>>): unknown {
  const typeset = typesetValue(value);
  return slots && typeof typeset === 'string'
    ? typeset.replace(/\{(\w+)\}/g, (slot, name: string) => (Object.hasOwn(slots, name) ? slots[name]! : slot))
    : typeset;
}
