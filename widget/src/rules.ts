// The attribute rules without the element, so a page builder (the site's /embed) checks values as the element will.
import {
  parseConfig,
  webhookBaseProblem,
  WIDGET_ATTRIBUTES,
  type RawAttributes,
  type WidgetAttribute,
  type WidgetConfig,
} from './first-render/element/attribute-rules.ts';
import { toPropName, type PropName } from './first-render/element/prop-names.ts';
import { firstCopy } from './copy/form-copy.ts';

export { WIDGET_ATTRIBUTES, parseConfig, type RawAttributes, type WidgetAttribute, type WidgetConfig };

/** What the element would run with, keyed by attribute name: each attribute's parsed value (its default when absent or refused). */
export type AttributeValues = { [Attribute in WidgetAttribute]: WidgetConfig[PropName<Attribute>] };

/** What the element shows instead of the form while `webhook-base` is missing or unusable. */
export const WEBHOOK_BASE_MESSAGE: string = firstCopy.configMissingWebhookBase;

export interface AttributeCheck {
  /** What the element would run with, by attribute name. */
  values: AttributeValues;
  /** What the element would say about each attribute: for `webhook-base` what it shows in place of the form, else its console warning. */
  problems: Partial<Record<WidgetAttribute, string>>;
}

/** Attribute values → the config the element would use, and what it would say about each value. */
export function checkAttributes(raw: RawAttributes): AttributeCheck {
  const problems: Partial<Record<WidgetAttribute, string>> = {};
  // One attribute at a time, so each warning belongs to the attribute that caused it.
  for (const attribute of WIDGET_ATTRIBUTES) {
    parseConfig({ [attribute]: raw[attribute] }, (message) => (problems[attribute] ??= message));
  }
  const config = parseConfig(raw, () => {});
  if (config.webhookBase === null) problems['webhook-base'] = missingSchemeMessage(raw['webhook-base']) ?? WEBHOOK_BASE_MESSAGE;
  const values = Object.fromEntries(WIDGET_ATTRIBUTES.map((attribute) => [attribute, config[toPropName(attribute)]])) as AttributeValues;
  return { values, problems };
}

/** `hooks.example.com/webhook` → "Add https:// at the start, e.g. …", when https:// in front makes a base the widget takes; else null. */
export function missingSchemeMessage(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  if (!/^[a-z\d]/i.test(trimmed) || /^[a-z][a-z\d+.-]*:(?!\d)/i.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(`https://${trimmed}`);
  } catch {
    return null;
  }
  if (webhookBaseProblem(url) !== null || !(url.hostname.includes('.') || url.hostname === 'localhost')) return null;
  return `Add https:// at the start, e.g. https://${trimmed}`;
}
