import { describe, expect, test } from 'vitest';
import { runAxe } from '@franchise-ai/test-support/axe';
import { DESKTOP } from '@franchise-ai/test-support/browser-suite';
import { poll } from '@franchise-ai/test-support/poll';
import { widget } from '@franchise-ai/test-support/widget-flow';
import { AA, buttonColor, contrast, normalizeHex } from '../../src/embed/brand-color.ts';
import { DEFAULT_PRESET, presetById } from '../../src/embed/presets.ts';
import { TARGETS } from '../../src/embed/snippets.ts';
import { STYLE_FIELDS } from '../../src/embed/widget-facts.ts';
import { PAGES } from '../../src/routes.ts';
import { advancedOpen, copyButton, description, field, openAdvanced, openBuilder, previewStyle, snippetText, tab } from '../support/embed-page.ts';
import { useSite } from '../support/site.ts';

// /embed's quick setup, as a sales person uses it: the company's look by default, a brand colour
// whose derived colours stay readable, the Dark look, one snippet behind platform tabs, and the
// developers' fields closed away unless a link or an error needs them.
const site = useSite();
const NARROW = { width: 320, height: 740 };
/** A colour as #rrggbb, anything else with double quotes. */
const canonical = (value: string): string => normalizeHex(value) ?? value.replace(/'/g, '"');

test("from one load of /embed: Advanced is closed by default, its fields out of the way, and holds every other field with its name in code style (no axe violations at 1280 and 320 px); 'Our site' is the default look, its preview carrying the company's --fad-* values, the same /demo computes; the platforms are tabs (arrow keys, Home and End choose one, its panel holds one snippet and one Copy button); a brand colour sets the button colour (darkened until its text reads), its text and a light tint, in the preview and the snippet", async () => {
  const { page, context } = await openBuilder(site, PAGES.embed.path);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  // Advanced (developers): closed by default.
  expect(await advancedOpen(page)).toBe(false);
  expect(await field(page, 'webhook-base').count()).toBe(0);

  // 'Our site', the default look.
  expect(await page.getByRole('radio', { name: /^Our site/ }).isChecked()).toBe(true);
  await widget(page).getByRole('heading').first().waitFor();
  const preview = Object.fromEntries(
    await Promise.all(STYLE_FIELDS.map(async (property) => [property.name, await previewStyle(page, property.name)] as const)),
  );
  expect(preview).toEqual(DEFAULT_PRESET.styles);
  expect(preview['--fad-color-primary']).toBe('#4f46e5');

  // Advanced opened: every other field, named in code style.
  await openAdvanced(page);
  expect(await description(page, 'webhook-base')).toMatch(/^webhook-base \| /);
  expect(await page.locator('label[for="embed-webhook-base"]').innerText()).toBe('Where form data is sent');
  expect(await runAxe(page)).toEqual([]);
  await page.setViewportSize(NARROW);
  expect(await runAxe(page)).toEqual([]);
  await page.setViewportSize(DESKTOP);

  // The platforms are tabs.
  const tabs = page.getByRole('tablist', { name: 'Platform' }).getByRole('tab');
  expect(await tabs.allInnerTexts()).toEqual(TARGETS.map((target) => target.name));
  const state = () =>
    page.evaluate(() => ({
      focused: document.activeElement?.textContent,
      selected: [...document.querySelectorAll('[role=tab][aria-selected=true]')].map((element) => element.textContent),
      tabbable: [...document.querySelectorAll('[role=tab]')].filter((element) => (element as HTMLElement).tabIndex === 0).map((element) => element.textContent),
    }));
  await tab(page, 'HTML page').focus();
  for (const [key, name] of [
    ['ArrowRight', 'WordPress'],
    ['End', 'Google Tag Manager'],
    ['ArrowRight', 'HTML page'],
    ['ArrowLeft', 'Google Tag Manager'],
    ['Home', 'HTML page'],
    ['ArrowRight', 'WordPress'],
  ] as const) {
    await page.keyboard.press(key);
    expect(await state(), key).toEqual({ focused: name, selected: [name], tabbable: [name] });
  }
  const panel = page.getByRole('tabpanel', { name: 'WordPress' });
  expect(await panel.getByRole('textbox').count()).toBe(1);
  expect(await panel.getByRole('button').count()).toBe(1);
  // Tab from the chosen tab goes into its panel's snippet, not to the other tabs.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('textbox');
  await copyButton(page, 'WordPress').click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await snippetText(page, 'WordPress'));
  // One snippet per platform no more: the chosen platform's and the link's, two Copy buttons in all.
  expect(
    await page
      .locator('.embed-snippets')
      .getByRole('button', { name: /^Cop(y|ied) the / })
      .count(),
  ).toBe(2);
  await tab(page, 'HTML page').click();

  // A brand colour: a mid grey, on which neither white nor near-black reads at 4.5:1.
  await page.getByRole('textbox', { name: 'Brand color', exact: true }).fill('#7a7a7a');
  const primary = buttonColor('#7a7a7a');
  expect(primary).not.toBe('#7a7a7a');
  await poll(() => previewStyle(page, '--fad-color-primary')).toBe(primary);
  const text = await previewStyle(page, '--fad-color-primary-text');
  const surface = await previewStyle(page, '--fad-color-surface');
  expect(contrast(text, primary)).toBeGreaterThanOrEqual(AA);
  expect(contrast(DEFAULT_PRESET.styles['--fad-color-text']!, surface)).toBeGreaterThanOrEqual(AA);
  expect(surface).not.toBe(DEFAULT_PRESET.styles['--fad-color-surface']);
  await page.getByText(`Buttons use ${primary}, a little darker`).waitFor();
  // The field keeps what was typed; the look stays 'Our site'.
  expect(await page.getByRole('textbox', { name: 'Brand color', exact: true }).inputValue()).toBe('#7a7a7a');
  expect(await page.getByRole('radio', { name: /^Our site/ }).isChecked()).toBe(true);
  const html = await snippetText(page, 'HTML page');
  expect(html).toContain(`--fad-color-surface: ${surface};`);
  expect(html).toContain(`--fad-color-primary: ${primary};`);
  // Not hex: said beside the field, and nothing changes.
  await page.getByRole('textbox', { name: 'Brand color', exact: true }).fill('grey');
  await page.getByText('Write the color as # and six digits or letters, e.g. #4f46e5.').waitFor();
  expect(await previewStyle(page, '--fad-color-primary')).toBe(primary);

  // /demo themes the widget from the site's tokens (pages.css): the preset must not drift from it.
  // The built stylesheet is minified (#fff, double quotes), so both sides are compared in one spelling.
  const demo = await site.open(PAGES.demo.path);
  await widget(demo.page).getByRole('heading').first().waitFor();
  const computed = Object.fromEntries(
    await Promise.all(
      STYLE_FIELDS.map(async (property) => [property.name, canonical((await previewStyle(demo.page, property.name)) || property.default)] as const),
    ),
  );
  expect(computed).toEqual(Object.fromEntries(Object.entries(DEFAULT_PRESET.styles).map(([name, value]) => [name, canonical(value)])));
});

