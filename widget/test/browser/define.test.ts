import { expect, test } from 'vitest';
import { heading, widget } from '@franchise-ai/test-support/widget-flow';
import { copy } from '../../src/copy.ts';
import { useSuite } from '../support/suite.ts';

// Registration: defineFranchiseAiDemo (through the ESM build, dist/esm, as a bundler user calls it)
// next to the script-tag build, and the script-tag file included twice.
const suite = useSuite();

declare global {
  interface Window {
    /** Every name customElements.define was called with (see COUNT_DEFINES). */
    __defined: string[];
    /** The ESM build's exports, imported by the page, and the script-tag build's element class. */
    __esm?: typeof import('../../src/index.ts');
    __ours?: CustomElementConstructor | undefined;
  }
}
const COUNT_DEFINES = `<script>
  window.__defined = [];
  (function (define) {
    customElements.define = function (name, constructor, options) {
      window.__defined.push(name);
      return define.call(customElements, name, constructor, options);
    };
  })(customElements.define);
</script>`;

test('defineFranchiseAiDemo is a no-op on a taken tag (ours or another element) and registers a working element under a custom tag', async () => {
  const webhookBase = suite.host().webhookBase;
  const fixture = await suite.page({ before: COUNT_DEFINES });
  const { page } = fixture;
  await heading(page, copy.formHeading).waitFor();
  await page.evaluate(() => {
    window.__ours = customElements.get('franchise-ai-demo');
    customElements.define('taken-elsewhere', class extends HTMLElement {});
  });
  // The ESM entry registers the default tag on import: a no-op here, the script-tag build has it.
  await page.addScriptTag({ type: 'module', content: "import * as esm from '/widget/esm/index.js'; window.__esm = esm;" });
  await page.waitForFunction(() => window.__esm !== undefined);
  const outcome = await page.evaluate(() => {
    const { __esm: esm, __ours: ours } = window;
    const theirs = customElements.get('taken-elsewhere');
    esm!.defineFranchiseAiDemo();
    esm!.defineFranchiseAiDemo('franchise-ai-demo');
    esm!.defineFranchiseAiDemo('taken-elsewhere');
    esm!.defineFranchiseAiDemo('acme-ai-demo');
    esm!.defineFranchiseAiDemo('acme-ai-demo');
    return {
      defaultTagKept: customElements.get('franchise-ai-demo') === ours,
      otherTagKept: customElements.get('taken-elsewhere') === theirs,
      customTagIsOwnClass: customElements.get('acme-ai-demo') !== undefined && customElements.get('acme-ai-demo') !== ours,
      defined: window.__defined,
    };
  });
  expect(outcome).toEqual({
    defaultTagKept: true,
    otherTagKept: true,
    customTagIsOwnClass: true,
    defined: ['franchise-ai-demo', 'taken-elsewhere', 'acme-ai-demo'],
  });
  // The custom tag is the whole widget: attributes, shadow root, styles, data-step.
  await page.evaluate((base) => {
    const element = document.createElement('acme-ai-demo');
    element.setAttribute('webhook-base', base);
    element.setAttribute('business-type', 'franchisee');
    document.querySelector('main')!.append(element);
  }, webhookBase);
  const custom = page.locator('acme-ai-demo');
  await custom.getByRole('heading', { name: copy.formHeading, exact: true }).waitFor();
  expect(await custom.getByRole('radio', { name: copy.franchisee, exact: true }).isChecked()).toBe(true);
  expect(await custom.getAttribute('data-step')).toBe('form');
  expect(await custom.evaluate((element) => element.shadowRoot!.adoptedStyleSheets.length)).toBeGreaterThan(0);
  expect(await widget(page).getAttribute('data-step')).toBe('form'); // the first widget is untouched
  expect(fixture.consoleErrors).toEqual([]);
  expect(fixture.pageErrors).toEqual([]);
});

test('the script-tag file included twice registers the element once, renders it once and logs no error', async () => {
  const twice = `${COUNT_DEFINES}<script src="/widget/franchise-ai-demo.js" defer></script>`;
  const fixture = await suite.page({ before: twice });
  const { page } = fixture;
  await heading(page, copy.formHeading).waitFor();
  await page.waitForLoadState('load'); // deferred scripts have all run by then
  // Chromium may serve the second tag from the first one's fetch, so count the tags, not requests.
  expect(await page.locator('script[src="/widget/franchise-ai-demo.js"]').count()).toBe(2);
  expect(await page.evaluate(() => window.__defined)).toEqual(['franchise-ai-demo']);
  expect(await widget(page).evaluate((host) => host.shadowRoot!.querySelectorAll('.root').length)).toBe(1);
  expect(await page.evaluate(() => window.__events.filter((event) => event.type === 'step').length)).toBe(1);
  expect(fixture.consoleErrors).toEqual([]);
  expect(fixture.pageErrors).toEqual([]);
});
