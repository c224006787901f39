/// <reference path="../../env.d.ts" />
import css from './styles.css?inline';
import launcherCss from '../shell/launcher.css?inline';

// Constructable stylesheets: they work under `style-src 'self'`, and are in place before what they style renders.
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

export function adoptStyles(root: ShadowRoot): void {
  root.adoptedStyleSheets = [sheetFor(css), sheetFor(launcherCss)];
}

/** More styles, from a lazy chunk, after the base ones (once per root). */
export function addStyles(root: ShadowRoot, text: string): void {
  const sheet = sheetFor(text);
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
