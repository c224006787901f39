/// <reference path="./env.d.ts" />
import css from './styles.css?inline';

// One constructable stylesheet per document, adopted by every widget's shadow
// root: no <style> element, so it works under `style-src 'self'`, and it is in
// place before the first render, so nothing jumps when styles arrive.
let sheet: CSSStyleSheet | undefined;

export function adoptStyles(root: ShadowRoot): void {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
  }
  root.adoptedStyleSheets = [sheet];
}
