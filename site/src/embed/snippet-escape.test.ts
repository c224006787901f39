import { runInNewContext } from 'node:vm';
import { Liquid } from 'liquidjs';
import { describe, expect, it } from 'vitest';
import { snippetRefusal } from './snippet-escape.ts';
import { TARGETS, type EmbedCode } from './snippets.ts';

// Hostile values, as a crafted /embed link could set them, against every snippet's language: each
// must reach the element unchanged and never become code where the snippet is pasted.
const LOADER = 'https://franchise-ai.example/widget/franchise-ai-demo.js';
const LIQUID_SCRIPT = `{{ '%3Cscript%3Ealert(document.domain)%3C/script%3E' | url_decode }}`;
const HOSTILE = [
  // The report: out of Shopify's {% raw %}, then a filter that writes the tag Liquid-side.
  `/{% endraw %}${LIQUID_SCRIPT}{% raw %}`,
  `/${LIQUID_SCRIPT}`,
  `/{%- endraw -%}{% assign x = 1 %}{{x}}`,
  '/"><script>alert(1)</script>',
  "/'</script><script>alert(1)</script>",
  "/');alert(1);('",
  '/\\u0027);alert(1);//',
  '/{{Page URL}}',
  '/{{wf {&quot;path&quot;:&quot;name&quot;} }}',
  '/[embed]https://attacker.example/[/embed]',
  '/&lt;script&gt;&#123;',
  '/\u2028\u2029',
];

const codeFor = (value: string): EmbedCode => ({
  loaderSrc: LOADER,
  demoPage: 'https://franchise-ai.example/demo',
  attributes: [
    ['webhook-base', 'https://hooks.example.com/webhook/acme'],
    ['home-url', value],
    ['company-name', value],
  ],
  styles: [['--fad-font-family', value.replace(/[;{}<>\\]/g, '')]],
});
const snippet = (id: string, code: EmbedCode) => TARGETS.find((target) => target.id === id)!.snippet(code);

/** The value of a double-quoted attribute as the browser reads it (the references snippets use). */
const decodeAttribute = (text: string) =>
  text.replace(/&(?:#(\d+)|(amp|quot|lt|gt));/g, (_, code: string | undefined, name: string | undefined) =>
    code ? String.fromCharCode(Number(code)) : { amp: '&', quot: '"', lt: '<', gt: '>' }[name as 'amp'],
  );

/** The element's attributes in an HTML snippet, read the way a parser reads a tag's quoted attributes. */
function htmlAttributes(html: string): Record<string, string> {
  const tag = /<franchise-ai-demo((?:\s+[\w-]+(?:="[^"]*")?)*)>\n {2}<a href="[^"]*">[^<]*<\/a>\n<\/franchise-ai-demo>/.exec(html);
  if (!tag) throw new Error(`no element in ${html}`);
  return Object.fromEntries([...tag[1]!.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map((match) => [match[1]!, decodeAttribute(match[2] ?? '')]));
}

/** What the GTM tag's script does, run against a recording document. */
function gtmAttributes(tag: string): Record<string, string> {
  const script = /^<script>\n([\s\S]*)\n<\/script>$/.exec(tag)![1]!;
  const attributes: Record<string, string> = {};
  const element = {
    setAttribute: (name: string, value: string) => void (attributes[name] = value),
    style: { setProperty: (name: string, value: string) => void (attributes[name] = value) },
    appendChild: () => {},
  };
  const document = {
    createElement: (tag: string) => (tag === 'franchise-ai-demo' ? element : {}),
    getElementById: () => null,
    body: { appendChild: () => {} },
    head: { appendChild: () => {} },
  };
  runInNewContext(script, { document });
  return attributes;
}

/** The React component's props, each expression evaluated as JavaScript. */
function reactProps(component: string): Record<string, string> {
  const props = [...component.matchAll(/^ {8}([\w-]+)(?:="([^"]*)"|=\{('(?:[^'\\]|\\.)*')\})?$/gm)];
  return Object.fromEntries(props.map((match) => [match[1]!, match[3] ? (runInNewContext(match[3]) as string) : (match[2] ?? '')]));
}

const liquid = new Liquid();

describe.each(HOSTILE)('the value %j', (value) => {
  const code = codeFor(value);
  const expected = { 'home-url': value, 'company-name': value };

  it.each(['html', 'wordpress', 'webflow', 'shopify'])('%s: reaches the element unchanged, with nothing for the host to expand', (id) => {
    const html = snippet(id, code);
    expect(htmlAttributes(html)).toMatchObject(expected);
    expect(html.match(/<script\b/g)).toHaveLength(1);
    // Liquid ({{ }}, {% %}), Webflow ({{wf }}) and WordPress shortcodes ([name]) find nothing.
    expect(html).not.toMatch(/\{\{|\{%|\[|\]/);
  });

  it('shopify: a real Liquid engine renders it as it is, so no tag or attribute breaks out', async () => {
    const rendered = await liquid.parseAndRender(snippet('shopify', code));
    expect(rendered).not.toContain('<script>alert');
    expect(rendered).toBe(snippet('html', code));
  });

  it('gtm: the tag sets the values unchanged, and GTM finds no {{variable}} in it', () => {
    const tag = snippet('gtm', code);
    expect(gtmAttributes(tag)).toMatchObject({ ...expected, '--fad-font-family': code.styles[0]![1] });
    expect(tag).not.toContain('{{');
    expect(tag.match(/<\/script/gi)).toHaveLength(1);
  });

  it('react: each prop is the value, as a JSX string or a string expression', () => {
    const component = snippet('react', code);
    expect(reactProps(component)).toMatchObject(expected);
    expect(component).not.toMatch(/<\/script/i);
  });
});

describe('snippetRefusal', () => {
  it.each(['https://hooks.example.com/webhook/acme', ...HOSTILE, 'Café Ünïcode 🍔', ''])('takes %j', (value) => {
    expect(snippetRefusal('home-url', value)).toBeUndefined();
  });

  it.each(['/a\nb', '/a\r\nb', '/a\tb', '/a\u0000b', '/a\u0085b', '/a\ud800b', '/a\udc00b'])('refuses %j, naming the field', (value) => {
    expect(snippetRefusal('company-name', value)).toMatch(/^company-name holds a line break, tab or other control character/);
  });
});
