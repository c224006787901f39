// Shapes of the site's written content. Content modules are plain data; components render them.
// Contact details (e-mails, phone numbers) never appear in content: they come from the site's
// configuration, and content refers to them by `ContactKey`.

export type ContactKey = 'contactEmail' | 'privacyEmail' | 'legalEmail';

export interface Card {
  title: string;
  text: string;
}

export interface Stat {
  /** e.g. '300%' */
  value: string;
  /** e.g. 'Faster lead response' */
  label: string;
}

export interface AudienceCard {
  title: string;
  text: string;
  /** What this audience gets (spec section 1). */
  features: string[];
  /** Its offerings (spec section 1). */
  offerings: string[];
}

export interface LandingContent {
  meta: { title: string; description: string };
  hero: {
    eyebrow: string;
    heading: string; // 'AI Solutions For Franchise Industry'
    text: string;
    franchisor: AudienceCard;
    franchisee: AudienceCard;
    cta: string; // 'See Your Franchise AI in Action'
    ctaNote: string; // tailored, 90 seconds, no sales calls
    stats: [Stat, Stat, Stat, Stat];
  };
  services: {
    heading: string;
    text: string;
    problemsHeading: string;
    problems: [Card, Card, Card]; // manual lead qualification, inconsistent follow-up, territory management
    franchisorHeading: string;
    franchisorSolutions: [Card, Card, Card];
    franchiseeHeading: string;
    franchiseeSolutions: [Card, Card, Card];
    results: { heading: string; text: string; stats: Stat[] };
  };
  about: { heading: string; text: string; steps: Card[] };
  contact: {
    heading: string; // 'See How AI Can Help Your Franchise'
    text: string;
    cta: string; // 'Explore Live Demo'
    cards: [Card, Card, Card]; // Learn How It Works; See Real Examples; No Pressure Environment
  };
}

export interface LegalSection {
  /** Anchor id, kebab-case. */
  id: string;
  heading: string;
  paragraphs: string[];
  list?: string[];
  /** Optional sub-blocks, e.g. the four cookie kinds. */
  items?: Card[];
}

export interface LegalPageContent {
  meta: { title: string; description: string };
  heading: string;
  lastUpdated: string; // 'December 2024'
  intro: string;
  sections: LegalSection[];
  contact: { heading: string; text: string; button: string; emailKey: ContactKey };
}
