import { firstCopy } from './first-copy.ts';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'preact/hooks';
import { parseConfig, toPropName, WIDGET_ATTRIBUTES, type RawAttributes, type WidgetConfig, type WidgetProps } from './attributes.ts';
import { FormStep } from './steps/form-step.tsx';
import { LaterStepsPending } from './steps/later-steps-pending.tsx';
import { LoadingStep } from './steps/loading-step.tsx';
import { useDemoFlow } from './use-demo-flow.ts';
import { laterStepsNeed, stepView, useLaterSteps } from './use-later-steps.ts';

/** What r2wc hands the component: the attribute values by prop name, and the shadow root. */
export type FranchiseAiDemoProps = WidgetProps & { container?: ShadowRoot };

export function FranchiseAiDemo(props: FranchiseAiDemoProps) {
  const host = props.container!.host as HTMLElement;
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
  const later = useLaterSteps(laterStepsNeed(step), host.shadowRoot!);
  const Later = later.steps;
  const view = stepView(step, Later !== null, later.failed);
  // The later steps get the whole flow: the core, and their handlers from their own chunk.
  const laterFlow = Later && { ...flow, ...Later.laterHandlers(flow) };

  // A new view takes focus to its heading, so keyboard and screen-reader users land on it (also when
  // a later step's code arrives after its step began).
  const firstView = useRef(true);
  useEffect(() => {
    if (firstView.current) return void (firstView.current = false);
    host.shadowRoot?.getElementById('fad-heading')?.focus();
  }, [view]);

  return (
    <div class="root" part="root">
      {view === 'form' && <FormStep flow={flow} />}
      {view === 'loading' && <LoadingStep flow={flow} />}
      {(view === 'later-steps-pending' || view === 'later-steps-failed') && <LaterStepsPending failed={later.failed} retry={later.retry} />}
      {Later && laterFlow && view === 'congratulations' && <Later.CongratulationsStep flow={laterFlow} />}
      {Later && laterFlow && view === 'call-scheduled' && <Later.CallScheduledStep flow={laterFlow} homeUrl={config.homeUrl} />}
      {Later && laterFlow && view === 'browser-call' && <Later.BrowserCallStep flow={laterFlow} />}
      {Later && laterFlow && (view === 'congratulations' || view === 'browser-call') && <Later.PhoneDialog flow={laterFlow} host={host} />}
    </div>
  );
}
