import type { Locator, Page, Request } from 'playwright-core';
import { expect, test } from 'vitest';
import { CALL_REASONS } from '@franchise-ai/shared/call-policy';
import { fetchLeads } from '@franchise-ai/test-support/leads';
import { poll } from '@franchise-ai/test-support/poll';
import {
  button,
  consentBox,
  dataStep,
  fillForm,
  type FormInput,
  heading,
  PHONE,
  reachCongratulations,
  VISITOR,
  widget,
} from '@franchise-ai/test-support/widget-flow';
import { copy, fillCopy } from '../../src/copy.ts';
import { CONGRATULATIONS_AT_MS } from '../../src/figures.ts';
import { openPhoneDialog } from '../support/steps.ts';
import { useSuite, type WidgetPageOptions } from '../support/suite.ts';

// The phone dialog reads numbers as people type them (national for a country taken from the page's
// and the browser's languages, or international with +), judges them as every host does (a real
// line, not merely the right length), asks "Did you mean ...?" for a number valid only read another
// way, shows what will be called, and sends E.164, which the host keeps. The real stand-in calls its
// default countries, US and FR.
const suite = useSuite();

const numberOf = (dialog: Locator) => dialog.getByRole('textbox', { name: copy.phoneLabel });
const countryOf = (dialog: Locator) => dialog.getByRole('combobox', { name: copy.phoneCountryLabel });
const scheduleOf = (dialog: Locator) => dialog.getByRole('button', { name: copy.scheduleCall, exact: true });
const hintOf = (dialog: Locator) => dialog.locator('#fad-phone-hint');
const PHONE_CHUNK = /\/chunks\/phone-rules-[^/]+\.js$/;
const isCallRequest = (request: Request) => request.url().endsWith('/trigger_ai_demo_call') && request.method() === 'POST';

/** The host is shared by this file's tests: each test's visitor has its own e-mail. */
const visitorFor = (name: string): FormInput => ({ ...VISITOR, email: `${name}@acme.com` });
const storedNumber = async (visitor: FormInput) =>
  (await fetchLeads(suite.host())).find((lead) => lead.email === visitor.email && lead.endpoint === 'trigger_ai_demo_call')?.phoneNumber;

async function openDialog(visitor: FormInput, options: WidgetPageOptions = {}) {
  const fixture = await suite.page({ lang: 'en-US', clock: true, ...options });
  const callBodies: unknown[] = [];
  fixture.page.on('request', (request) => isCallRequest(request) && callBodies.push(request.postDataJSON()));
  await reachCongratulations(fixture.page, visitor);
  return { ...fixture, dialog: await openPhoneDialog(fixture.page), callBodies };
}

async function schedule(page: Page, dialog: Locator): Promise<void> {
  await consentBox(page).check();
  await scheduleOf(dialog).click();
  await heading(page, copy.callScheduledHeading).waitFor();
  expect(await dataStep(page)).toBe('call-scheduled');
}

test.each<[string, WidgetPageOptions, string, string, string, string]>([
  ['a US page', { lang: 'en-US' }, 'United States (+1)', '(201) 555-0123', '+1 201 555 0123', PHONE.e164],
  // The widget kept in English by its own lang, to read its English hint; the page's fr-FR still names France.
  ['a French page', { lang: 'fr-FR', attributes: { lang: 'en' } }, 'France (+33)', '06 12 34 56 78', '+33 6 12 34 56 78', '+33612345678'],
  [
    'a page in a bare language read by a browser set to a region (en + fr-FR)',
    { lang: 'en', locale: 'fr-FR' },
    'France (+33)',
    '06 12 34 56 78',
    '+33 6 12 34 56 78',
    '+33612345678',
  ],
])(
  '%s: the phone rules load with congratulations, not before; the country is %s, %s is read for it, shown as it will be called, and the host stores it as E.164',
  async (name, options, country, typed, shown, e164) => {
    const visitor = visitorFor(name.replace(/\W+/g, '-'));
    const { page, requests } = await suite.page({ clock: true, ...options });
    const phoneChunks = () => requests.filter((request) => PHONE_CHUNK.test(request)).length;
    await fillForm(page, visitor);
    await button(page, copy.submit).click();
    await poll(() => dataStep(page)).toBe('loading');
    expect(phoneChunks(), 'not part of the first render').toBe(0);
    await page.clock.fastForward(CONGRATULATIONS_AT_MS);
    await heading(page, copy.readyHeading).waitFor();
    await poll(phoneChunks).toBe(1);
    await button(page, copy.scheduleCall).click();
    const dialog = widget(page).getByRole('dialog', { name: copy.phoneDialogTitle });
    await poll(() => countryOf(dialog).locator('option').count()).toBeGreaterThan(200);
    expect(await countryOf(dialog).locator('option:checked').innerText()).toBe(country);
    await numberOf(dialog).fill(typed);
    await poll(() => hintOf(dialog).innerText()).toBe(`We will call ${shown}.`);
    const sent = page.waitForRequest(isCallRequest);
    await schedule(page, dialog);
    expect((await sent).postDataJSON()).toMatchObject({ phoneNumber: e164 });
    await poll(() => storedNumber(visitor)).toBe(e164);
  },
);

