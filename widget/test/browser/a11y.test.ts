import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { fetchLeads } from '@franchise-ai/test-support/leads';
import { poll } from '@franchise-ai/test-support/poll';
import { button, dataStep, fillForm, heading, PHONE, reachCongratulations, schedulePhoneCall, VISITOR, widget } from '@franchise-ai/test-support/widget-flow';
import { copy } from '../../src/copy.ts';
import { CONGRATULATIONS_AT_MS } from '../../src/figures.ts';
import { expectAccessibleAtWidths } from '../support/accessible-at-widths.ts';
import { partnerPage, widgetAttributes } from '../support/pages.ts';
import { useSuite } from '../support/suite.ts';

// axe on every step at the narrowest supported width (320 px), a phone and a desktop width, with
// nothing sticking out sideways (each state reached once and resized through the three widths),
// and the flow with the keyboard alone. The form's refusals are checked where field-errors.test.ts
// reaches them; the browser call's live states need the test build: an active call is in
// visualiser.test.ts, a refused microphone in voice.test.ts.
const suite = useSuite({ hosts: { main: {}, demoFormFails: { FAIL: 'demo_form:500' } } });

const pageFor = (name: string, hostName = 'main') =>
  suite.server.page(`/${name}.html`, partnerPage({ attributes: widgetAttributes(suite.host(hostName).webhookBase) }));

const WIDTHS = [320, 375, 1280];
/** The narrowest first: each page opens at 320 px and is widened in place for the other widths. */
const viewport = { width: WIDTHS[0]!, height: 800 };

const expectNoViolations = (page: Page, where: string) => expectAccessibleAtWidths(page, where, WIDTHS);

describe('axe at 320, 375 and 1280 px wide', () => {
  test('the configuration message', async () => {
    const { page } = await suite.open(suite.server.page('/a11y-config.html', partnerPage({ attributes: { 'public-key': 'pk_test_123' } })), { viewport });
    await widget(page).getByRole('alert').filter({ hasText: copy.configMissingWebhookBase }).waitFor();
    await expectNoViolations(page, 'the configuration message');
  });

  test('the form, and the form with an error', async () => {
    const { page } = await suite.open(pageFor('a11y-form-error', 'demoFormFails'), { viewport });
    await heading(page, copy.formHeading).waitFor();
    await expectNoViolations(page, 'the form');
    await fillForm(page, VISITOR);
    await button(page, copy.submit).click();
    await widget(page).getByRole('alert').waitFor();
    await expectNoViolations(page, 'the form with an error');
  });

  test('loading, congratulations, the phone dialog and call scheduled', async () => {
    const { page } = await suite.open(pageFor('a11y-phone'), { viewport, clock: true });
    await fillForm(page, VISITOR);
    await button(page, copy.submit).click();
    await heading(page, copy.loadingHeading).waitFor();
    await expectNoViolations(page, 'loading');
    await page.clock.fastForward(CONGRATULATIONS_AT_MS);
    await heading(page, copy.readyHeading).waitFor();
    await expectNoViolations(page, 'congratulations');
    await button(page, copy.scheduleCall).click();
    const dialog = widget(page).getByRole('dialog', { name: copy.phoneDialogTitle });
    await dialog.waitFor();
    // With the country select filled (the phone rules loaded), then with the hint under the number.
    await poll(() => dialog.getByRole('combobox', { name: copy.phoneCountryLabel }).locator('option').count()).toBeGreaterThan(200);
    await expectNoViolations(page, 'the phone dialog');
    await dialog.getByRole('textbox', { name: copy.phoneLabel }).fill('12');
    await poll(() => dialog.locator('#fad-phone-hint').innerText()).toBe(copy.phoneHintIncomplete);
    await expectNoViolations(page, 'the phone dialog with its hint');
    await schedulePhoneCall(page);
    await heading(page, copy.callScheduledHeading).waitFor();
    await expectNoViolations(page, 'call scheduled');
  });

  test('the browser call', async () => {
    const { page } = await suite.open(pageFor('a11y-browser'), { viewport, clock: true });
    await reachCongratulations(page);
    await button(page, copy.browserButton).click();
    await poll(() => widget(page).getByRole('status').innerText()).toBe(copy.statusAssistantReady);
    await expectNoViolations(page, 'the browser call');
  });
});

