// Build time only (describe.tsx, and its test): the HTML preact-render-to-string makes, read with
// htmlparser2 into the shell's markup nodes (markup.ts). Nothing here ships.
import { isTag, isText, type ChildNode } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import type { MarkupElement, MarkupNode } from './markup.ts';

const toMarkup = (node: ChildNode): MarkupNode => {
  if (isText(node)) return node.data;
  if (isTag(node)) return [node.name, { ...node.attribs }, ...node.children.map(toMarkup)];
  // The components render elements and texts only: anything else would draw a form that is not theirs.
  throw new Error(`markup: cannot draw a ${node.type} node`);
};

/** preact-render-to-string's HTML as markup nodes, its entities decoded. */
export const fromHtml = (html: string): MarkupNode[] => parseDocument(html).children.map(toMarkup);

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
