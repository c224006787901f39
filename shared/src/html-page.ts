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

/** Elements whose content is no text a visitor reads: code, media, controls. */
const NOT_TEXT = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'iframe',
  'object',
  'video',
  'audio',
  'canvas',
  'head',
  'button',
  'select',
  'textarea',
  'option',
  'input',
  'label',
]);
/** The site's chrome: menus, header, footer, sidebars. Read for contact details, never as the page's own text. */
const CHROME = new Set(['nav', 'footer', 'aside']);
const CHROME_ROLES = new Set(['navigation', 'contentinfo', 'banner', 'complementary', 'search']);
/**
 * Class and id words that mark chrome or noise, as readability-style extractors read them (Mozilla
 * Readability's "unlikely candidates"): a footer written as `<div id="footer">` is a footer.
 */
const CHROME_NAMES =
  /(?:^|[\s_-])(?:footer|foot|copyright|site-?info|navbar|nav|navigation|sidebar|breadcrumbs?|social|share|sharing|skip|masthead|topbar|top-bar|header-top)(?:$|[\s_-])/i;
/** Class and id words of what is not content at all: cookie banners, screen-reader-only words, modals. */
const NOISE_NAMES =
  /(?:^|[\s_-])(?:cookies?|consent|gdpr|rgpd|sr-only|visually-hidden|screen-reader-text|modal|popup|browserupgrade|browser-upgrade|outdated)(?:$|[\s_-])/i;

/** Whether an element named `name` is anywhere under `node`; the search ends at the first. */
function contains(node: AnyNode, name: string | ((element: Element) => boolean)): boolean {
  const test = typeof name === 'string' ? (element: Element) => element.name === name : name;
  const stack: AnyNode[] = [node];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (current !== node && isTag(current) && test(current)) return true;
    if ('children' in current) for (const child of current.children) stack.push(child);
  }
  return false;
}

/**
 * A part a site writes twice, once for phones (Bootstrap's `visible-xs`, `d-md-none`, a `…XS` or
 * `…-mobile` class): a person at a computer reads the other copy, and so does the reader.
 */
const MOBILE_COPY = (element: Element): boolean =>
  attribute(element, 'class')
    .split(/\s+/)
    .some(
      (name) =>
        /^(?:visible-(?:xs|sm)|hidden-(?:md|lg|xl)|d-(?:md|lg|xl)-none|mobile-only|only-mobile|show-on-mobile)\b/.test(name) ||
        (/(?:XS|[-_]mobile|Mobile)$/.test(name) && !/^hidden/i.test(name)),
    );

const isHidden = (element: Element): boolean =>
  MOBILE_COPY(element) ||
  'hidden' in element.attribs ||
  attribute(element, 'aria-hidden').toLowerCase() === 'true' ||
  /display\s*:\s*none|visibility\s*:\s*hidden/i.test(attribute(element, 'style'));

const names = (element: Element): string => `${attribute(element, 'class')} ${attribute(element, 'id')}`;

/**
 * A form a site wraps its whole page in (ASP.NET's one form per page) holds the page: read it. Any
 * other form is its labels and prompts ("Step 1 of 2", "All fields required"), which say nothing
 * of the business.
 */
const wrapsPage = (form: Element): boolean => contains(form, (element) => element.name === 'h1' || element.name === 'h2' || element.name === 'main');

/** What a part of the page is: its own text, the site's chrome, or nothing to read. */
export type Zone = 'main' | 'chrome';

/**
 * How an element is read: `skip` (code, controls, hidden parts, forms, cookie banners), `chrome`
 * (menus, header, footer, sidebars) or `same` as its parent. `inContentHeader`: an enclosing
 * `<header>` was found to hold no `<nav>`, so neither does this one, and its search is not made again
 * at every level of a page that nests headers.
 */
export function elementZone(element: Element, inContentHeader = false): 'skip' | 'chrome' | 'same' {
  if (NOT_TEXT.has(element.name) || isHidden(element) || NOISE_NAMES.test(names(element))) return 'skip';
  if (element.name === 'form' && !wrapsPage(element)) return 'skip';
  if (CHROME.has(element.name) || CHROME_ROLES.has(attribute(element, 'role').toLowerCase())) return 'chrome';
  // A site header is its logo and menu, not its content.
  if (element.name === 'header' && !inContentHeader && contains(element, 'nav')) return 'chrome';
  // By its class or id alone, a part that holds the page's own heading is its content ("sidebar-title" around the page).
  if (
    element.name !== 'body' &&
    element.name !== 'main' &&
    element.name !== 'article' &&
    CHROME_NAMES.test(names(element)) &&
    !contains(element, (inner) => inner.name === 'h1' || inner.name === 'h2')
  )
    return 'chrome';
  return 'same';
}

