// The snippets /embed offers, one function per target, all from the same EmbedCode: the loader's
// address, the attributes, the `--fad-*` properties that differ from the widget's defaults, and a
// link to the demo page inside the element: it shows until the widget has loaded, and stays if the
// script never arrives. They follow docs/guides/ (the same loader tag, the same reserved
// height, the same GTM tag shape).
import { landing } from '../content/landing.ts';
import type { EmbedChoice } from './embed-choice.ts';
import { htmlAttribute, jsString, plainJsx } from './snippet-escape.ts';
import { ATTRIBUTE_FIELDS, STYLE_FIELDS } from './widget-facts.ts';

export interface EmbedCode {
  /** The widget's loader, absolute. */
  loaderSrc: string;
  /** In the widget's order; `true`: a boolean attribute, present. Empty values are left out. */
  attributes: Array<[string, string | true]>;
  /** Only the properties that differ from the widget's defaults. */
  styles: Array<[string, string]>;
  /** The demo page on the company's site, linked from inside the element until the widget draws. */
  demoPage: string;
}

/** The fallback link's words: the spec's own for the way to /demo. */
export const FALLBACK_TEXT = landing.hero.cta;

const TAG = 'franchise-ai-demo';
/** The attributes of the widget's look, left out of a snippet at their defaults. */
const LOOK: readonly string[] = ['theme', 'variant', 'position'];

/** What goes into the snippets for a choice: every value trimmed, as the widget reads it. */
export function embedCode(choice: EmbedChoice, { loaderSrc, demoPage }: { loaderSrc: string; demoPage: string }): EmbedCode {
  const attributes = ATTRIBUTE_FIELDS.flatMap((field): Array<[string, string | true]> => {
    const value = choice.attributes[field.name].trim();
    if (field.kind === 'flag') return value === 'true' ? [[field.name, true]] : [];
    // The look at its defaults says nothing a partner needs (the corner only with the launcher); other defaults (who calls, the side) stay said.
    if (LOOK.includes(field.name) && value.toLowerCase() === field.default) return [];
    if (field.name === 'position' && choice.attributes.variant.trim().toLowerCase() !== 'launcher') return [];
    return value === '' ? [] : [[field.name, value]];
  });
  const styles = STYLE_FIELDS.flatMap((field): Array<[string, string]> => {
    const value = (choice.styles[field.name] ?? '').trim();
    return value === '' || value === field.default ? [] : [[field.name, value]];
  });
  return { loaderSrc, attributes, styles, demoPage };
}

const inlineStyle = (styles: EmbedCode['styles']): string => styles.map(([name, value]) => `${name}: ${value}`).join('; ');

/** The element with its attributes (and a style attribute for the properties) and the fallback link, as HTML. */
function elementHtml({ attributes, styles, demoPage }: EmbedCode): string {
  const parts = attributes.map(([name, value]) => (value === true ? name : `${name}="${htmlAttribute(value)}"`));
  if (styles.length > 0) parts.push(`style="${htmlAttribute(inlineStyle(styles))}"`);
  return [`<${TAG}${parts.map((part) => ` ${part}`).join('')}>`, `  <a href="${htmlAttribute(demoPage)}">${FALLBACK_TEXT}</a>`, `</${TAG}>`].join('\n');
}

// Holds the widget's height while the script loads, so the page does not jump (widget/README.md).
const RESERVE_SPACE = `<style>${TAG}:not(:defined) { display: block; min-height: 560px; }</style>`;
const loaderTag = (code: EmbedCode): string => `<script src="${htmlAttribute(code.loaderSrc)}" defer></script>`;

/** Any HTML page: the three lines of the guides' Custom HTML block and Code Embed. */
export function htmlSnippet(code: EmbedCode): string {
  return [RESERVE_SPACE, loaderTag(code), elementHtml(code)].join('\n');
}

/** WordPress, a Custom HTML block (docs/guides/wordpress.md): the same lines. */
export const wordpressSnippet = (code: EmbedCode): string => htmlSnippet(code);

/** Webflow, a Code Embed (docs/guides/webflow.md): the same lines. */
export const webflowSnippet = (code: EmbedCode): string => htmlSnippet(code);

