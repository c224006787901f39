// Shapes of the site's written content. Content modules are plain data; components render them.
// Contact details (e-mails, phone numbers) never appear in content: they come from the site's
// configuration, and content refers to them by `ContactKey`.

export type ContactKey = 'contactEmail' | 'privacyEmail' | 'legalEmail';

/**
 * The pictograms the landing page may show, by name; components/icon.tsx maps each to its
 * lucide-react icon. Pictures only: they never carry words.
 */
export type IconName =
  | 'user-search'
  | 'message-warning'
  | 'map'
  | 'user-check'
  | 'map-pin-check'
  | 'handshake'
  | 'chatbot'
  | 'megaphone'
  | 'calendar-check'
  | 'clipboard'
  | 'workflow'
  | 'phone-call'
  | 'rocket'
  | 'book'
  | 'headphones'
  | 'shield-check'
  | 'zap'
  | 'headset'
  | 'hourglass'
  | 'trending-up'
  | 'gauge'
  | 'target'
  | 'clock'
  | 'dollar'
  | 'building'
  | 'store';

export interface Card {
  title: string;
  text: string;
}

/** A landing-page card, step or stat with its pictogram. */
export interface IconCard extends Card {
  icon: IconName;
}

export interface Stat {
  /** e.g. '300%' */
  value: string;
  /** e.g. 'Faster lead response' */
  label: string;
  icon: IconName;
}

/**
 * Figures shown together, with the note beside them that says whom they are about and what kind of
 * figure they are: without it, two groups' figures for the same thing (85% and 60% admin time) read
 * as a contradiction. The basis says what the figures are (an estimate, say), never a source the
 * company does not have.
 */
export interface StatGroup {
  /** e.g. 'For franchisors, across their network' */
  audience: string;
  /** e.g. 'Estimates of typical results; yours will vary.' */
  basis: string;
  stats: Stat[];
}

export interface AudienceCard {
  title: string;
  icon: IconName;
  text: string;
  /** What this audience gets (spec section 1). */
  features: string[];
  /** Its offerings (spec section 1). */
  offerings: readonly string[];
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
    figures: StatGroup; // four figures
  };
  services: {
    heading: string;
    text: string;
    problemsHeading: string;
    problems: [IconCard, IconCard, IconCard]; // manual lead qualification, inconsistent follow-up, territory management
    franchisorHeading: string;
    franchisorSolutions: [IconCard, IconCard, IconCard];
    franchiseeHeading: string;
    franchiseeSolutions: [IconCard, IconCard, IconCard];
    results: { heading: string; text: string; figures: StatGroup };
  };
  about: { heading: string; text: string; steps: IconCard[] };
  contact: {
    heading: string; // 'See How AI Can Help Your Franchise'
    text: string;
    cta: string; // 'Explore Live Demo'
    cards: [IconCard, IconCard, IconCard]; // Learn How It Works; See Real Examples; No Pressure Environment
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

// --- proof: what the company supplies; each slot renders nothing while it is empty ---

/** An image with its intrinsic size, so the page reserves its box before it loads (no layout shift). */
export interface SizedImage {
  /** A path under site/public/ (same origin), e.g. '/proof/acme.svg'. */
  src: string;
  width: number;
  height: number;
}

/** A customer's logo: the company's name and what the image says, for screen readers. */
export interface CustomerLogo extends SizedImage {
  name: string;
  alt: string;
}

/** One named customer's words, as they said them and agreed to show. */
export interface CustomerQuote {
  text: string;
  name: string;
  role: string;
  company: string;
  /** Decorative beside the name: the caption names the person. */
  photo?: SizedImage;
}

/** A statement that repeats the privacy policy, linking to the section of /privacy that says it. */
export interface TrustPoint {
  text: string;
  /** The id of a section in content/privacy.ts. */
  section: string;
}

/** A line of the sample recording's transcript, from `at` seconds into it. */
export interface SampleCallLine {
  at: number;
  speaker: 'agent' | 'caller';
  text: string;
}

/** A recording of a real call with the agent, and its transcript (the words of the recording). */
export interface SampleCall {
  /** A path under site/public/ (same origin: the site's CSP allows media from itself only). */
  src: string;
  /** e.g. 'audio/mpeg' */
  type: string;
  lines: SampleCallLine[];
}

export interface ProofContent {
  logos: { heading: string; items: CustomerLogo[] };
  quote: CustomerQuote | null;
  integrations: { heading: string; items: string[] };
  trust: { heading: string; items: TrustPoint[]; more: string };
  sampleCall: SampleCall | null;
}

// --- the site's own words around the content: header, footer, labels, in each language ---

/** The words of the site's frame and of its components, as opposed to its pages' content. */
export interface SiteText {
  skipLink: string;
  /** The header's links to the landing's sections (routes.ts SECTIONS), by section id. */
  sections: Record<'services' | 'about' | 'contact', string>;
  /** The header's button to the demo. */
  demoLink: string;
  /** Accessible names of the header's and footer's landmarks and of the menu's buttons. */
  nav: { main: string; mobile: string; legal: string; menu: string; openMenu: string; closeMenu: string };
  footer: { tagline: string; phoneUs: string; phoneFr: string; rights: string };
  /** Before a legal page's date: 'Last updated December 2024'. */
  lastUpdated: string;
  landing: {
    /** The hero's figures, as a list's accessible name. */
    figuresLabel: string;
    /** Before an audience card's offerings. */
    offerings: string;
    /** The hero's call card (components/call-preview.tsx, call-card.tsx). */
    call: {
      agentName: string;
      tags: [string, string];
      illustration: string;
      status: string;
      lines: [string, string, string];
    };
    sampleCall: { heading: string; status: string; play: string; pause: string };
  };
  demo: {
    /** Under the page's h1: what happens, without the widget's own promise of the time it takes (said once, in the widget). */
    intro: string;
    /** What a browser without JavaScript shows on the demo page, around the contact email. */
    noScript: [before: string, after: string];
  };
}

/** One language's content and site text: what a page in that language shows (content/by-lang.ts). */
export interface LangContent {
  landing: LandingContent;
  proof: ProofContent;
  privacy: LegalPageContent;
  terms: LegalPageContent;
  text: SiteText;
}
