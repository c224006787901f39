import type { Locator, Request } from 'playwright-core';
import { expect, test } from 'vitest';
import { button, callMeButton, CONGRATULATIONS_AT_MS, consentBox, copy, dataStep, fetchLeads, fillCopy, type FormInput, heading } from '#test/support/index.ts';
import { openPhoneDialog, PHONE, poll, reachCongratulations, recordedEvents, schedulePhoneCall, submitForm, useSuite } from '#test/support/index.ts';
import { VISITOR, widget, type WidgetPageOptions } from '#test/support/index.ts';
import { CALL_REASONS } from '@franchise-ai/shared/call-policy';

// 'Call Me': the dialog reads numbers as typed, judges them as every host does, offers "Did you mean", sends E.164; the stand-in calls US and FR.
const suite = useSuite();
/** Focus is on `element` itself: the page's focus is on the widget, and the widget's on the element. */
const hasFocus = (element: Locator) =>
  element.evaluate((node) => {
    const root = node.getRootNode() as ShadowRoot;
    return document.activeElement === root.host && root.activeElement === node;
  });
/** Where focus is: the id (or text) inside `container`, 'outside', or 'left-document' (a modal lets Tab leave for the browser's UI only). */
const whereIsFocus = (container: Locator) =>
  container.evaluate((node) => {
    const root = node.getRootNode() as ShadowRoot;
    const active = document.activeElement;
    if (active === null || active === document.body) return 'left-document';
    const inner = root.activeElement;
    return active === root.host && inner !== null && node.contains(inner) ? inner.id || inner.textContent! : 'outside';
  });

// Space on the box and Enter in the number, by keyboard to 'Call Scheduled!', are consent.test.ts's keyboard walk.
test('the Schedule Your Call dialog takes focus, keeps it and gives focus back on close; by keyboard, the visitor picks another country by typing its name', async () => {
  const { page } = await suite.page({ clock: true });
  await reachCongratulations(page, visitorFor('keyboard'));
  const dialog = await openPhoneDialog(page);
  expect(await whereIsFocus(dialog)).toBe('fad-phone');
  const phone = dialog.getByRole('textbox', { name: copy.phoneLabel });
  expect(await phone.getAttribute('type')).toBe('tel');
  await phone.fill(PHONE.typed);
  await consentBox(page).check();
  expect(await dialog.getByRole('button', { name: copy.scheduleCall, exact: true }).isEnabled()).toBe(true);
  // Round the dialog both ways (country, number, the box, Schedule Call, Cancel, the browser's UI): never the page behind.
  const visited: string[] = [];
  for (const key of [...Array(7).fill('Tab'), ...Array(7).fill('Shift+Tab')]) {
    await page.keyboard.press(key);
    visited.push(await whereIsFocus(dialog));
  }
  expect(visited.filter((where) => where === 'outside' || where === 'left-document')).toEqual([]);
  expect(new Set(visited)).toEqual(new Set(['fad-phone-country', 'fad-phone', 'fad-consent', copy.phoneCancel, copy.scheduleCall]));
  // Esc closing is consent.test.ts's keyboard walk; Cancel gives focus back just the same.
  await dialog.getByRole('button', { name: copy.phoneCancel }).click();
  await poll(() => dialog.count()).toBe(0);
  expect(await hasFocus(callMeButton(page))).toBe(true);
  expect(await dataStep(page)).toBe('congratulations');
  expect(await recordedEvents(page, 'call-requested')).toEqual([]);
  // Enter on Call Me opens it again; the number typed before is kept, and emptied here.
  await page.keyboard.press('Enter');
  await phone.fill('');
  // Focus starts in the number; the country is just before it.
  await page.keyboard.press('Shift+Tab');
  expect(await hasFocus(dialog.getByRole('combobox', { name: copy.phoneCountryLabel }))).toBe(true);
  await page.keyboard.type('France'); // a focused select jumps to the option whose label starts so
  await poll(() => dialog.getByRole('combobox', { name: copy.phoneCountryLabel }).inputValue()).toBe('FR');
});