/** Shopify, a Custom Liquid section (docs/guides/shopify.md): the same lines, which hold no `{{` or `{%` for Liquid (snippet-escape.ts). */
export const shopifySnippet = (code: EmbedCode): string => htmlSnippet(code);

/** A JSX attribute: plain when the value needs no escaping, else an expression. */
const jsxAttribute = (name: string, value: string | true): string => {
  if (value === true) return name;
  return plainJsx(value) ? `${name}="${value}"` : `${name}={${jsString(value)}}`;
};

/** React 19 with the widget's JSX typings: React hoists and de-duplicates an async script, so the component may render anywhere, any number of times. */
export function reactSnippet(code: EmbedCode): string {
  const props = code.attributes.map(([name, value]) => jsxAttribute(name, value));
  if (code.styles.length > 0)
    props.push(`style={{ ${code.styles.map(([name, value]) => `${jsString(name)}: ${jsString(value)}`).join(', ')} } as CSSProperties}`);
  return [
    `import type {} from '@franchise-ai/widget/jsx';`,
    ...(code.styles.length > 0 ? [`import type { CSSProperties } from 'react';`] : []),
    '',
    'export function FranchiseAiDemo() {',
    '  return (',
    '    <>',
    `      <script ${jsxAttribute('src', code.loaderSrc)} async />`,
    `      <${TAG}`,
    ...props.map((prop) => `        ${prop}`),
    '      >',
    `        <a ${jsxAttribute('href', code.demoPage)}>${FALLBACK_TEXT}</a>`,
    `      </${TAG}>`,
    '    </>',
    '  );',
    '}',
  ].join('\n');
}

/** Google Tag Manager, a Custom HTML tag in ES5 (docs/guides/google-tag-manager.md): adds the element, then the loader. */
export function gtmSnippet(code: EmbedCode): string {
  return [
    '<script>',
    '  (function () {',
    `    var demo = document.createElement(${jsString(TAG)});`,
    ...code.attributes.map(([name, value]) => `    demo.setAttribute(${jsString(name)}, ${jsString(value === true ? '' : value)});`),
    ...code.styles.map(([name, value]) => `    demo.style.setProperty(${jsString(name)}, ${jsString(value)});`),
    `    var link = document.createElement('a');`,
    `    link.href = ${jsString(code.demoPage)};`,
    `    link.textContent = ${jsString(FALLBACK_TEXT)};`,
    '    demo.appendChild(link);',
    `    (document.getElementById(${jsString(TAG)}) || document.body).appendChild(demo);`,
    '',
    `    var script = document.createElement('script');`,
    `    script.src = ${jsString(code.loaderSrc)};`,
    '    script.async = true;',
    '    document.head.appendChild(script);',
    '  })();',
    '</script>',
  ].join('\n');
}

export interface Target {
  id: string;
  name: string;
  /** Where to paste it, in the guide's words. */
  where: string;
  snippet: (code: EmbedCode) => string;
}

export const TARGETS: readonly Target[] = [
  { id: 'html', name: 'HTML page', where: 'Paste into the page where the demo should appear.', snippet: htmlSnippet },
  {
    id: 'wordpress',
    name: 'WordPress',
    where: 'In the block editor, add a Custom HTML block where the demo should appear and paste this into it.',
    snippet: wordpressSnippet,
  },
  {
    id: 'webflow',
    name: 'Webflow',
    where: 'In the Designer, drag a Code Embed element where the demo should appear and paste this into it.',
    snippet: webflowSnippet,
  },
  {
    id: 'shopify',
    name: 'Shopify',
    where: 'In the theme editor, add a Custom Liquid section (Add section, Custom Liquid) and paste this into it.',
    snippet: shopifySnippet,
  },
  {
    id: 'react',
    name: 'React',
    where: 'A React 19 component; install @franchise-ai/widget for its JSX types, or declare the tag yourself.',
    snippet: reactSnippet,
  },
  {
    id: 'gtm',
    name: 'Google Tag Manager',
    where: 'Create a Custom HTML tag, paste this, and fire it once on the pages that should show the demo.',
    snippet: gtmSnippet,
  },
];
