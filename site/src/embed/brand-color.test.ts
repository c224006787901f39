import { describe, expect, it } from 'vitest';
import { AA, brandStyles, buttonColor, contrast, DARK_TEXT, mix, normalizeHex, surfaceTint, textOn, WHITE } from './brand-color.ts';

const LIGHT = { background: '#ffffff', text: '#0f172a', muted: '#475569' };
const DARK = { background: '#0f172a', text: '#f1f5f9', muted: '#cbd5e1' };

/** A seeded generator, so a failure names a colour that fails again. */
function* randomColors(count: number, seed = 28): Generator<string> {
  let state = seed;
  for (let index = 0; index < count; index += 1) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    yield `#${(state % 0x1000000).toString(16).padStart(6, '0')}`;
  }
}

describe('contrast and mixing', () => {
  it('gives the WCAG ratios', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrast('#abc', '#aabbcc')).toBe(1);
  });

  it('mixes in sRGB and normalises hex', () => {
    expect(mix('#ffffff', '#000000', 0.5)).toBe('#808080');
    expect(normalizeHex(' #ABC ')).toBe('#aabbcc');
    expect(normalizeHex('blue')).toBeUndefined();
  });
});

describe('textOn', () => {
  it('is white on dark colours and near-black on light ones', () => {
    expect(textOn('#4f46e5')).toBe(WHITE);
    expect(textOn('#facc15')).toBe(DARK_TEXT);
  });
});

describe('buttonColor', () => {
  it('keeps a colour that already reads, and darkens a mid-tone until white does', () => {
    expect(buttonColor('#4f46e5')).toBe('#4f46e5');
    expect(buttonColor('#FACC15')).toBe('#facc15');
    const grey = buttonColor('#7a7a7a');
    expect(grey).not.toBe('#7a7a7a');
    expect(contrast(WHITE, grey)).toBeGreaterThanOrEqual(AA);
  });
});

describe('brandStyles: random brand colours on the light and the dark theme', () => {
  it.each([
    ['light', LIGHT],
    ['dark', DARK],
  ])('on the %s theme, the button text and every text on the tint read at 4.5:1', (_, theme) => {
    for (const brand of randomColors(500)) {
      const styles = brandStyles(brand, theme);
      const primary = styles['--fad-color-primary']!;
      const surface = styles['--fad-color-surface']!;
      expect(contrast(styles['--fad-color-primary-text']!, primary), `${brand} → ${primary}`).toBeGreaterThanOrEqual(AA);
      expect(contrast(theme.text, surface), `${brand} → ${surface}`).toBeGreaterThanOrEqual(AA);
      expect(contrast(theme.muted, surface), `${brand} → ${surface}`).toBeGreaterThanOrEqual(AA);
    }
  });

  it('tints the surface only lightly: close to the background, and not the background itself', () => {
    const surface = surfaceTint('#0a7d3b', '#ffffff', [LIGHT.text, LIGHT.muted]);
    expect(surface).not.toBe('#ffffff');
    expect(contrast(surface, '#ffffff')).toBeLessThan(1.15);
  });

  it('falls back to the background when no tint keeps the text readable', () => {
    expect(surfaceTint('#000000', '#ffffff', ['#767676'])).toBe('#ffffff');
  });
});
