import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { poll } from '@franchise-ai/test-support/poll';
import { button, dataStep, heading, textbox, widget } from '@franchise-ai/test-support/widget-flow';
import { copy } from '../../src/copy.ts';
import { recordedEvents } from '../support/events.ts';
import { useSuite } from '../support/suite.ts';

// The first render is a static shell without Preact (widget/LIFECYCLE.md, "The two phases"): the
// form works as the visitor sees it before the later steps' chunk arrives, and when it does, Preact
// hydrates the very same nodes: focus, caret, typed text and choices stay, and the flow goes on.
const suite = useSuite();
const LATER_STEPS = /\/widget\/chunks\/later-steps-[\w-]+\.js$/;

/** Opens the page with the later steps' chunk held until the returned `release()`. */
async function openHeld() {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const fixture = await suite.page({ beforeLoad: async (tab) => void (await tab.route(LATER_STEPS, async (route) => (await released, route.continue()))) });
  return { ...fixture, release };
}

/** Preact took over: the chunk's styles joined the shadow root's. */
const hydrated = (page: Page) => widget(page).evaluate((host) => host.shadowRoot!.adoptedStyleSheets.length > 1);

/** Marks the name input, so that the same node can be recognised after hydration. */
const markNameInput = (page: Page) =>
  widget(page).evaluate((host) => void ((host.shadowRoot!.querySelector('input[name=name]') as HTMLInputElement & { marked?: boolean }).marked = true));

test('before Preact: typing, the type (clicked, or set by the business-type attribute) switching the company label, Submit and its hint; after it arrives, the same nodes, focus and caret, and the attribute still moves the toggle', async () => {
  const { page, release, consoleErrors, pageErrors } = await openHeld();
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
