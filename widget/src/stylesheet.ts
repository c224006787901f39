/// <reference path="./env.d.ts" />
import css from './styles.css?inline';

// Constructable stylesheets, one per text per document, adopted by every widget's shadow root: no
// <style> element, so they work under `style-src 'self'`, and each is in place before what it
// styles renders, so nothing jumps when styles arrive.
const sheets = new Map<string, CSSStyleSheet>();

function sheetFor(text: string): CSSStyleSheet {
  let sheet = sheets.get(text);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    sheets.set(text, sheet);
  }
  return sheet;
}

/** The widget's base styles: the first render's steps. */
export function adoptStyles(root: ShadowRoot): void {
  root.adoptedStyleSheets = [sheetFor(css)];
}

/** More styles, from a lazy chunk, after the base ones (once per root). */
export function addStyles(root: ShadowRoot, text: string): void {
  const sheet = sheetFor(text);
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
