import { useMemo, useRef } from 'preact/hooks';
import { FranchiseAiDemo } from '../form/franchise-ai-demo.tsx';
import { parseConfig, WIDGET_ATTRIBUTES, type RawAttributes } from './attribute-rules.ts';
import { toPropName, type WidgetProps } from './prop-names.ts';

/** What r2wc hands the component it renders: the attribute values by prop name, and the shadow root. */
export type R2wcProps = WidgetProps & { container?: ShadowRoot };

/** The component r2wc renders: the attributes parsed into a config, handed to the widget with its host. */
export function ParsedConfig(props: R2wcProps) {
  const warned = useRef(new Set<string>());
  const values = WIDGET_ATTRIBUTES.map((attribute) => props[toPropName(attribute)]);
  const config = useMemo(() => {
    const raw: RawAttributes = Object.fromEntries(WIDGET_ATTRIBUTES.map((attribute, index) => [attribute, values[index]]));
    return parseConfig(raw, (message) => {
      // One warning per bad value, however often the element re-renders.
      if (warned.current.has(message)) return;
      warned.current.add(message);
      console.warn(`[franchise-ai-demo] ${message}`);
    });
  }, values);
  return <FranchiseAiDemo config={config} host={props.container!.host as HTMLElement} />;
}
