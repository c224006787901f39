import type { MarkupNode } from './markup.ts';

/** The DOM of a markup node, built node by node: no HTML string, so Trusted Types have nothing to refuse. */
export function draw(node: MarkupNode): Node {
  if (typeof node === 'string') return document.createTextNode(node);
  const [tag, attributes, ...children] = node;
  const element = document.createElement(tag);
  // Own keys only: `for...in` would also set whatever a page added to Object.prototype.
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children.map(draw));
  return element;
}
