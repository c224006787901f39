import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CALL_REASONS } from '@franchise-ai/shared/call-policy';
import { WEBHOOK_PATHS } from '@franchise-ai/shared/constants';
import { LIMIT_MESSAGES } from '@franchise-ai/shared/rate-limits';
import { runAxe } from '@franchise-ai/test-support/axe';
import { type Firefox, launchFirefox, type Page } from '@franchise-ai/test-support/firefox';
import { fetchLeads } from '@franchise-ai/test-support/leads';
import { startStaticServer, type StaticServer } from '@franchise-ai/test-support/static-server';
import { type SpawnedHost, startHost } from '@franchise-ai/test-support/webhook-host';
import { PHONE, VISITOR } from '@franchise-ai/test-support/widget-flow';
import { copy, fillCopy } from '../../src/copy/copy.ts';
import { CONGRATULATIONS_AT_MS, LOADING_STAGES } from '../../src/figures.ts';
import { partnerPage, widgetAttributes } from '../support/pages.ts';
import { json, startStubHost, type StubHost } from '../support/stub-host.ts';
import { click, dataStep, fastForward, find, focusedIn, openPage, reachCongratulations, type Scope, typeInto, widgetRoot } from './widget-page.ts';

// Firefox ESR over WebDriver BiDi: the visitor path to a scheduled call against the real host, then the phone dialog's consent against a stub.
const WIDGET = fileURLToPath(new URL('../../', import.meta.url));
const ASSETS = join(WIDGET, 'test/browser/pages');
let firefox: Firefox | undefined;
let server: StaticServer | undefined;
let host: SpawnedHost | undefined;
let stub: StubHost | undefined;
let answerCall: (res: ServerResponse) => void = (res) => json(res, 200, { status: 'placed', callId: 'call_1' });

beforeAll(async () => {
  const started = await Promise.allSettled([
    launchFirefox().then((value) => (firefox = value)),
    startStaticServer({ '/widget/': join(WIDGET, 'dist'), '/assets/': ASSETS }).then((value) => (server = value)),
    // The real host, without rate limits (one machine sends every test's requests).
    startHost({ env: { RATE_LIMIT: 'off' } }).then((value) => (host = value)),
    startStubHost((request, res) => {
      if (request.path.endsWith(WEBHOOK_PATHS.demoForm)) return json(res, 200, { ok: true, calls: { recorded: false, countries: ['US', 'FR'] } });
      answerCall(res);
    }).then((value) => (stub = value)),
  ]);
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
});

afterAll(async () => {
  await Promise.allSettled([firefox?.close(), server?.stop(), host?.stop(), stub?.stop()]);
});

test('in Firefox ESR: form, loading, congratulations, Call Me, Call Scheduled!, with no console or page errors', async () => {
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
  await typeInto(dialog, copy.phoneLabel, PHONE.typed);
  await click(dialog, 'checkbox', copy.consentLabel);
  await click(dialog, 'button', copy.scheduleCall);
  await find(widget, 'heading', copy.callScheduledHeading);
  expect(await dataStep(page)).toBe('call-scheduled');
  // What the host received: the lead, then the trigger with the number in E.164.
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
});
const callBodies = () =>
  stub!.requests
    .filter((request) => request.path.endsWith(WEBHOOK_PATHS.triggerDemoCall))
    .map((request) => JSON.parse(request.body) as Record<string, unknown>);
/** Congratulations, then 'Call Me': the dialog, its rules loaded. */
async function openDialog(name: string, width: number): Promise<{ page: Page; dialog: Scope; consoleErrors: string[]; pageErrors: string[] }> {
  const page = await firefox!.browser.newPage();
  await page.setViewport({ width, height: 800 });
  const attributes = { ...widgetAttributes(stub!.webhookBase), 'company-name': 'Acme Franchise Group', 'privacy-url': '/privacy' };
  const recorded = await openPage(page, server!.page(`/firefox-consent-${name}.html`, partnerPage({ attributes })));
  const widget = await reachCongratulations(page, `${name}@acme.com`);
  await click(await find(widget, 'article', copy.callMeTitle), 'button', copy.scheduleCall);
  const dialog = await find(widget, 'dialog', copy.phoneDialogTitle);
  await page.waitForFunction(
    () => (document.querySelector('franchise-ai-demo')!.shadowRoot!.querySelector('#fad-phone-country') as HTMLSelectElement).options.length > 200,
  );
  return { page, dialog, ...recorded };
}
/** A property of the element `selector` in the widget's shadow root. */
const inWidget = <T>(page: Page, selector: string, read: (element: HTMLElement) => T) =>
  page.evaluate(
    (css, source) => new Function('element', `return (${source})(element)`)(document.querySelector('franchise-ai-demo')!.shadowRoot!.querySelector(css)) as T,
    selector,
    read.toString(),
  );
const scheduleDisabled = (page: Page) => inWidget(page, 'dialog button[type="submit"]', (element) => (element as HTMLButtonElement).disabled);
const boxChecked = (page: Page) => inWidget(page, '#fad-consent', (element) => (element as HTMLInputElement).checked);
const textOf = (page: Page, selector: string) => inWidget(page, selector, (element) => element.textContent);
const waitForText = (page: Page, selector: string, text: string) =>
  page.waitForFunction(
    (css, wanted) => document.querySelector('franchise-ai-demo')!.shadowRoot!.querySelector(css)?.textContent === wanted,
    {},
    selector,
    text,
  );
