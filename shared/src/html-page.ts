import { parseDocument } from 'htmlparser2';
import { isTag, isText, type AnyNode, type Document, type Element } from 'domhandler';

// A web page read with a real HTML parser (htmlparser2: small, pure JS, forgiving of the broken
// markup real sites serve, and it decodes entities), and the few views of it that the page choice
// and the profile extraction need. Nothing here throws on hostile markup: the parser never does,
// and JSON-LD that is not JSON is skipped.

export type { Document, Element };

export const parseHtml = (html: string): Document => parseDocument(html, { lowerCaseTags: true, lowerCaseAttributeNames: true });

/** Whitespace runs as one space, trimmed: how text is compared and shown. */
export const squash = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Every element under `node`, in document order, descending into all but the ones `skip` refuses. */
export function elements(node: AnyNode, skip: (element: Element) => boolean = () => false): Element[] {
  const found: Element[] = [];
  // An explicit stack: a page nested thousands deep must not exhaust the call stack.
  const stack: AnyNode[] = [node];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (isTag(current)) {
      if (current !== node && skip(current)) continue;
      if (current !== node) found.push(current);
    }
    const children = 'children' in current ? current.children : [];
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return found;
}

export const attribute = (element: Element, name: string): string => element.attribs[name] ?? '';

/** The text of `node` and its descendants, as the parser decoded it. */
export function textOf(node: AnyNode): string {
  if (isText(node)) return node.data;
  if (!('children' in node)) return '';
  let text = '';
  const stack: AnyNode[] = [node];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (isText(current)) text += current.data;
    else if ('children' in current) for (let i = current.children.length - 1; i >= 0; i--) stack.push(current.children[i]!);
  }
  return text;
}

/** `<title>`, squashed, or ''. */
export function titleOf(doc: Document): string {
  const title = elements(doc).find((element) => element.name === 'title');
  return title ? squash(textOf(title)) : '';
}

/** The content of `<meta name=…>` or `<meta property=…>` (Open Graph), squashed, or ''. */
export function metaContent(doc: Document, key: string): string {
  const meta = elements(doc).find(
    (element) => element.name === 'meta' && (attribute(element, 'name').toLowerCase() === key || attribute(element, 'property').toLowerCase() === key),
  );
  return meta ? squash(attribute(meta, 'content')) : '';
}

/** Every JSON-LD script's parsed value; a script that is not JSON is skipped. */
export function jsonLdValues(doc: Document): unknown[] {
  const values: unknown[] = [];
  for (const script of elements(doc)) {
    if (script.name !== 'script' || attribute(script, 'type').trim().toLowerCase() !== 'application/ld+json') continue;
    try {
      values.push(JSON.parse(textOf(script)));
    } catch {
      // Broken structured data says nothing; the page's text may still.
    }
  }
  return values;
}

/** Elements whose content is not what a visitor reads as the page's own text: code, chrome, hidden parts. */
const NOT_CONTENT = new Set(['script', 'style', 'noscript', 'template', 'svg', 'iframe', 'object', 'head', 'nav', 'footer', 'button', 'select', 'form']);
const BOILERPLATE_ROLES = new Set(['navigation', 'contentinfo', 'banner']);

export const isBoilerplate = (element: Element): boolean =>
  NOT_CONTENT.has(element.name) ||
  BOILERPLATE_ROLES.has(attribute(element, 'role').toLowerCase()) ||
  'hidden' in element.attribs ||
  attribute(element, 'aria-hidden').toLowerCase() === 'true' ||
  // A site header is its logo and menu, not its content.
  (element.name === 'header' && elements(element).some((inner) => inner.name === 'nav'));

const BLOCK = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'caption',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'tr',
  'ul',
]);

export const HEADING = /^h[1-6]$/;

/** One run of visible text: its block element (`p`, `li`, `h2`…) and the heading it stands under. */
export interface TextBlock {
  tag: string;
  text: string;
  heading: string;
}

/**
 * The page's visible text as blocks, in reading order, without script, style, navigation, footer
 * and hidden parts. A `<br>` ends a block too (an hours table written with line breaks). Each
 * block is one contiguous run of the page's text, so a part of it is the site's own words.
 */
export function visibleBlocks(doc: Document): TextBlock[] {
  const blocks: TextBlock[] = [];
  let buffer = '';
  let heading = '';
  const open: string[] = [];
  const flush = () => {
    const text = squash(buffer);
    buffer = '';
    if (!text) return;
    const tag = open[open.length - 1] ?? 'body';
    blocks.push({ tag, text, heading });
    if (HEADING.test(tag)) heading = text;
  };
  // Work items: a node to visit, or the end of a block element.
  const stack: Array<AnyNode | { close: true }> = [doc];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if ('close' in item) {
      flush();
      open.pop();
      continue;
    }
    if (isText(item)) {
      buffer += item.data;
      continue;
    }
    if (isTag(item)) {
      if (isBoilerplate(item)) continue;
      if (item.name === 'br') {
        flush();
        continue;
      }
      if (BLOCK.has(item.name)) {
        flush();
        open.push(item.name);
        stack.push({ close: true });
      }
    }
    if ('children' in item) for (let i = item.children.length - 1; i >= 0; i--) stack.push(item.children[i]!);
  }
  flush();
  return blocks;
}
