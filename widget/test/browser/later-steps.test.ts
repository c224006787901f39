import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { button, copy, dataStep, expectAccessibleAtWidths, fillForm, heading, poll, recordedEvents, textbox, useSuite, VISITOR } from '../support/index.ts';
import { widget, type WidgetPageOptions } from '../support/index.ts';
import { CONGRATULATIONS_AT_MS } from '@franchise-ai/test-support/widget-texts';

// The static shell renders the form; the later steps' chunk comes when it is usable or touched, and Preact hydrates the same nodes (LIFECYCLE.md).
const suite = useSuite();
const LATER_STEPS = /\/widget\/chunks\/later-steps-[\w-]+\.js$/;
const open = (options: WidgetPageOptions = {}) => suite.page({ clock: true, ...options });
/** The later steps' chunk held until `release()`. */
function holdLaterSteps() {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  return { release, beforeLoad: async (tab: Page) => void (await tab.route(LATER_STEPS, async (route) => (await released, route.continue()))) };
}
/** What the widget's form fields hold, by label. */
const typed = (page: Page) =>
  Promise.all([copy.nameLabel, copy.companyLabelFranchisor, copy.emailLabel, copy.websiteLabel].map((label) => textbox(page, label).inputValue()));

test('a widget far down a long page costs nothing until it nears the screen, or the visitor reaches into it', async () => {
  const fixture = await open({ before: '<div style="height: 4000px">A long partner page.</div>' });
  const { page } = fixture;
  const laterRequests = () => fixture.requests.filter((url) => LATER_STEPS.test(url));
  await textbox(page, copy.nameLabel).waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  await page.clock.runFor(3000); // past the idle callback's own 2 s deadline
  await page.waitForLoadState('networkidle');
  expect(laterRequests()).toEqual([]);
  // Scrolled to within half a screen of it: fetched, once.
  await page.evaluate(() => window.scrollTo(0, 3200));
  await poll(() => laterRequests().length).toBe(1);
  await textbox(page, copy.nameLabel).focus();
  await page.waitForLoadState('networkidle');
  expect(laterRequests()).toHaveLength(1);
});

test('if the later steps fail to arrive, the form says so and keeps what was typed; sent again (by keyboard) before they arrive, it waits for them, busy, and then goes on', async () => {
  let refused = 0;
  const fixture = await open({ beforeLoad: async (tab) => void (await tab.route(LATER_STEPS, (route) => (refused++, route.abort()))) });
  const { page, pageErrors } = fixture;
  const errorEvents = widget(page).evaluate(
    (host) => new Promise((resolve) => host.addEventListener('franchise-ai-demo-error', (event) => resolve((event as CustomEvent).detail))),
  );
  await fillForm(page, VISITOR);
  // Failing before the submit (the page idle, or the first focus) shows nothing: the visitor is still typing.
  await poll(() => refused).toBe(1);
  expect(await widget(page).getByRole('alert').count()).toBe(0);
  await button(page, copy.submit).click();
  // Asked once more by the submit, then the form's own failure message, with everything kept.
  await poll(() => widget(page).getByRole('alert').innerText()).toBe(copy.submitError);
  expect(refused).toBe(2);
  expect(await dataStep(page)).toBe('form');
  expect(await typed(page)).toEqual([VISITOR.name, VISITOR.company, VISITOR.email, VISITOR.website]);
  expect(await errorEvents).toEqual({ stage: 'submit', message: copy.submitError });
  await expectAccessibleAtWidths(page, 'the failed submit', [320, 1280]);
  await page.unroute(LATER_STEPS);
  const { release, beforeLoad: hold } = holdLaterSteps();
  await hold(page);
  // By keyboard: the submit button, Enter; waiting, the button says the demo is being built and is disabled, the form is busy, nothing is sent yet.
  await button(page, copy.submit).focus();
  await page.keyboard.press('Enter');
  await button(page, copy.submitting).waitFor();
  expect(await button(page, copy.submitting).isDisabled()).toBe(true);
  expect(await widget(page).locator('form').getAttribute('aria-busy')).toBe('true');
  expect(await dataStep(page)).toBe('form');
  expect(fixture.requests.filter((url) => url.startsWith(suite.host().webhookBase))).toEqual([]);
  // Once they arrive the flow goes on, with their styles.
  release();
  await poll(() => dataStep(page)).toBe('loading');
  await page.clock.fastForward(CONGRATULATIONS_AT_MS);
  await heading(page, copy.readyHeading).waitFor();
  expect(
    await button(page, copy.scheduleCall)
      .first()
      .evaluate((element) => getComputedStyle(element).backgroundColor),
  ).not.toBe('rgba(0, 0, 0, 0)');
  await button(page, copy.scheduleCall).first().click();
  await heading(page, copy.phoneDialogTitle).waitFor();
  expect(pageErrors).toEqual([]);
});
/** Preact took over: the chunk's styles joined the first render's two (styles.css, launcher.css; stylesheet.ts). */
const hydrated = (page: Page) => widget(page).evaluate((host) => host.shadowRoot!.adoptedStyleSheets.length > 2);
/** Marks the name input, so that the same node can be recognised after hydration. */
const markNameInput = (page: Page) =>
  widget(page).evaluate((host) => void ((host.shadowRoot!.querySelector('input[name=name]') as HTMLInputElement & { marked?: boolean }).marked = true));

