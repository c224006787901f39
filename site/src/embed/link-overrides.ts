// A link to /embed may set any attribute, which is what makes it worth sharing, and also what lets a
// crafted one send a partner's leads to another host (webhook-base), its calls to another voice API
// or account (voice-api-base, public-key), or show another company's name and privacy policy
// (company-name, privacy-url). These are the attributes whose value, when a link changes it from the
// company's own, the page names and asks about before it shows a snippet or the live preview.
import type { WidgetAttribute } from '@franchise-ai/widget/rules';
import type { EmbedChoice } from './embed-choice.ts';

export const GUARDED_ATTRIBUTES: readonly WidgetAttribute[] = ['webhook-base', 'public-key', 'voice-api-base', 'company-name', 'privacy-url'];

export interface Override {
  name: WidgetAttribute;
  /** As the link set it. */
  value: string;
  /** The company's own ('' when it sets none: the widget's default). */
  own: string;
}

/** The guarded attributes a link's choice sets to something other than the company's own, in the widget's order (GUARDED_ATTRIBUTES follows it). */
export function linkOverrides(choice: EmbedChoice, defaults: EmbedChoice): Override[] {
  return GUARDED_ATTRIBUTES.filter((name) => choice.attributes[name].trim() !== defaults.attributes[name].trim()).map((name) => ({
    name,
    value: choice.attributes[name],
    own: defaults.attributes[name],
  }));
}

/** The choice with every guarded attribute back to the company's own. */
export function withOwnValues(choice: EmbedChoice, defaults: EmbedChoice): EmbedChoice {
  const attributes = { ...choice.attributes };
  for (const name of GUARDED_ATTRIBUTES) attributes[name] = defaults.attributes[name];
  return { ...choice, attributes };
}
