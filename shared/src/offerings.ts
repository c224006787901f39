import type { BusinessType } from './constants.ts';

// A module of its own, not constants.ts: the widget's first render carries constants.ts whole, and
// these words belong to its later steps only.

/** Each side's three offerings (spec section 1): the landing's solution cards and the widget's wait. */
export const OFFERINGS = {
  franchisor: ['Candidate qualifying', 'Territory availability checking', 'Franchise matching'],
  franchisee: ['Customer support chatbot', 'Marketing automation', 'Operational automation'],
} as const satisfies Record<BusinessType, readonly [string, string, string]>;

/** The same offerings in French: the widget's French wait and the French pages. */
export const OFFERINGS_FR = {
  franchisor: ['Qualification des candidats', 'Vérification des territoires disponibles', 'Mise en relation candidats–franchises'],
  franchisee: ['Chatbot de service client', 'Automatisation du marketing', 'Automatisation des opérations'],
} as const satisfies Record<BusinessType, readonly [string, string, string]>;

/** The offerings by language. */
export const OFFERINGS_BY_LANGUAGE = { en: OFFERINGS, fr: OFFERINGS_FR } as const;