test('a submitted number schedules the call: the host gets the request and the page is told; a javascript: home-url never reaches Back to Home: it falls back to / with exactly one warning, and following it forgets the agent', async () => {
  const fixture = await suite.page({ attributes: { 'home-url': 'JavaScript:alert(document.domain)' }, clock: true });
  const { page } = fixture;
  await reachCongratulations(page);
  const dialog = await openPhoneDialog(page);
  const sent = page.waitForRequest((request) => request.url().endsWith('/trigger_ai_demo_call') && request.method() === 'POST');
  await schedulePhoneCall(page);
  await heading(page, copy.callScheduledHeading).waitFor();
  await poll(() => dataStep(page)).toBe('call-scheduled');
  expect(await dialog.count()).toBe(0);
  expect(await widget(page).locator('dd').allInnerTexts()).toEqual([copy.callExpectedValue, copy.callDurationValue]);
  expect(await widget(page).getByRole('link', { name: copy.backHome }).getAttribute('href')).toBe('/');
  // The stand-in here has no call keys: its not-placed reason is the other warning.
  const warnings = fixture.consoleWarnings.filter((text) => text.startsWith('[franchise-ai-demo]') && !text.includes('placed no call'));
  expect(warnings).toEqual([expect.stringContaining('home-url "JavaScript:alert(document.domain)"')]);
  expect(fixture.pageErrors).toEqual([]);
  const request = { name: VISITOR.name, company: VISITOR.company, email: VISITOR.email, website: 'https://acme.com', businessType: 'franchisor' };
  // Sent as E.164 (the host refuses anything else), with the consent words shown and demo_form's demoId.
  const body = (await sent).postDataJSON();
  expect(body).toEqual({
    ...request,
    demoId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
    phoneNumber: PHONE.e164,
    consent: { given: true, text: expect.stringContaining(copy.consentLabel) },
  });
  await poll(async () => (await recordedEvents(page, 'call-requested')).map((event) => event.detail)).toEqual([{ ok: true, refused: false, placed: false }]);
  const [lead] = (await fetchLeads(suite.host())).filter((entry) => entry.endpoint === 'trigger_ai_demo_call' && entry.email === VISITOR.email);
  expect(lead).toMatchObject({ ...request, phoneNumber: PHONE.e164, consentText: body.consent.text });
  // The tab kept the agent until the visitor leaves the demo (LIFECYCLE.md, "Reload and Back").
  expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual([`franchise-ai-demo:${new URL(page.url()).pathname}:0`]);
  await widget(page).getByRole('link', { name: copy.backHome }).click();
  await page.waitForURL((address) => address.pathname === '/');
  expect(await page.evaluate(() => sessionStorage.length), 'forgotten on Back to Home').toBe(0);
});

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
// The widget kept in English by its own lang, to read its English hint; the page's fr-FR, or the browser's, still names France.
test.each<[string, WidgetPageOptions]>([
  ['a French page', { lang: 'fr-FR', attributes: { lang: 'en' } }],
  ['a page in a bare language read by a browser set to a region (en + fr-FR)', { lang: 'en', locale: 'fr-FR' }],
])(
  '%s: the phone rules load with congratulations, not before; the country is France (+33), 06 12 34 56 78 is read for it, shown as it will be called, and the host stores it as E.164',
  async (name, options) => {
    const visitor = visitorFor(name.replace(/\W+/g, '-'));
    const { page, requests } = await suite.page({ clock: true, ...options });
    const phoneChunks = () => requests.filter((request) => PHONE_CHUNK.test(request)).length;
    await submitForm(page, visitor);
    expect(phoneChunks(), 'not part of the first render').toBe(0);
    await page.clock.fastForward(CONGRATULATIONS_AT_MS);
    await heading(page, copy.readyHeading).waitFor();
    await poll(phoneChunks).toBe(1);
    const dialog = await openPhoneDialog(page);
    expect(await countryOf(dialog).locator('option:checked').innerText()).toBe('France (+33)');
    await numberOf(dialog).fill('06 12 34 56 78');
    await poll(() => hintOf(dialog).innerText()).toBe('We will call +33 6 12 34 56 78.');
    const sent = page.waitForRequest(isCallRequest);
    await consentBox(page).check();
    await scheduleOf(dialog).click();
    await heading(page, copy.callScheduledHeading).waitFor();
    expect(await dataStep(page)).toBe('call-scheduled');
    expect((await sent).postDataJSON()).toMatchObject({ phoneNumber: '+33612345678' });
    await poll(() => storedNumber(visitor)).toBe('+33612345678');
  },
);

test('12 keeps Schedule Call disabled and says what is missing, the hint describes the input; on an English page 06 12 34 56 78 is never sent as a +1 number: "Did you mean +33 6 12 34 56 78?" takes France; a line of a country the host does not call is refused in the hosts\' words, one it calls goes as it is whatever the select says', async () => {
  const visitor = visitorFor('short-then-international');
  const { page, dialog, callBodies } = await openDialog(visitor, { lang: 'en' });
  expect(await countryOf(dialog).inputValue()).toBe('US');
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
  // Read for the United States it is no line: nothing can be sent until the visitor takes the reading, and the digits stay as typed.
  await numberOf(dialog).fill('06 12 34 56 78');
  const suggestion = dialog.getByRole('button', { name: 'Did you mean +33 6 12 34 56 78?' });
  await suggestion.waitFor();
  expect(await scheduleOf(dialog).isDisabled()).toBe(true);
  await numberOf(dialog).press('Enter');
  expect(callBodies).toEqual([]);
  await suggestion.click();
  await poll(() => countryOf(dialog).inputValue()).toBe('FR');
  expect(await numberOf(dialog).inputValue()).toBe('06 12 34 56 78');
  await poll(() => hint.innerText()).toBe('We will call +33 6 12 34 56 78.');
  // The suggestion's button went with it: the keyboard is back on the number.
  expect(await numberOf(dialog).evaluate((input) => (input.getRootNode() as ShadowRoot).activeElement === input)).toBe(true);
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
