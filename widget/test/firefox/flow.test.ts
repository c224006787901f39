import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runAxe } from '@franchise-ai/test-support/axe';
import { type Firefox, launchFirefox, type Page } from '@franchise-ai/test-support/firefox';
import { fetchLeads } from '@franchise-ai/test-support/leads';
import { startStaticServer, type StaticServer } from '@franchise-ai/test-support/static-server';
import { type SpawnedHost, startHost } from '@franchise-ai/test-support/webhook-host';
import { PHONE, VISITOR } from '@franchise-ai/test-support/widget-flow';
import { copy, fillCopy } from '../../src/copy/copy.ts';
import { CONGRATULATIONS_AT_MS, LOADING_STAGES } from '../../src/figures.ts';
import { partnerPage, widgetAttributes } from '../support/pages.ts';
import { click, dataStep, fastForward, find, focusedIn, openPage, typeInto, widgetRoot } from './widget-page.ts';

// Firefox ESR over WebDriver BiDi: the visitor path to a scheduled call against the real host, its clock, focus and layout; the rest is Chromium's.
const WIDGET = fileURLToPath(new URL('../../', import.meta.url));
const ASSETS = join(WIDGET, 'test/browser/pages');
let firefox: Firefox | undefined;
let server: StaticServer | undefined;
let host: SpawnedHost | undefined;

beforeAll(async () => {
  const started = await Promise.allSettled([
    launchFirefox().then((value) => (firefox = value)),
    startStaticServer({ '/widget/': join(WIDGET, 'dist'), '/assets/': ASSETS }).then((value) => (server = value)),
    // The real host, without rate limits (one machine sends every test's requests); its consent words link a privacy policy, never followed.
    startHost({ env: { RATE_LIMIT: 'off', PRIVACY_POLICY_URL: 'http://127.0.0.1/privacy' } }).then((value) => (host = value)),
  ]);
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
});

afterAll(async () => {
  await Promise.allSettled([firefox?.close(), server?.stop(), host?.stop()]);
});
/** Whether the widget's consent box is ticked. */
const boxChecked = (page: Page) =>
  page.evaluate(() => (document.querySelector('franchise-ai-demo')!.shadowRoot!.querySelector('#fad-consent') as HTMLInputElement).checked);
/** Until the widget's phone dialog is open (or, `open` false, closed). */
const dialogOpen = (page: Page, open = true) =>
  page.waitForFunction((wanted) => document.querySelector('franchise-ai-demo')!.shadowRoot!.querySelector('dialog')?.open === wanted, {}, open);

