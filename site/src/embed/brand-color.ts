// A sales person picks one brand colour; the widget needs three colours from it that still read at
// WCAG AA (4.5:1): the button colour, the text on it, and a faint tint for cards and the toggle.
// Pure functions on #rrggbb strings, so the quick setup and its tests share them.

type Rgb = readonly [number, number, number];

/** The dark text used on light buttons: near-black rather than #000 (the widget's own text colour). */
export const DARK_TEXT = '#0f172a';
export const WHITE = '#ffffff';
/** WCAG 2 AA for normal text. */
export const AA = 4.5;
/** How much of the brand goes into the surface tint at most: enough to see, little enough to stay quiet. */
const TINT = 0.08;

/** `#abc` or `#aabbcc` (any case, spaces around) → `#aabbcc`; undefined for anything else. */
export function normalizeHex(color: string): string | undefined {
  const match = /^#(?:([0-9a-f]{6})|([0-9a-f])([0-9a-f])([0-9a-f]))$/i.exec(color.trim());
  if (!match) return undefined;
  return (match[1] ? `#${match[1]}` : `#${match[2]}${match[2]}${match[3]}${match[3]}${match[4]}${match[4]}`).toLowerCase();
}

function rgbOf(hex: string): Rgb {
  const six = normalizeHex(hex);
  if (!six) throw new Error(`not a hex colour: ${hex}`);
  return [0, 2, 4].map((at) => parseInt(six.slice(1 + at, 3 + at), 16)) as unknown as Rgb;
}

const hexOf = (rgb: Rgb): string => `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;

/** WCAG 2 relative luminance. */
function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `amount` (0 to 1) of `b` mixed into `a`, in sRGB as CSS color-mix's default would not: the result is a plain hex any CSS takes. */
export function mix(a: string, b: string, amount: number): string {
  const [from, to] = [rgbOf(a), rgbOf(b)];
  return hexOf(from.map((channel, index) => channel + (to[index]! - channel) * amount) as unknown as Rgb);
}

/** White or near-black, whichever reads better on `background`. */
export function textOn(background: string): string {
  return contrast(WHITE, background) >= contrast(DARK_TEXT, background) ? WHITE : DARK_TEXT;
}

/**
 * The brand colour as a button colour: itself when white or near-black reads on it at 4.5:1, else
 * darkened a step at a time until white does (mid-tones such as #808080 suit neither).
 */
export function buttonColor(brand: string): string {
  let color = normalizeHex(brand) ?? DARK_TEXT;
  while (contrast(textOn(color), color) < AA) color = mix(color, '#000000', 0.04);
  return color;
}

/**
 * A faint tint of the brand on `base` (the widget's background) for its cards and toggle: the most
 * brand, up to TINT, at which every one of `texts` still reads on it at 4.5:1.
 */
export function surfaceTint(brand: string, base: string, texts: readonly string[]): string {
  for (let amount = TINT; amount > 0; amount -= 0.01) {
    const tint = mix(base, brand, amount);
    if (texts.every((text) => contrast(text, tint) >= AA)) return tint;
  }
  return normalizeHex(base) ?? base;
}

/** The three `--fad-*` colours a brand colour sets, on a theme with this background, text and muted text. */
/** The site's button shadow (tokens.css --shadow-button) in another colour: a light top edge and a glow at 60 %. */
export const buttonShadow = (color: string): string => `0 1px 0 #fff3 inset, 0 6px 16px -6px ${color}99`;

export function brandStyles(brand: string, theme: { background: string; text: string; muted: string }): Record<string, string> {
  const primary = buttonColor(brand);
  return {
    '--fad-color-primary': primary,
    '--fad-color-primary-text': textOn(primary),
    '--fad-color-surface': surfaceTint(primary, theme.background, [theme.text, theme.muted]),
    // The cards' accent line and the button's glow in the brand colour too, as the site's own look
    // has them in its indigo (presets.ts): a green brand with an indigo glow would look patched.
    '--fad-card-accent': primary,
    '--fad-shadow-button': buttonShadow(primary),
  };
}
