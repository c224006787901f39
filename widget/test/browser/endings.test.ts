import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { copy, endCall, reachBrowserCall, reachCongratulations, scheduleFromCongratulations, startCall, useSuite, widget } from '../support/index.ts';

// Every ending leads to the company: with no next-url and no booking page, the first action after the
// step's heading contacts it (the host's CONTACT_EMAIL, or the page's contact-phone), 'Back to Home' still there.
const CONTACT_EMAIL = 'team@franchise-ai.example';
const CONTACT_PHONE = '+12025550123';
const suite = useSuite({ build: 'test-dist', voiceApi: true, hosts: { main: { CONTACT_EMAIL }, bare: {} } });
const WIDTHS = [375, 1440] as const;

/** The ending's first link as Tab reaches it from the heading, and whether 'Back to Home' is still in the step. */
async function firstAction(page: Page) {
  await widget(page).locator('#fad-heading').focus();
  await page.keyboard.press('Tab');
  return widget(page).evaluate((host, backHome) => {
    const root = host.shadowRoot!;
    const active = root.activeElement;
    return {
      text: active?.textContent?.trim(),
      href: active?.getAttribute('href'),
      primary: active?.classList.contains('primary'),
      home: [...root.querySelectorAll('a')].some((link) => link.textContent?.trim() === backHome),
    };
  }, copy.backHome);
}

const BY_EMAIL = { text: copy.contactByEmail, href: `mailto:${CONTACT_EMAIL}`, primary: true, home: true };
const BY_PHONE = { text: copy.contactByPhone, href: `tel:${CONTACT_PHONE}`, primary: true, home: true };

test.each(WIDTHS)("at %i px, the host's contact: the first action after 'Call Scheduled!' and after a browser call writes to the company", async (width) => {
  const viewport = { width, height: 900 };
  const scheduled = (await suite.page({ viewport, clock: true })).page;
  await reachCongratulations(scheduled);
  await scheduleFromCongratulations(scheduled);
  expect(await firstAction(scheduled), "'Call Scheduled!'").toEqual(BY_EMAIL);
  const { page } = await suite.page({ viewport, clock: true });
  await reachBrowserCall(page);
  await startCall(page);
  await endCall(page);
  expect(await firstAction(page), 'after a browser call').toEqual(BY_EMAIL);
});

test("a host without a contact, the page's contact-phone: the first action calls the company, at 375 and 1440 px", async () => {
  const { page } = await suite.page({ webhookBase: suite.host('bare').webhookBase, attributes: { 'contact-phone': '+1 (202) 555-0123' }, clock: true });
  await reachBrowserCall(page);
  await startCall(page);
  await endCall(page);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    expect(await firstAction(page), `after a browser call at ${width} px`).toEqual(BY_PHONE);
  }
});