/** Not the page's own content: skipped or chrome. */
export const isBoilerplate = (element: Element, inContentHeader = false): boolean => elementZone(element, inContentHeader) !== 'same';

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
  'footer',
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
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'thead',
  'tr',
  'ul',
]);

export const HEADING = /^h[1-6]$/;

/** One run of visible text: its block element (`p`, `li`, `h2`…), the heading it stands under, and where it is. */
export interface TextBlock {
  tag: string;
  text: string;
  heading: string;
  /** The page's own text, or the site's chrome (menu, header, footer, sidebar). */
  zone: Zone;
  /** How much of its text is the text of links: a block of links is a menu, whatever its markup. */
  linkShare: number;
}

/** Elements that mark letters inside a word as often as whole words: no space is read at their edges. */
const INLINE_MARKS = new Set([
  'b',
  'i',
  'em',
  'strong',
  'u',
  's',
  'small',
  'sup',
  'sub',
  'mark',
  'abbr',
  'font',
  'wbr',
  'code',
  'q',
  'cite',
  'bdi',
  'bdo',
  'ruby',
  'rt',
  'rp',
]);

const WEEKDAY = /^(?:mon|tue|wed|thu|fri|sat|sun|lun|mar|mer|jeu|ven|sam|dim)/i;

/** After CELL, a cell that is a `<th>`. */
const HEADING_CELL = '\u0002';

/** Between a table row's cells, while the row is read: the row is then written "label: value". */
const CELL = '\u0001';

/** A table row's cells as one line: "Franchise fee: $45,000", the first cell its label. */
/** A table's first row when it names the columns: three cells or more, all `<th>` (the first may be empty), no figure. */
function columnHeadings(text: string): string[] | null {
  const cells = text.split(CELL).slice(1);
  const headings = cells.map((cell) => squash(cell.replaceAll(HEADING_CELL, '')));
  const allHeadings = cells.every((cell, index) => cell.startsWith(HEADING_CELL) || (index === 0 && squash(cell) === ''));
  return cells.length >= 3 && allHeadings && !/\d/.test(text) && headings.every((heading) => heading.length <= 40) ? headings : null;
}

function rowText(text: string, table?: { rows: number; header: string[] | null }): string {
  // Each cell in its column (an empty first cell too, over a table's row labels).
  const columns = text
    .split(CELL)
    .slice(1)
    .map((cell) => squash(cell.replaceAll(HEADING_CELL, '')));
  if (table) {
    // Under headings that name the columns ("Module", "Luxury", "Regular"), a row of as many cells is
    // written with them: "Franchising Fees: Luxury ₹ 30 Lacs, Regular ₹ 20 Lacs".
    // An hours table's rows say it plainly without them ("Mardi: 8:30 18:00").
    if (table.header && columns.length === table.header.length && columns[0] && !WEEKDAY.test(columns[0])) {
      const header = table.header;
      const values = columns
        .slice(1)
        .map((value, index) => (value && header[index + 1] ? `${header[index + 1]} ${value}` : value))
        .filter(Boolean);
      if (values.length > 0) return `${columns[0]}${/[:：]$/.test(columns[0]) ? '' : ':'} ${values.join(', ')}`;
    }
  }
  const cells = columns.filter(Boolean);
  if (cells.length < 2) return cells[0] ?? '';
  const [label, ...values] = cells;
  const value = values.join(' ');
  // A value that names its own label ("Total investment" | "Total investment: $285,000") is read alone.
  if (value.toLowerCase().includes(label!.replace(/[:：]$/, '').toLowerCase())) return value;
  return `${label}${/[:：]$/.test(label!) ? '' : ':'} ${value}`;
}

/**
 * The page's text as blocks, in reading order, without script, style, controls, forms, cookie
 * banners and hidden parts; each block marked as the page's own text or its chrome. A `<br>` ends a
 * block too (an hours table written with line breaks); a table row is one block ("label: value").
 * Each block is one run of the page's text (a row, its cells'), so a part of it is the site's own words.
 */