test('the Dark look themes the whole preview, placeholders included, with no axe violation at 320 and 1280 px', async () => {
  const { page } = await openBuilder(site, PAGES.embed.path, { viewport: NARROW });
  await page.getByRole('radio', { name: /^Dark/ }).check();
  const dark = presetById('dark').styles;
  await poll(() => previewStyle(page, '--fad-color-background')).toBe(dark['--fad-color-background']);
  await widget(page).getByRole('heading').first().waitFor();
  // The widget's placeholders follow the theme's muted text (they were a fixed slate, 2.9:1 on the dark box).
  const placeholder = await widget(page).evaluate(
    (element) => getComputedStyle(element.shadowRoot!.querySelector('input[placeholder]')!, '::placeholder').color,
  );
  expect(placeholder).toBe('rgb(203, 213, 225)');
  expect(await runAxe(page)).toEqual([]);
  await page.setViewportSize(DESKTOP);
  expect(await runAxe(page)).toEqual([]);
  // The check reaches inside the widget: a muted text too dark for the dark box is a violation.
  await widget(page).evaluate((element) => (element as HTMLElement).style.setProperty('--fad-color-muted', '#334155'));
  expect((await runAxe(page)).map((violation) => violation.id)).toContain('color-contrast');
});

describe('Advanced (developers)', () => {
  test('a link the quick setup explains leaves it closed; one with a flagged developer value opens it on the error', async () => {
    const quick = await openBuilder(site, `${PAGES.embed.path}?business-type=franchisee`);
    expect(await advancedOpen(quick.page)).toBe(false);

    const { page } = await openBuilder(site, `${PAGES.embed.path}?home-url=javascript:alert(1)`);
    expect(await advancedOpen(page)).toBe(true);
    expect(await field(page, 'home-url').getAttribute('aria-invalid')).toBe('true');
    await poll(() => description(page, 'home-url')).toContain('home-url "javascript:alert(1)"');
    expect(await field(page, 'home-url').isVisible()).toBe(true);
  });
});
