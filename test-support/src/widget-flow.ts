import type { Locator, Page } from 'playwright-core';
import type { BusinessType } from '@franchise-ai/shared/constants';
import { poll } from './poll.ts';
import { CONGRATULATIONS_AT_MS, copy, type Copy } from './widget-texts.ts';

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

/** The texts a widget shows: English (`copy`) unless a test drives it in another language. */
export type Texts = Copy;

export const phoneDialog = (page: Page, texts: Texts = copy): Locator => widget(page).getByRole('dialog', { name: texts.phoneDialogTitle });
export const consentBox = (page: Page, texts: Texts = copy): Locator =>
  phoneDialog(page, texts).getByRole('checkbox', { name: texts.consentLabel, exact: true });

/** In the open phone dialog: types `number`, ticks the consent box (it starts unticked), presses Schedule Call. */
export async function schedulePhoneCall(page: Page, number: string = PHONE.typed, texts: Texts = copy): Promise<void> {
  const dialog = phoneDialog(page, texts);
  await dialog.getByRole('textbox', { name: texts.phoneLabel, exact: true }).fill(number);
  await consentBox(page, texts).check();
  await dialog.getByRole('button', { name: texts.scheduleCall, exact: true }).click();
}

export async function fillForm(page: Page, input: FormInput, texts: Texts = copy): Promise<void> {
  const businessType = input.businessType ?? 'franchisor';
  await widget(page).getByRole('radio', { name: texts[businessType], exact: true }).check();
  await textbox(page, texts.nameLabel).fill(input.name);
  await textbox(page, businessType === 'franchisee' ? texts.companyLabelFranchisee : texts.companyLabelFranchisor).fill(input.company);
  await textbox(page, texts.emailLabel).fill(input.email);
  if (input.website !== undefined) await textbox(page, texts.websiteLabel).fill(input.website);
}

/** Form → loading → (fast-forwarded clock) congratulations. The page must have been opened with `clock: true`. */
export async function reachCongratulations(page: Page, input: FormInput = VISITOR, texts: Texts = copy): Promise<void> {
  await fillForm(page, input, texts);
  await button(page, texts.submit).click();
  await poll(() => dataStep(page)).toBe('loading');
  await page.clock.fastForward(CONGRATULATIONS_AT_MS);
  await heading(page, texts.readyHeading).waitFor();
  await poll(() => dataStep(page)).toBe('congratulations');
}
