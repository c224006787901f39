import type { DemoRequest } from '@franchise-ai/shared/lead-rules';
import type { Step } from '../../flow/reducer.ts';
import type { NextStepChoice } from '../../flow/next-step.ts';

/** Where in the flow something went wrong. */
export type ErrorStage = 'submit' | 'assistant' | 'phone' | 'voice';

/** Every public event: dispatched on the host element, bubbling and composed, never on window. */
export interface FranchiseAiDemoEventMap {
  'franchise-ai-demo-step': CustomEvent<{ step: Step }>;
  'franchise-ai-demo-submit': CustomEvent<{ request: DemoRequest }>;
  'franchise-ai-demo-ready': CustomEvent<{ agentId: string }>;
  /**
   * The host answered the phone-call request. `ok`: it took it (2xx). `refused`: it refused it with
   * reasons the visitor sees in the dialog (a 400's fields, a 429's limit), who may fix them and send
   * again, so one flow may have several. `ok: false, refused: false`: it failed (no answer, a 5xx...),
   * logged only; the visitor still sees 'Call Scheduled!'. `placed`: the host took it and did not say
   * it placed no call (a host with no voice answers `placed: false`); false whenever `ok` is.
   */
  'franchise-ai-demo-call-requested': CustomEvent<{ ok: boolean; refused: boolean; placed: boolean }>;
  'franchise-ai-demo-call-start': CustomEvent<Record<string, never>>;
  'franchise-ai-demo-call-end': CustomEvent<Record<string, never>>;
  'franchise-ai-demo-error': CustomEvent<{ stage: ErrorStage; message: string }>;
  /**
   * The visitor chose a next step an end state offered (flow/next-step.ts): `book` the
   * booking page, `contact` the company's email or phone, `call-me` the phone dialog, `call-again` another browser call, `home` 'Back to
   * Home', and on 'Call Scheduled!' `change-number` and `browser-call`; `step` is where it was offered.
   */
  'franchise-ai-demo-next-step': CustomEvent<{ choice: NextStepChoice; step: Step }>;
}

declare global {
  interface GlobalEventHandlersEventMap extends FranchiseAiDemoEventMap {}
}

export type FranchiseAiDemoEventName = keyof FranchiseAiDemoEventMap;
type DetailOf<Name extends FranchiseAiDemoEventName> = FranchiseAiDemoEventMap[Name]['detail'];

/** Events that happened while the element was out of the document (a page moving it), in order. */
const held = new WeakMap<Element, CustomEvent[]>();

/**
 * The one way the widget tells its host page something. Only while the element is in the
 * document, where listeners on `document` hear it too; otherwise the event waits for
 * `releaseHeldEvents`.
 */
export function emit<Name extends FranchiseAiDemoEventName>(host: Element, name: Name, detail: DetailOf<Name>): void {
  const event = new CustomEvent(name, { detail, bubbles: true, composed: true });
  if (host.isConnected) host.dispatchEvent(event);
  else held.set(host, [...(held.get(host) ?? []), event]);
}

/** For the element's connection: the held events, dispatched in the order they happened. */
export function releaseHeldEvents(host: Element): void {
  const events = held.get(host) ?? [];
  held.delete(host);
  for (const event of events) host.dispatchEvent(event);
}

/** For the element's removal: its flow has ended, so what it held is dropped. */
export function dropHeldEvents(host: Element): void {
  held.delete(host);
}
