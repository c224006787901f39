import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { button, callMeButton, callStatus, clickForStatus, copy, endCall, fakeDaily, heading, phoneDialog, poll, PUBLIC_KEY } from '../support/index.ts';
import { reachBrowserCall, reachCongratulations, recordedEvents, rendered, schedulePhoneCall, startCall, textbox, useSuite, widget } from '../support/index.ts';
import { WIDGET_ATTRIBUTES, type WidgetAttribute } from '../../src/first-render/element/attribute-rules.ts';
import { toPropName } from '../../src/first-render/element/prop-names.ts';

// Removing any attribute after it was set gives back its default: the property, and what the visitor gets (voice attributes: the test build).
const suite = useSuite({ build: 'test-dist', voiceApi: true });
/** A valid value other than the default, for each attribute. */
const NON_DEFAULT: Record<WidgetAttribute, string> = {
  'webhook-base': 'https://hooks.example.com/webhook/acme',
  'public-key': 'pk_other',
  'business-type': 'franchisee',
  'home-url': '/custom-home',
  variant: 'launcher',
  position: 'top-left',
  'voice-api-base': 'https://voice.example.com',
  'voice-avoid-eval': '',
  analytics: 'datalayer',
  'company-name': 'Acme Franchise Group',
  'privacy-url': '/custom-privacy',
  'next-url': '/custom-next',
  theme: 'dark',
  'contact-email': 'team@acme.example',
  'contact-phone': '+12025550123',
};
const setAttribute = (page: Page, name: WidgetAttribute, value: string) => widget(page).evaluate((host, [n, v]) => host.setAttribute(n!, v!), [name, value]);
const removeAttribute = (page: Page, name: WidgetAttribute) => widget(page).evaluate((host, n) => host.removeAttribute(n), name);
const property = (page: Page, name: WidgetAttribute) =>
  widget(page).evaluate((host, prop) => (host as unknown as Record<string, unknown>)[prop], toPropName(name));

test('every attribute of the list: the element property follows it when set and is undefined (the default) once removed', async () => {
  const { page } = await suite.page({ attributes: { 'webhook-base': undefined, 'public-key': undefined, 'voice-api-base': undefined } });
  await widget(page).getByRole('alert').waitFor(); // no webhook-base yet
  for (const attribute of WIDGET_ATTRIBUTES) {
    await setAttribute(page, attribute, NON_DEFAULT[attribute]);
    expect(await property(page, attribute), `${attribute} set`).toBe(NON_DEFAULT[attribute]);
    await removeAttribute(page, attribute);
    expect(await property(page, attribute), `${attribute} removed`).toBeUndefined();
  }
});

test('business-type, home-url and webhook-base, removed after being set: franchisor (its label and placeholder), / and the configuration message', async () => {
  const { page } = await suite.page({ attributes: { 'business-type': 'franchisee', 'voice-api-base': undefined }, clock: true });
  const radio = (name: string) => widget(page).getByRole('radio', { name, exact: true });
  await heading(page, copy.formHeading).waitFor();
  expect(await radio(copy.franchisee).isChecked()).toBe(true);
  expect(await textbox(page, copy.companyLabelFranchisee).getAttribute('placeholder')).toBe(copy.companyPlaceholderFranchisee);
  await removeAttribute(page, 'business-type');
  await poll(() => radio(copy.franchisor).isChecked()).toBe(true);
  expect(await radio(copy.franchisee).isChecked()).toBe(false);
  expect(await textbox(page, copy.companyLabelFranchisor).getAttribute('placeholder')).toBe(copy.companyPlaceholderFranchisor);
  await setAttribute(page, 'business-type', 'franchisee');
  await poll(() => radio(copy.franchisee).isChecked()).toBe(true);
  await removeAttribute(page, 'business-type');
  await poll(() => radio(copy.franchisor).isChecked()).toBe(true);
  await reachCongratulations(page);
  await callMeButton(page).click();
  // This host issues its consent words (its COMPANY_NAME, no PRIVACY_POLICY_URL): company-name and privacy-url never change them (else: steps/phone-dialog/consent.browser.test.ts).
  const words = phoneDialog(page).locator('#fad-consent-text');
  const hostWords = await words.innerText();
  expect(hostWords).toMatch(/^An AI voice agent from Franchise AI will call/);
  await setAttribute(page, 'company-name', NON_DEFAULT['company-name']);
  await setAttribute(page, 'privacy-url', NON_DEFAULT['privacy-url']);
  await rendered(page);
  expect([await words.innerText(), await words.getByRole('link').count()]).toEqual([hostWords, 0]);
  await removeAttribute(page, 'company-name');
  await removeAttribute(page, 'privacy-url');
  await rendered(page);
  expect([await words.innerText(), await words.getByRole('link').count()]).toEqual([hostWords, 0]);
  await schedulePhoneCall(page);
  const home = widget(page).getByRole('link', { name: copy.backHome });
  await home.waitFor();
  await setAttribute(page, 'home-url', '/custom-home');
  await poll(() => home.getAttribute('href')).toBe('/custom-home');
  await removeAttribute(page, 'home-url');
  await poll(() => home.getAttribute('href')).toBe('/');
  await removeAttribute(page, 'webhook-base');
  await widget(page).getByRole('alert').filter({ hasText: copy.configMissingWebhookBase }).waitFor();
});

test("voice-avoid-eval, voice-api-base and public-key, removed after being set: eval allowed, the provider's API, no key", async () => {
  const fixture = await suite.page({ attributes: { 'voice-avoid-eval': true }, clock: true });
  const { page } = fixture;
  await reachBrowserCall(page);
  await startCall(page);
  await endCall(page);
  await removeAttribute(page, 'voice-avoid-eval');
  await startCall(page);
  await endCall(page);
  expect((await fakeDaily(page)).created.map((created) => created.dailyConfig)).toEqual([{ avoidEval: true }, { avoidEval: false }]);
  expect(suite.voiceApi.webCallRequests().map((request) => request.authorization)).toEqual([`Bearer ${PUBLIC_KEY}`, `Bearer ${PUBLIC_KEY}`]);
  // No voice-api-base: the provider's own API, which this sandbox cannot reach.
  await removeAttribute(page, 'voice-api-base');
  await clickForStatus(page, copy.startCall, copy.statusError);
  expect(fixture.requests.filter((url) => url.startsWith('https://api.vapi.ai/'))).not.toEqual([]);
  expect(suite.voiceApi.webCallRequests()).toHaveLength(2);
  // No public-key: the call is refused before any request.
  await setAttribute(page, 'voice-api-base', suite.voiceApi.url);
  await removeAttribute(page, 'public-key');
  const requestsBefore = fixture.requests.length;
  const voiceErrors = async () => (await recordedEvents(page, 'error')).filter((event) => event.detail?.['stage'] === 'voice').length;
  const errorsBefore = await voiceErrors();
  await button(page, copy.startCall).click();
  await poll(voiceErrors).toBe(errorsBefore + 1);
  expect(await callStatus(page).innerText()).toBe(copy.statusError);
  expect(suite.voiceApi.webCallRequests()).toHaveLength(2);
  expect(fixture.requests.slice(requestsBefore).filter((url) => url.includes('/call/web'))).toEqual([]);
});