/** What the keyboard is on: the label of a field or radio, the text of a button, or a heading's text. */
const focused = (page: Page) =>
  widget(page).evaluate((host) => {
    const element = host.shadowRoot!.activeElement as HTMLElement | null;
    if (document.activeElement !== host || !element) return null;
    const label = element instanceof HTMLInputElement ? element.labels?.[0]?.textContent : element.textContent;
    return `${element.tagName.toLowerCase()}: ${label?.trim()}`;
  });

test('the whole flow up to Call Scheduled! with the keyboard alone, without console or page errors', async () => {
  const fixture = await suite.open(pageFor('a11y-keyboard'), { clock: true });
  const { page, consoleErrors, pageErrors } = fixture;
  const { keyboard } = page;
  await heading(page, copy.formHeading).waitFor();

  await keyboard.press('Tab');
  expect(await focused(page)).toBe(`input: ${copy.franchisor}`);
  await keyboard.press('ArrowRight');
  expect(await focused(page)).toBe(`input: ${copy.franchisee}`);
  expect(await widget(page).getByRole('radio', { name: copy.franchisee }).isChecked()).toBe(true);
  const typed: Array<[string, string]> = [
    [copy.nameLabel, VISITOR.name],
    [copy.companyLabelFranchisee, VISITOR.company],
    [copy.emailLabel, VISITOR.email],
    [copy.websiteLabel, VISITOR.website],
  ];
  for (const [label, text] of typed) {
    await keyboard.press('Tab');
    expect(await focused(page)).toBe(`input: ${label}`);
    await keyboard.type(text);
  }
  await keyboard.press('Tab');
  expect(await focused(page)).toBe(`button: ${copy.submit}`);
  await keyboard.press('Enter');

  await poll(() => dataStep(page)).toBe('loading');
  await page.clock.fastForward(CONGRATULATIONS_AT_MS);
  await poll(() => focused(page)).toBe(`h2: ${copy.readyHeading}`);
  await keyboard.press('Tab');
  expect(await focused(page)).toBe(`button: ${copy.scheduleCall}`);
  await keyboard.press('Space');
  await poll(() => focused(page)).toBe(`input: ${copy.phoneLabel}`);
  // Typed the usual way, read for the page's country (en: the United States).
  await keyboard.type('(201) 555-0123');
  const schedule = widget(page).getByRole('dialog').getByRole('button', { name: copy.scheduleCall, exact: true });
  await poll(() => widget(page).getByRole('dialog').locator('#fad-phone-hint').innerText()).toBe('We will call +1 201 555 0123.');
  // The box, unticked, is next: Space ticks it, and Schedule Call after it sends.
  await keyboard.press('Tab');
  expect(await focused(page)).toBe(`input: ${copy.consentLabel}`);
  expect(await schedule.isDisabled()).toBe(true);
  await keyboard.press('Space');
  await keyboard.press('Tab');
  expect(await focused(page)).toBe(`button: ${copy.scheduleCall}`);
  await keyboard.press('Enter');

  await heading(page, copy.callScheduledHeading).waitFor();
  await poll(() => focused(page)).toBe(`h2: ${copy.callScheduledHeading}`);
  await poll(async () => (await fetchLeads(suite.host()))[0]).toMatchObject({
    endpoint: 'trigger_ai_demo_call',
    name: VISITOR.name,
    businessType: 'franchisee',
    phoneNumber: PHONE.e164,
  });
  expect(consoleErrors).toEqual([]);
  expect(pageErrors).toEqual([]);
});
