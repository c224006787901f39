import type { ServerResponse } from 'node:http';
import type { Locator } from 'playwright-core';
import { beforeEach, describe, expect, test } from 'vitest';
import { issuedConsent, type IssuedConsent } from '@franchise-ai/shared/consent-words';
import { CALL_REASONS } from '@franchise-ai/shared/call-policy';
import {
  button,
  callMeButton,
  consentBox,
  copy,
  type Deferred,
  deferred,
  expectAccessibleAtWidths,
  fillCopy,
  focusedIn,
  heading,
} from '#test/support/index.ts';
import { json, openPhoneDialog, PHONE, poll, reachCongratulations, recordedEvents, type StubRequest, type Texts, useStubHost } from '#test/support/index.ts';
import { useSuite, VISITOR, WEBHOOK_PATHS, widget, type WidgetPageOptions } from '#test/support/index.ts';
import { LIMIT_MESSAGES } from '@franchise-ai/shared/rate-limits';
import { frenchCopy } from '../../copy/french-copy.ts';

// "Safe to call": the consent beside the number, the words sent as consent.text, each refusal, the browser call's AI notice; a stub host answers.
const suite = useSuite({ hosts: {} });
/** demo_form's `calls` (undefined: an older host that sends none). */
let terms: { recorded: boolean; countries: string[] } | undefined;
let answerCall: (res: ServerResponse) => void;
/** Set to hold the call request's answer until the test releases it. */
let held: Deferred<void> | null;
/** Consent words the host issues in demo_form's answer (`calls.consent`, for the lead's language); undefined: none. */
let issued: Record<'en' | 'fr', IssuedConsent> | undefined;
const stub = useStubHost((request, res) => {
  if (request.path.endsWith(WEBHOOK_PATHS.demoForm) && issued) {
    const language = (JSON.parse(request.body) as { language?: 'en' | 'fr' }).language ?? 'en';
    const calls = { recorded: true, countries: ['US', 'FR'], from: 'Host Calls Inc', consent: issued[language] };
    return json(res, 200, { ok: true, calls, demoId: 'D'.repeat(22) });
  }
  if (request.path.endsWith(WEBHOOK_PATHS.demoForm)) return json(res, 200, terms ? { ok: true, calls: terms, requestId: 'r1' } : { ok: true });
  if (request.path.endsWith(WEBHOOK_PATHS.websiteDemoCall)) return json(res, 200, { assistantId: 'asst_test_1' });
  void (held?.promise ?? Promise.resolve()).then(() => answerCall(res));
});

beforeEach(() => {
  terms = { recorded: false, countries: ['US', 'FR'] };
  answerCall = (res) => json(res, 200, { status: 'placed', callId: 'call_1', requestId: 'r2' });
  held = null;
  issued = undefined;
});
const PRIVACY = '/legal/privacy';
const callRequests = (): StubRequest[] => stub.host.requests.filter((request) => request.path.endsWith(WEBHOOK_PATHS.triggerDemoCall));
async function openDialog(name: string, { attributes, ...options }: WidgetPageOptions = {}) {
  const fixture = await suite.page({ webhookBase: stub.host.webhookBase, attributes: { 'privacy-url': PRIVACY, ...attributes }, clock: true, ...options });
  await reachCongratulations(fixture.page, { ...VISITOR, email: `${name}@acme.com` });
  return { ...fixture, dialog: await openPhoneDialog(fixture.page) };
}
/** What Chromium itself logs for a 4xx answer to a fetch: not the widget's, which logs nothing for a refusal. */
const browserReport = (status: number, text: string) => `Failed to load resource: the server responded with a status of ${status} (${text})`;
const numberOf = (dialog: Locator) => dialog.getByRole('textbox', { name: copy.phoneLabel, exact: true });
const scheduleOf = (dialog: Locator) => dialog.getByRole('button', { name: copy.scheduleCall, exact: true });
const disclosureOf = (dialog: Locator) => dialog.locator('#fad-consent-text');

