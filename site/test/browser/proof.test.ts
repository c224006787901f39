import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import { runAxe } from '@franchise-ai/test-support/axe';
import { DESKTOP, running, useBrowserSuite } from '@franchise-ai/test-support/browser-suite';
import { warmContentServer } from '../support/content-server.ts';
import { SAMPLE_LINE_STARTS } from '../support/proof-filled.ts';
import { startPreview, type Preview } from '../support/preview.ts';
import { waitForHydration } from '../support/site.ts';

// The landing's proof (logos, a quote, integrations, a privacy summary, a sample call)
// comes from content/proof.ts; a slot without content renders nothing. The landing is checked
// twice: as built (site/dist-test, the content as it ships), and with every slot filled, rendered by the dev
// server the project's global setup starts (support/content-server.ts; a second build would cost a
// minute). The built site's other pages are checked by the other files (a11y.test.ts, …).
declare global {
  interface Window {
    __shiftsSinceHydration: number;
  }
}

let built: Preview | undefined;
const suite = useBrowserSuite({
  debugVariable: 'SITE_DEBUG',
  alongside: () => [startPreview().then((server) => (built = server))],
});
const shipped = () => running(built, 'the preview server').url;
const filled = () => inject('contentServer');
beforeAll(() => warmContentServer(filled()));

const TRUST_LINKS = ['/privacy#information-we-collect', '/privacy#data-retention', '/privacy#how-we-use-information', '/privacy'];
const PHONE_NARROW = { width: 320, height: 640 };

async function open(origin: string, viewport = DESKTOP) {
  const fixture = await suite.open(`${origin}/`, { viewport });
  // The dev server transforms each module when first asked for it: the first page hydrates late.
  await fixture.page.waitForFunction(() => document.getElementById('root')?.hasAttribute('data-hydrated'), null, { timeout: 30_000 });
  await waitForHydration(fixture.page);
  return fixture;
}

/** What the landing shows of each proof slot. */
const slots = (page: Page) =>
  page.evaluate(() => {
    const texts = (selector: string) => [...document.querySelectorAll(selector)].map((el) => (el.textContent ?? '').trim());
    return {
      logos: [...document.querySelectorAll<HTMLImageElement>('.logo-strip img')].map((img) => ({
        alt: img.alt,
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
      })),
      quote: texts('figure.customer-quote > blockquote'),
      quoteCaption: texts('figure.customer-quote > figcaption'),
      integrations: texts('.works-with li'),
      trustLinks: [...document.querySelectorAll<HTMLAnchorElement>('.trust-row a')].map((a) => a.getAttribute('href')),
      sampleButton: texts('.sample-player button'),
      audio: [...document.querySelectorAll('audio')].map((audio) => audio.getAttribute('preload')),
      realExamples:
        [...document.querySelectorAll('#contact li')].find((li) => li.querySelector('h3')?.textContent === 'See Real Examples')?.querySelector('p')
          ?.textContent ?? '',
      // Headings, lists and sections that show nothing (no text, no image), anywhere on the page;
      // a section counts as empty with only its heading.
      empty: [...document.querySelectorAll('main h1, main h2, main h3, main h4, main section, main figure, main ul')]
        .filter((el) => {
          const shows = (node: Element) => (node.textContent ?? '').trim() !== '' || node.querySelector('img, audio, svg') !== null;
          if (el.matches('section'))
            return ![...el.querySelectorAll(':scope :not(h2, h3, h2 *, h3 *)')].some(
              (child) => child.matches('img, audio') || [...child.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== ''),
            );
          return !shows(el);
        })
        .map((el) => el.outerHTML.slice(0, 80)),
    };
  });

describe('the shipped content', () => {
  test('no slot the company has not filled renders anything, and the trust row restates the privacy policy with links to its sections', async () => {
    const { page } = await open(shipped());
    const shown = await slots(page);
    expect(shown.empty).toEqual([]);
    expect({ logos: shown.logos, quote: shown.quote, integrations: shown.integrations, sampleButton: shown.sampleButton, audio: shown.audio }).toEqual({
      logos: [],
      quote: [],
      integrations: [],
      sampleButton: [],
      audio: [],
    });
    expect(shown.trustLinks).toEqual(TRUST_LINKS);
    expect(shown.realExamples).toMatch(/live demo/);
    expect(shown.realExamples).not.toMatch(/sample/);
  });
});

