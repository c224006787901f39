// Just enough HTML reading for the static checks: the prerendered markup is react-dom/server's
// output plus the head tags of scripts/prerender.mjs, both regular enough for these patterns.

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') return String.fromCodePoint(name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Visible-ish text of a fragment: comments (React's `<!-- -->` separators) and tags removed, entities decoded, whitespace collapsed. */
export function textOf(html: string): string {
  return decode(
    html
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<[^>]+>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
}

/** The attributes of one start tag's source, e.g. `<meta name="x" content="y" />`. */
export function attributesOf(tag: string): Record<string, string | true> {
  const attributes: Record<string, string | true> = {};
  const body = tag.replace(/^<[a-z][\w-]*/i, '').replace(/\/?>$/, '');
  for (const match of body.matchAll(/([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    attributes[match[1]!.toLowerCase()] = match[2] ?? match[3] ?? match[4] ?? true;
  }
  for (const [name, value] of Object.entries(attributes)) if (typeof value === 'string') attributes[name] = decode(value);
  return attributes;
}

/** Every start tag of `name` in `html`, with its attributes. */
export function tags(html: string, name: string): Array<Record<string, string | true>> {
  return [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'gi'))].map((match) => attributesOf(match[0]));
}

export interface Element {
  attributes: Record<string, string | true>;
  /** Text content. */
  text: string;
}

/** Every `<name>…</name>` element (not nested in another of the same name), with its text. */
export function elements(html: string, name: string): Element[] {
  return [...html.matchAll(new RegExp(`(<${name}\\b[^>]*>)([\\s\\S]*?)</${name}>`, 'gi'))].map((match) => ({
    attributes: attributesOf(match[1]!),
    text: textOf(match[2]!),
  }));
}

export interface Heading {
  level: number;
  text: string;
}

export function headings(html: string): Heading[] {
  return [...html.matchAll(/<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/gi)].map((match) => ({ level: Number(match[1]), text: textOf(match[2]!) }));
}

export interface Document {
  html: string;
  head: string;
  body: string;
  /** Text of the body. */
  text: string;
}

export function parse(html: string): Document {
  const head = /<head>([\s\S]*?)<\/head>/i.exec(html)?.[1] ?? '';
  const body = /<body>([\s\S]*?)<\/body>/i.exec(html)?.[1] ?? '';
  return { html, head, body, text: textOf(body) };
}

/** The `content` of `<meta name=…>` or `<meta property=…>`; undefined when absent. */
export function meta(document: Document, key: string): string | undefined {
  const found = tags(document.head, 'meta').find((tag) => tag['name'] === key || tag['property'] === key);
  return typeof found?.['content'] === 'string' ? found['content'] : undefined;
}