describe('the consent beside the number', () => {
  test('names the company and says AI; the box starts unticked, Schedule Call waits for it with a valid number; the browser call says it is an AI before it starts', async () => {
    const { page, dialog } = await openDialog('disclosure', { attributes: { 'company-name': 'Acme Franchise Group' } });
    expect(await disclosureOf(dialog).innerText()).toBe(
      'An AI voice agent from Acme Franchise Group will call this number once, for this demo. The call is not recorded. Agreeing is not a condition of any purchase. Privacy policy',
    );
    const box = consentBox(page);
    expect(await box.isChecked()).toBe(false);
    expect(await box.evaluate((input) => (input as HTMLInputElement).labels?.[0]?.textContent)).toBe(copy.consentLabel);
    expect(await box.getAttribute('aria-describedby')).toBe('fad-consent-text');
    const hint = dialog.locator('#fad-schedule-hint');
    expect(await hint.innerText()).toBe(copy.scheduleNeedsBoth);
    await numberOf(dialog).fill(PHONE.typed);
    await poll(() => hint.innerText()).toBe(copy.scheduleNeedsConsent);
    expect(await scheduleOf(dialog).isDisabled()).toBe(true);
    await box.check();
    await poll(() => scheduleOf(dialog).isEnabled()).toBe(true);
    expect(await hint.innerText()).toBe('');
    await box.uncheck();
    expect(await scheduleOf(dialog).isDisabled()).toBe(true);
    // What each host answer makes the notice say is src/flow/call-disclosure.test.ts's table; here the host's "not recorded" reaches it.
    await dialog.getByRole('button', { name: copy.phoneCancel }).click();
    await button(page, copy.browserButton).click();
    const start = button(page, copy.startCall);
    await start.waitFor();
    const notice = widget(page).locator('#fad-call-disclosure');
    expect(await notice.innerText()).toBe(`${copy.browserCallAi} ${copy.browserCallNotRecorded} ${copy.microphoneHeadsUp}`);
    // Just before Start Call (in the room the captions take during a call), and read with it.
    expect(await notice.evaluate((element) => element.closest('.call-room')?.nextElementSibling?.querySelector('[part="call-button"]')?.textContent)).toBe(
      copy.startCall,
    );
    expect(await start.getAttribute('aria-describedby')).toBe('fad-call-disclosure');
  });
  test('a host that does not say whether it records: the call "may be recorded", no country is refused here; its 503 is only logged (stage phone), and the step says the call could not be confirmed', async () => {
    terms = undefined;
    answerCall = (res) => json(res, 503, { error: 'The host is busy.' });
    const { page, dialog } = await openDialog('unknown-terms', { attributes: { 'privacy-url': '' } });
    expect(await disclosureOf(dialog).innerText()).toBe(
      'An AI voice agent from Franchise AI will call this number once, for this demo. The call may be recorded. Agreeing is not a condition of any purchase.',
    );
    // No privacy-url: no link, never a guessed one.
    expect(await disclosureOf(dialog).getByRole('link').count()).toBe(0);
    await numberOf(dialog).fill('+44 20 7946 0018');
    await poll(() => dialog.locator('#fad-phone-hint').innerText()).toBe('We will call +44 20 7946 0018.');
    await consentBox(page).check();
    await scheduleOf(dialog).click();
    await heading(page, copy.callUnconfirmedHeading).waitFor();
    const body = JSON.parse(callRequests().at(-1)!.body);
    expect(body).toMatchObject({ phoneNumber: '+442079460018', consent: { given: true } });
    expect(body.consent.text).toContain('The call may be recorded.');
    expect(body.consent.text).not.toContain('Privacy policy');
    await poll(async () => (await recordedEvents(page, 'error')).map((event) => event.detail?.['stage'])).toEqual(['phone']);
    expect((await recordedEvents(page, 'call-requested')).map((event) => event.detail)).toEqual([{ ok: false, refused: false, placed: false }]);
  });
});

