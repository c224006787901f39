import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FRANCHISE_SITES_DIR, serveFixtureSite, type FixtureSite } from '@franchise-ai/test-support/franchise-sites';
import { ASSISTANT_ID, button, CONGRATULATIONS_AT_MS, copy, dataStep, expectAccessibleAtWidths, fillForm, heading, json } from '#test/support/index.ts';
import { movingParts, poll, postsTo, recordedEvents, type StubAnswer, submitForm, useStubHost, useSuite, VISITOR, widget } from '#test/support/index.ts';
import { OFFERINGS } from '@franchise-ai/shared/offerings';
import { openingLine } from '@franchise-ai/shared/opening-line';

// What the host read of the website while the visitor waits (the real stand-in, ALLOW_PRIVATE_WEBSITES=1), and a host without demo_status (404).
const suite = useSuite({ hosts: { main: { ALLOW_PRIVATE_WEBSITES: '1' } } });
let site: FixtureSite | undefined;
beforeAll(async () => void (site = await serveFixtureSite('franchisor')));
afterAll(() => site?.close());
/** Everything a visitor or a parser could read on the fixture's pages, markup and all: where a true fact's words are. */
const fixtureText = () =>
  readdirSync(join(FRANCHISE_SITES_DIR, 'franchisor'))
    .filter((file) => file.endsWith('.html'))
    .map((file) => readFileSync(join(FRANCHISE_SITES_DIR, 'franchisor', file), 'utf8'))
    .join('\n')
    .replace(/\s+/g, ' ');
const panel = (page: Page) => widget(page).locator('.learned');
const card = (page: Page) => widget(page).locator('.agent-card');
/** The first words as typed so far, and whole (what screen readers get). */
const typed = (page: Page) => widget(page).locator('.typed-text').textContent();
const wholeLine = (page: Page) => widget(page).locator('.first-words .visually-hidden').textContent();
const secondsShown = async (page: Page) => Number(/^(\d+) s left$/.exec((await widget(page).locator('.seconds-left').textContent()) ?? '')?.[1]);
/** The panel's facts as shown, without their labels. */
const shownFacts = (page: Page) =>
  panel(page)
    .locator('.learned-facts li')
    .evaluateAll((items) =>
      items.map((item) =>
        [...item.childNodes]
          .filter((node) => node.nodeType === Node.TEXT_NODE)
          .map((node) => node.textContent)
          .join('')
          .trim(),
      ),
    );
/** Advances the page's clock by `ms` within the loading step, and lets the answers it set off arrive. */
async function wait(page: Page, ms: number): Promise<void> {
  await page.clock.runFor(ms);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
}

describe('with the stand-in reading the franchisor fixture', () => {
  test('the loading panel shows true facts before congratulations, axe finds nothing at 320 or 1280 px, and the later call names the demo', async () => {
    const { page, consoleErrors, pageErrors } = await suite.page({ viewport: { width: 320, height: 800 }, clock: true });
    const formAnswers: unknown[] = [];
    const statusAnswers: Promise<unknown>[] = [];
    page.on('response', (response) => void (response.url().endsWith('/demo_form') && formAnswers.push(response.json())));
    page.on('response', (response) => void (response.url().endsWith('/demo_status') && statusAnswers.push(response.json())));
    const assistantBodies = postsTo(page, 'website_demo_call');
    await fillForm(page, { ...VISITOR, website: `${site!.url}/` });
    // The clock stands still until the first read: a loaded machine could lose a real second between the step's start and the read.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await button(page, copy.submit).click();
    await poll(() => dataStep(page)).toBe('loading');
    // The agent being put together: the company and its site, its side's three offerings, none ticked yet.
    await expect(card(page).getByText(VISITOR.company, { exact: true }).count()).resolves.toBe(1);
    await expect(card(page).getByText('127.0.0.1', { exact: true }).count()).resolves.toBe(1);
    expect(await card(page).locator('.offerings li').allTextContents()).toEqual([...OFFERINGS.franchisor]);
    expect(await card(page).locator('.offerings li.done').count()).toBe(0);
    const secondsAtStart = await secondsShown(page);
    expect(secondsAtStart).toBe(CONGRATULATIONS_AT_MS / 1000);
    await page.clock.resume();
    // About once a second the widget asks; the host reads the site meanwhile, on the real clock.
    let waited = 0;
    await poll(async () => {
      if (waited < 30_000) await wait(page, 500);
      waited += 500;
      return (await shownFacts(page)).length;
    }).toBeGreaterThanOrEqual(3);
    expect(await dataStep(page)).toBe('loading');
    const facts = await shownFacts(page);
    const text = fixtureText();
    // Each fact's words are the fixture's: a location "City, Region" part by part.
    for (const fact of facts) for (const part of fact.split(', ')) expect(text, `"${part}" of "${fact}" is on the fixture site`).toContain(part);
    expect(facts.length).toBeLessThanOrEqual(5);
    // The seconds left move: a second on, whatever moment the facts arrived at (half a second in, it still reads 42).
    await wait(page, 1_000);
    expect(await secondsShown(page)).toBeLessThan(secondsAtStart);
    // The phone call's opening as the hosts build it (opening-line.ts) from demo_form and demo_status, with the site's one fact.
    const { calls } = (await formAnswers[0]) as { calls: { from: string; recorded: boolean } };
    const { profile } = (await statusAnswers.at(-1)) as { profile: { greeting: string | null } };
    expect(profile.greeting).toMatch(/^Your website says: /);
    expect(text).toContain(profile.greeting!.replace('Your website says: ', ''));
    const line = openingLine(VISITOR, { companyName: calls.from, recordCalls: calls.recorded }, 'phone', profile.greeting);
    expect(await wholeLine(page)).toBe(line);
    await poll(async () => (await wait(page, 500), await typed(page))).toBe(line);
    expect(await widget(page).locator('.first-words [aria-live="polite"]').count()).toBe(1);
    await expect(panel(page).getByRole('heading', { name: copy.learnedHeading, exact: true }).count()).resolves.toBe(1);
    expect(await panel(page).locator('[aria-live="polite"]').count()).toBe(1);
    // Reached once, at 320 px, and resized: the panel's layout follows the widget's width.
    await expectAccessibleAtWidths(page, 'the loading panel', [320, 1280]);
    // Its lines slide in where motion is welcome, and stand still for reduced motion.
    const learnedMoving = async () => (await movingParts(page)).filter((part) => part.includes('learned-in'));
    expect(await learnedMoving()).not.toEqual([]);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await learnedMoving()).toEqual([]);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    // Each offering is ticked as its stage ends.
    await page.clock.fastForward(Math.max(0, 28_000 - (CONGRATULATIONS_AT_MS - (await secondsShown(page)) * 1000)) + 500);
    await poll(() => widget(page).locator('.stage.done').count()).toBeGreaterThanOrEqual(2);
    expect(await card(page).locator('.offerings li.done').count()).toBe(await widget(page).locator('.stage.done').count());
    await page.clock.fastForward(CONGRATULATIONS_AT_MS);
    await heading(page, copy.readyHeading).waitFor();
    await button(page, copy.browserButton).click();
    await poll(() => assistantBodies.length).toBe(1);
    const { demoId } = (await formAnswers[0]) as { demoId: string };
    expect(demoId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(JSON.parse(assistantBodies[0]!.body)).toMatchObject({ demoId, website: `${site!.url}/` });
    expect([consoleErrors, pageErrors]).toEqual([[], []]);
  });
});

