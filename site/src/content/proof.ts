// The landing's proof: customers' logos, a customer's quote, integrations, a sample
// call and a privacy summary. Each slot renders nothing while it is empty, and what only the company
// can supply ships empty, so the site claims no customer, quote or recording it does not have.
// docs/DESIGN.md ("Proof") says how to fill them in.
import type { ProofContent } from './types.ts';

export const proof: ProofContent = {
  // Customers who agreed to be named, e.g. { name: 'Acme Fitness', src: '/proof/acme.svg', alt: 'Acme Fitness', width: 120, height: 40 }.
  logos: { heading: 'Franchise brands using our AI agents', items: [] },
  // One named customer's words, e.g. { text, name, role: 'Head of Development', company: 'Acme Fitness' }.
  quote: null,
  // Systems the agent connects to for customers, e.g. a CRM by name. None is named until the company confirms one.
  integrations: { heading: 'Works with', items: [] },
  // Each text repeats the privacy policy (content/privacy.ts) word for word, so nothing new is
  // promised here; proof.test.ts holds them to that.
  trust: {
    heading: 'Your privacy, in brief',
    items: [
      { text: 'Your browser first asks for permission to use your microphone', section: 'information-we-collect' },
      { text: 'We keep your demo request only as long as we need it to provide the demo', section: 'data-retention' },
      { text: 'We do not use your phone number for sales calls', section: 'how-we-use-information' },
    ],
    more: 'Read our privacy policy',
  },
  // A recording of a real call (a file under site/public/) and its transcript with each line's start in seconds.
  sampleCall: null,
};