test('in Firefox ESR: form, loading on the page clock, congratulations, Call Me; axe on the dialog at 1280 and 320 px; the dialog by keyboard (Tab order, Esc gives focus back, Space on the box, Enter sends); Call Scheduled! and the host has the lead and the call; no console or page errors', async () => {
  const page = await firefox!.browser.newPage();
  const { consoleErrors, pageErrors } = await openPage(
    page,
    server!.page('/firefox-flow.html', partnerPage({ attributes: widgetAttributes(host!.webhookBase) })),
  );
  const widget = await widgetRoot(page);
  await find(widget, 'heading', copy.formHeading);
  expect(await dataStep(page)).toBe('form');
  await typeInto(widget, copy.nameLabel, VISITOR.name);
  await typeInto(widget, copy.companyLabelFranchisor, VISITOR.company);
  await typeInto(widget, copy.emailLabel, VISITOR.email);
  await typeInto(widget, copy.websiteLabel, VISITOR.website);
  await click(widget, 'button', copy.submit);
  // Land at the last stage (4 s left), then past the end: 1 s before the end left too little for the checks on a loaded machine.
  await page.waitForFunction(() => document.querySelector('franchise-ai-demo')?.getAttribute('data-step') === 'loading');
  await find(widget, 'heading', copy.loadingHeading);
  const lastStage = LOADING_STAGES.at(-1)!;
  await fastForward(page, lastStage.atMs);
  const progress = await find(widget, 'progressbar', copy.loadingProgressLabel);
  expect(await progress.evaluate((bar) => (bar as Element).getAttribute('aria-valuenow'))).toBe(String(lastStage.progress));
  expect(await dataStep(page)).toBe('loading');
  await fastForward(page, CONGRATULATIONS_AT_MS - lastStage.atMs);
  await find(widget, 'heading', copy.readyHeading);
  expect(await dataStep(page)).toBe('congratulations');
  await click(await find(widget, 'article', copy.callMeTitle), 'button', copy.scheduleCall);
  const dialog = await find(widget, 'dialog', copy.phoneDialogTitle);
  expect(await dialog.evaluate((element) => element instanceof HTMLDialogElement && element.open)).toBe(true);
  await page.waitForFunction(
    () => (document.querySelector('franchise-ai-demo')!.shadowRoot!.querySelector('#fad-phone-country') as HTMLSelectElement).options.length > 200,
  );
  // The same state, the page resized in place.
  for (const width of [1280, 320]) {
    await page.setViewport({ width, height: 800 });
    expect(await runAxe(page), `the dialog at ${width} px`).toEqual([]);
  }
  await page.setViewport({ width: 1280, height: 800 });
  const { keyboard } = page;
  const shiftTab = async () => {
    await keyboard.down('Shift');
    await keyboard.press('Tab');
    await keyboard.up('Shift');
  };
  expect(await focusedIn(page)).toBe('fad-phone');
  await keyboard.type(PHONE.typed);
  await page.waitForFunction(
    (wanted) => document.querySelector('franchise-ai-demo')!.shadowRoot!.querySelector('#fad-phone-hint')?.textContent === wanted,
    {},
    fillCopy(copy.phoneWillCall, { number: PHONE.typed }),
  );
  // Forward: the privacy link, the box (Schedule Call is disabled until it is ticked), Cancel, round to the country.
  const order: Array<string | null> = [];
  for (let i = 0; i < 5; i++) {
    await keyboard.press('Tab');
    order.push(await focusedIn(page));
  }
  expect(order).toEqual([copy.consentPrivacyLink, 'fad-consent', copy.phoneCancel, 'fad-phone-country', 'fad-phone']);
  await shiftTab();
  expect(await focusedIn(page)).toBe('fad-phone-country');
  // Esc closes; focus goes back to the button that opened it, which opens it again, the box unticked.
  await keyboard.press('Escape');
  await dialogOpen(page, false);
  expect(await focusedIn(page)).toBe(copy.scheduleCall);
  await keyboard.press('Enter');
  await dialogOpen(page);
  expect(await focusedIn(page)).toBe('fad-phone');
  expect(await boxChecked(page)).toBe(false);
  // Space on the box, then Enter in the number sends.
  await keyboard.press('Tab');
  await keyboard.press('Tab');
  expect(await focusedIn(page)).toBe('fad-consent');
  await keyboard.press(' '); // puppeteer's name for the space bar
  expect(await boxChecked(page)).toBe(true);
  await keyboard.press('Tab');
  expect(await focusedIn(page)).toBe(copy.scheduleCall);
  await shiftTab();
  await shiftTab();
  await shiftTab();
  expect(await focusedIn(page)).toBe('fad-phone');
  await keyboard.press('Enter');
  await find(widget, 'heading', copy.callScheduledHeading);
  expect(await dataStep(page)).toBe('call-scheduled');
  // What the host received: the lead, then the trigger with the number in E.164 and the words shown.
  const request = {
    name: VISITOR.name,
    company: VISITOR.company,
    email: VISITOR.email,
    website: `https://${VISITOR.website}`,
    businessType: VISITOR.businessType,
  };
  const leads = await fetchLeads(host!);
  expect(leads.filter((lead) => lead.endpoint === 'demo_form')).toEqual([expect.objectContaining(request)]);
  expect(leads.filter((lead) => lead.endpoint === 'trigger_ai_demo_call')).toEqual([
    expect.objectContaining({ ...request, phoneNumber: PHONE.e164, consentText: expect.stringContaining(copy.consentLabel) }),
  ]);
  // Quiet, and nothing left 127.0.0.1.
  expect([consoleErrors, pageErrors]).toEqual([[], []]);
  expect(firefox!.outsideAttempts).toEqual([]);
  await page.close();
});
