import { Parser } from 'htmlparser2';
import { DomHandler, isTag, isText, type AnyNode, type Document, type Element } from 'domhandler';

// A web page read with a real HTML parser (htmlparser2: small, pure JS, forgiving of the broken
// markup real sites serve, and it decodes entities), and the few views of it that the page choice
// and the profile extraction need. Nothing here throws on hostile markup: the parser never does,
// and JSON-LD that is not JSON is skipped.

export type { Document, Element };

/**
 * What one page may cost before anything is extracted from it, far beyond what real sites need
 * (the deepest of the saved real sites nests 15 elements, the largest has 835 elements and 43,000
 * characters of text). A page under the byte cap could otherwise cost many seconds of CPU:
 * htmlparser2 keeps its open elements in an array it adds to at the front at every tag, so nesting
 * costs the square of its depth (128,000 nested `<div>`s, 640 KB, took 2 to 7 s to parse and as
 * much again to extract). Both hosts parse with these, n8n in its Code nodes too (SECURITY.md).
 */
export const PAGE_LIMITS: PageLimits = {
  /** Elements open at once: half of the 512 Chrome's parser nests before it stops nesting. */
  maxDepth: 256,
  /** Elements (and comments) in the page: 14 times the 1,400 at which Lighthouse calls a page's DOM excessive. */
  maxElements: 20_000,
  /** Characters of text (script and style included): half of the largest page the reader fetches. */
  maxTextChars: 500_000,
};

export interface PageLimits {
  maxDepth: number;
  maxElements: number;
  maxTextChars: number;
}

/** The limit a page passed, where its reading stopped. */
export type PageCut = 'depth' | 'elements' | 'text';

/** What the parser has met so far. */
export interface PageCost {
  depth: number;
  elements: number;
  textChars: number;
}

/** The limit `cost` is past, if any: the page is read no further than the markup before it. */
export function pageCut(cost: PageCost, limits: PageLimits): PageCut | null {
  if (cost.depth > limits.maxDepth) return 'depth';
  if (cost.elements > limits.maxElements) return 'elements';
  if (cost.textChars > limits.maxTextChars) return 'text';
  return null;
}

/** The page as parsed up to the first limit it passes (all of it when it passes none), and that limit. */
export function parsePage(html: string, limits: PageLimits = PAGE_LIMITS): { doc: Document; cut: PageCut | null } {
  const handler = new DomHandler();
  const cost: PageCost = { depth: 0, elements: 0, textChars: 0 };
  let cut: PageCut | null = null;
  // The parser is paused at the first limit passed: it reads no further, and what it built so far
  // is the page. Events it still emits on the way to the pause are dropped.
  const stop = (at: PageCut): void => {
    cut = at;
    parser.pause();
  };
  const parser = new Parser(
    {
      onparserinit: (p) => handler.onparserinit(p),
      onreset: () => handler.onreset(),
      onend: () => handler.onend(),
      onerror: (error) => handler.onerror(error),
      onopentag: (name, attribs) => {
        if (cut) return;
        cost.depth += 1;
        cost.elements += 1;
        const passed = pageCut(cost, limits);
        if (passed) return stop(passed);
        handler.onopentag(name, attribs);
      },
      onclosetag: () => {
        if (cut) return;
        cost.depth -= 1;
        handler.onclosetag();
      },
      ontext: (data) => {
        if (cut) return;
        const room = limits.maxTextChars - cost.textChars;
        cost.textChars += data.length;
        if (data.length <= room) return handler.ontext(data);
        // The text up to the limit is kept: a page of one long paragraph still says something.
        if (room > 0) handler.ontext(data.slice(0, room));
        stop('text');
      },
      oncomment: (data) => {
        if (cut) return;
        // A comment costs a node as an element does: a page of empty comments counts them.
        cost.elements += 1;
        const passed = pageCut(cost, limits);
        if (passed) return stop(passed);
        handler.oncomment(data);
      },
      oncommentend: () => !cut && handler.oncommentend(),
      oncdatastart: () => !cut && handler.oncdatastart(),
      oncdataend: () => !cut && handler.oncdataend(),
      onprocessinginstruction: (name, data) => !cut && handler.onprocessinginstruction(name, data),
    },
    { lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return { doc: handler.root, cut };
}

export const parseHtml = (html: string): Document => parsePage(html).doc;

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

/**
 * The text of `node` and its descendants, as the parser decoded it; with `enough`, only its start,
 * once that holds `enough` characters other than whitespace (so its squashed start is the whole
 * text's). Links nested in links each read their whole subtree otherwise.
 */
export function textOf(node: AnyNode, enough = Number.POSITIVE_INFINITY): string {
  if (isText(node)) return node.data;
  if (!('children' in node)) return '';
  let text = '';
  let visible = 0;
  const stack: AnyNode[] = [node];
  while (stack.length > 0 && visible < enough) {
    const current = stack.pop()!;
    if (isText(current)) {
      text += current.data;
      if (enough !== Number.POSITIVE_INFINITY) visible += current.data.replace(/\s+/g, '').length;
    } else if ('children' in current) for (let i = current.children.length - 1; i >= 0; i--) stack.push(current.children[i]!);
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

/** Whether an element named `name` is anywhere under `node`; the search ends at the first. */
function contains(node: AnyNode, name: string): boolean {
  const stack: AnyNode[] = [node];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (current !== node && isTag(current) && current.name === name) return true;
    if ('children' in current) for (const child of current.children) stack.push(child);
  }
  return false;
}

/**
 * Not the page's own content. `inContentHeader`: an enclosing `<header>` was found to hold no
 * `<nav>`, so neither does this one, and its search is not made again at every level of a page
 * that nests headers.
 */
export const isBoilerplate = (element: Element, inContentHeader = false): boolean =>
  NOT_CONTENT.has(element.name) ||
  BOILERPLATE_ROLES.has(attribute(element, 'role').toLowerCase()) ||
  'hidden' in element.attribs ||
  attribute(element, 'aria-hidden').toLowerCase() === 'true' ||
  // A site header is its logo and menu, not its content.
  (element.name === 'header' && !inContentHeader && contains(element, 'nav'));

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
  // Content headers (without a nav) the walk is inside.
  let contentHeaders = 0;
  // Work items: a node to visit, the end of a block element, or the end of a content header.
  const stack: Array<AnyNode | { close: true } | { headerEnd: true }> = [doc];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if ('headerEnd' in item) {
      contentHeaders -= 1;
      continue;
    }
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
      if (isBoilerplate(item, contentHeaders > 0)) continue;
      if (item.name === 'br') {
        flush();
        continue;
      }
      if (item.name === 'header') {
        contentHeaders += 1;
        stack.push({ headerEnd: true });
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
