import { describe, expect, it } from 'vitest';
import { defaultChoice, type EmbedChoice } from './embed-choice.ts';
import { embedCode, TARGETS, type EmbedCode } from './snippets.ts';

const LOADER = 'https://franchise-ai.example/widget/franchise-ai-demo.js';
const DEMO_PAGE = 'https://franchise-ai.example/demo';
const DEFAULTS = defaultChoice({ 'webhook-base': 'https://hooks.example.com/webhook/acme' });
const choice = (attributes: Partial<EmbedChoice['attributes']>, styles: EmbedChoice['styles'] = {}): EmbedChoice => ({
  attributes: { ...DEFAULTS.attributes, ...attributes },
  styles: { ...DEFAULTS.styles, ...styles },
});

describe('embedCode', () => {
  it('keeps non-empty attributes in the widget order, present flags, and only the properties that differ from the defaults', () => {
    const code = embedCode(
      choice({ 'public-key': ' pk_1 ', 'voice-avoid-eval': 'true' }, { '--fad-color-primary': '#0a7d3b', '--fad-radius': '12px', '--fad-color-text': '' }),
      { loaderSrc: LOADER, demoPage: DEMO_PAGE },
    );
    expect(code).toEqual({
      loaderSrc: LOADER,
      demoPage: DEMO_PAGE,
      attributes: [
        ['webhook-base', 'https://hooks.example.com/webhook/acme'],
        ['public-key', 'pk_1'],
        ['business-type', 'franchisor'],
        ['home-url', '/'],
        ['voice-avoid-eval', true],
        // The widget's own default, as for business-type and home-url: the snippet says who calls.
        ['company-name', 'Franchise AI'],
      ],
      styles: [['--fad-color-primary', '#0a7d3b']],
    });
  });
  it('carries theme only when it is not the default light', () => {
    const themed = (theme: string) =>
      embedCode(choice({ theme }, {}), { loaderSrc: LOADER, demoPage: DEMO_PAGE }).attributes.filter(([name]) => name === 'theme');
    expect(themed('light')).toEqual([]);
    expect(themed('dark')).toEqual([['theme', 'dark']]);
    expect(themed('auto')).toEqual([['theme', 'auto']]);
  });
});

const PLAIN: EmbedCode = {
  loaderSrc: LOADER,
  demoPage: DEMO_PAGE,
  attributes: [
    ['webhook-base', 'https://hooks.example.com/webhook/acme'],
    ['business-type', 'franchisee'],
  ],
  styles: [],
};
const STYLED: EmbedCode = {
  ...PLAIN,
  attributes: [...PLAIN.attributes, ['voice-avoid-eval', true]],
  styles: [
    ['--fad-color-primary', '#0a7d3b'],
    ['--fad-radius', '4px'],
  ],
};
const TRICKY: EmbedCode = {
  ...PLAIN,
  attributes: [
    ['webhook-base', 'https://hooks.example.com/webhook/acme'],
    ['home-url', `/?q="{{x}}"&a='</script>`],
  ],
  styles: [],
};

const HTML_PLAIN = [
  '<style>franchise-ai-demo:not(:defined) { display: block; min-height: 560px; }</style>',
  `<script src="${LOADER}" defer></script>`,
  '<franchise-ai-demo webhook-base="https://hooks.example.com/webhook/acme" business-type="franchisee">',
  `  <a href="${DEMO_PAGE}">See Your Franchise AI in Action</a>`,
  '</franchise-ai-demo>',
].join('\n');
const HTML_STYLED = HTML_PLAIN.replace(
  'business-type="franchisee">',
  'business-type="franchisee" voice-avoid-eval style="--fad-color-primary: #0a7d3b; --fad-radius: 4px">',
);
// Braces as character references: nothing for Liquid, Webflow or GTM to expand (snippet-escape.ts).
const HTML_TRICKY = HTML_PLAIN.replace('business-type="franchisee"', `home-url="/?q=&quot;&#123;&#123;x&#125;&#125;&quot;&amp;a='&lt;/script>"`);