test('an English page: 06 12 34 56 78 is never sent as a +1 number; "Did you mean +33 6 12 34 56 78?" takes France, then it goes as +33612345678', async () => {
  const visitor = visitorFor('did-you-mean');
  const { page, dialog, consoleErrors, callBodies } = await openDialog(visitor, { lang: 'en' });
  expect(await countryOf(dialog).inputValue()).toBe('US');
  await numberOf(dialog).fill('06 12 34 56 78');
  await consentBox(page).check();
  const suggestion = dialog.getByRole('button', { name: 'Did you mean +33 6 12 34 56 78?' });
  await suggestion.waitFor();
  // Read for the United States it is no line: nothing can be sent until the visitor takes the reading.
  expect(await scheduleOf(dialog).isDisabled()).toBe(true);
  await numberOf(dialog).press('Enter');
  expect(callBodies).toEqual([]);
  await suggestion.click();
  await poll(() => countryOf(dialog).inputValue()).toBe('FR');
  expect(await numberOf(dialog).inputValue()).toBe('06 12 34 56 78');
  await poll(() => hintOf(dialog).innerText()).toBe('We will call +33 6 12 34 56 78.');
  // The suggestion's button went with it: the keyboard is back on the number.
  expect(await numberOf(dialog).evaluate((input) => (input.getRootNode() as ShadowRoot).activeElement === input)).toBe(true);
  await scheduleOf(dialog).click();
  await heading(page, copy.callScheduledHeading).waitFor();
  expect(callBodies).toEqual([expect.objectContaining({ phoneNumber: '+33612345678' })]);
  await poll(() => storedNumber(visitor)).toBe('+33612345678');
  expect(consoleErrors).toEqual([]);
});

