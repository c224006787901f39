import type { DemoRequest } from '@franchise-ai/shared/lead-rules';
import { describe, expect, it } from 'vitest';
import { NEXT_STEP_CHOICES } from '../../flow/next-step.ts';
import { DATA_LAYER_EVENTS, dataLayerEntries, forwardToDataLayer, type DataLayerEntry } from './data-layer.ts';
import type { FranchiseAiDemoEventMap, FranchiseAiDemoEventName } from './events.ts';
import { STEPS } from '../../flow/reducer.ts';

type Case = { [Name in FranchiseAiDemoEventName]: [Name, FranchiseAiDemoEventMap[Name]['detail'], DataLayerEntry[]] }[FranchiseAiDemoEventName];
const request: DemoRequest = {
  name: 'Ada Lovelace-Byron',
  company: 'Analytical Engines Ltd',
  email: 'ada.private@engines.example',
  website: 'https://ada-engines.example/',
  businessType: 'franchisee',
};
const phoneNumber = '+15550104242';
const agentId = 'MSO-Q7ZK2P';
/** What the host's answer to a call request can be: placed, not placed, refused. */
const CALL_ANSWERS = [
  { ok: true, refused: false, placed: true },
  { ok: false, refused: false, placed: false },
  { ok: false, refused: true, placed: false },
];

const NEXT_STEPS = [
  { choice: 'book', step: 'browser-call' },
  { choice: 'call-me', step: 'call-scheduled' },
] as const;
describe('dataLayerEntries', () => {
  it.each<Case>([
    ...CALL_ANSWERS.map((detail): Case => ['franchise-ai-demo-call-requested', detail, [{ event: 'franchise_ai_demo_call_requested', ...detail }]]),
    ['franchise-ai-demo-error', { stage: 'submit', message: 'Something went wrong' }, [{ event: 'franchise_ai_demo_error', stage: 'submit' }]],
    ...NEXT_STEPS.map((detail): Case => ['franchise-ai-demo-next-step', detail, [{ event: 'franchise_ai_demo_next_step', ...detail }]]),
  ])('%s %j', (name, detail, entries) => {
    expect(dataLayerEntries(name, detail as never)).toEqual(entries);
  });
  it('carries none of the personal data a whole flow has, whichever event it rides on', () => {
    // Every event, each with the visitor's answers wherever its detail could hold them.
    const echo = `${request.name} <${request.email}> at ${request.company}, ${request.website}, ${phoneNumber}`;
    const details: { [Name in FranchiseAiDemoEventName]: FranchiseAiDemoEventMap[Name]['detail'][] } = {
      'franchise-ai-demo-step': STEPS.map((step) => ({ step })),
      'franchise-ai-demo-submit': [{ request }, { request: { ...request, phoneNumber } as DemoRequest }],
      'franchise-ai-demo-ready': [{ agentId }],
      'franchise-ai-demo-call-requested': CALL_ANSWERS,
      'franchise-ai-demo-call-start': [{}],
      'franchise-ai-demo-call-end': [{}],
      'franchise-ai-demo-error': (['submit', 'assistant', 'phone', 'voice'] as const).map((stage) => ({ stage, message: echo })),
      'franchise-ai-demo-next-step': NEXT_STEP_CHOICES.map((choice) => ({ choice, step: 'browser-call' as const })),
    };
    const entries = DATA_LAYER_EVENTS.flatMap((name) => details[name].flatMap((detail) => dataLayerEntries(name, detail as never)));
    expect(entries.length).toBeGreaterThan(DATA_LAYER_EVENTS.length);
    const pushed = JSON.stringify(entries).toLowerCase();
    const personal = [request.name, request.company, request.email, request.website!, phoneNumber, agentId, 'Ada', 'Lovelace', 'engines', '5550104242'];
    for (const value of personal) expect(pushed, value).not.toContain(value.toLowerCase());
  });
});

describe('forwardToDataLayer', () => {
  /** A host reduced to its listeners, and a page window with or without a dataLayer. */
  function setup(page: { dataLayer?: unknown[] }) {
    const listeners = new Map<string, Set<(event: Event) => void>>();
    const host = {
      addEventListener: (type: string, listener: (event: Event) => void) => listeners.set(type, (listeners.get(type) ?? new Set()).add(listener)),
      removeEventListener: (type: string, listener: (event: Event) => void) => listeners.get(type)?.delete(listener),
    } as unknown as HTMLElement;
    const dispatch = (type: string, detail: unknown) => {
      for (const listener of listeners.get(type) ?? []) listener({ type, detail } as unknown as Event);
    };
    return { stop: forwardToDataLayer(host, page), dispatch, listeners };
  }
  it("keeps the page's own dataLayer and what is in it", () => {
    const existing: unknown[] = [{ event: 'gtm.js' }];
    const page = { dataLayer: existing };
    setup(page).dispatch('franchise-ai-demo-ready', { agentId });
    expect(page.dataLayer).toBe(existing);
    expect(existing).toEqual([{ event: 'gtm.js' }, { event: 'franchise_ai_demo_ready' }]);
  });
  it('stops when told: nothing is pushed and no listener is left', () => {
    const page: { dataLayer?: unknown[] } = {};
    const { stop, dispatch, listeners } = setup(page);
    stop();
    dispatch('franchise-ai-demo-step', { step: 'form' });
    expect(page.dataLayer).toEqual([]);
    expect([...listeners.values()].every((set) => set.size === 0)).toBe(true);
  });
});