test('before Preact: typing, the type (clicked, or set by the business-type attribute) switching the company label, Submit and its hint; after it arrives, the same nodes, focus and caret, and the attribute still moves the toggle', async () => {
  const { release, beforeLoad } = holdLaterSteps();
  const { page, consoleErrors, pageErrors } = await suite.page({ beforeLoad });
  const submit = button(page, copy.submit);
  await textbox(page, copy.nameLabel).waitFor();
  expect(await dataStep(page)).toBe('form');
  expect(await submit.isDisabled()).toBe(true);
  expect(await widget(page).locator('#fad-submit-hint').innerText()).toBe(copy.missingName);
  await widget(page).evaluate((host) => host.setAttribute('business-type', 'franchisee'));
  await textbox(page, copy.companyLabelFranchisee).waitFor();
  await widget(page).getByRole('radio', { name: copy.franchisor, exact: true }).check();
  await textbox(page, copy.companyLabelFranchisor).waitFor();
  await widget(page).getByRole('radio', { name: copy.franchisee, exact: true }).check();
  await textbox(page, copy.nameLabel).fill('Jane Smith');
  expect(await widget(page).locator('#fad-submit-hint').innerText()).toBe(copy.missingCompany);
  const company = textbox(page, copy.companyLabelFranchisee);
  expect(await company.getAttribute('placeholder')).toBe(copy.companyPlaceholderFranchisee);
  await company.fill('Acme Burgers');
  await textbox(page, copy.emailLabel).fill('jane@acme.com');
  expect(await submit.isEnabled()).toBe(true);
  expect(await widget(page).locator('#fad-submit-hint').innerText()).toBe('');
  // The caret in the middle of the name, the node marked, then Preact arrives.
  await markNameInput(page);
  await textbox(page, copy.nameLabel).focus();
  await textbox(page, copy.nameLabel).evaluate((input: HTMLInputElement) => input.setSelectionRange(4, 4));
  expect(await hydrated(page)).toBe(false);
  release();
  await poll(() => hydrated(page)).toBe(true);
  const name = await widget(page).evaluate((host) => {
    const input = host.shadowRoot!.querySelector('input[name=name]') as HTMLInputElement & { marked?: boolean };
    return { marked: input.marked, focused: host.shadowRoot!.activeElement === input, caret: input.selectionStart, value: input.value };
  });
  expect(name).toEqual({ marked: true, focused: true, caret: 4, value: 'Jane Smith' });
  expect(await widget(page).getByRole('radio', { name: copy.franchisee, exact: true }).isChecked()).toBe(true);
  expect(await textbox(page, copy.companyLabelFranchisee).inputValue()).toBe('Acme Burgers');
  // Preact has the form now: typing at the caret, and emptying a field, are its to show.
  await page.keyboard.type('X');
  expect(await textbox(page, copy.nameLabel).inputValue()).toBe('JaneX Smith');
  await widget(page).evaluate((host) => host.setAttribute('business-type', 'franchisor'));
  await textbox(page, copy.companyLabelFranchisor).waitFor();
  expect(await heading(page, copy.formHeading).count()).toBe(1);
  await widget(page).evaluate((host) => host.setAttribute('business-type', 'franchisee'));
  await textbox(page, copy.companyLabelFranchisee).waitFor();
  await textbox(page, copy.emailLabel).fill('');
  await poll(() => widget(page).locator('#fad-submit-hint').innerText()).toBe(copy.missingEmail);
  await textbox(page, copy.emailLabel).fill('jane@acme.com');
  await submit.click();
  await poll(() => dataStep(page)).toBe('loading');
  const submitted = await recordedEvents(page, 'submit');
  const requests = submitted.map((event) => event.detail?.['request'] as Record<string, string> | undefined);
  expect(requests.map((request) => [request?.['name'], request?.['businessType']])).toEqual([['JaneX Smith', 'franchisee']]);
  // The form step was told once (by the shell), not again by Preact.
  expect((await recordedEvents(page, 'step')).map((event) => event.detail?.['step'])).toEqual(['form', 'loading']);
  expect([...consoleErrors, ...pageErrors]).toEqual([]);
});