test('the dialog waits for the host and shows every refusal: a 400\'s fields.consent (and a reason no control owns, in the alert), then fields.phoneNumber and fields.consent beside their controls, then a 429 in the alert, then a 2xx held while the dialog is busy; axe at 320 and 1280 px on the consent, each refusal, "Did you mean" and the limit', async () => {
  const refused = { ok: false, refused: true, placed: false };
  const { page, dialog, consoleErrors, pageErrors } = await openDialog('refusals');
  const expectNoViolations = (where: string) => expectAccessibleAtWidths(page, where, [320, 1280]);
  await expectNoViolations('the dialog with its consent');
  const numberReason = dialog.locator('#fad-phone-error');
  const consentReason = dialog.locator('#fad-consent-error');
  const callRequested = async () => (await recordedEvents(page, 'call-requested')).map((event) => event.detail);
  // A 400's fields.consent takes the keyboard to the box; a reason for no control of the dialog goes in its alert.
  answerCall = (res) =>
    json(res, 400, { error: 'Some fields are missing or invalid.', fields: { consent: CALL_REASONS.consentRequired, name: 'Name is required.' } });
  await numberOf(dialog).fill(PHONE.typed);
  await consentBox(page).check();
  await scheduleOf(dialog).click();
  await poll(() => consentReason.innerText()).toBe(CALL_REASONS.consentRequired);
  expect(await focusedIn(page)).toBe('fad-consent');
  expect(await numberReason.count()).toBe(0);
  expect(await dialog.getByRole('alert').innerText()).toBe('Name is required.');
  await poll(callRequested).toEqual([refused]);
  // Both: each reason beside its control, focus on the first; editing takes each away.
  answerCall = (res) =>
    json(res, 400, {
      error: 'Some fields are missing or invalid.',
      fields: { consent: CALL_REASONS.consentMalformed, phoneNumber: CALL_REASONS.phonePremium },
    });
  await scheduleOf(dialog).click();
  await poll(() => numberReason.innerText()).toBe(CALL_REASONS.phonePremium);
  expect(await consentReason.innerText()).toBe(CALL_REASONS.consentMalformed);
  expect(await numberOf(dialog).getAttribute('aria-invalid')).toBe('true');
  expect(await numberOf(dialog).getAttribute('aria-describedby')).toBe('fad-phone-error');
  expect(await consentBox(page).getAttribute('aria-invalid')).toBe('true');
  expect(await consentBox(page).getAttribute('aria-describedby')).toBe('fad-consent-error fad-consent-text');
  expect(await numberReason.evaluate((reason) => reason.previousElementSibling?.id)).toBe('fad-phone');
  expect(await consentReason.evaluate((reason) => reason.previousElementSibling?.querySelector('input')?.id)).toBe('fad-consent');
  expect(await focusedIn(page)).toBe('fad-phone');
  expect(await dialog.isVisible()).toBe(true);
  expect(await dialog.getByRole('alert').count()).toBe(0);
  await poll(callRequested).toEqual([refused, refused]);
  expect(await recordedEvents(page, 'error')).toEqual([]);
  await expectNoViolations('the reasons beside the number and the box');
  await numberOf(dialog).fill('06 12 34 56 78');
  await poll(() => numberReason.count()).toBe(0);
  expect(await consentReason.count()).toBe(1);
  await dialog.getByRole('button', { name: fillCopy(copy.phoneDidYouMean, { number: '+33 6 12 34 56 78' }) }).waitFor();
  await expectNoViolations('"Did you mean"');
  await numberOf(dialog).fill('+33 6 12 34 56 78');
  await consentBox(page).uncheck();
  await poll(() => consentReason.count()).toBe(0);
  // A 429: the host's words in the dialog's alert; the dialog stays, ready for another try.
  answerCall = (res) => {
    res.setHeader('Retry-After', '3600');
    json(res, 429, { error: LIMIT_MESSAGES.callsPerDay, retryAfterSeconds: 3600 });
  };
  await consentBox(page).check();
  await scheduleOf(dialog).click();
  await poll(() => dialog.getByRole('alert').innerText()).toBe(LIMIT_MESSAGES.callsPerDay);
  expect(await dialog.evaluate((element) => (element as HTMLDialogElement).open)).toBe(true);
  expect(await focusedIn(page)).toBe(copy.scheduleCall);
  expect(await scheduleOf(dialog).isEnabled()).toBe(true);
  expect(await recordedEvents(page, 'error')).toEqual([]);
  await poll(callRequested).toEqual([refused, refused, refused]);
  await expectNoViolations('the limit in the alert');
  // While the host answers: busy, controls disabled but Cancel (unconfirmed-call.test.ts cancels), a click sends nothing more.
  held = deferred();
  answerCall = (res) => json(res, 202, { status: 'recorded', message: 'No voice is configured.' });
  const sent = callRequests().length;
  await scheduleOf(dialog).click();
  const busy = dialog.getByRole('button', { name: copy.scheduling });
  await busy.waitFor();
  expect(await dialog.locator('form').getAttribute('aria-busy')).toBe('true');
  expect(await busy.getAttribute('aria-disabled')).toBe('true');
  expect(await focusedIn(page)).toBe(copy.scheduling);
  for (const control of [numberOf(dialog), consentBox(page), dialog.getByRole('combobox')]) expect(await control.isDisabled()).toBe(true);
  expect(await dialog.getByRole('button', { name: copy.phoneCancel }).isEnabled()).toBe(true);
  expect(await dialog.evaluate((element) => (element as HTMLDialogElement).open && element.matches(':modal'))).toBe(true);
  await busy.click({ force: true });
  expect(callRequests().length - sent).toBe(1);
  expect(await callRequested()).toEqual([refused, refused, refused]);
  held.resolve();
  await heading(page, copy.callScheduledHeading).waitFor();
  await poll(callRequested).toEqual([refused, refused, refused, { ok: true, refused: false, placed: true }]);
  expect(callRequests().length - sent).toBe(1);
  // Nothing of the widget's: only Chromium's own line for each refusal's status.
  expect(consoleErrors).toEqual([browserReport(400, 'Bad Request'), browserReport(400, 'Bad Request'), browserReport(429, 'Too Many Requests')]);
  expect(pageErrors).toEqual([]);
});

