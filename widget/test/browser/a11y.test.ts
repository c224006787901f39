import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { CONGRATULATIONS_AT_MS, copy, dataStep, expectAccessibleAtWidths, fetchLeads, heading, PHONE, poll, useSuite, VISITOR } from '../support/index.ts';
import { widget } from '../support/index.ts';

// The flow up to Call Scheduled! by keyboard alone; axe and no sideways overflow on each step at 320, 375 and 1280 px, each state reached once and resized.
const suite = useSuite();
const WIDTHS = [320, 375, 1280];
/** What the keyboard is on: the label of a field or radio, the text of a button, or a heading's text. */
const focused = (page: Page) =>
  widget(page).evaluate((host) => {
    const element = host.shadowRoot!.activeElement as HTMLElement | null;
    if (document.activeElement !== host || !element) return null;
    const label = element instanceof HTMLInputElement ? element.labels?.[0]?.textContent : element.textContent;
    return `${element.tagName.toLowerCase()}: ${label?.trim()}`;
  });

test('the whole flow up to Call Scheduled! with the keyboard alone, axe clean at each step, without console or page errors', async () => {
  const { page, consoleErrors, pageErrors } = await suite.page({ clock: true });
  const { keyboard } = page;
  await heading(page, copy.formHeading).waitFor();
  await expectAccessibleAtWidths(page, 'the form', WIDTHS);
  await keyboard.press('Tab');
  expect(await focused(page)).toBe(`input: ${copy.franchisor}`);
  await keyboard.press('ArrowRight');
  expect(await focused(page)).toBe(`input: ${copy.franchisee}`);
  expect(await widget(page).getByRole('radio', { name: copy.franchisee }).isChecked()).toBe(true);
  for (const [label, text] of [
    [copy.nameLabel, VISITOR.name],
    [copy.companyLabelFranchisee, VISITOR.company],
    [copy.emailLabel, VISITOR.email],
    [copy.websiteLabel, VISITOR.website],
  ]) {
    await keyboard.press('Tab');
    expect(await focused(page)).toBe(`input: ${label}`);
    await keyboard.type(text!);
  }
  await keyboard.press('Tab');
  expect(await focused(page)).toBe(`button: ${copy.submit}`);
  await keyboard.press('Enter');
  await poll(() => dataStep(page)).toBe('loading');
  await heading(page, copy.loadingHeading).waitFor();
  await expectAccessibleAtWidths(page, 'loading', WIDTHS);
  await page.clock.fastForward(CONGRATULATIONS_AT_MS);
  await poll(() => focused(page)).toBe(`h2: ${copy.readyHeading}`);
  await expectAccessibleAtWidths(page, 'congratulations', WIDTHS);
  await keyboard.press('Tab');
  expect(await focused(page)).toBe(`button: ${copy.scheduleCall}`);
  await keyboard.press('Space');
  await poll(() => focused(page)).toBe(`input: ${copy.phoneLabel}`);
  const dialog = widget(page).getByRole('dialog', { name: copy.phoneDialogTitle });
  await poll(() => dialog.getByRole('combobox', { name: copy.phoneCountryLabel }).locator('option').count()).toBeGreaterThan(200);
  await expectAccessibleAtWidths(page, 'the phone dialog', WIDTHS);
  // Typed the usual way, read for the page's country (en: the United States).
  await keyboard.type('(201) 555-0123');
  await poll(() => dialog.locator('#fad-phone-hint').innerText()).toBe('We will call +1 201 555 0123.');
  await expectAccessibleAtWidths(page, 'the phone dialog with its hint', WIDTHS);
  // The box, unticked, is next: Space ticks it, and Schedule Call after it sends.
  await keyboard.press('Tab');
  expect(await focused(page)).toBe(`input: ${copy.consentLabel}`);
  expect(await dialog.getByRole('button', { name: copy.scheduleCall, exact: true }).isDisabled()).toBe(true);
  await keyboard.press('Space');
  await keyboard.press('Tab');
  expect(await focused(page)).toBe(`button: ${copy.scheduleCall}`);
  await keyboard.press('Enter');
  await heading(page, copy.callScheduledHeading).waitFor();
  await poll(() => focused(page)).toBe(`h2: ${copy.callScheduledHeading}`);
  await expectAccessibleAtWidths(page, 'call scheduled', WIDTHS);
  await poll(async () => (await fetchLeads(suite.host()))[0]).toMatchObject({
    endpoint: 'trigger_ai_demo_call',
    name: VISITOR.name,
    businessType: 'franchisee',
    phoneNumber: PHONE.e164,
  });
  expect([consoleErrors, pageErrors]).toEqual([[], []]);
});
