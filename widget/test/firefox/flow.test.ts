import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Firefox, launchFirefox } from '@franchise-ai/test-support/firefox';
import { fetchLeads } from '@franchise-ai/test-support/leads';
import { startStaticServer, type StaticServer } from '@franchise-ai/test-support/static-server';
import { type SpawnedHost, startHost } from '@franchise-ai/test-support/webhook-host';
import { PHONE, VISITOR } from '@franchise-ai/test-support/widget-flow';
import { copy } from '../../src/copy.ts';
import { CONGRATULATIONS_AT_MS, LOADING_STAGES } from '../../src/figures.ts';
import { partnerPage, widgetAttributes } from '../support/pages.ts';
import { click, dataStep, fastForward, find, openPage, typeInto, widgetRoot } from './widget-page.ts';

// The second browser: the built widget on a partner page in Debian's Firefox ESR, driven over
// WebDriver BiDi (puppeteer-core), against the real webhook host. The whole visitor path to a
// scheduled phone call, with the 42 s loading step fast-forwarded and a quiet console.

const WIDGET = fileURLToPath(new URL('../../', import.meta.url));
const ASSETS = join(WIDGET, 'test/browser/pages');

let firefox: Firefox | undefined;
let server: StaticServer | undefined;
let host: SpawnedHost | undefined;

beforeAll(async () => {
  const started = await Promise.allSettled([
    launchFirefox().then((value) => (firefox = value)),
    startStaticServer({ '/widget/': join(WIDGET, 'dist'), '/assets/': ASSETS }).then((value) => (server = value)),
    // The real host, without rate limits (one machine sends every test's requests).
    startHost({ env: { RATE_LIMIT: 'off' } }).then((value) => (host = value)),
  ]);
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
});

afterAll(async () => {
  await Promise.allSettled([firefox?.close(), server?.stop(), host?.stop()]);
});

test('in Firefox ESR: form, loading, congratulations, Call Me, Call Scheduled!, with no console or page errors', async () => {
  const page = await firefox!.browser.newPage();
  const { consoleErrors, pageErrors } = await openPage(
    page,
    server!.page('/firefox-flow.html', partnerPage({ attributes: widgetAttributes(host!.webhookBase) })),
  );

  // Form.
  const widget = await widgetRoot(page);
  await find(widget, 'heading', copy.formHeading);
  expect(await dataStep(page)).toBe('form');
  await typeInto(widget, copy.nameLabel, VISITOR.name);
  await typeInto(widget, copy.companyLabelFranchisor, VISITOR.company);
  await typeInto(widget, copy.emailLabel, VISITOR.email);
  await typeInto(widget, copy.websiteLabel, VISITOR.website);
  await click(widget, 'button', copy.submit);

  // Loading: the schedule on the page's clock, at its last stage and then past its end. The page's
  // clock still runs in real time between jumps: landing 1 s before the end left too little for the
  // checks below on a loaded machine (the step moved on under them, twice in CI), the last stage
  // leaves 4 s.
  await page.waitForFunction(() => document.querySelector('franchise-ai-demo')?.getAttribute('data-step') === 'loading');
  await find(widget, 'heading', copy.loadingHeading);
  const lastStage = LOADING_STAGES.at(-1)!;
  await fastForward(page, lastStage.atMs);
  const progress = await find(widget, 'progressbar', copy.loadingProgressLabel);
  expect(await progress.evaluate((bar) => (bar as Element).getAttribute('aria-valuenow'))).toBe(String(lastStage.progress));
  expect(await dataStep(page)).toBe('loading');
  await fastForward(page, CONGRATULATIONS_AT_MS - lastStage.atMs);

  // Congratulations, then Call Me.
  await find(widget, 'heading', copy.readyHeading);
  expect(await dataStep(page)).toBe('congratulations');
  await click(await find(widget, 'article', copy.callMeTitle), 'button', copy.scheduleCall);
  const dialog = await find(widget, 'dialog', copy.phoneDialogTitle);
  expect(await dialog.evaluate((element) => element instanceof HTMLDialogElement && element.open)).toBe(true);
  await typeInto(dialog, copy.phoneLabel, PHONE.typed);
  await click(dialog, 'checkbox', copy.consentLabel);
  await click(dialog, 'button', copy.scheduleCall);

  // Call Scheduled!
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
  expect(consoleErrors).toEqual([]);
  expect(pageErrors).toEqual([]);
  expect(firefox!.outsideAttempts).toEqual([]);
});
