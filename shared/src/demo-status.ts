// `POST {webhook-base}/demo_status` (issue 26, point 3): what the visitor sees of what the host read
// from their website while they wait. Both hosts answer it from the stored profile with profileView,
// so they show the same thing; the view holds no more than the panel needs (the description and up
// to five facts, each with its page), not the whole profile the assistant gets.

import type { BrandProfile, FactKind, UnavailableReason } from './brand-profile.ts';
import { MAX_FACT_CHARS, distinctFacts, distinctPlaces, greetingFact, usableProfile } from './agent-scenario.ts';
import { isDemoId } from './demo-id.ts';
import { oneLine } from './fact-text.ts';

/** What the widget posts. */
export interface DemoStatusRequest {
  demoId: string;
}

/** One line of the panel, and the page it came from. A location is written "City, Region". */
export interface ViewFact {
  kind: FactKind | 'location';
  text: string;
  source: string;
}

/** What the visitor sees of the profile: still reading, what was found, or why nothing was. */
export type ProfileView =
  | { status: 'reading' }
  | { status: 'ready'; website: string; name?: string; description: ViewFact | null; facts: ViewFact[]; greeting: string | null }
  | { status: 'unavailable'; website: string | null; reason: UnavailableReason };

/** The answer to `demo_status`: an object with room for more parts later. */
export interface DemoStatusAnswer {
  profile: ProfileView;
}

/** The most facts the panel shows besides the description. */
export const MAX_VIEW_FACTS = 5;

/**
 * The kinds the panel shows first, one of each before a second of any: a visitor recognises their
 * offer and their places sooner than their phone number.
 */
const VIEW_ORDER: readonly ViewFact['kind'][] = ['location', 'investment', 'franchise-fee', 'territory', 'support', 'royalty', 'service', 'hours', 'telephone', 'email'];

/**
 * The visitor's view of a stored profile; `null` means the host is still reading. A ready profile
 * with nothing usable is shown as the prompt treats it: unavailable, nearly empty.
 */
export function profileView(profile: BrandProfile | null): ProfileView {
  if (profile === null) return { status: 'reading' };
  if (profile.status === 'unavailable') return { status: 'unavailable', website: profile.website, reason: profile.reason };
  const ready = usableProfile(profile);
  if (!ready) return { status: 'unavailable', website: profile.website, reason: 'nearly-empty' };
  const line = (kind: ViewFact['kind'], text: string, source: string): ViewFact => ({ kind, text: oneLine(text, MAX_FACT_CHARS), source });
  const facts = distinctFacts(ready.facts);
  const found = facts.find((fact) => fact.kind === 'description');
  const byKind = new Map<ViewFact['kind'], ViewFact[]>(VIEW_ORDER.map((kind) => [kind, []]));
  for (const fact of facts) if (fact.kind !== 'description') byKind.get(fact.kind)?.push(line(fact.kind, fact.text, fact.source));
  byKind.set('location', distinctPlaces(ready.locations).map(({ place, source }) => line('location', place, source)));
  const shown: ViewFact[] = [];
  for (let round = 0; shown.length < MAX_VIEW_FACTS && VIEW_ORDER.some((kind) => byKind.get(kind)!.length > round); round += 1) {
    for (const kind of VIEW_ORDER) {
      const fact = byKind.get(kind)![round];
      if (fact && shown.length < MAX_VIEW_FACTS) shown.push(fact);
    }
  }
  return {
    status: 'ready',
    website: ready.website,
    ...(ready.name ? { name: oneLine(ready.name, MAX_FACT_CHARS) } : {}),
    description: found ? line('description', found.text, found.source) : null,
    facts: shown,
    // The one true fact the agent's first words carry (voice-requests.ts), so the wait can show them.
    greeting: greetingFact(profile),
  };
}

/** Every host's words when `demo_status` names a demo it does not know (404). */
export const DEMO_STATUS_MESSAGES = {
  unknown: 'No demo has this demoId: use the one demo_form answered.',
  malformedId: 'demoId must be the 22-character id that demo_form answered.',
} as const;

export type DemoStatusCheck = { ok: true; demoId: string } | { ok: false; fields: Record<string, string> };

/** Checks a parsed `demo_status` body: an object with a well-formed demoId (other fields are ignored). */
export function checkDemoStatusBody(body: unknown): DemoStatusCheck {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, fields: { body: 'The body must be a JSON object.' } };
  const { demoId } = body as Record<string, unknown>;
  return isDemoId(demoId) ? { ok: true, demoId } : { ok: false, fields: { demoId: DEMO_STATUS_MESSAGES.malformedId } };
}
