import type { Locator, Page } from 'playwright-core';
import type { BusinessType } from '@franchise-ai/shared/constants';
import { poll } from './poll.ts';
import { CONGRATULATIONS_AT_MS, copy } from './widget-texts.ts';

// Driving the widget the way a visitor does: by role and accessible name, inside its shadow root
// (Playwright's locators pierce open shadow roots).

export interface FormInput {
  name: string;
  company: string;
  email: string;
  website?: string;
  businessType?: BusinessType;
}

export const VISITOR: Required<FormInput> = {
  name: 'Jane Smith',
  company: 'Acme Burgers',
  email: 'jane@acme.com',
  website: 'acme.com',
  businessType: 'franchisor',
};

export const widget = (page: Page): Locator => page.locator('franchise-ai-demo');
export const dataStep = (page: Page): Promise<string | null> => widget(page).getAttribute('data-step');
export const heading = (page: Page, name: string): Locator => widget(page).getByRole('heading', { name, exact: true });
export const button = (page: Page, name: string): Locator => widget(page).getByRole('button', { name, exact: true });
export const textbox = (page: Page, name: string): Locator => widget(page).getByRole('textbox', { name, exact: true });

/**
 * A number a visitor may type in the phone dialog: a real US line (555-0100 to 555-0199 are the
 * numbers set aside for fiction), valid for every host, and the E.164 form hosts store.
 */
export const PHONE = { typed: '+1 201 555 0123', e164: '+12015550123' } as const;

export const phoneDialog = (page: Page): Locator => widget(page).getByRole('dialog', { name: copy.phoneDialogTitle });
export const consentBox = (page: Page): Locator => phoneDialog(page).getByRole('checkbox', { name: copy.consentLabel, exact: true });

/** In the open phone dialog: types `number`, ticks the consent box (it starts unticked), presses Schedule Call. */
export async function schedulePhoneCall(page: Page, number: string = PHONE.typed): Promise<void> {
  const dialog = phoneDialog(page);
  await dialog.getByRole('textbox', { name: copy.phoneLabel, exact: true }).fill(number);
  await consentBox(page).check();
  await dialog.getByRole('button', { name: copy.scheduleCall, exact: true }).click();
}

export async function fillForm(page: Page, input: FormInput): Promise<void> {
  const businessType = input.businessType ?? 'franchisor';
  await widget(page).getByRole('radio', { name: copy[businessType], exact: true }).check();
  await textbox(page, copy.nameLabel).fill(input.name);
  await textbox(page, businessType === 'franchisee' ? copy.companyLabelFranchisee : copy.companyLabelFranchisor).fill(input.company);
  await textbox(page, copy.emailLabel).fill(input.email);
  if (input.website !== undefined) await textbox(page, copy.websiteLabel).fill(input.website);
}

/** Form → loading → (fast-forwarded clock) congratulations. The page must have been opened with `clock: true`. */
export async function reachCongratulations(page: Page, input: FormInput = VISITOR): Promise<void> {
  await fillForm(page, input);
  await button(page, copy.submit).click();
  await poll(() => dataStep(page)).toBe('loading');
  await page.clock.fastForward(CONGRATULATIONS_AT_MS);
  await heading(page, copy.readyHeading).waitFor();
  await poll(() => dataStep(page)).toBe('congratulations');
}
