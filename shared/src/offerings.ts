import type { BusinessType } from './constants.ts';

// A module of its own, not constants.ts: the widget's first render carries constants.ts whole, and
// these words belong to its later steps only.

/** Each side's three offerings (spec section 1): the landing's solution cards and the widget's wait. */
export const OFFERINGS = {
  franchisor: ['Candidate qualifying', 'Territory availability checking', 'Franchise matching'],
  franchisee: ['Customer support chatbot', 'Marketing automation', 'Operational automation'],
} as const satisfies Record<BusinessType, readonly [string, string, string]>;
