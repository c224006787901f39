import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { fetchLeads } from '@franchise-ai/test-support/leads';
import { poll } from '@franchise-ai/test-support/poll';
import {
  consentBox,
  dataStep,
  heading,
  PHONE,
  phoneDialog,
  reachCongratulations,
  schedulePhoneCall,
  VISITOR,
  widget,
} from '@franchise-ai/test-support/widget-flow';
import { copy } from '../../src/copy.ts';
import { recordedEvents } from '../support/events.ts';
import { callMeButton } from '../support/steps.ts';
import { useSuite } from '../support/suite.ts';

// 'Call Me': the phone dialog, then the call-scheduled step, with the trigger answered or failing.
const suite = useSuite({ hosts: { main: {}, triggerFails: { FAIL: 'trigger_ai_demo_call:500' } } });

/** Focus is on `element` itself: the page's focus is on the widget, and the widget's on the element. */
const hasFocus = (element: Locator) =>
  element.evaluate((node) => {
    const root = node.getRootNode() as ShadowRoot;
    return document.activeElement === root.host && root.activeElement === node;
  });
/**
 * Where focus is relative to `container`: the id (or text) of the element inside it that has it,
 * 'outside' for anything else on the page, or 'left-document' when no element has it: a native
 * modal dialog lets Tab leave the document for the browser's own UI, never for the page behind.
 */
const whereIsFocus = (container: Locator) =>
  container.evaluate((node) => {
    const root = node.getRootNode() as ShadowRoot;
    const active = document.activeElement;
    if (active === null || active === document.body) return 'left-document';
    const inner = root.activeElement;
    return active === root.host && inner !== null && node.contains(inner) ? inner.id || inner.textContent! : 'outside';
  });

async function openDialog(page: Page): Promise<Locator> {
  await callMeButton(page).click();
  await phoneDialog(page).waitFor();
  return phoneDialog(page);
}

test('the Schedule Your Call dialog takes focus, keeps it, refuses a blank number and gives focus back on close', async () => {
  const { page } = await suite.page({ clock: true });
  await reachCongratulations(page);
  const dialog = await openDialog(page);
  expect(await whereIsFocus(dialog)).toBe('fad-phone');
  const phone = dialog.getByRole('textbox', { name: copy.phoneLabel });
  expect(await phone.getAttribute('type')).toBe('tel');
  const schedule = dialog.getByRole('button', { name: copy.scheduleCall, exact: true });
  expect(await schedule.isDisabled()).toBe(true);
  await phone.fill('   ');
  expect(await schedule.isDisabled()).toBe(true);
  await phone.fill(PHONE.typed);
  // A valid number is not enough: the box, unticked, must be ticked first.
  expect(await consentBox(page).isChecked()).toBe(false);
  expect(await schedule.isDisabled()).toBe(true);
  await consentBox(page).check();
  expect(await schedule.isEnabled()).toBe(true);
  // Round the dialog both ways (country, number, the box, Schedule Call, Cancel, the browser's UI): never the page behind.
  const visited: string[] = [];
  for (const key of [...Array(7).fill('Tab'), ...Array(7).fill('Shift+Tab')]) {
    await page.keyboard.press(key);
    visited.push(await whereIsFocus(dialog));
  }
  // Focus cycles inside the dialog both ways: never the page behind, never out of the document.
  expect(visited.filter((where) => where === 'outside' || where === 'left-document')).toEqual([]);
  expect(new Set(visited)).toEqual(new Set(['fad-phone-country', 'fad-phone', 'fad-consent', copy.phoneCancel, copy.scheduleCall]));
  await page.keyboard.press('Escape');
  await poll(() => dialog.count()).toBe(0);
  expect(await hasFocus(callMeButton(page))).toBe(true);
  // Consent is per request: open again, the box is unticked again.
  await openDialog(page);
  expect(await consentBox(page).isChecked()).toBe(false);
  await dialog.getByRole('button', { name: copy.phoneCancel }).click();
  await poll(() => dialog.count()).toBe(0);
  expect(await hasFocus(callMeButton(page))).toBe(true);
  expect(await dataStep(page)).toBe('congratulations');
  expect(await recordedEvents(page, 'call-requested')).toEqual([]);
});

