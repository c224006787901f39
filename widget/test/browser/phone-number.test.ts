import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { fetchLeads } from '@franchise-ai/test-support/leads';
import { poll } from '@franchise-ai/test-support/poll';
import { button, dataStep, fillForm, type FormInput, heading, reachCongratulations, VISITOR, widget } from '@franchise-ai/test-support/widget-flow';
import { copy } from '../../src/copy.ts';
import { CONGRATULATIONS_AT_MS } from '../../src/figures.ts';
import { partnerPage, widgetAttributes } from '../support/pages.ts';
import { useSuite } from '../support/suite.ts';

// Issue 8, item 7: the phone dialog reads numbers as people type them (national for a country
// taken from the page's language, or international with +) and sends E.164, which the host keeps.
const suite = useSuite();

const dialogOf = (page: Page) => widget(page).getByRole('dialog', { name: copy.phoneDialogTitle });
const numberOf = (dialog: Locator) => dialog.getByRole('textbox', { name: copy.phoneLabel });
const countryOf = (dialog: Locator) => dialog.getByRole('combobox', { name: copy.phoneCountryLabel });
const scheduleOf = (dialog: Locator) => dialog.getByRole('button', { name: copy.scheduleCall, exact: true });
const PHONE_CHUNK = /\/chunks\/phone-rules-[^/]+\.js$/;

/** The host is shared by this file's tests: each test's visitor has its own e-mail. */
const visitorFor = (name: string): FormInput => ({ ...VISITOR, email: `${name}@acme.com` });
const storedNumber = async (visitor: FormInput) =>
  (await fetchLeads(suite.host())).find((lead) => lead.email === visitor.email && lead.endpoint === 'trigger_ai_demo_call')?.phoneNumber;

async function openDialog(name: string, visitor: FormInput, lang = 'en-US'): Promise<{ page: Page; dialog: Locator }> {
  const url = suite.server.page(`/phone-number-${name}.html`, partnerPage({ attributes: widgetAttributes(suite.host().webhookBase), lang }));
  const { page } = await suite.open(url, { clock: true });
  await reachCongratulations(page, visitor);
  await button(page, copy.scheduleCall).click();
  const dialog = dialogOf(page);
  await dialog.waitFor();
  // The rules have loaded once the select lists every country.
  await poll(() => countryOf(dialog).locator('option').count()).toBeGreaterThan(200);
  return { page, dialog };
}

async function schedule(page: Page, dialog: Locator): Promise<void> {
  await scheduleOf(dialog).click();
  await heading(page, copy.callScheduledHeading).waitFor();
  expect(await dataStep(page)).toBe('call-scheduled');
}

test('a US page: (555) 010-1234 is read for the United States and the host stores +15550101234', async () => {
  const visitor = visitorFor('us-national');
  const { page, dialog } = await openDialog('us', visitor, 'en-US');
  expect(await countryOf(dialog).inputValue()).toBe('US');
  expect(await countryOf(dialog).locator('option:checked').innerText()).toBe('United States (+1)');
  await numberOf(dialog).fill('(555) 010-1234');
  const sent = page.waitForRequest((request) => request.url().endsWith('/trigger_ai_demo_call') && request.method() === 'POST');
  await schedule(page, dialog);
  expect((await sent).postDataJSON()).toMatchObject({ phoneNumber: '+15550101234' });
  await poll(() => storedNumber(visitor)).toBe('+15550101234');
});

test('a French page: 06 12 34 56 78 is read for France and the host stores +33612345678', async () => {
  const visitor = visitorFor('fr-national');
  const { page, dialog } = await openDialog('fr', visitor, 'fr-FR');
  expect(await countryOf(dialog).inputValue()).toBe('FR');
  await numberOf(dialog).fill('06 12 34 56 78');
  await schedule(page, dialog);
  await poll(() => storedNumber(visitor)).toBe('+33612345678');
});

