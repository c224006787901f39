import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { DESKTOP } from '@franchise-ai/test-support/browser-suite';
import { PAGES } from '../../src/routes.ts';
import { useSite } from '../support/site.ts';

// Nothing overclaims: wherever a card or a group of figures calls itself proven ('Proven ROI', in
// French 'ROI démontré'), the figures beside it say what they are (estimates), on every page that
// shows them: the landing, /demo and the /embed preview (the widget's form), in both languages.
const site = useSite();

/** A word that claims proof, in either language. */
const PROVEN = /\b(proven|démontrée?s?|prouvée?s?)\b/i;
/** A figure: a share, a multiple or an amount. */
const FIGURE = /\d\s?%|\d\s?x\b|×\s?\d|\$\s?\d|\d\s?k\s?\$/i;
/** What labels figures as the landing does. */
const LABELLED = /estimat/i;

/** The text of every card (a widget card, a landing figure group) that claims proof, across the widget's shadow root. */
const provenCards = (page: Page): Promise<string[]> =>
  page.evaluate((proven) => {
    const claim = new RegExp(proven, 'i');
    const roots: Array<Document | ShadowRoot> = [document];
    for (const host of document.querySelectorAll('franchise-ai-demo')) if (host.shadowRoot) roots.push(host.shadowRoot);
    return roots.flatMap((root) =>
      [...root.querySelectorAll('.card, .stat-group, li, section')]
        .filter((card) => !card.querySelector('.card, .stat-group, li') && claim.test(card.textContent ?? ''))
        .map((card) => (card as HTMLElement).innerText.replace(/\s+/g, ' ').trim()),
    );
  }, PROVEN.source);

async function open(path: string): Promise<Page> {
  const { page } = await site.open(path, { viewport: DESKTOP });
  if (path !== PAGES.landing.path && path !== PAGES.frLanding.path) await page.locator('franchise-ai-demo').getByRole('heading').first().waitFor();
  if (path === PAGES.embed.path) await page.locator('[data-builder-ready]').waitFor();
  return page;
}

test.each([PAGES.landing.path, PAGES.frLanding.path, PAGES.demo.path, PAGES.frDemo.path, PAGES.embed.path])(
  '%s: every card that claims proof and quotes a figure labels its figures as estimates',
  async (path) => {
    const page = await open(path);
    const cards = await provenCards(page);
    if (path !== PAGES.landing.path && path !== PAGES.frLanding.path) expect(cards, 'the widget shows its Proven ROI card').toHaveLength(1);
    for (const card of cards) if (FIGURE.test(card)) expect(card).toMatch(LABELLED);
  },
);

test('the check notices an unlabelled figure beside a proof claim', async () => {
  const page = await open(PAGES.demo.path);
  await page.evaluate(() => {
    const card = document.querySelector('franchise-ai-demo')!.shadowRoot!.querySelector('.card:nth-child(2) p')!;
    card.textContent = '300% faster lead response and 85% admin time saved.';
  });
  const [card] = await provenCards(page);
  expect(FIGURE.test(card!) && !LABELLED.test(card!)).toBe(true);
});

test.each([PAGES.demo.path, PAGES.frDemo.path])('%s makes the time promise once (the widget’s), not again in the page’s intro', async (path) => {
  const page = await open(path);
  const promises = await page.evaluate(() => {
    const texts = [document.body.innerText, document.querySelector('franchise-ai-demo')!.shadowRoot!.querySelector('.root')!.textContent ?? ''];
    return texts.join('\n').match(/\b90\s?(seconds|secondes)\b/gi)?.length ?? 0;
  });
  expect(promises).toBe(1);
});