test("12 keeps Schedule Call disabled and says what is missing, the hint describes the input; a line of a country the host does not call is refused in the hosts' words, one it calls goes as it is whatever the select says", async () => {
  const visitor = visitorFor('short-then-international');
  const { page, dialog, callBodies } = await openDialog(visitor);
  const hint = hintOf(dialog);
  expect(await hint.getAttribute('aria-live')).toBe('polite');
  expect(await numberOf(dialog).getAttribute('aria-describedby')).toBe('fad-phone-hint');
  expect(await scheduleOf(dialog).isDisabled()).toBe(true);
  expect(await hint.innerText()).toBe('');
  await numberOf(dialog).fill('12');
  await poll(() => hint.innerText()).toBe(copy.phoneHintIncomplete);
  await consentBox(page).check();
  expect(await scheduleOf(dialog).isDisabled()).toBe(true);
  expect(await dialog.locator('#fad-schedule-hint').innerText()).toBe(copy.scheduleNeedsNumber);
  // The accessible description of the number is the hint itself.
  expect(
    await numberOf(dialog).evaluate((input) => (input.getRootNode() as ShadowRoot).getElementById(input.getAttribute('aria-describedby')!)?.textContent),
  ).toBe(copy.phoneHintIncomplete);
  // Possible (ten digits) but no real line: the length-only check of old took it.
  await numberOf(dialog).fill('(555) 010-1234');
  await poll(() => hint.innerText()).toBe(copy.phoneHintIncomplete);
  expect(await scheduleOf(dialog).isDisabled()).toBe(true);
  await numberOf(dialog).fill(PHONE.typed);
  await poll(() => hint.innerText()).toBe(fillCopy(copy.phoneWillCall, { number: PHONE.typed }));
  expect(await scheduleOf(dialog).isEnabled()).toBe(true);
  // Then a line of a country the host does not call, and one it does.
  await countryOf(dialog).selectOption('GB');
  await numberOf(dialog).fill('+44 20 7946 0018');
  // The stand-in said it calls the United States and France (demo_form's calls.countries).
  await poll(() => hintOf(dialog).innerText()).toBe(CALL_REASONS.phoneNotServed(['US', 'FR']));
  expect(await consentBox(page).isChecked()).toBe(true);
  expect(await scheduleOf(dialog).isDisabled()).toBe(true);
  // Pasted with a space in front, it is taken.
  await numberOf(dialog).fill(' +33 6 12 34 56 78');
  await poll(() => hintOf(dialog).innerText()).toBe('We will call +33 6 12 34 56 78.');
  await scheduleOf(dialog).click();
  await heading(page, copy.callScheduledHeading).waitFor();
  expect(callBodies).toEqual([expect.objectContaining({ phoneNumber: '+33612345678' })]);
  await poll(() => storedNumber(visitor)).toBe('+33612345678');
});

test('keyboard only: the visitor picks another country, ticks the box and schedules the call', async () => {
  const visitor = visitorFor('keyboard');
  const { page, dialog } = await openDialog(visitor);
  // Focus starts in the number; the country is just before it.
  await page.keyboard.press('Shift+Tab');
  expect(await countryOf(dialog).evaluate((select) => (select.getRootNode() as ShadowRoot).activeElement === select)).toBe(true);
  await page.keyboard.type('France'); // a focused select jumps to the option whose label starts so
  await poll(() => countryOf(dialog).inputValue()).toBe('FR');
  await page.keyboard.press('Tab');
  await page.keyboard.type('06 12 34 56 78');
  await page.keyboard.press('Tab'); // the box
  await page.keyboard.press('Space');
  expect(await consentBox(page).isChecked()).toBe(true);
  await page.keyboard.press('Shift+Tab'); // back to the number: Enter there sends the form
  await page.keyboard.press('Enter');
  await heading(page, copy.callScheduledHeading).waitFor();
  await poll(() => storedNumber(visitor)).toBe('+33612345678');
});

test('when the phone rules cannot be loaded the visitor is told, and a number with + still goes', async () => {
  const visitor = visitorFor('no-rules');
  const { page, consoleWarnings } = await suite.page({ clock: true });
  await page.route(PHONE_CHUNK, (route) => route.abort());
  await reachCongratulations(page, visitor);
  await button(page, copy.scheduleCall).click();
  const dialog = widget(page).getByRole('dialog', { name: copy.phoneDialogTitle });
  const hint = hintOf(dialog);
  await poll(() => hint.innerText()).toBe(copy.phoneHintRulesUnavailable);
  expect(consoleWarnings).toContainEqual(expect.stringContaining('[franchise-ai-demo] phone: the phone number formats could not be loaded.'));
  await consentBox(page).check();
  await numberOf(dialog).fill('(201) 555-0123');
  expect(await scheduleOf(dialog).isDisabled()).toBe(true);
  expect(await hint.innerText()).toBe(copy.phoneHintRulesUnavailable);
  await numberOf(dialog).fill(' +33 6 12 34 56 78');
  await poll(() => hint.innerText()).toBe('We will call +33612345678.');
  await poll(() => scheduleOf(dialog).isEnabled()).toBe(true);
  await scheduleOf(dialog).click();
  await heading(page, copy.callScheduledHeading).waitFor();
  await poll(() => storedNumber(visitor)).toBe('+33612345678');
});
