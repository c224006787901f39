// How a value is written into each snippet's language, so that no value a link or a field holds can
// become code wherever the snippet is pasted. The languages, and what each would otherwise run:
// - an HTML attribute (HTML page, WordPress, Webflow, Shopify): `"` ends it, `<` and `&` start
//   markup or a character reference;
// - what the hosts make of the pasted HTML before a browser sees it: Shopify renders a Custom
//   Liquid section as Liquid (`{{ … }}`, `{% … %}`; a `{% raw %}` wrapper is no defence, since a
//   value can close it with `{% endraw %}`), Webflow's Code Embed binds CMS fields written `{{wf …}}`,
//   WordPress expands shortcodes (`[name …]`) in a Custom HTML block;
// - a JavaScript string in a <script> (Google Tag Manager) or a JSX expression (React): quotes,
//   backslashes and line breaks end the string, `</script>` ends the script, and GTM replaces
//   `{{Variable Name}}` in a Custom HTML tag, inside strings too.
// So every brace and square bracket is written as a character reference (HTML) or a \u escape (JS):
// each reads back as the same character in the browser, and none is left for a template to find.
// What cannot be written identically everywhere (control characters, which the HTML parser drops
// or rewrites; lone surrogates) is refused with a message, and the page then shows no snippet.

const HTML_REFERENCES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '{': '&#123;', '}': '&#125;', '[': '&#91;', ']': '&#93;' };

/** A value inside a double-quoted HTML attribute, with nothing left for Liquid, Webflow or WordPress to expand. */
export const htmlAttribute = (value: string): string => value.replace(/[&"<{}[\]]/g, (character) => HTML_REFERENCES[character]!);

/** A single-quoted JavaScript string literal, also safe in an HTML <script>, in GTM's Custom HTML and in a JSX expression. */
export const jsString = (value: string): string =>
  `'${value.replace(/[\\'<>{}\n\r\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`)}'`;

/** A value that JSX takes as a plain "string" attribute, unchanged (JSX decodes `&…;` in one, and `"` ends it). */
export const plainJsx = (value: string): boolean => /^[^"{}<>&\\]*$/.test(value);

// C0 and C1 controls (line breaks and tabs included: the HTML parser rewrites \r\n and drops NUL,
// so the value would arrive changed) and UTF-16 halves without their pair.
const UNWRITABLE = /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why a value cannot go into a snippet as it is, or undefined when every snippet can hold it. */
export function snippetRefusal(name: string, value: string): string | undefined {
  if (!UNWRITABLE.test(value)) return undefined;
  return `${name} holds a line break, tab or other control character, which no snippet can carry unchanged: remove it.`;
}
