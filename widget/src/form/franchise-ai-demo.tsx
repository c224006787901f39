import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import type { ComponentChildren } from 'preact';
import type { WidgetConfig } from '../element/attribute-rules.ts';
import { LaterStepsView } from '../after-form/view.tsx';
import { FormStep } from './form-step.tsx';
import { useDemoFlow, type FormSeed } from './use-demo-flow.ts';
import { useCopy } from '../i18n/copy-context.ts';

// Phase: see widget/LIFECYCLE.md ("The two phases, and the map").

/** The widget, from its config (parsed from the attributes by the element, src/element/) and its host element. */
export function FranchiseAiDemo({ config, host, seed }: { config: WidgetConfig; host: HTMLElement; seed?: FormSeed | undefined }) {
  const copy = useCopy();
  // Without a usable webhook-base there is no flow, so no step: data-step goes away (also when
  // webhook-base is removed or spoilt mid-flow), and comes back as `form` with a fresh flow.
  const configured = config.webhookBase !== null;
  useLayoutEffect(() => {
    if (!configured) host.removeAttribute('data-step');
  }, [configured]);

  if (!config.webhookBase) {
    return (
      <div class="root">
        <p class="notice config-error" role="alert">
          {copy.configMissingWebhookBase}
        </p>
      </div>
    );
  }
  return <DemoFlowView config={{ ...config, webhookBase: config.webhookBase }} host={host} seed={seed} />;
}

/** The box every step is drawn in (the shell draws the form in it too: src/shell/describe.tsx). */
export const FlowFrame = ({ children }: { children: ComponentChildren }) => (
  <div class="root" part="root">
    {children}
  </div>
);

function DemoFlowView({ config, host, seed }: { config: WidgetConfig & { webhookBase: string }; host: HTMLElement; seed?: FormSeed | undefined }) {
  const flow = useDemoFlow(config, host, seed);
  const { step } = flow.state;

  // A new step takes focus to its heading, so keyboard and screen-reader users land on it.
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) return void (firstStep.current = false);
    host.shadowRoot?.getElementById('fad-heading')?.focus();
  }, [step]);

  return <FlowFrame>{step === 'form' ? <FormStep flow={flow} /> : <LaterStepsView core={flow} />}</FlowFrame>;
}
