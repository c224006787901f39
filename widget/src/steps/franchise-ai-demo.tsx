import { useEffect, useRef } from 'preact/hooks';
import type { ComponentChildren } from 'preact';
import type { BusinessType } from '@franchise-ai/shared/constants';
import type { FlowStart, FormSeed, HostPort } from '../first-render/element/renderer.ts';
import { LaterStepsView } from './view.tsx';
import { FormStep } from './form/form-step.tsx';
import { useDemoFlow } from '../flow/use-demo-flow.ts';
import { useCopy } from '../copy/copy-context.ts';

/** What the element reaches the running flow through, besides its configuration. */
export interface FlowControls {
  moveToggle?: (businessType: BusinessType) => void;
}

export interface FlowProps {
  start: FlowStart;
  host: HTMLElement;
  port: HostPort;
  seed?: FormSeed | undefined;
  controls: FlowControls;
}

/** The box every step is drawn in (the first render draws the form in it too: src/steps/form/describe.tsx). */
export const FlowFrame = ({ children }: { children: ComponentChildren }) => (
  <div class="root" part="root">
    {children}
  </div>
);

/** Without a usable webhook-base there is no flow: the first render draws this (src/steps/form/describe.tsx). */
export function ConfigMessage() {
  return (
    <div class="root">
      <p class="notice config-error" role="alert">
        {useCopy().configMissingWebhookBase}
      </p>
    </div>
  );
}

/** The flow, from the form to the last step. */
export function FranchiseAiDemo(props: FlowProps) {
  const flow = useDemoFlow(props);
  const { step } = flow.state;

  // A new step takes focus to its heading, so keyboard and screen-reader users land on it.
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) return void (firstStep.current = false);
    props.host.shadowRoot?.getElementById('fad-heading')?.focus();
  }, [step]);

  return <FlowFrame>{step === 'form' ? <FormStep flow={flow} /> : <LaterStepsView core={flow} />}</FlowFrame>;
}