test('the whole dialog by keyboard: Tab order, Space on the box, Enter submits, Esc closes and focus returns; the request carries consent.text equal to the words on screen, with the privacy policy where it was', async () => {
  terms = { recorded: true, countries: ['US', 'FR'] };
  const { page, dialog, consoleErrors, pageErrors } = await openDialog('keyboard');
  const { keyboard } = page;
  const link = disclosureOf(dialog).getByRole('link', { name: copy.consentPrivacyLink });
  const href = await link.evaluate((anchor) => (anchor as HTMLAnchorElement).href);
  expect(href).toBe(new URL(PRIVACY, page.url()).href);
  // A new tab: the demo is not left half way.
  expect([await link.getAttribute('target'), await link.getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer']);
  expect(await focusedIn(page)).toBe('fad-phone');
  await keyboard.type('06 12 34 56 78');
  await dialog.getByRole('button', { name: fillCopy(copy.phoneDidYouMean, { number: '+33 6 12 34 56 78' }) }).waitFor();
  // Forward: the suggestion, the privacy link, the box (Schedule Call is disabled), Cancel, then round to the country.
  const order: Array<string | null> = [];
  for (let i = 0; i < 6; i++) {
    await keyboard.press('Tab');
    order.push(await focusedIn(page));
  }
  expect(order).toEqual(['Did you mean +33 6 12 34 56 78?', copy.consentPrivacyLink, 'fad-consent', copy.phoneCancel, 'fad-phone-country', 'fad-phone']);
  await keyboard.press('Shift+Tab');
  expect(await focusedIn(page)).toBe('fad-phone-country');
  await keyboard.press('Tab');
  // Enter on the suggestion takes it; Space ticks the box; Enter in the number sends.
  await keyboard.press('Tab');
  await keyboard.press('Enter');
  await poll(() => dialog.getByRole('combobox').inputValue()).toBe('FR');
  expect(await focusedIn(page)).toBe('fad-phone');
  await keyboard.press('Tab'); // the privacy link
  await keyboard.press('Tab');
  expect(await focusedIn(page)).toBe('fad-consent');
  await keyboard.press('Space');
  expect(await consentBox(page).isChecked()).toBe(true);
  await keyboard.press('Tab');
  expect(await focusedIn(page)).toBe(copy.scheduleCall);
  // Esc closes (the number and the country are kept), focus goes back to the button that opened it.
  await keyboard.press('Escape');
  await poll(() => dialog.count()).toBe(0);
  expect(await callMeButton(page).evaluate((element) => (element.getRootNode() as ShadowRoot).activeElement === element)).toBe(true);
  await keyboard.press('Enter');
  await dialog.waitFor();
  expect(await focusedIn(page)).toBe('fad-phone');
  expect(await consentBox(page).isChecked()).toBe(false);
  await keyboard.press('Tab');
  await keyboard.press('Tab');
  await keyboard.press('Space');
  await keyboard.press('Shift+Tab');
  await keyboard.press('Shift+Tab');
  expect(await focusedIn(page)).toBe('fad-phone');
  const shown = `${await disclosureOf(dialog).innerText()}: ${href}\n${await dialog.locator('label[for="fad-consent"]').innerText()}`;
  await keyboard.press('Enter');
  await heading(page, copy.callScheduledHeading).waitFor();
  const body = JSON.parse(callRequests().at(-1)!.body) as { phoneNumber: string; consent: { given: boolean; text: string } };
  expect(body).toMatchObject({ phoneNumber: '+33612345678', consent: { given: true } });
  // The disclosure (ending with the link's words), the link's address, the box's label.
  expect(body.consent.text).toBe(
    `An AI voice agent from Franchise AI will call this number once, for this demo. The call is recorded. Agreeing is not a condition of any purchase. Privacy policy: ${href}\n${copy.consentLabel}`,
  );
  expect(body.consent.text).toBe(shown);
  expect([consoleErrors, pageErrors]).toEqual([[], []]);
});

// Consent words the host issues are the ones shown, linked and sent back as consent.text, whatever the page's company-name and privacy-url say.
describe("the host's consent words", () => {
  test.each<[string, 'en' | 'fr', Texts]>([
    ['English', 'en', copy],
    ['French', 'fr', frenchCopy],
  ])(
    '%s: shown as issued (disclosure, link, label) and sent back as consent.text, the page’s company-name and privacy-url aside',
    async (_label, language, texts) => {
      const terms = { companyName: 'Host Calls Inc', recorded: true, privacyUrl: 'https://host-calls.example/privacy' };
      issued = { en: issuedConsent('en', terms), fr: issuedConsent('fr', terms) };
      const attributes = { 'company-name': 'Page Co', 'privacy-url': '/page-privacy', lang: language };
      const { page, consoleErrors, pageErrors } = await suite.page({ webhookBase: stub.host.webhookBase, attributes, clock: true });
      await reachCongratulations(page, { ...VISITOR, email: `host-consent-${language}@acme.com` }, texts);
      const dialog = await openPhoneDialog(page, texts);
      const words = issued[language];
      const disclosure = dialog.locator('#fad-consent-text');
      expect(await disclosure.innerText()).toBe(`${words.disclosure} ${words.privacyLabel}`);
      const link = disclosure.getByRole('link', { name: words.privacyLabel });
      expect(await link.evaluate((anchor) => (anchor as HTMLAnchorElement).href)).toBe(words.privacyUrl);
      expect(await dialog.locator('label[for="fad-consent"]').innerText()).toBe(words.label);
      expect(await disclosure.innerText()).not.toContain('Page Co');
      await dialog.getByRole('textbox', { name: texts.phoneLabel, exact: true }).fill(PHONE.typed);
      await consentBox(page, texts).check();
      const before = callRequests().length;
      await dialog.getByRole('button', { name: texts.scheduleCall, exact: true }).click();
      await poll(() => callRequests().length).toBe(before + 1);
      const body = JSON.parse(callRequests().at(-1)!.body) as { language?: string; consent: { given: boolean; text: string } };
      // English requests leave `language` out (the hosts' default).
      expect([body.language ?? 'en', body.consent]).toEqual([language, { given: true, text: words.text }]);
      expect([consoleErrors, pageErrors]).toEqual([[], []]);
    },
  );
});
