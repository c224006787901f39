import type { WidgetAttribute } from './attribute-rules.ts';

// Attribute ↔ prop naming, r2wc's convention: the element's properties and the props r2wc keeps
// are the attributes' names in camelCase. Only the element (this folder) speaks in prop names;
// the component gets the config parsed from them (parsed-config.tsx).

/** `webhook-base` → `webhookBase`: the prop (and element property) name r2wc gives an attribute. */
export type PropName<Attribute extends string> = Attribute extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<PropName<Tail>>}` : Attribute;
export type WidgetProp = PropName<WidgetAttribute>;

/** Each attribute's value under its prop name, as r2wc keeps it: the attribute's string, or undefined when absent. */
export type WidgetProps = { [Attribute in WidgetAttribute as PropName<Attribute>]?: string | undefined };

/** `webhook-base` → `webhookBase`: the prop names r2wc derives from the attribute names. */
export const toPropName = <Attribute extends string>(attribute: Attribute): PropName<Attribute> =>
  attribute.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()) as PropName<Attribute>;