test('a submitted number schedules the call: the host gets the request and the page is told; a javascript: home-url never reaches Back to Home: it falls back to / with exactly one warning', async () => {
  const fixture = await suite.page({ attributes: { 'home-url': 'JavaScript:alert(document.domain)' }, clock: true });
  const { page } = fixture;
  await reachCongratulations(page);
  const dialog = await openDialog(page);
  const sent = page.waitForRequest((request) => request.url().endsWith('/trigger_ai_demo_call') && request.method() === 'POST');
  await schedulePhoneCall(page);
  await heading(page, copy.callScheduledHeading).waitFor();
  await poll(() => dataStep(page)).toBe('call-scheduled');
  expect(await dialog.count()).toBe(0);
  expect(copy.callExpectedValue).toBe('2-3 minutes');
  expect(copy.callDurationValue).toBe('3-5 minutes');
  expect(await widget(page).locator('dd').allInnerTexts()).toEqual([copy.callExpectedValue, copy.callDurationValue]);
  expect(await widget(page).getByRole('link', { name: copy.backHome }).getAttribute('href')).toBe('/');
  // The stand-in here has no call keys: its not-placed reason is the other warning.
  const warnings = fixture.consoleWarnings.filter((text) => text.startsWith('[franchise-ai-demo]') && !text.includes('placed no call'));
  expect(warnings).toEqual([expect.stringContaining('home-url "JavaScript:alert(document.domain)"')]);
  expect(fixture.pageErrors).toEqual([]);
  const request = { name: VISITOR.name, company: VISITOR.company, email: VISITOR.email, website: 'https://acme.com', businessType: 'franchisor' };
  // Sent as E.164 (the host refuses anything else; phone-number.test.ts has the formats), with the
  // consent words shown, and the demoId demo_form answered.
  const body = (await sent).postDataJSON();
  expect(body).toEqual({
    ...request,
    demoId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
    phoneNumber: PHONE.e164,
    consent: { given: true, text: expect.stringContaining(copy.consentLabel) },
  });
  await poll(async () => (await recordedEvents(page, 'call-requested')).map((event) => event.detail)).toEqual([{ ok: true, refused: false, placed: false }]);
  const [lead] = (await fetchLeads(suite.host())).filter((entry) => entry.endpoint === 'trigger_ai_demo_call');
  expect(lead).toMatchObject({ ...request, phoneNumber: PHONE.e164, consentText: body.consent.text });
});

test('a trigger the host answers 500: the flow moves on to a step that says the call could not be confirmed, tells the page ok:false, and Back to Home follows home-url', async () => {
  const { page } = await suite.page({ webhookBase: suite.host('triggerFails').webhookBase, attributes: { 'home-url': '/franchise-home' }, clock: true });
  await reachCongratulations(page);
  await openDialog(page);
  await schedulePhoneCall(page, '+33 6 12 34 56 78');
  await heading(page, copy.callUnconfirmedHeading).waitFor();
  await poll(async () => (await recordedEvents(page, 'call-requested')).map((event) => event.detail)).toEqual([{ ok: false, refused: false, placed: false }]);
  const text = await widget(page).locator('section.step').innerText();
  expect(text).not.toContain(copy.callScheduledHeading);
  expect(text).not.toContain(copy.callScheduledText);
  expect((await recordedEvents(page, 'error')).map((event) => event.detail?.['stage'])).toEqual(['phone']);
  expect(await dataStep(page)).toBe('call-scheduled');
  expect(await widget(page).getByRole('link', { name: copy.backHome }).getAttribute('href')).toBe('/franchise-home');
  // The tab kept the agent until the visitor leaves the demo (LIFECYCLE.md, "Reload and Back").
  expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual([`franchise-ai-demo:${new URL(page.url()).pathname}:0`]);
  await widget(page).getByRole('link', { name: copy.backHome }).click();
  await page.waitForURL((address) => address.pathname === '/franchise-home');
  expect(await page.evaluate(() => sessionStorage.length), 'forgotten on Back to Home').toBe(0);
});
