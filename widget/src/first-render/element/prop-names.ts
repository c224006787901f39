import type { WidgetAttribute } from './attribute-rules.ts';

/** `webhook-base` → `webhookBase`: the element property that reflects an attribute. */
export type PropName<Attribute extends string> = Attribute extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<PropName<Tail>>}` : Attribute;
export type WidgetProp = PropName<WidgetAttribute>;

/** Each attribute's value under its property name: the attribute's string, or undefined when absent. */
export type WidgetProps = { [Attribute in WidgetAttribute as PropName<Attribute>]?: string | undefined };

/** `webhook-base` → `webhookBase`. */
export const toPropName = <Attribute extends string>(attribute: Attribute): PropName<Attribute> =>
  attribute.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()) as PropName<Attribute>;
