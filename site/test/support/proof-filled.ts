import { proof as shipped } from '../../src/content/proof.ts';
import type { ProofContent } from '../../src/content/types.ts';

// Every proof slot filled, as a company would fill content/proof.ts (test content, not claims):
// served by content-server.ts in place of the shipped module. Files under /test-proof/ are made
// by content-server.ts too. The trust row is the shipped one: it already restates the policy.
export const SAMPLE_LINE_STARTS = [0, 1, 2];

export const proof: ProofContent = {
  logos: {
    heading: shipped.logos.heading,
    items: [
      { name: 'Test Brand One', src: '/test-proof/logo.svg?one', alt: 'Test Brand One', width: 120, height: 40 },
      { name: 'Test Brand Two', src: '/test-proof/logo.svg?two', alt: 'Test Brand Two', width: 120, height: 40 },
    ],
  },
  quote: {
    text: 'Test quote: every inquiry got an answer the same day.',
    name: 'Tess Tester',
    role: 'Head of Development',
    company: 'Test Brand One',
    photo: { src: '/test-proof/logo.svg?photo', width: 48, height: 48 },
  },
  integrations: { heading: shipped.integrations.heading, items: ['Test CRM', 'Test Calendar'] },
  trust: shipped.trust,
  sampleCall: {
    src: '/test-proof/sample.wav',
    type: 'audio/wav',
    lines: [
      { at: SAMPLE_LINE_STARTS[0]!, speaker: 'agent', text: 'Test line one, from the agent.' },
      { at: SAMPLE_LINE_STARTS[1]!, speaker: 'caller', text: 'Test line two, from the caller.' },
      { at: SAMPLE_LINE_STARTS[2]!, speaker: 'agent', text: 'Test line three, from the agent.' },
    ],
  },
};
