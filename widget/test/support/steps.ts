import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { poll } from '@franchise-ai/test-support/poll';
import { button, dataStep, fillForm, type FormInput, heading, PHONE } from '@franchise-ai/test-support/widget-flow';
import { phoneDialog, schedulePhoneCall, type Texts, VISITOR, widget } from '@franchise-ai/test-support/widget-flow';
import { copy } from '../../src/copy/copy.ts';

// Reading and driving the later steps, shared by the browser files.

/** The form filled and sent, until the loading step. */
export async function submitForm(page: Page, input: FormInput = VISITOR): Promise<void> {
  await fillForm(page, input);
  await button(page, copy.submit).click();
  await poll(() => dataStep(page)).toBe('loading');
}

/** Congratulations' 'Call Me' card button. */
export const callMeButton = (page: Page, texts: Texts = copy): Locator =>
  widget(page).getByRole('article', { name: texts.callMeTitle }).getByRole('button', { name: texts.scheduleCall, exact: true });
/** 'Call Me' → the phone dialog, once its phone rules have loaded (the select lists every country). */
export async function openPhoneDialog(page: Page, texts: Texts = copy): Promise<Locator> {
  await callMeButton(page, texts).click();
  const dialog = phoneDialog(page, texts);
  await poll(() => dialog.getByRole('combobox', { name: texts.phoneCountryLabel }).locator('option').count()).toBeGreaterThan(200);
  return dialog;
}
/** 'Call Me', the number and the box, Schedule Call, until 'Call Scheduled!'. */
export async function scheduleFromCongratulations(page: Page, number?: string): Promise<void> {
  await callMeButton(page).click();
  await schedulePhoneCall(page, number);
  await heading(page, copy.callScheduledHeading).waitFor();
}
/** What has the keyboard in the widget: the focused element's id, else its text; null when nothing there has it. */
export const focusedIn = (page: Page): Promise<string | null> =>
  widget(page).evaluate((host) => {
    const active = host.shadowRoot!.activeElement as HTMLElement | null;
    return active ? active.id || active.textContent?.trim() || active.tagName : null;
  });
/** The focused element's text (headings have ids shared by every step). */
export const focusedText = (page: Page): Promise<string | null> => widget(page).evaluate((host) => host.shadowRoot!.activeElement?.textContent?.trim() ?? null);
export const stepText = (page: Page): Promise<string> => widget(page).locator('section.step').innerText();
export const agentIdShown = (page: Page): Promise<string> =>
  widget(page).getByRole('region', { name: copy.agentDetailsHeading }).locator('dd.mono').innerText();
export const dataLayer = (page: Page) => page.evaluate(() => (window as unknown as { dataLayer?: Array<Record<string, unknown>> }).dataLayer);
/** What analytics="datalayer" pushes from the form to congratulations. */
export const DATALAYER_UNTIL_READY = [
  { event: 'franchise_ai_demo_step', step: 'form' },
  { event: 'franchise_ai_demo_step', step: 'loading' },
  { event: 'generate_lead' },
  { event: 'franchise_ai_demo_step', step: 'congratulations' },
  { event: 'franchise_ai_demo_ready' },
];
/** Not one of the visitor's values (as typed and as sent) anywhere in what was pushed to the dataLayer, whatever its case. */
export async function expectNoPersonalData(page: Page): Promise<void> {
  const pushed = JSON.stringify(await dataLayer(page)).toLowerCase();
  for (const value of [VISITOR.name, VISITOR.company, VISITOR.email, VISITOR.website, 'https://acme.com', PHONE.typed, PHONE.e164, '2015550123']) {
    expect(pushed, value).not.toContain(value.toLowerCase());
  }
}
/** The page's POSTs whose URL ends with `/endpoint`, as they are sent: body and Idempotency-Key. */
export function postsTo(page: Page, endpoint: string): Array<{ body: string; key: string | undefined }> {
  const posts: Array<{ body: string; key: string | undefined }> = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/${endpoint}`))
      posts.push({ body: request.postData() ?? '', key: request.headers()['idempotency-key'] });
  });
  return posts;
}
/** Stops the page's clock at `startedAt` + 1 s at most; `advanceTo(ms)` runs it to `ms` after `startedAt`, however slow the machine. */
export async function clockFrom(page: Page, startedAt: number): Promise<(msAfterStart: number) => Promise<void>> {
  let now = Math.max(startedAt + 1_000, (await page.evaluate(() => Date.now())) + 500);
  await page.clock.pauseAt(now);
  return async (msAfterStart) => {
    await page.clock.runFor(startedAt + msAfterStart - now);
    now = startedAt + msAfterStart;
  };
}
export const norm = (text: string) => text.replace(/\s+/g, ' ').trim();
/** What the widget shows: its rendered text, white space collapsed. */
export const shownText = async (page: Page) => norm(await widget(page).evaluate((host) => (host.shadowRoot!.querySelector('.root') as HTMLElement).innerText));
/** Every one of `texts` is in what the widget shows (its rendered text, not the copy object). */
export async function expectShown(page: Page, texts: string[]): Promise<void> {
  const shown = await shownText(page);
  expect(
    texts.filter((text) => !shown.includes(norm(text))),
    `missing from the widget:\n${shown}`,
  ).toEqual([]);
}
/** Clicks the widget's last button with this exact text `times` times in one task, as a script (or a bouncy mouse) could. */
export const clickInOneTask = (page: Page, name: string, times = 3) =>
  widget(page).evaluate(
    (host, [text, count]) => {
      const target = [...host.shadowRoot!.querySelectorAll('button')].filter((node) => node.textContent === text).at(-1)!;
      for (let index = 0; index < count; index++) target.click();
    },
    [name, times] as const,
  );
/** Two animation frames: what the last attribute change made is on screen. */
export const rendered = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