const clear = (page: Page) => inWidget(page, '#fad-phone', (element) => ((element as HTMLInputElement).select(), true));
/** axe on what the dialog shows now, at 1280 px and then 320 px wide: the same state, the page resized in place. */
async function expectAxeAtWidths(page: Page, where: string): Promise<void> {
  for (const width of [1280, 320]) {
    await page.setViewport({ width, height: 800 });
    expect(await runAxe(page), `${where} at ${width} px`).toEqual([]);
  }
}

test('in Firefox ESR at 320 px wide, axe at 320 and 1280 px: the box starts unticked, the words name the company and say AI, Schedule Call waits for both; axe finds nothing, also with "Did you mean", refusals and a limit; then the whole dialog by keyboard: Tab order, Space on the box, Esc closes and focus returns, Enter submits', async () => {
  const { page, dialog, consoleErrors, pageErrors } = await openDialog('axe', 320);
  expect(await boxChecked(page)).toBe(false);
  const words = await textOf(page, '#fad-consent-text');
  expect(words).toContain('An AI voice agent from Acme Franchise Group will call this number once, for this demo.');
  await expectAxeAtWidths(page, 'the dialog');
  await typeInto(dialog, copy.phoneLabel, '06 12 34 56 78');
  await find(dialog, 'button', fillCopy(copy.phoneDidYouMean, { number: '+33 6 12 34 56 78' }));
  await expectAxeAtWidths(page, '"Did you mean"');
  await clear(page);
  await typeInto(dialog, copy.phoneLabel, PHONE.typed);
  await waitForText(page, '#fad-phone-hint', fillCopy(copy.phoneWillCall, { number: PHONE.typed }));
  expect(await scheduleDisabled(page)).toBe(true);
  await click(dialog, 'checkbox', copy.consentLabel);
  expect(await boxChecked(page)).toBe(true);
  expect(await scheduleDisabled(page)).toBe(false);
  answerCall = (res) =>
    json(res, 400, {
      error: 'Some fields are missing or invalid.',
      fields: { phoneNumber: CALL_REASONS.phonePremium, consent: CALL_REASONS.consentRequired },
    });
  await click(dialog, 'button', copy.scheduleCall);
  await waitForText(page, '#fad-consent-error', CALL_REASONS.consentRequired);
  expect(await textOf(page, '#fad-phone-error')).toBe(CALL_REASONS.phonePremium);
  expect(await focusedIn(page)).toBe('fad-phone');
  await expectAxeAtWidths(page, 'the reasons beside the number and the box');
  answerCall = (res) => json(res, 429, { error: LIMIT_MESSAGES.callsPerDay, retryAfterSeconds: 3600 });
  await click(dialog, 'button', copy.scheduleCall);
  await page.waitForFunction(
    (wanted) => document.querySelector('franchise-ai-demo')!.shadowRoot!.querySelector('dialog [role="alert"]')?.textContent === wanted,
    {},
    LIMIT_MESSAGES.callsPerDay,
  );
  await expectAxeAtWidths(page, 'the limit in the alert');
  expect([consoleErrors, pageErrors]).toEqual([[], []]);
  // The whole dialog by keyboard, at 1280 px: Esc closes it, Enter on the button that opened it opens it again.
  answerCall = (res) => json(res, 200, { status: 'placed', callId: 'call_2' });
  await page.setViewport({ width: 1280, height: 800 });
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('franchise-ai-demo')!.shadowRoot!.querySelector('dialog')?.open);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('franchise-ai-demo')!.shadowRoot!.querySelector('dialog')?.open);
  const { keyboard } = page;
  const shiftTab = async () => {
    await keyboard.down('Shift');
    await keyboard.press('Tab');
    await keyboard.up('Shift');
  };
  expect(await focusedIn(page)).toBe('fad-phone');
  await clear(page);
  await keyboard.type(PHONE.typed);
  await waitForText(page, '#fad-phone-hint', fillCopy(copy.phoneWillCall, { number: PHONE.typed }));
  // Forward: the privacy link, the box (Schedule Call is disabled until it is ticked), Cancel, round to the country.
  const order: Array<string | null> = [];
  for (let i = 0; i < 5; i++) {
    await keyboard.press('Tab');
    order.push(await focusedIn(page));
  }
  expect(order).toEqual([copy.consentPrivacyLink, 'fad-consent', copy.phoneCancel, 'fad-phone-country', 'fad-phone']);
  await shiftTab();
  expect(await focusedIn(page)).toBe('fad-phone-country');
  // Esc closes; focus goes back to the button that opened it, which opens it again.
  await keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('franchise-ai-demo')!.shadowRoot!.querySelector('dialog')?.open);
  expect(await focusedIn(page)).toBe(copy.scheduleCall);
  await keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('franchise-ai-demo')!.shadowRoot!.querySelector('dialog')?.open);
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
  const before = callBodies().length;
  await keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('franchise-ai-demo')?.getAttribute('data-step') === 'call-scheduled');
  expect(callBodies().slice(before)).toEqual([
    expect.objectContaining({ phoneNumber: PHONE.e164, consent: { given: true, text: expect.stringContaining(copy.consentLabel) } }),
  ]);
  expect([consoleErrors, pageErrors]).toEqual([[], []]);
  expect(firefox!.outsideAttempts).toEqual([]);
  await page.close();
});
