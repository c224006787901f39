import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { DESKTOP } from '@franchise-ai/test-support/browser-suite';
import { poll } from '@franchise-ai/test-support/poll';
import { widget } from '@franchise-ai/test-support/widget-flow';
import { PAGES } from '../../src/routes.ts';
import { labelOf, openAdvanced, openBuilder, snippetText } from '../support/embed-page.ts';
import { useSite } from '../support/site.ts';

// A theme on /embed: dark is the widget's own dark colors in the preview and in the snippet (no look's
// colors left to win over them); a look other than Neutral brings the light theme back.
const site = useSite();

/** The preview's form background, as its relative luminance's side: dark or light. */
const previewSide = (page: Page) =>
  widget(page).evaluate((host) => {
    const [r, g, b] = getComputedStyle(host.shadowRoot!.querySelector('.root')!).backgroundColor.match(/\d+/g)!.map(Number);
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! < 128 ? 'dark' : 'light';
  });

test('theme dark: the preview draws dark, the look is Neutral and the snippet says theme="dark" without colors; choosing \'Our site\' again: light', async () => {
  const { page } = await openBuilder(site, PAGES.embed.path, { viewport: DESKTOP });
  await widget(page).getByRole('heading').first().waitFor();
  expect(await previewSide(page)).toBe('light');
  await openAdvanced(page);
  await page.getByRole('combobox', { name: labelOf('theme'), exact: true }).selectOption('dark');
  await poll(() => previewSide(page)).toBe('dark');
  expect(await page.getByRole('radio', { name: /^Neutral/ }).isChecked()).toBe(true);
  const html = await snippetText(page, 'HTML page');
  expect(html).toContain('theme="dark"');
  expect(html).not.toContain('--fad-color-');
  await page.getByRole('radio', { name: /^Our site/ }).check();
  await poll(() => previewSide(page)).toBe('light');
  expect(await page.getByRole('combobox', { name: labelOf('theme'), exact: true }).inputValue()).toBe('light');
  expect(await snippetText(page, 'HTML page')).not.toContain('theme=');
});
