import { createFranchiseAiDemoElement, type FranchiseAiDemoElement } from './element.ts';
import { DEFAULT_TAG } from './tag.ts';

export { DEFAULT_TAG };

/** Registers the element under `tag`; a no-op outside a browser or when the tag is taken. */
export function defineFranchiseAiDemo(tag: string = DEFAULT_TAG): void {
  if (typeof window === 'undefined' || typeof customElements === 'undefined') return;
  if (customElements.get(tag)) return;
  customElements.define(tag, createFranchiseAiDemoElement());
}

declare global {
  interface HTMLElementTagNameMap {
    'franchise-ai-demo': FranchiseAiDemoElement;
  }
}
