// The quick setup's three looks, each a value for every `--fad-*` property of the widget.
// 'Our site' is the company's own look, the values /demo resolves from site/src/styles/tokens.css
// through pages.css (a browser test compares them with /demo's computed values, so they cannot drift).
import { brandStyles, buttonShadow, normalizeHex } from './brand-color.ts';
import { STYLE_FIELDS } from './widget-facts.ts';

export type PresetId = 'our-site' | 'neutral' | 'dark';

export interface Preset {
  id: PresetId;
  label: string;
  /** What a sales person is choosing, in a few words. */
  hint: string;
  styles: Readonly<Record<string, string>>;
}

/** The widget's own defaults, from its manifest. */
const WIDGET_DEFAULTS: Readonly<Record<string, string>> = Object.fromEntries(STYLE_FIELDS.map((field) => [field.name, field.default]));

export const PRESETS: readonly Preset[] = [
  {
    id: 'our-site',
    label: 'Our site',
    hint: 'The colors, font and corners of this site, as on the demo page.',
    styles: {
      ...WIDGET_DEFAULTS,
      '--fad-font-family': "'Figtree', 'Figtree Fallback', system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
      '--fad-color-text': '#0c1226',
      '--fad-color-muted': '#4a5470',
      '--fad-color-background': '#ffffff',
      '--fad-color-surface': '#f5f7fc',
      '--fad-color-border': '#b9c1d6',
      '--fad-color-primary': '#4f46e5',
      '--fad-color-primary-text': '#ffffff',
      '--fad-color-error': '#b91c1c',
      '--fad-radius': '16px',
      '--fad-max-width': '960px',
      '--fad-heading-weight': '800',
      // As the site's build writes tokens.css's --shadow-button (minified), so /demo computes the same.
      '--fad-shadow-button': buttonShadow('#4f46e5'),
      '--fad-card-accent': 'linear-gradient(135deg, #4f46e5 0%, #6d5cf6 55%, #06b6d4 130%)',
    },
  },
  { id: 'neutral', label: 'Neutral', hint: "The widget's own plain blue and grey.", styles: WIDGET_DEFAULTS },
  {
    id: 'dark',
    label: 'Dark',
    hint: 'Light text on a dark background, for dark pages.',
    // Every text pair at 4.5:1 or more (presets.test.ts); the error is a light red, End Call's text the dark background.
    styles: {
      ...WIDGET_DEFAULTS,
      '--fad-color-text': '#f1f5f9',
      '--fad-color-muted': '#cbd5e1',
      '--fad-color-background': '#0f172a',
      '--fad-color-surface': '#1e293b',
      '--fad-color-border': '#64748b',
      '--fad-color-primary': '#60a5fa',
      '--fad-color-primary-text': '#0f172a',
      '--fad-color-error': '#fca5a5',
      '--fad-color-night': '#020617',
    },
  },
];

export const DEFAULT_PRESET = PRESETS[0]!;

export const presetById = (id: PresetId): Preset => PRESETS.find((preset) => preset.id === id)!;

/** What a brand colour sets (brand-color.ts); the rest of a look is its preset's. */
export const BRAND_PROPERTIES = ['--fad-color-primary', '--fad-color-primary-text', '--fad-color-surface', '--fad-card-accent', '--fad-shadow-button'] as const;

/** The preset these styles follow, the brand colours aside; undefined once a developer changed another property. */
export function presetOf(styles: Readonly<Record<string, string>>): Preset | undefined {
  return PRESETS.find((preset) =>
    STYLE_FIELDS.every((field) => (BRAND_PROPERTIES as readonly string[]).includes(field.name) || styles[field.name] === preset.styles[field.name]),
  );
}

/** The styles with a brand colour applied on their own background and texts (the preset's where those are not hex). */
export function withBrand(styles: Readonly<Record<string, string>>, brand: string): Record<string, string> {
  const base = presetOf(styles) ?? DEFAULT_PRESET;
  const hex = (name: string) => normalizeHex(styles[name] ?? '') ?? base.styles[name]!;
  return { ...styles, ...brandStyles(brand, { background: hex('--fad-color-background'), text: hex('--fad-color-text'), muted: hex('--fad-color-muted') }) };
}

/**
 * Whether the quick setup alone could have made these styles: a preset, with its own brand colours
 * or those a brand colour derives. Anything else (a link with a developer's values) is for Advanced.
 */
export function quickSetupExplains(styles: Readonly<Record<string, string>>): boolean {
  const preset = presetOf(styles);
  if (!preset) return false;
  const primary = normalizeHex(styles['--fad-color-primary'] ?? '');
  const derived = primary ? withBrand(styles, primary) : undefined;
  return [preset.styles, derived].some((source) => source !== undefined && BRAND_PROPERTIES.every((name) => styles[name] === source[name]));
}

/**
 * The styles for a theme: on `dark` or `auto` the widget's own colors (Neutral), since a look's
 * `--fad-*` values would win over the dark ones in every theme; on `light` as they are.
 */
export function stylesForTheme(styles: Readonly<Record<string, string>>, theme: string): Record<string, string> {
  return ['dark', 'auto'].includes(theme.trim().toLowerCase()) ? { ...WIDGET_DEFAULTS } : { ...styles };
}

/** The theme a look leaves: Neutral keeps it (the widget's own colors have a dark theme); the others' colors are light or dark themselves. */
export const themeForLook = (look: PresetId, theme: string): string => (look === 'neutral' ? theme : 'light');
