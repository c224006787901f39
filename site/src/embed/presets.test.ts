import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AA, contrast } from './brand-color.ts';
import { DEFAULT_PRESET, presetById, presetOf, PRESETS, quickSetupExplains, stylesForTheme, themeForLook, withBrand } from './presets.ts';
import { STYLE_FIELDS } from './widget-facts.ts';

describe('the presets', () => {
  it("each give every --fad-* property a value; Neutral is the widget's defaults; 'Our site' comes first, the default", () => {
    for (const preset of PRESETS) expect(Object.keys(preset.styles), preset.id).toEqual(STYLE_FIELDS.map((field) => field.name));
    expect(PRESETS.find((preset) => preset.id === 'neutral')!.styles).toEqual(Object.fromEntries(STYLE_FIELDS.map((field) => [field.name, field.default])));
    expect(DEFAULT_PRESET.id).toBe('our-site');
  });

  it.each(PRESETS.map((preset) => [preset.label, preset.styles] as const))('%s: every text the widget draws reads at 4.5:1', (_, styles) => {
    const at = (name: string) => styles[`--fad-color-${name}`]!;
    const pairs: Array<[string, string]> = [
      ['text', 'background'],
      ['text', 'surface'],
      ['muted', 'background'],
      ['muted', 'surface'],
      ['primary-text', 'primary'],
      ['error', 'background'],
      // End Call: the background colour on the error colour.
      ['background', 'error'],
    ];
    for (const [text, background] of pairs) expect(contrast(at(text), at(background)), `${text} on ${background}`).toBeGreaterThanOrEqual(AA);
  });
});

describe('a brand colour on a preset', () => {
  it("sets the three brand colours from the preset's own background and texts, and the preset stays chosen", () => {
    const dark = presetById('dark').styles;
    const branded = withBrand(dark, '#0a7d3b');
    expect(presetOf(branded)?.id).toBe('dark');
    expect(branded['--fad-color-primary']).toBe('#0a7d3b');
    expect(branded['--fad-color-primary-text']).toBe('#ffffff');
    expect(contrast(dark['--fad-color-text']!, branded['--fad-color-surface']!)).toBeGreaterThanOrEqual(AA);
  });

  it("is what the quick setup explains; a developer's own value is not", () => {
    expect(quickSetupExplains(DEFAULT_PRESET.styles)).toBe(true);
    expect(quickSetupExplains(withBrand(presetById('neutral').styles, '#7a7a7a'))).toBe(true);
    expect(quickSetupExplains({ ...DEFAULT_PRESET.styles, '--fad-radius': '2px' })).toBe(false);
    expect(quickSetupExplains({ ...DEFAULT_PRESET.styles, '--fad-color-primary-text': '#000000' })).toBe(false);
  });
});

it("docs/INTEGRATION.md lists the Dark look's values as they are", () => {
  const doc = readFileSync(new URL('../../../docs/INTEGRATION.md', import.meta.url), 'utf8');
  const dark = presetById('dark').styles;
  const changed = Object.entries(dark).filter(([name, value]) => value !== presetById('neutral').styles[name]);
  expect(changed.length).toBeGreaterThan(0);
  for (const [name, value] of changed) expect(doc, name).toContain(`| \`${name}\` | \`${value}\` |`);
});

describe('a theme and a look', () => {
  const ourSite = presetById('our-site').styles;
  it("dark or auto (any case) gives the widget's own colors, the Neutral look; light keeps the look", () => {
    for (const theme of ['dark', 'auto', ' Dark ']) expect(presetOf(stylesForTheme(ourSite, theme))?.id, theme).toBe('neutral');
    expect(stylesForTheme(ourSite, 'light')).toEqual(ourSite);
  });
  it('a look other than Neutral sets the light theme; Neutral keeps the theme chosen', () => {
    expect(themeForLook('our-site', 'dark')).toBe('light');
    expect(themeForLook('dark', 'auto')).toBe('light');
    expect(themeForLook('neutral', 'auto')).toBe('auto');
  });
});
