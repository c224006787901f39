import { Liquid, Tag, type Emitter, type TagToken, type TopLevelToken } from 'liquidjs';
import { parse as parseJs } from 'acorn';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { poll } from '@franchise-ai/test-support/poll';
import { dataStep, reachCongratulations, VISITOR, widget } from '@franchise-ai/test-support/widget-flow';
import { ATTRIBUTES, unknown } from './support/contract.ts';
import { useEmbedSuite, pageWith } from './support/embed-suite.ts';
import { fence } from './support/fences.ts';

// The HTML guides' snippets, run in Chromium as the platform would put them in a page, against
// the built widget and the real webhook host: the widget must render its form (it only does with
// a valid webhook-base, so a misspelt attribute shows), with a clean console.
const suite = useEmbedSuite();

async function expectRendered(page: Page, fixture: { consoleErrors: string[]; consoleWarnings: string[]; pageErrors: string[] }): Promise<void> {
  await poll(() => dataStep(page)).toBe('form');
  const written = await widget(page).evaluate((element) => element.getAttributeNames().filter((name) => name !== 'data-step'));
  expect(unknown(written, ATTRIBUTES)).toEqual([]);
  expect([...fixture.consoleErrors, ...fixture.consoleWarnings, ...fixture.pageErrors]).toEqual([]);
}

describe('WordPress', () => {
  test('the Custom HTML block renders the widget', async () => {
    const fixture = await suite.open('/wordpress.html', pageWith({ body: fence('wordpress.md', 'Custom HTML block').code }));
    await expectRendered(fixture.page, fixture);
  });
});

describe('Webflow', () => {
  test('the Code Embed renders the widget', async () => {
    const fixture = await suite.open('/webflow-embed.html', pageWith({ body: fence('webflow.md', 'Code Embed').code }));
    await expectRendered(fixture.page, fixture);
  });

  test('the head code with the element-only Code Embed renders the widget', async () => {
    const html = pageWith({ head: fence('webflow.md', 'Head code').code, body: fence('webflow.md', 'Code Embed (element only)').code });
    const fixture = await suite.open('/webflow-head.html', html);
    await expectRendered(fixture.page, fixture);
  });
});

describe('Shopify', () => {
  /** Shopify's {% schema %}: JSON for the theme editor, rendering nothing. */
  class SchemaTag extends Tag {
    constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid) {
      super(token, remainTokens, liquid);
      while (remainTokens.length > 0) {
        const next = remainTokens.shift()!;
        if ('name' in next && next.name === 'endschema') return;
      }
      throw new Error('{% schema %} without {% endschema %}');
    }
    render(_context: unknown, _emitter: Emitter): void {}
  }
  const liquid = new Liquid({ strictVariables: true, strictFilters: true });
  liquid.registerTag('schema', SchemaTag);
  const routes = { root_url: '/' };

  test("the theme section, rendered by LiquidJS with its schema's defaults, renders the widget", async () => {
    const source = fence('shopify.md', 'sections/franchise-ai-demo.liquid').code;
    const schema = JSON.parse(/\{% schema %\}([\s\S]*?)\{% endschema %\}/.exec(source)![1]!) as { settings: Array<{ id: string; default?: string }> };
    const settings = Object.fromEntries(schema.settings.map((setting) => [setting.id, setting.default ?? '']));
    // Every setting the markup reads is one the schema declares (strictVariables fails otherwise).
    const html = await liquid.parseAndRender(suite.fill(source), {
      section: { settings: Object.fromEntries(Object.entries(settings).map(([id, value]) => [id, suite.fill(value)])) },
      routes,
    });
    const fixture = await suite.open('/shopify-section.html', pageWith({ body: html }));
    await expectRendered(fixture.page, fixture);
  });

  test('the Custom Liquid section renders the widget', async () => {
    const html = await liquid.parseAndRender(suite.fill(fence('shopify.md', 'Custom Liquid').code), { routes });
    const fixture = await suite.open('/shopify-custom-liquid.html', pageWith({ body: html }));
    await expectRendered(fixture.page, fixture);
  });
});

describe('Vue compiled in the browser', () => {
  test('the page binds the attributes and hears the step and ready events', async () => {
    const logged: string[] = [];
    const fixture = await suite.open('/vue-in-browser.html', pageWith({ body: fence('vue.md', 'index.html').code }), {
      clock: true,
      before: async (page) => void page.on('console', (message) => message.type() === 'log' && logged.push(message.text())),
    });
    const { page } = fixture;
    await expectRendered(page, fixture);
    await poll(() => page.locator('output').innerText()).toBe('form');
    await reachCongratulations(page);
    await poll(() => page.locator('output').innerText()).toBe('congratulations');
    await poll(() => logged.filter((line) => line.startsWith('demo agent ready '))).toHaveLength(1);
  });
});

describe('Google Tag Manager', () => {
  const tag = () => fence('google-tag-manager.md', 'Custom HTML tag').code;
  const script = () => /<script>([\s\S]*?)<\/script>/.exec(tag())![1]!;

  test("the tag's script is ES5, which every GTM container accepts", () => {
    expect(() => parseJs(script(), { ecmaVersion: 5 })).not.toThrow();
  });

  test('on a blank page the tag renders the widget, whose analytics attribute fills dataLayer without personal data', async () => {
    const fixture = await suite.open('/gtm.html', pageWith({ body: tag() }), { clock: true });
    const { page } = fixture;
    await expectRendered(page, fixture);
    await reachCongratulations(page);
    const dataLayer = () => page.evaluate(() => (window as unknown as { dataLayer: Array<Record<string, unknown>> }).dataLayer);
    // The widget's own entries (widget/src/first-render/element/data-layer.ts; docs/ANALYTICS.md lists them).
    await poll(dataLayer).toEqual([
      { event: 'franchise_ai_demo_step', step: 'form' },
      { event: 'franchise_ai_demo_step', step: 'loading' },
      { event: 'generate_lead' },
      { event: 'franchise_ai_demo_step', step: 'congratulations' },
      { event: 'franchise_ai_demo_ready' },
    ]);
    const everything = JSON.stringify(await dataLayer()).toLowerCase();
    for (const value of [VISITOR.name, VISITOR.company, VISITOR.email, VISITOR.website]) expect(everything).not.toContain(value.toLowerCase());
  });
});
