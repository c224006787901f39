import { expect, test } from 'vitest';
import { poll } from '@franchise-ai/test-support/poll';
import { button, dataStep, fillForm, heading, reachCongratulations, textbox, VISITOR, widget } from '@franchise-ai/test-support/widget-flow';
import { copy } from '../../src/copy.ts';
import { recordedEvents } from '../support/events.ts';
import { partnerPage, widgetAttributes } from '../support/pages.ts';
import { useSuite } from '../support/suite.ts';

// The error catalogue (spec section 8) against the real host with failures injected.
const suite = useSuite({
  hosts: {
    demoFormFails: { FAIL: 'demo_form:500' },
    assistantFails: { FAIL: 'website_demo_call:500' },
  },
});

test('a failed demo_form shows the error, keeps every typed value and stays on the form', async () => {
  const url = suite.server.page('/demo-form-fails.html', partnerPage({ attributes: widgetAttributes(suite.host('demoFormFails').webhookBase) }));
  const { page } = await suite.open(url);
  const visitor = { ...VISITOR, businessType: 'franchisee' as const };
  await fillForm(page, visitor);
  await button(page, copy.submit).click();

  const alert = widget(page).getByRole('alert');
  await alert.waitFor();
  expect(await alert.innerText()).toBe(copy.submitError);
  expect(await dataStep(page)).toBe('form');
  expect(await heading(page, copy.formHeading).isVisible()).toBe(true);
  expect(await widget(page).getByRole('radio', { name: copy.franchisee, exact: true }).isChecked()).toBe(true);
  expect(await textbox(page, copy.nameLabel).inputValue()).toBe(visitor.name);
  expect(await textbox(page, copy.companyLabelFranchisee).inputValue()).toBe(visitor.company);
  expect(await textbox(page, copy.emailLabel).inputValue()).toBe(visitor.email);
  expect(await textbox(page, copy.websiteLabel).inputValue()).toBe(visitor.website);
  expect(await button(page, copy.submit).isEnabled()).toBe(true); // the visitor can try again

  const errors = await recordedEvents(page, 'error');
  expect(errors.map((event) => event.detail)).toEqual([{ stage: 'submit', message: copy.submitError }]);
  expect((await recordedEvents(page, 'step')).map((event) => event.detail?.['step'])).toEqual(['form']);
});

test('a failed assistant fetch still opens the browser step, with the start button disabled', async () => {
  const url = suite.server.page('/assistant-fails.html', partnerPage({ attributes: widgetAttributes(suite.host('assistantFails').webhookBase) }));
  const { page } = await suite.open(url, { clock: true });
  await reachCongratulations(page);
  await button(page, copy.browserButton).click();

  await heading(page, `Welcome, ${VISITOR.name}!`).waitFor();
  await poll(() => dataStep(page)).toBe('browser-call');
  const status = widget(page).getByRole('status');
  await poll(() => status.innerText()).toBe(copy.statusAssistantError);
  // Disabled, and saying why rather than 'Loading...' for ever.
  const start = button(page, copy.noAssistantButton);
  expect(await start.isDisabled()).toBe(true);
  expect(await button(page, copy.loadingButton).count()).toBe(0);
  expect(await button(page, copy.startCall).count()).toBe(0);
  await poll(async () => (await recordedEvents(page, 'error')).map((event) => event.detail?.['stage'])).toEqual(['assistant']);
});
