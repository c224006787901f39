import type { DemoRequest } from '@franchise-ai/shared/lead-rules';
import type { Step } from './flow/flow.ts';

/** Where in the flow something went wrong. */
export type ErrorStage = 'submit' | 'assistant' | 'phone' | 'voice';

/** Every public event: dispatched on the host element, bubbling and composed, never on window. */
export interface FranchiseAiDemoEventMap {
  'franchise-ai-demo:step': CustomEvent<{ step: Step }>;
  'franchise-ai-demo:submit': CustomEvent<{ request: DemoRequest }>;
  'franchise-ai-demo:ready': CustomEvent<{ agentId: string }>;
  'franchise-ai-demo:call-requested': CustomEvent<{ ok: boolean }>;
  'franchise-ai-demo:call-start': CustomEvent<Record<string, never>>;
  'franchise-ai-demo:call-end': CustomEvent<Record<string, never>>;
  'franchise-ai-demo:error': CustomEvent<{ stage: ErrorStage; message: string }>;
}

declare global {
  interface GlobalEventHandlersEventMap extends FranchiseAiDemoEventMap {}
}

export type FranchiseAiDemoEventName = keyof FranchiseAiDemoEventMap;
type DetailOf<Name extends FranchiseAiDemoEventName> = FranchiseAiDemoEventMap[Name]['detail'];

/** The one way the widget tells its host page something. */
export function emit<Name extends FranchiseAiDemoEventName>(host: Element, name: Name, detail: DetailOf<Name>): void {
  host.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
}
