import type { BusinessType } from '@franchise-ai/shared/constants';
import type { ErrorStage } from './events.ts';
import type { Step } from '../../flow/reducer.ts';
import type { SavedFlow } from '../form-rules/saved-flow.ts';
import type { DemoFormState } from '../form-rules/validation.ts';
import type { WidgetConfig } from './attribute-rules.ts';

/** A configuration with a usable webhook-base: the only kind a flow runs on. */
export type FlowConfig = WidgetConfig & { webhookBase: string };

/**
 * How a renderer tells the element what happened. The element alone turns it into what the page
 * sees (`data-step`, the step, ready and error events), so both renderers tell it the same way.
 */
export interface HostPort {
  step(step: Step): void;
  ready(agentId: string): void;
  /** Logged, and told to the page as `franchise-ai-demo-error`. */
  failed(stage: ErrorStage, message: string, cause?: unknown): void;
}

/** What the element starts a flow with. */
export interface FlowStart {
  config: FlowConfig;
  /** The flow the tab kept for this element and host (first-render/form-rules/saved-flow.ts), read once by the element. */
  saved: SavedFlow | null;
  savedKey: string;
}

/** What draws a flow in the shadow root: the first-render form (src/first-render/shell/), or the Preact flow. */
export interface FlowRenderer {
  update(config: FlowConfig): void;
  /** The business-type attribute changed: the toggle follows while the form is filled, not once it is sent. */
  moveToggle(businessType: BusinessType): void;
  unmount(): void;
}

/** What the first-render form holds when Preact takes it over: the flow goes on from there. */
export interface FormSeed {
  form: DemoFormState;
  /** Submitted before the chunk arrived: the request is built and sent now. */
  sending: boolean;
  /** The last submit failed (the chunk could not be loaded): its alert shows. */
  submitFailed: boolean;
}