test('reduced motion: the first words show whole at once, not typed', async () => {
  const { page } = await suite.page({ clock: true });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // No website: the line is known as soon as demo_form has answered.
  await submitForm(page, { ...VISITOR, website: '' });
  const line = await wholeLine(page);
  expect(line).toMatch(/^Hi Jane Smith! I'm an AI assistant calling from .+, for the Acme Burgers demo you asked for\. This call is not recorded, /);
  expect(await typed(page)).toBe(line);
});

describe('a host without demo_status (404)', () => {
  const DEMO_ID = 'AbCdEfGhIjKlMnOpQrStU_';
  /** What Chromium itself logs for the 404 (consent.test.ts words it too): not the widget's. */
  const CHROMIUM_404 = 'Failed to load resource: the server responded with a status of 404 (Not Found)';
  /** Today's host: demo_form answers no demoId. `withDemoId`: one that answers a demoId and 404 to demo_status. */
  const answer =
    (withDemoId: boolean): StubAnswer =>
    (request, res) => {
      if (request.path.endsWith('/demo_form')) return json(res, 200, withDemoId ? { ok: true, demoId: DEMO_ID } : { ok: true });
      if (request.path.endsWith('/website_demo_call')) return json(res, 200, { assistantId: ASSISTANT_ID });
      json(res, 404, { error: 'Not found.' });
    };
  const today = useStubHost(answer(false));
  const gone = useStubHost(answer(true));
  /** The whole visible flow up to the assistant: steps and events (the random agent id aside), the panel, the console. */
  async function run(webhookBase: string) {
    const fixture = await suite.page({ webhookBase, clock: true });
    const { page } = fixture;
    await submitForm(page, { ...VISITOR, website: `${site!.url}/` });
    for (let second = 0; second < 5; second++) await wait(page, 1_000);
    const panels = await panel(page).count();
    await page.clock.fastForward(CONGRATULATIONS_AT_MS);
    await heading(page, copy.readyHeading).waitFor();
    await button(page, copy.browserButton).click();
    await poll(() => dataStep(page)).toBe('browser-call');
    const events = (await recordedEvents(page)).map(({ type, detail }) => ({
      type,
      detail: type === 'ready' ? { agentId: typeof detail?.['agentId'] } : detail,
    }));
    return { panels, events, consoleErrors: fixture.consoleErrors, consoleWarnings: fixture.consoleWarnings, pageErrors: fixture.pageErrors };
  }
  test("leaves the panel out and the flow is exactly today's, and the later call still names the demo", async () => {
    const before = await run(today.host.webhookBase);
    const after = await run(gone.host.webhookBase);
    expect(gone.host.requests.filter((request) => request.path.endsWith('/demo_status'))).toHaveLength(1);
    expect(today.host.requests.filter((request) => request.path.endsWith('/demo_status'))).toHaveLength(0);
    // Chromium itself logs every 4xx answer to a fetch; the widget logs nothing of its own, warnings neither.
    const { consoleErrors, ...flow } = after;
    const { consoleErrors: todayErrors, ...todayFlow } = before;
    expect(consoleErrors).toEqual([CHROMIUM_404]);
    expect(todayErrors).toEqual([]);
    expect(flow).toEqual(todayFlow);
    expect(flow.panels).toBe(0);
    const assistantCall = gone.host.requests.find((request) => request.path.endsWith('/website_demo_call'));
    expect(JSON.parse(assistantCall!.body)).toMatchObject({ demoId: DEMO_ID });
  });
});
