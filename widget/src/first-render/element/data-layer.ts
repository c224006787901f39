import type { FranchiseAiDemoEventMap, FranchiseAiDemoEventName } from './events.ts';

// `analytics="datalayer"`: analytics tools keep what they are given, so an entry carries only what can be counted.

/** One dataLayer entry: the event's name and its parameters, strings and booleans only. */
export type DataLayerEntry = { event: string } & Record<string, string | boolean>;

type Detail<Name extends FranchiseAiDemoEventName> = FranchiseAiDemoEventMap[Name]['detail'];

/** Left out on purpose: the submit's request, the error's message (it can echo what was typed), the agent id (nothing to count by). */
const ENTRIES: { [Name in FranchiseAiDemoEventName]: (detail: Detail<Name>) => DataLayerEntry[] } = {
  // The loading step begins only once the host took the form: that, not the click, is the lead.
  'franchise-ai-demo-step': ({ step }) => [{ event: 'franchise_ai_demo_step', step }, ...(step === 'loading' ? [{ event: 'generate_lead' }] : [])],
  'franchise-ai-demo-submit': () => [],
  'franchise-ai-demo-ready': () => [{ event: 'franchise_ai_demo_ready' }],
  'franchise-ai-demo-call-requested': ({ ok, refused, placed }) => [{ event: 'franchise_ai_demo_call_requested', ok, refused, placed }],
  'franchise-ai-demo-call-start': () => [{ event: 'franchise_ai_demo_call_start' }],
  'franchise-ai-demo-call-end': () => [{ event: 'franchise_ai_demo_call_end' }],
  'franchise-ai-demo-error': ({ stage }) => [{ event: 'franchise_ai_demo_error', stage }],
  'franchise-ai-demo-next-step': ({ choice, step }) => [{ event: 'franchise_ai_demo_next_step', choice, step }],
};

/** Every public event's name: the keys of the table above, which the compiler holds to the event map. */
export const DATA_LAYER_EVENTS = Object.keys(ENTRIES) as FranchiseAiDemoEventName[];

/** The dataLayer entries for one public event (none for one analytics must not see). */
export function dataLayerEntries<Name extends FranchiseAiDemoEventName>(name: Name, detail: Detail<Name>): DataLayerEntry[] {
  return ENTRIES[name](detail);
}

type DataLayerWindow = { dataLayer?: unknown[] };

/**
 * Pushes the host's public events to `window.dataLayer` (made if the page has none yet) as they
 * are dispatched, in their order; returns the function that stops it.
 */
export function forwardToDataLayer(host: HTMLElement, page: DataLayerWindow = window as DataLayerWindow): () => void {
  page.dataLayer ??= [];
  const forward = (event: Event) => {
    // Read each time, and one entry per push: a tag manager may replace the array or its push.
    for (const entry of dataLayerEntries(event.type as FranchiseAiDemoEventName, (event as CustomEvent).detail)) (page.dataLayer ??= []).push(entry);
  };
  for (const name of DATA_LAYER_EVENTS) host.addEventListener(name, forward);
  return () =>
    DATA_LAYER_EVENTS.forEach((name) => {
      host.removeEventListener(name, forward);
    });
}
