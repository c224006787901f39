import { createFranchiseAiDemoElement, type FranchiseAiDemoElement } from './element.ts';

export const DEFAULT_TAG = 'franchise-ai-demo';

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
