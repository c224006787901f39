// What a host learned from the visitor's website: the facts the agent may use, each with
// the page it came from, or why there are none. Built by reading the site (site-reader.ts) and
// extracting from its pages (profile-extract.ts); used by the assistant's prompt (voice-requests.ts)
// and shown to the visitor while they wait. Nothing here is invented: a fact not on the site is not
// in the profile.

/** What kind of fact: the prompt and the visitor's panel group them by this. */
export type FactKind = 'description' | 'service' | 'hours' | 'telephone' | 'email' | 'investment' | 'franchise-fee' | 'royalty' | 'territory' | 'support';

/** One fact as the site states it, and the page that states it. */
export interface ProfileFact {
  kind: FactKind;
  /** The site's own words (or a value from its structured data), trimmed and short. */
  text: string;
  /** The page's URL. */
  source: string;
}

/** A place the business is, from structured data or a locations page: the city at least. */
export interface ProfileLocation {
  name?: string;
  street?: string;
  city: string;
  region?: string;
  postalCode?: string;
  country?: string;
  telephone?: string;
  source: string;
}

/** Why a website gave no profile: the demo then goes on with what the visitor typed. */
export type UnavailableReason =
  | 'no-website'
  | 'refused-address'
  | 'unreachable'
  | 'robots'
  | 'not-html'
  | 'too-large'
  | 'nearly-empty'
  | 'timeout'
  /** The host stopped (a restart, a crash) while it was reading: the read is not resumed. */
  | 'interrupted';

/** A page's main text as a person skimming it would read it (headings, paragraphs, table rows; no menus, footers or forms), for the agent's knowledge. */
export interface PageText {
  /** The page's URL. */
  source: string;
  /** Its main text, blocks joined by newlines, each block the site's own words (a table row may be "label: value"). */
  text: string;
}

export interface ReadyProfile {
  status: 'ready';
  website: string;
  /** The business's name as the site gives it, when it does. */
  name?: string;
  facts: ProfileFact[];
  locations: ProfileLocation[];
  /** Every page read, home first. */
  pages: string[];
  /** The chosen pages' main text, home first; absent in profiles stored before the reader kept it. */
  texts?: PageText[];
}

export interface UnavailableProfile {
  status: 'unavailable';
  website: string | null;
  reason: UnavailableReason;
}

export type BrandProfile = ReadyProfile | UnavailableProfile;

/** A page as the reader got it: the URL after redirects, and its HTML. */
export interface ReadPage {
  url: string;
  html: string;
}