export function pageBlocks(doc: Document): TextBlock[] {
  const blocks: TextBlock[] = [];
  let buffer = '';
  let linked = 0;
  let heading = '';
  const open: string[] = [];
  let chrome = 0;
  let links = 0;
  /** Blocks that a `<br>` began, not an element. */
  const broken = new Set<TextBlock>();
  let afterBreak = false;
  const flush = () => {
    const raw = buffer;
    const linkedChars = linked;
    buffer = '';
    linked = 0;
    const table = tables[tables.length - 1];
    if (table && raw.includes(CELL)) {
      table.rows += 1;
      if (table.rows === 1) table.header = columnHeadings(raw);
    }
    // A row of three cells or more and no figure is a list (a menu's flavours): each cell is read on its own.
    const cells = raw.includes(CELL)
      ? raw
          .split(CELL)
          .map((cell) => squash(cell.replaceAll(HEADING_CELL, '')))
          .filter(Boolean)
      : [];
    if (cells.length >= 3 && !/\d/.test(raw)) {
      const zone: Zone = chrome > 0 ? 'chrome' : 'main';
      const linkShare = Math.min(1, linkedChars / Math.max(1, squash(raw.replaceAll(CELL, ' ')).length));
      for (const cell of cells) blocks.push({ tag: 'td', text: cell, heading, zone, linkShare });
      afterBreak = false;
      return;
    }
    const text = raw.includes(CELL) ? rowText(raw, tables[tables.length - 1]) : squash(raw);
    if (!text) return;
    const tag = open[open.length - 1] ?? 'body';
    const zone: Zone = chrome > 0 ? 'chrome' : 'main';
    const block: TextBlock = { tag, text, heading, zone, linkShare: Math.min(1, linkedChars / Math.max(1, squash(raw.replaceAll(CELL, ' ')).length)) };
    if (afterBreak) broken.add(block);
    afterBreak = false;
    blocks.push(block);
    if (HEADING.test(tag) && zone === 'main') heading = text;
  };
  // Content headers (without a nav) the walk is inside.
  let contentHeaders = 0;
  // Work items: a node to visit, the end of a block element, or the end of a zone the walk is in.
  type Item = AnyNode | { close: true } | { end: 'header' | 'chrome' | 'link' | 'table' } | { space: true };
  /** The tables the walk is in, innermost last: each one's column headings once its first row named them. */
  const tables: { rows: number; header: string[] | null }[] = [];
  const stack: Item[] = [doc];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if ('space' in item) {
      buffer += ' ';
      continue;
    }
    if ('end' in item) {
      if (item.end === 'header') contentHeaders -= 1;
      else if (item.end === 'chrome') chrome -= 1;
      else if (item.end === 'table') tables.pop();
      else links -= 1;
      continue;
    }
    if ('close' in item) {
      flush();
      open.pop();
      continue;
    }
    if (isText(item)) {
      buffer += item.data;
      if (links > 0) linked += squash(item.data).length;
      continue;
    }
    if (isTag(item)) {
      const zone = elementZone(item, contentHeaders > 0);
      if (zone === 'skip') continue;
      if (item.name === 'br') {
        flush();
        afterBreak = true;
        continue;
      }
      if (item.name === 'td' || item.name === 'th') buffer += item.name === 'th' ? CELL + HEADING_CELL : CELL;
      // Parts a stylesheet sets apart ("<span>Monday - Saturday</span><span>6:30AM</span>") read apart;
      // only the inline marks of a word's letters (<b>W</b>ord) join what is on both sides.
      else if (!INLINE_MARKS.has(item.name)) {
        buffer += ' ';
        stack.push({ space: true });
      }
      if (zone === 'chrome') {
        chrome += 1;
        stack.push({ end: 'chrome' });
      }
      if (item.name === 'a') {
        links += 1;
        stack.push({ end: 'link' });
      }
      if (item.name === 'header') {
        contentHeaders += 1;
        stack.push({ end: 'header' });
      }
      if (item.name === 'table') {
        tables.push({ rows: 0, header: null });
        stack.push({ end: 'table' });
      }
      if (BLOCK.has(item.name) || zone === 'chrome') {
        flush();
        afterBreak = false;
        open.push(item.name);
        stack.push({ close: true });
      }
    }
    if ('children' in item) for (let i = item.children.length - 1; i >= 0; i--) stack.push(item.children[i]!);
  }
  flush();
  return joinBrokenLines(blocks, broken);
}

/**
 * Lines a `<br>` broke in the middle of a sentence, joined again: "Depuis 2011, la société Anaphil
 * Thermique" and "basée à Chevannes…" are one sentence. A line that ends in a letter, followed by one
 * that starts in lower case, continues it; an hours table's lines ("lundi de 7h à 19h45", "mardi…")
 * end in figures and stay apart.
 */
function joinBrokenLines(blocks: TextBlock[], broken: Set<TextBlock>): TextBlock[] {
  const joined: TextBlock[] = [];
  for (const block of blocks) {
    const previous = joined[joined.length - 1];
    if (
      previous &&
      broken.has(block) &&
      previous.tag === block.tag &&
      previous.zone === block.zone &&
      /[\p{L},]$/u.test(previous.text) &&
      /^\p{Ll}/u.test(block.text)
    ) {
      const length = previous.text.length + block.text.length;
      joined[joined.length - 1] = {
        ...previous,
        text: `${previous.text} ${block.text}`,
        linkShare: (previous.linkShare * previous.text.length + block.linkShare * block.text.length) / length,
      };
      continue;
    }
    joined.push(block);
  }
  return joined;
}

/** The page's own visible text as blocks: pageBlocks without the chrome. */
export const visibleBlocks = (doc: Document): TextBlock[] => pageBlocks(doc).filter((block) => block.zone === 'main');
