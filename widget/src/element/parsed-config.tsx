import { useMemo, useRef } from 'preact/hooks';
import { FranchiseAiDemo } from '../form/franchise-ai-demo.tsx';
import type { FormSeed } from '../form/use-demo-flow.ts';
import { parseConfig, WIDGET_ATTRIBUTES, type RawAttributes } from './attribute-rules.ts';
import { toPropName, type WidgetProps } from './prop-names.ts';
import { warnOnce } from './warn-once.ts';

// Phase: the later steps' chunk (widget/LIFECYCLE.md, "The two phases, and the map"): Preact's
// root component, once the shell (src/shell/) hands the element over.

/** What r2wc hands the component it renders: the attribute values by prop name, and the shadow root. */
export type R2wcProps = WidgetProps & { container?: ShadowRoot };

/**
 * The component the widget's Preact renders: the attributes parsed into a config, handed to the widget
 * with its host. `warned`: the warnings the shell gave already; `seed`: what the shell's form held.
 */
export function ParsedConfig(props: R2wcProps & { warned?: Set<string> | undefined; seed?: FormSeed | undefined }) {
  const warned = useRef(props.warned ?? new Set<string>());
  const values = WIDGET_ATTRIBUTES.map((attribute) => props[toPropName(attribute)]);
  const config = useMemo(() => {
    const raw: RawAttributes = Object.fromEntries(WIDGET_ATTRIBUTES.map((attribute, index) => [attribute, values[index]]));
    return parseConfig(raw, (message) => warnOnce(warned.current, message));
  }, values);
  // The shell's form is taken over once: a flow started again later (webhook-base given back) starts afresh.
  const pending = useRef(props.seed);
  const seed = pending.current;
  pending.current = undefined;
  return <FranchiseAiDemo config={config} host={props.container!.host as HTMLElement} seed={seed} />;
}
