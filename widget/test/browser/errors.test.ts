import { expect, test } from 'vitest';
import { button, dataStep, fillForm, heading, textbox, VISITOR, widget } from '@franchise-ai/test-support/widget-flow';
import { copy } from '../../src/copy.ts';
import { expectAccessibleAtWidths } from '../support/accessible-at-widths.ts';
import { recordedEvents } from '../support/events.ts';
import { useSuite } from '../support/suite.ts';

// The error catalogue (spec section 8) against the real host with failures injected. The assistant's
// failure on the browser step: dead-ends.test.ts; the call request's: phone.test.ts.
const suite = useSuite({ hosts: { demoFormFails: { FAIL: 'demo_form:500' } } });

test('a failed demo_form shows the error, keeps every typed value and stays on the form; axe on it at 320, 375 and 1280 px', async () => {
  const { page } = await suite.page({ webhookBase: suite.host('demoFormFails').webhookBase });
  const visitor = { ...VISITOR, businessType: 'franchisee' as const };
  await fillForm(page, visitor);
  await button(page, copy.submit).click();

  const alert = widget(page).getByRole('alert');
  await alert.waitFor();
  expect(await alert.innerText()).toBe(copy.submitError);
  expect(await dataStep(page)).toBe('form');
  expect(await heading(page, copy.formHeading).isVisible()).toBe(true);
  expect(await widget(page).getByRole('radio', { name: copy.franchisee, exact: true }).isChecked()).toBe(true);
  const labels = [copy.nameLabel, copy.companyLabelFranchisee, copy.emailLabel, copy.websiteLabel];
  expect(await Promise.all(labels.map((label) => textbox(page, label).inputValue()))).toEqual([visitor.name, visitor.company, visitor.email, visitor.website]);
  expect(await button(page, copy.submit).isEnabled()).toBe(true); // the visitor can try again

  expect((await recordedEvents(page, 'error')).map((event) => event.detail)).toEqual([{ stage: 'submit', message: copy.submitError }]);
  expect((await recordedEvents(page, 'step')).map((event) => event.detail?.['step'])).toEqual(['form']);
  await expectAccessibleAtWidths(page, 'the form with an error', [320, 375, 1280]);
});
