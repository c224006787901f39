import { describe, expect, test } from 'vitest';
import { copy, heading, poll, useSuite, widget } from '../support/index.ts';
import type { Page } from 'playwright-core';
import { START_UP_FAILED } from '../../src/first-render/element/start-up-failed.ts';

// Registration and start-up: the ESM build's defineFranchiseAiDemo, the script tag twice, a polluted Object.prototype, a widget that cannot start.
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

test('the script-tag file included twice registers the element once and renders it once; defineFranchiseAiDemo is a no-op on a taken tag (ours or another element) and registers a working element under a custom tag; no error logged', async () => {
  const webhookBase = suite.host().webhookBase;
  const fixture = await suite.page({ before: `${COUNT_DEFINES}<script src="/widget/franchise-ai-demo.js" defer></script>` });
  const { page } = fixture;
  await heading(page, copy.formHeading).waitFor();
  await page.waitForLoadState('load'); // deferred scripts have all run by then
  // Chromium may serve the second tag from the first one's fetch, so count the tags, not requests.
  expect(await page.locator('script[src="/widget/franchise-ai-demo.js"]').count()).toBe(2);
  expect(await page.evaluate(() => window.__defined)).toEqual(['franchise-ai-demo']);
  expect(await widget(page).evaluate((host) => host.shadowRoot!.querySelectorAll('.root').length)).toBe(1);
  expect(await page.evaluate(() => window.__events.filter((event) => event.type === 'step').length)).toBe(1);
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
  expect([fixture.consoleErrors, fixture.pageErrors]).toEqual([[], []]);
});

/** The page's own content inside the element: the site's `/embed` snippets put such a link there. */
const FALLBACK = '<a href="/contact">Request your demo</a>';
const fallbackLink = (page: Page) => page.getByRole('link', { name: 'Request your demo', exact: true });
describe('a start-up that fails anyway', () => {
  const FORCED = 'forced start-up failure';
  const FAILURES = {
    // While the file's modules run, before src/embed.ts: the build's guard around the whole file.
    "in the file's first run": (reason: string) => {
      Object.defineProperty(Document.prototype, 'currentScript', {
        get: () => {
          throw new Error(reason);
        },
        configurable: true,
      });
    },
    'when registering the element': (reason: string) => {
      customElements.define = () => {
        throw new Error(reason);
      };
    },
    // In the element itself, once its shadow root is there: the root shows the page's content again.
    "in the element's constructor": (reason: string) => {
      CSSStyleSheet.prototype.replaceSync = () => {
        throw new Error(reason);
      };
    },
  } as const;
  test.each(Object.keys(FAILURES) as Array<keyof typeof FAILURES>)(
    '%s: one console error names the widget and the reason, and the link inside the element stays visible',
    async (where) => {
      // Two elements: still one error.
      const { page, consoleErrors, pageErrors } = await suite.page({
        content: FALLBACK,
        after: `<franchise-ai-demo id="second">${FALLBACK}</franchise-ai-demo>`,
        beforeLoad: (tab) => tab.addInitScript(FAILURES[where], FORCED),
      });
      await page.waitForLoadState('load');
      await poll(() => consoleErrors.length).toBe(1);
      expect(consoleErrors[0]).toBe(`${START_UP_FAILED}Error: ${FORCED}`);
      expect(consoleErrors[0]).toMatch(/^\[franchise-ai-demo\] could not start/);
      expect(pageErrors).toEqual([]);
      expect(await fallbackLink(page).first().isVisible()).toBe(true);
      expect(await fallbackLink(page).nth(1).isVisible()).toBe(true);
      expect(await widget(page).first().getByRole('heading').count()).toBe(0);
      expect(await widget(page).first().getAttribute('data-step')).toBe(null);
      // Nothing comes later: no second error, no form.
      await page.waitForTimeout(300);
      expect(consoleErrors).toHaveLength(1);
    },
  );
});