describe('every slot filled', () => {
  test('each slot is in the prerendered HTML and on the page: logos with alt texts and sizes, the named quote, integrations, the trust row, the sample player', async () => {
    const html = await (await fetch(`${filled()}/`)).text();
    const prerendered = html.slice(html.indexOf('<div id="root">'));
    for (const marker of [
      'alt="Test Brand One"',
      '<blockquote>',
      'Tess Tester',
      'Test CRM',
      'href="/privacy#data-retention"',
      'preload="none"',
      'Hear a sample call',
    ])
      expect(prerendered).toContain(marker);

    const { page, consoleErrors, pageErrors } = await open(filled(), PHONE_NARROW);
    const shown = await slots(page);
    expect(shown.logos).toEqual([
      { alt: 'Test Brand One', width: '120', height: '40' },
      { alt: 'Test Brand Two', width: '120', height: '40' },
    ]);
    expect(shown.quote).toEqual(['Test quote: every inquiry got an answer the same day.']);
    expect(shown.quoteCaption.join()).toMatch(/Tess Tester.*Head of Development.*Test Brand One/);
    expect(shown.integrations).toEqual(['Test CRM', 'Test Calendar']);
    expect(shown.trustLinks).toEqual(TRUST_LINKS);
    expect(shown.sampleButton).toEqual(['Hear a sample call']);
    expect(shown.audio).toEqual(['none']);
    expect(shown.realExamples).toMatch(/sample call/);
    expect(shown.empty).toEqual([]);
    // Each image scrolled to, so every lazy one loads: its box, reserved by its width and height,
    // must not change. Shifts are counted from here on: the dev server styles the page by script,
    // so the moves before that are its own, not the site's (the built site's CLS: layout.test.ts).
    await page.evaluate(() => {
      window.__shiftsSinceHydration = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
          if (!entry.hadRecentInput) window.__shiftsSinceHydration += entry.value;
      }).observe({ type: 'layout-shift' });
    });
    for (const image of await page.locator('main img').all()) await image.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => window.__shiftsSinceHydration)).toBe(0);
    expect([...consoleErrors, ...pageErrors]).toEqual([]);
  });

  test.each([PHONE_NARROW, DESKTOP])('with every slot shown, no axe violations at $width px', async (viewport) => {
    const { page } = await open(filled(), viewport);
    // axe on every slot, not on a page without them.
    expect(await page.locator('.logo-strip, .customer-quote, .works-with, .trust-row, .sample-player').count()).toBe(5);
    expect(await runAxe(page)).toEqual([]);
  });

  test('the sample call plays from the keyboard, marks the line being spoken as it goes, and pauses', async () => {
    const { page } = await open(filled());
    const current = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('.call-transcript .bubble')]
          .map((line) => (line.getAttribute('aria-current') === 'true' && line.classList.contains('is-current') ? 1 : 0))
          .indexOf(1),
      );
    expect(await current()).toBe(-1);
    await page.getByRole('button', { name: 'Hear a sample call' }).focus();
    await page.keyboard.press('Enter');
    const pause = page.getByRole('button', { name: 'Pause the sample call' });
    await pause.waitFor();
    // Each line in turn as the recording passes its start.
    for (const [index] of SAMPLE_LINE_STARTS.entries()) {
      await page.waitForFunction((i) => document.querySelectorAll('.call-transcript .bubble')[i]?.getAttribute('aria-current') === 'true', index, {
        timeout: 5000,
      });
      const time = await page.evaluate(() => document.querySelector('audio')!.currentTime);
      expect(time).toBeGreaterThanOrEqual(SAMPLE_LINE_STARTS[index]!);
      expect(await current()).toBe(index);
    }
    // Switched at once: nothing animates the mark.
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.bubble.is-current')!).transitionDuration)).toMatch(/^0s(, 0s)*$/);
    await pause.press(' ');
    await page.getByRole('button', { name: 'Hear a sample call' }).waitFor();
    expect(await page.evaluate(() => document.querySelector('audio')!.paused)).toBe(true);
  });
});
