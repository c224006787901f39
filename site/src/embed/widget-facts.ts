// What the builder offers, read from the widget's own published facts: its attribute list
// (WIDGET_ATTRIBUTES, `@franchise-ai/widget/rules`) and its manifest (dist/custom-elements.json,
// made from the element's JSDoc) for each attribute's description, type and default and for the
// `--fad-*` properties. A new attribute or property shows up here without an edit, but for its
// plain label (LABELS): what a sales person reads, the name in code style beside it.
import manifest from '@franchise-ai/widget/custom-elements.json';
import { WIDGET_ATTRIBUTES, type WidgetAttribute } from '@franchise-ai/widget/rules';

interface ManifestEntry {
  name: string;
  description?: string;
  default?: string;
  type?: { text: string };
}

/** How a value is chosen: free text, one of a few words, or on/off (a boolean attribute). */
export type FieldKind = { kind: 'text' } | { kind: 'choice'; options: string[] } | { kind: 'flag' };

export type AttributeField = FieldKind & {
  name: WidgetAttribute;
  /** In plain words, for people who do not write code. */
  label: string;
  description: string;
  /** The widget's own default, '' when it has none. */
  default: string;
};

export interface StyleField {
  name: string;
  label: string;
  description: string;
  default: string;
  /** `--fad-color-*`: a color, chosen with a color picker too. */
  color: boolean;
}

const element = manifest.modules.flatMap((module) => module.declarations).find((declaration) => declaration.kind === 'class');
if (!element) throw new Error('the widget manifest declares no element');
const attributes: ManifestEntry[] = element.attributes;
const properties: ManifestEntry[] = element.cssProperties;

/** Every attribute must have one (the type says so); a property without one shows its name. */
const LABELS: Record<WidgetAttribute, string> & Record<string, string> = {
  'webhook-base': 'Where form data is sent',
  'public-key': 'Voice call key',
  'business-type': 'Who the page is for',
  'home-url': "Where 'Back to Home' goes",
  variant: 'In the page, or a button in a corner',
  position: "The button's corner",
  'voice-api-base': 'Voice service address',
  'voice-avoid-eval': 'Page has a strict security policy',
  analytics: 'Send events to Google Tag Manager',
  'company-name': 'Company name in the call consent',
  'privacy-url': 'Privacy policy page',
  'next-url': "Where 'Book a discovery call' goes",
  theme: 'Light or dark colors',
  'contact-email': 'Your email, after a demo',
  'contact-phone': 'Your phone, after a demo',
  '--fad-font-family': 'Font',
  '--fad-color-text': 'Text color',
  '--fad-color-muted': 'Secondary text color',
  '--fad-color-background': 'Background color',
  '--fad-color-surface': 'Card and toggle color',
  '--fad-color-border': 'Border color',
  '--fad-color-primary': 'Button color',
  '--fad-color-primary-text': 'Button text color',
  '--fad-color-error': 'Error color',
  '--fad-color-night': 'Call panel color',
  '--fad-radius': 'Corner roundness',
  '--fad-max-width': 'Widest width',
  '--fad-heading-weight': 'Heading boldness',
  '--fad-shadow-button': 'Button shadow',
  '--fad-card-accent': "Cards' accent line",
};

/** `boolean | ...` → a flag; `"a" | "b"` → a choice of those words; anything else → text. */
export function kindOf(typeText: string | undefined): FieldKind {
  const members = (typeText ?? 'string').split('|').map((member) => member.trim());
  if (members.includes('boolean')) return { kind: 'flag' };
  const words = members.map((member) => /^"([^"]*)"$/.exec(member)?.[1]);
  if (words.every((word) => word !== undefined)) return { kind: 'choice', options: words as string[] };
  return { kind: 'text' };
}

/** Markdown code spans in the JSDoc descriptions, as plain text. */
const plain = (text: string | undefined): string => (text ?? '').replace(/`/g, '');

export const ATTRIBUTE_FIELDS: readonly AttributeField[] = WIDGET_ATTRIBUTES.map((name) => {
  const entry = attributes.find((attribute) => attribute.name === name);
  const kind = kindOf(entry?.type?.text);
  // A choice without a default (analytics="datalayer") may also be left out: '' is that choice.
  if (kind.kind === 'choice' && entry?.default === undefined) kind.options.unshift('');
  return { name, label: LABELS[name], description: plain(entry?.description), default: entry?.default ?? '', ...kind };
});

export const STYLE_FIELDS: readonly StyleField[] = properties.map((property) => ({
  name: property.name,
  label: LABELS[property.name] ?? property.name,
  description: plain(property.description),
  default: property.default ?? '',
  color: property.name.startsWith('--fad-color-'),
}));
