import { firstCopy } from './copy.ts';
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import type { WidgetConfig } from '../element/attribute-rules.ts';
import { FormStep } from './form-step.tsx';
import { useDemoFlow } from './use-demo-flow.ts';

// Phase: see widget/LIFECYCLE.md ("The two phases, and the map").

/** The widget, from its config (parsed from the attributes by the element, src/element/) and its host element. */
export function FranchiseAiDemo({ config, host }: { config: WidgetConfig; host: HTMLElement }) {
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
          {firstCopy.configMissingWebhookBase}
        </p>
      </div>
    );
  }
  return <DemoFlowView config={{ ...config, webhookBase: config.webhookBase }} host={host} />;
}

function DemoFlowView({ config, host }: { config: WidgetConfig & { webhookBase: string }; host: HTMLElement }) {
  const flow = useDemoFlow(config, host);
  const { step } = flow.state;
  const Later = flow.later;

  // A new step takes focus to its heading, so keyboard and screen-reader users land on it.
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) return void (firstStep.current = false);
    host.shadowRoot?.getElementById('fad-heading')?.focus();
  }, [step]);

  // Every step after the form comes with the later steps' chunk, which the form's sending needs:
  // no step after the form is reached without it.
  return (
    <div class="root" part="root">
      {step === 'form' ? (
        <FormStep flow={flow} />
      ) : Later ? (
        <Later.LaterStepsView core={flow} />
      ) : (
        flow.laterFailed && (
          <p class="notice config-error" role="alert">
            {firstCopy.loadFailed}
          </p>
        )
      )}
    </div>
  );
}
