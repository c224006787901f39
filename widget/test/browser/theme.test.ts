import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { serveFixtureSite, type FixtureSite } from '@franchise-ai/test-support/franchise-sites';
import { chatCopy } from '../../src/copy/chat-copy.ts';
import {
  button,
  callStatus,
  chatStub,
  consentBox,
  clickForStatus,
  CONGRATULATIONS_AT_MS,
  copy,
  dataStep,
  endCall,
  expectAccessibleAtWidths,
  fillForm,
} from '../support/index.ts';
import { heading, openPhoneDialog, phoneDialog, poll, schedulePhoneCall, sendTranscript, useStubHost, useSuite, VISITOR } from '../support/index.ts';
import { WEBHOOK_PATHS, widget } from '../support/index.ts';

// theme="dark", and theme="auto" on a dark system: every step and state drawn dark, axe clean at 320
// and 1280 px; "auto" on a light system, an unknown theme and the page's own --fad-* values.
const suite = useSuite({ build: 'test-dist', voiceApi: true, hosts: { main: { ALLOW_PRIVATE_WEBSITES: '1' } } });
const stub = chatStub();
const chatHost = useStubHost(stub.answer);
beforeEach(() => stub.reset());
let site: FixtureSite | undefined;
beforeAll(async () => void (site = await serveFixtureSite('franchisor')));
afterAll(() => site?.close());

const WIDTHS = [320, 1280];
const DARK_BACKGROUND = 'rgb(15, 23, 42)';
const LIGHT_BACKGROUND = 'rgb(255, 255, 255)';
/** The widget's box (part root): its background, and the host's color-scheme (form controls, scrollbars). */
const look = (page: Page) =>
  widget(page).evaluate((host) => ({
    background: getComputedStyle(host.shadowRoot!.querySelector('.root')!).backgroundColor,
    scheme: getComputedStyle(host).colorScheme,
  }));
const DARK = { background: DARK_BACKGROUND, scheme: 'dark' };
const LIGHT = { background: LIGHT_BACKGROUND, scheme: 'light' };
/** Dark and axe clean at both widths: the step as it is now. */
async function expectDarkAndAccessible(page: Page, where: string): Promise<void> {
  expect(await look(page), where).toEqual(DARK);
  await expectAccessibleAtWidths(page, `${where} (dark)`, WIDTHS);
}

const THEMES = [
  ['dark', 'light'],
  ['auto', 'dark'],
] as const;

