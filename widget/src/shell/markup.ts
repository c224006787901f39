// Phase: see widget/LIFECYCLE.md ("The two phases, and the map").
// The shell's markup as data: what the build makes of the HTML the real components render
// (describe.tsx), and what the shell builds its DOM from with createElement, setAttribute and text
// nodes (draw.ts), never innerHTML: pages with Trusted Types refuse HTML strings.

import type { firstCopy } from '../form/copy.ts';
import type { CHANGING_TEXTS } from '../form/form-texts.ts';

/** What the shell is built from (describe.tsx): the form in its frame, the configuration message, the failed submit's alert, the restored flow's failure, and the texts that change. */
export interface ShellDescription {
  form: MarkupNode[];
  configMessage: MarkupNode[];
  submitErrorAlert: MarkupElement;
  loadFailedMessage: MarkupNode[];
  copy: Pick<typeof firstCopy, (typeof CHANGING_TEXTS)[number]>;
}

/** An element: its tag, its attributes, its children; or a text. */
export type MarkupNode = string | MarkupElement;
export type MarkupElement = [tag: string, attributes: Record<string, string>, ...children: MarkupNode[]];

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", '#x27': "'" };
const decode = (text: string) => text.replace(/&(#?\w+);/g, (entity, name: string) => ENTITIES[name] ?? entity);

/**
 * preact-render-to-string's HTML (no comments, no raw text elements, attribute values quoted) as
 * markup nodes. Anything else it cannot read stops the build rather than draw a wrong form.
 */
export function fromHtml(html: string): MarkupNode[] {
  const root: MarkupElement = ['#root', {}];
  const open: MarkupElement[] = [root];
  const token = /<\/([\w-]+)>|<([\w-]+)((?:\s+[\w:-]+(?:="[^"]*")?)*)\s*\/?>|([^<]+)/gy;
  let match: RegExpExecArray | null;
  let at = 0;
  while (at < html.length && (match = token.exec(html))) {
    at = token.lastIndex;
    const [, closing, tag, attributes, text] = match;
    const parent = open[open.length - 1]!;
    if (text !== undefined) parent.push(decode(text));
    else if (closing) {
      if (parent[0] !== closing) throw new Error(`markup: </${closing}> closes <${parent[0]}>`);
      open.pop();
    } else {
      const element: MarkupElement = [
        tag!,
        Object.fromEntries([...attributes!.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)].map(([, name, value]) => [name!, decode(value ?? '')])),
      ];
      parent.push(element);
      if (!VOID.has(tag!)) open.push(element);
    }
  }
  if (at < html.length) throw new Error(`markup: cannot read "${html.slice(at, at + 40)}"`);
  if (open.length > 1) throw new Error(`markup: <${open[open.length - 1]![0]}> is not closed`);
  return root.slice(2) as MarkupNode[];
}

/** The first element, depth first, whose `class` holds `name`. */
export function findByClass(nodes: readonly MarkupNode[], name: string): MarkupElement | null {
  for (const node of nodes) {
    if (typeof node === 'string') continue;
    if ((node[1]['class'] ?? '').split(' ').includes(name)) return node;
    const found = findByClass(node.slice(2) as MarkupNode[], name);
    if (found) return found;
  }
  return null;
}
