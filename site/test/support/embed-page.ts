// /embed as its tests drive it: the builder once hydrated, its fields by the attribute or property
// they set (their accessible name is the plain label beside that name), the Advanced section, the
// platform tabs and the live preview.
import type { Page } from 'playwright-core';
import { widget } from '@franchise-ai/test-support/widget-flow';
import { ATTRIBUTE_FIELDS, STYLE_FIELDS } from '../../src/embed/widget-facts.ts';
import type { OpenOptions, Site, SitePage } from './site.ts';

/** /embed (or a link to it) once its builder has hydrated: it marks itself once it has read the link. */
export async function openBuilder(site: Site, path: string, options: OpenOptions = {}): Promise<SitePage> {
  const fixture = await site.open(path, options);
  await fixture.page.locator('[data-builder-ready]').waitFor();
  return fixture;
}

export const labelOf = (name: string): string => [...ATTRIBUTE_FIELDS, ...STYLE_FIELDS].find((field) => field.name === name)!.label;
export const field = (page: Page, name: string) => page.getByRole('textbox', { name: labelOf(name), exact: true });
export const checkbox = (page: Page, name: string) => page.getByRole('checkbox', { name: labelOf(name), exact: true });

export const advancedOpen = (page: Page) => page.locator('details.advanced').evaluate((details) => (details as HTMLDetailsElement).open);
export async function openAdvanced(page: Page): Promise<void> {
  if (!(await advancedOpen(page))) await page.getByText('Advanced (developers)', { exact: true }).click();
}

export const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
export const snippetField = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
export const snippetText = (page: Page, name: string) => snippetField(page, name).evaluate((element) => element.textContent ?? '');
export const copyButton = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^Cop(y|ied) the ${name} snippet$`) });

/** The live widget's (or any page's widget's) value of a custom property; none (`initial`: the widget's own, widget-preview.tsx) is its default. */
export const previewStyle = async (page: Page, name: string) =>
  (await widget(page).evaluate((element, property) => getComputedStyle(element).getPropertyValue(property).trim(), name)) ||
  (STYLE_FIELDS.find((field) => field.name === name)?.default ?? '');

/** The text of the elements a field names in aria-describedby, joined. */
export const description = (page: Page, name: string) =>
  field(page, name).evaluate((input) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' | '),
  );
