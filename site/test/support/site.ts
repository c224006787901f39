import type { Browser, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { running, useBrowserSuite, type OpenOptions as PageOptions, type PageFixture } from '@franchise-ai/test-support/browser-suite';
import { startPreview, type Preview } from './preview.ts';

// One test file's world: Chromium and the preview server on site/dist-test, the test build (the webhook host runs for the
// whole project, see ../global-setup.ts). Every page gets a fresh context, closed after its test.

export interface OpenOptions extends Omit<PageOptions, 'clock'> {
  /** Changes the served HTML of the page opened (for checking that a check can fail). */
  alterHtml?: (html: string) => string;
  /** `false`: return once the page has loaded, before React has (necessarily) hydrated it. Default true. */
  hydrated?: boolean;
  /**
   * `true`: the visitor has no motion preference, so the hero animates and links scroll smoothly.
   * Default false: pages open with prefers-reduced-motion: reduce, since endless animations and
   * smooth scrolls cost CPU and waiting in every test that is not about motion (motion.test.ts is).
   */
  motion?: boolean;
}

/** A page plus everything it reported. */
export type SitePage = PageFixture;

export interface Site {
  /** `http://127.0.0.1:PORT` of the preview server. */
  readonly url: string;
  readonly browser: Browser;
  /** A fresh context (fresh profile) and page, navigated to `path`, hydrated. */
  open(path: string, options?: OpenOptions): Promise<SitePage>;
}

export const PHONE = { width: 375, height: 740 };

declare global {
  interface Window {
    /** What the hydration watch saw (see HYDRATION_WATCH). */
    __hydration: { removals: string[]; prerendered?: string; hydrated?: string };
  }
}

// Framework-agnostic: whatever renders the site, a clean hydration adopts the prerendered DOM as it
// is. A mismatch shows either as nodes removed from #root (the renderer threw server HTML away) or
// as #root reading differently right after hydration than when the parser finished (the renderer
// patched it). Readings: when parsing ends ('interactive', before any deferred or module script
// runs) and the moment #root gets `data-hydrated` (src/hydrate.tsx sets it from an effect, once
// React has committed the hydrated tree). Installed before the first byte, so it sees everything.
const HYDRATION_WATCH = () => {
  const watch: Window['__hydration'] = (window.__hydration = { removals: [] });
  // The widget's own state attribute on its host element is not the site's rendering, and the
  // hydration mark is what the reading waits for.
  const read = () => {
    const root = document.getElementById('root')?.cloneNode(true) as HTMLElement | undefined;
    root?.querySelectorAll('franchise-ai-demo').forEach((element) => {
      element.removeAttribute('data-step');
    });
    root?.removeAttribute('data-hydrated');
    return root?.innerHTML ?? '(no #root)';
  };
  document.addEventListener('readystatechange', () => {
    if (document.readyState === 'interactive') watch.prerendered = read();
  });
  new MutationObserver((records) => {
    const root = document.getElementById('root');
    for (const record of records) {
      if (record.type === 'attributes') {
        if (record.target === root && record.attributeName === 'data-hydrated' && root.hasAttribute('data-hydrated') && watch.hydrated === undefined)
          watch.hydrated = read();
        continue;
      }
      if (!root || record.removedNodes.length === 0 || !(record.target === root || root.contains(record.target))) continue;
      for (const node of record.removedNodes) watch.removals.push(node.nodeName);
    }
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
};

/**
 * The app has hydrated #root (src/hydrate.tsx marks it) and a frame has passed. A page that hydrates
 * only on interaction (`data-hydrate="on-interaction"`, /demo) gets one: a pointerdown on its body.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.evaluate(() => {
    if (document.querySelector('[data-hydrate="on-interaction"]')) document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
  });
  await page.waitForFunction(() => document.getElementById('root')?.hasAttribute('data-hydrated'));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

/** A hydration error in React's development wording or as its minified production code. */
export const HYDRATION_MESSAGE = /hydrat|Minified React error #(418|419|421|422|423|425)\b/i;

/** The first place two strings differ, with some context, for a readable failure. */
function firstDifference(before: string, after: string): string {
  let at = 0;
  while (at < before.length && before[at] === after[at]) at++;
  const around = (text: string) => JSON.stringify(text.slice(Math.max(0, at - 40), at + 40));
  return `prerendered ${around(before)} became ${around(after)}`;
}

/** Everything that says hydration went wrong: messages, DOM thrown away, DOM patched. */
export async function hydrationProblems(fixture: SitePage): Promise<string[]> {
  const messages = [...fixture.consoleErrors, ...fixture.consoleWarnings, ...fixture.pageErrors].filter((text) => HYDRATION_MESSAGE.test(text));
  const { removals, prerendered, hydrated } = await fixture.page.evaluate(() => window.__hydration);
  const problems = [...messages, ...removals.map((name) => `removed from #root: ${name}`)];
  if (prerendered === undefined || hydrated === undefined) problems.push('the hydration watch missed the end of parsing or the hydration mark');
  else if (prerendered !== hydrated) problems.push(`#root changed during hydration: ${firstDifference(prerendered, hydrated)}`);
  return problems;
}

/** The pages post to the webhook base they were built with; its host name leads to the host started for the run. */
const webhookHostMapping = (): Record<string, string> => ({ [new URL(inject('webhookBase')).hostname]: new URL(inject('webhookHost')).host });

export function useSite(): Site {
  let preview: Preview | undefined;
  const suite = useBrowserSuite({
    debugVariable: 'SITE_DEBUG',
    mapHosts: webhookHostMapping(),
    alongside: () => [startPreview().then((value) => (preview = value))],
  });

  return {
    get url() {
      return running(preview, 'the preview server').url;
    },
    get browser() {
      return suite.browser;
    },
    async open(path, { alterHtml, hydrated = true, motion = false, before, ...options } = {}) {
      const url = running(preview, 'the preview server').url + path;
      const fixture = await suite.open(url, {
        ...options,
        before: async (page) => {
          await page.addInitScript(HYDRATION_WATCH);
          if (!motion) await page.emulateMedia({ reducedMotion: 'reduce' });
          if (alterHtml) {
            await page.route(url, async (route) => {
              const response = await route.fetch();
              await route.fulfill({ response, body: alterHtml(await response.text()) });
            });
          }
          await before?.(page);
        },
      });
      if (options.javaScript !== false && hydrated) await waitForHydration(fixture.page);
      return fixture;
    },
  };
}

// --- scrolling ---------------------------------------------------------------------------------

/** Resolves once window.scrollY has not changed for 5 animation frames (smooth scrolling is over). */
export async function scrollSettled(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = window.scrollY;
        let still = 0;
        const frame = () => {
          if (window.scrollY === last) still++;
          else [last, still] = [window.scrollY, 0];
          if (still >= 5) resolve(last);
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}

export interface Placement {
  /** The section's top, relative to the viewport. */
  top: number;
  /** The sticky header's bottom, relative to the viewport. */
  headerBottom: number;
  scrollY: number;
  maxScrollY: number;
}

export function placement(page: Page, id: string): Promise<Placement> {
  return page.evaluate((sectionId) => {
    const section = document.getElementById(sectionId);
    if (!section) throw new Error(`no #${sectionId} on ${location.pathname}`);
    return {
      top: section.getBoundingClientRect().top,
      headerBottom: document.querySelector('.site-header')!.getBoundingClientRect().bottom,
      scrollY: window.scrollY,
      maxScrollY: document.documentElement.scrollHeight - window.innerHeight,
    };
  }, id);
}

/**
 * The section has been scrolled to: its top sits just below the sticky header (the sections'
 * scroll-margin-top), or, for a section too close to the end of the page for that, the page is
 * scrolled to its end and the section starts below the header.
 */
export async function expectLandedOn(page: Page, id: string): Promise<void> {
  await scrollSettled(page);
  const where = await placement(page, id);
  const message = `#${id} after scrolling: ${JSON.stringify(where)}`;
  expect(where.scrollY, message).toBeGreaterThan(0);
  expect(where.top, message).toBeGreaterThanOrEqual(where.headerBottom - 1);
  if (where.scrollY < where.maxScrollY - 1) expect(where.top, message).toBeLessThanOrEqual(where.headerBottom + 16);
  else expect(where.top, message).toBeLessThan(where.headerBottom + (await page.evaluate(() => window.innerHeight)) / 2);
}