test('12 keeps Schedule Call disabled and says what is missing; the hint describes the input', async () => {
  const { dialog } = await openDialog('short', visitorFor('short'));
  const hint = dialog.locator('#fad-phone-hint');
  expect(await hint.getAttribute('aria-live')).toBe('polite');
  expect(await numberOf(dialog).getAttribute('aria-describedby')).toBe('fad-phone-hint');
  expect(await scheduleOf(dialog).isDisabled()).toBe(true);
  expect(await hint.innerText()).toBe('');

  await numberOf(dialog).fill('12');
  await poll(() => hint.innerText()).toBe(copy.phoneHintIncomplete);
  expect(await scheduleOf(dialog).isDisabled()).toBe(true);
  // The accessible description of the number is the hint itself.
  expect(await numberOf(dialog).evaluate((input) => (input.getRootNode() as ShadowRoot).getElementById(input.getAttribute('aria-describedby')!)?.textContent)).toBe(copy.phoneHintIncomplete);

  await numberOf(dialog).fill('(555) 010-1234');
  await poll(() => hint.innerText()).toBe('');
  expect(await scheduleOf(dialog).isEnabled()).toBe(true);
});

test('+44 20 7946 0958 goes as it is whatever the select says', async () => {
  const visitor = visitorFor('international');
  const { page, dialog } = await openDialog('international', visitor, 'en-US');
  await countryOf(dialog).selectOption('FR');
  await numberOf(dialog).fill('+44 20 7946 0958');
  await schedule(page, dialog);
  await poll(() => storedNumber(visitor)).toBe('+442079460958');
});

test('keyboard only: the visitor picks another country and schedules the call', async () => {
  const visitor = visitorFor('keyboard');
  const { page, dialog } = await openDialog('keyboard', visitor, 'en-US');
  // Focus starts in the number; the country is just before it.
  await page.keyboard.press('Shift+Tab');
  expect(await countryOf(dialog).evaluate((select) => (select.getRootNode() as ShadowRoot).activeElement === select)).toBe(true);
  await page.keyboard.type('France'); // a focused select jumps to the option whose label starts so
  await poll(() => countryOf(dialog).inputValue()).toBe('FR');
  await page.keyboard.press('Tab');
  await page.keyboard.type('06 12 34 56 78');
  await page.keyboard.press('Enter');
  await heading(page, copy.callScheduledHeading).waitFor();
  await poll(() => storedNumber(visitor)).toBe('+33612345678');
});

test('the phone rules are not part of the first render: they load when the congratulations step shows', async () => {
  const url = suite.server.page('/phone-number-lazy.html', partnerPage({ attributes: widgetAttributes(suite.host().webhookBase) }));
  const { page, requests } = await suite.open(url, { clock: true });
  await heading(page, copy.formHeading).waitFor();
  await fillForm(page, visitorFor('lazy'));
  await button(page, copy.submit).click();
  await poll(() => dataStep(page)).toBe('loading');
  expect(requests.filter((request) => PHONE_CHUNK.test(request))).toEqual([]);

  await page.clock.fastForward(CONGRATULATIONS_AT_MS);
  await heading(page, copy.readyHeading).waitFor();
  await poll(() => requests.filter((request) => PHONE_CHUNK.test(request)).length).toBe(1);
});

test('when the phone rules cannot be loaded the visitor is told, and a number with + still goes', async () => {
  const visitor = visitorFor('no-rules');
  const url = suite.server.page('/phone-number-no-rules.html', partnerPage({ attributes: widgetAttributes(suite.host().webhookBase) }));
  const { page, consoleWarnings } = await suite.open(url, { clock: true });
  await page.route(PHONE_CHUNK, (route) => route.abort());
  await reachCongratulations(page, visitor);
  await button(page, copy.scheduleCall).click();
  const dialog = dialogOf(page);
  const hint = dialog.locator('#fad-phone-hint');
  await poll(() => hint.innerText()).toBe(copy.phoneHintRulesUnavailable);
  expect(consoleWarnings).toContainEqual(expect.stringContaining('[franchise-ai-demo] phone: the phone number formats could not be loaded.'));

  await numberOf(dialog).fill('(555) 010-1234');
  expect(await scheduleOf(dialog).isDisabled()).toBe(true);
  expect(await hint.innerText()).toBe(copy.phoneHintRulesUnavailable);
  await numberOf(dialog).fill('+44 20 7946 0958');
  await poll(() => scheduleOf(dialog).isEnabled()).toBe(true);
  await schedule(page, dialog);
  await poll(() => storedNumber(visitor)).toBe('+442079460958');
});