describe.each(THEMES)('theme="%s" on a %s system', (theme, colorScheme) => {
  test('the first render is dark before the later steps arrive; every step and state after it is dark and axe clean at 320 and 1280 px', async () => {
    let releaseChunks: () => void = () => {};
    const chunksHeld = new Promise<void>((resolve) => (releaseChunks = resolve));
    const { page, consoleErrors, pageErrors } = await suite.page({
      attributes: { theme },
      clock: true,
      beforeLoad: async (tab) => {
        await tab.emulateMedia({ colorScheme });
        await tab.route('**/widget/chunks/**', async (route) => (await chunksHeld, route.continue()));
      },
    });
    await heading(page, copy.formHeading).waitFor();
    expect(await look(page), 'the first render, before any chunk').toEqual(DARK);
    releaseChunks();
    // Our own checks: the alert, and each reason beside its field.
    await fillForm(page, { ...VISITOR, email: 'jane@example', website: 'ftp://files.example' });
    await button(page, copy.submit).click();
    await widget(page).getByRole('alert').filter({ hasText: copy.fieldsInvalid }).waitFor();
    expect(await widget(page).locator('[aria-invalid="true"]').count()).toBe(2);
    await expectDarkAndAccessible(page, 'the form with its reasons');
    await fillForm(page, { ...VISITOR, website: `${site!.url}/` });
    await button(page, copy.submit).click();
    await poll(() => dataStep(page)).toBe('loading');
    // The host reads the fixture site on the real clock; the widget asks about once a second of its own.
    let waited = 0;
    await poll(async () => {
      if (waited < 30_000) await page.clock.runFor(500);
      waited += 500;
      return widget(page).locator('.learned-facts li').count();
    }).toBeGreaterThan(0);
    expect(await dataStep(page)).toBe('loading');
    await expectDarkAndAccessible(page, 'loading, with what the host learned');
    await page.clock.fastForward(CONGRATULATIONS_AT_MS);
    await heading(page, copy.readyHeading).waitFor();
    await expectDarkAndAccessible(page, 'congratulations');
    const dialog = await openPhoneDialog(page);
    await expectDarkAndAccessible(page, 'the phone dialog');
    const number = dialog.getByRole('textbox', { name: copy.phoneLabel, exact: true });
    await consentBox(page).check();
    // A country the host does not call (the hint in the error colour), then "Did you mean ...?" (a link-like button).
    await number.fill('+44 20 7946 0018');
    await dialog.locator('.hint-problem').waitFor();
    await expectDarkAndAccessible(page, 'the phone dialog refusing a country');
    await number.fill('06 12 34 56 78');
    await dialog.locator('.suggestion').waitFor();
    await expectDarkAndAccessible(page, 'the phone dialog with a suggestion');
    await schedulePhoneCall(page);
    await heading(page, copy.callScheduledHeading).waitFor();
    expect(await phoneDialog(page).count()).toBe(0);
    await expectDarkAndAccessible(page, 'call scheduled');
    await button(page, copy.talkInBrowser).click();
    await poll(() => callStatus(page).innerText()).toBe(copy.statusAssistantReady);
    await page.waitForFunction(() => window.__fakeDaily !== undefined);
    await expectDarkAndAccessible(page, 'the browser call, ready');
    const releaseWebCall = suite.voiceApi.holdAnswers();
    await clickForStatus(page, copy.startCall, copy.statusStarting);
    await expectDarkAndAccessible(page, 'the browser call, connecting');
    releaseWebCall();
    await poll(() => callStatus(page).innerText()).toBe(copy.statusCallStarted);
    await sendTranscript(page, 'assistant', 'final', 'Hi, thanks for trying the demo.');
    await sendTranscript(page, 'user', 'partial', 'How much does');
    await expectDarkAndAccessible(page, 'the browser call, live with captions');
    await endCall(page);
    await expectDarkAndAccessible(page, 'the browser call, ended');
    await page.evaluate(() => (window.__fakeDaily!.failNextJoin = 'Meeting not found'));
    await clickForStatus(page, copy.startCall, copy.statusError);
    await widget(page).getByRole('alert').first().waitFor();
    await expectDarkAndAccessible(page, 'the browser call, failed');
    expect([consoleErrors, pageErrors]).toEqual([[], []]);
  });

  test('the chat is dark and axe clean at 320 and 1280 px, greeted and answered', async () => {
    const { page, pageErrors } = await suite.page({
      attributes: { theme },
      webhookBase: chatHost.host.webhookBase,
      clock: true,
      beforeLoad: (tab) => tab.emulateMedia({ colorScheme }),
    });
    const probe = page.waitForResponse((response) => response.url().endsWith(WEBHOOK_PATHS.chatMessage));
    await fillForm(page, VISITOR);
    await button(page, copy.submit).click();
    await (await probe).finished();
    await page.clock.fastForward(CONGRATULATIONS_AT_MS);
    await heading(page, copy.readyHeading).waitFor();
    await widget(page).getByRole('article', { name: copy.chatTitle }).getByRole('button', { name: copy.chatButton }).click();
    await heading(page, copy.chatHeading).waitFor();
    const box = widget(page).getByRole('textbox', { name: chatCopy('en').messageLabel, exact: true });
    await box.fill('What does it cost?');
    await box.press('Enter');
    await poll(() => widget(page).locator('.chat-log > li:not(.typing)').count()).toBe(3);
    await expectDarkAndAccessible(page, 'the chat');
    expect(pageErrors).toEqual([]);
  });
});

test('auto follows the system as it changes; theme may change at run time; an unknown theme is light with one warning; the page’s --fad-* values win in both themes', async () => {
  const { page } = await suite.page({ attributes: { theme: 'auto', style: '--fad-color-primary: #ff00aa' } });
  const warnings: string[] = [];
  page.on('console', (message) => void (message.type() === 'warning' && warnings.push(message.text())));
  await heading(page, copy.formHeading).waitFor();
  const primary = () => button(page, copy.submit).evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(await look(page), 'auto on a light system').toEqual(LIGHT);
  await page.emulateMedia({ colorScheme: 'dark' });
  await poll(() => look(page)).toEqual(DARK);
  expect(await primary(), "the page's primary, dark").toBe('rgb(255, 0, 170)');
  await page.emulateMedia({ colorScheme: 'light' });
  await poll(() => look(page)).toEqual(LIGHT);
  expect(await primary(), "the page's primary, light").toBe('rgb(255, 0, 170)');
  const setTheme = (value: string) => widget(page).evaluate((host, theme) => host.setAttribute('theme', theme), value);
  await setTheme('DARK');
  await poll(() => look(page)).toEqual(DARK);
  await widget(page).evaluate((host) => host.style.setProperty('--fad-color-background', '#102030'));
  expect((await look(page)).background, "the page's background wins over the dark one").toBe('rgb(16, 32, 48)');
  await widget(page).evaluate((host) => host.style.removeProperty('--fad-color-background'));
  for (const value of ['night', 'dark', 'night']) await setTheme(value);
  await poll(() => look(page)).toEqual(LIGHT);
  expect(warnings.filter((warning) => warning.includes('theme "night"'))).toEqual([
    '[franchise-ai-demo] theme "night" is not one of light, dark, auto; using light.',
  ]);
});