const snippet = (id: string, code: EmbedCode) => TARGETS.find((target) => target.id === id)!.snippet(code);

describe.each([
  ['html', PLAIN, HTML_PLAIN],
  ['html', STYLED, HTML_STYLED],
  ['html', TRICKY, HTML_TRICKY],
  ['wordpress', STYLED, HTML_STYLED],
  ['webflow', STYLED, HTML_STYLED],
  ['shopify', STYLED, HTML_STYLED],
  ['shopify', TRICKY, HTML_TRICKY],
  [
    'react',
    PLAIN,
    `import type {} from '@franchise-ai/widget/jsx';

export function FranchiseAiDemo() {
  return (
    <>
      <script src="${LOADER}" async />
      <franchise-ai-demo
        webhook-base="https://hooks.example.com/webhook/acme"
        business-type="franchisee"
      >
        <a href="${DEMO_PAGE}">See Your Franchise AI in Action</a>
      </franchise-ai-demo>
    </>
  );
}`,
  ],
  [
    'react',
    STYLED,
    `import type {} from '@franchise-ai/widget/jsx';
import type { CSSProperties } from 'react';

export function FranchiseAiDemo() {
  return (
    <>
      <script src="${LOADER}" async />
      <franchise-ai-demo
        webhook-base="https://hooks.example.com/webhook/acme"
        business-type="franchisee"
        voice-avoid-eval
        style={{ '--fad-color-primary': '#0a7d3b', '--fad-radius': '4px' } as CSSProperties}
      >
        <a href="${DEMO_PAGE}">See Your Franchise AI in Action</a>
      </franchise-ai-demo>
    </>
  );
}`,
  ],
  [
    'react',
    TRICKY,
    `import type {} from '@franchise-ai/widget/jsx';

export function FranchiseAiDemo() {
  return (
    <>
      <script src="${LOADER}" async />
      <franchise-ai-demo
        webhook-base="https://hooks.example.com/webhook/acme"
        home-url={'/?q="\\u007b\\u007bx\\u007d\\u007d"&a=\\u0027\\u003c/script\\u003e'}
      >
        <a href="${DEMO_PAGE}">See Your Franchise AI in Action</a>
      </franchise-ai-demo>
    </>
  );
}`,
  ],
  [
    'gtm',
    STYLED,
    `<script>
  (function () {
    var demo = document.createElement('franchise-ai-demo');
    demo.setAttribute('webhook-base', 'https://hooks.example.com/webhook/acme');
    demo.setAttribute('business-type', 'franchisee');
    demo.setAttribute('voice-avoid-eval', '');
    demo.style.setProperty('--fad-color-primary', '#0a7d3b');
    demo.style.setProperty('--fad-radius', '4px');
    var link = document.createElement('a');
    link.href = '${DEMO_PAGE}';
    link.textContent = 'See Your Franchise AI in Action';
    demo.appendChild(link);
    (document.getElementById('franchise-ai-demo') || document.body).appendChild(demo);

    var script = document.createElement('script');
    script.src = '${LOADER}';
    script.async = true;
    document.head.appendChild(script);
  })();
</script>`,
  ],
  ['gtm', TRICKY, expect.stringContaining(`demo.setAttribute('home-url', '/?q="\\u007b\\u007bx\\u007d\\u007d"&a=\\u0027\\u003c/script\\u003e');`)],
])('%s snippet', (id, code, expected) => {
  it(`for ${code === PLAIN ? 'plain' : code === STYLED ? 'styled' : 'tricky'} values`, () => {
    expect(snippet(id, code)).toEqual(expected);
  });
});

it('offers each target once, each with a guide under docs/guides/ when there is one', () => {
  expect(TARGETS.map((target) => target.id)).toEqual(['html', 'wordpress', 'webflow', 'shopify', 'react', 'gtm']);
});
