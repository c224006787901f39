// `POST {webhook-base}/demo_status`: what the visitor sees of what the host read
// from their website while they wait. Both hosts answer it from the stored profile with profileView,
// so they show the same thing; the view holds no more than the panel needs (the description and the
// best five facts, each with its page), not the whole profile the assistant gets (nor the pages' text).

import type { BrandProfile, FactKind, ProfileFact, UnavailableReason } from './brand-profile.ts';
import { MAX_FACT_CHARS, distinctFacts, distinctPlaces, greetingFact, usableProfile } from './agent-scenario.ts';
import { isDemoId } from './demo-id.ts';
import { oneLine } from './fact-text.ts';
import { moneyFigures } from './money-figure.ts';
import { sentencesWithin } from './sentence.ts';
import { CALL_STATUSES, type CallStatus } from './call-events.ts';
import type { Language } from './language.ts';
import type { BookingView } from './booking-view.ts';

/** What the widget posts. */
export interface DemoStatusRequest {
  demoId: string;
  /**
   * The browser call's id, as the voice SDK gave it once the call started: the host links
   * the provider's reports of that call to this demo's lead. Sent once; optional.
   */
  webCallId?: string;
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

/**
 * The phone call this demo asked for, as the provider's status updates told the
 * host: its latest status, and how many seconds after the request its phone started ringing (null
 * until it has, or when the host heard nothing of it).
 */
export interface CallView {
  status: CallLife;
  secondsToRinging: number | null;
}

/**
 * The answer to `demo_status`: the profile, `call` once a phone call was asked for and reported on,
 * and `booking` once the agent booked a meeting for this demo's lead (booking-view.ts).
 */
export interface DemoStatusAnswer {
  profile: ProfileView;
  call?: CallView;
  booking?: BookingView;
}

/** A status the provider reported, and when (ISO 8601). */
export interface ReportedStatus {
  status: CallStatus;
  at: string;
}

/** More than this many seconds between request and ringing is not "speed to lead": not shown. */
const MAX_SECONDS_TO_RINGING = 3600;

/** A status of the call's life (the visitor is shown these only). */
type CallLife = (typeof CALL_STATUSES)[number];
const isLife = (entry: ReportedStatus): entry is ReportedStatus & { status: CallLife } => (CALL_STATUSES as readonly string[]).includes(entry.status);

/**
 * The view of a phone call requested at `requestedAt` (ISO 8601), from its reported statuses in any
 * order; null when none of its life was reported. The latest status is the one furthest along the
 * call's life (a late 'ringing' after 'ended' does not bring it back); what the provider says of a
 * scheduled call it could not find or delete is not the visitor's news.
 */
export function callView(requestedAt: string, reported: readonly ReportedStatus[]): CallView | null {
  const statuses = reported.filter(isLife);
  if (statuses.length === 0) return null;
  const rank = (status: CallLife) => CALL_STATUSES.indexOf(status);
  const latest = statuses.reduce((a, b) => (rank(b.status) > rank(a.status) ? b : a));
  const ringing = statuses.find((entry) => entry.status === 'ringing');
  const seconds = ringing ? Math.round((Date.parse(ringing.at) - Date.parse(requestedAt)) / 1000) : NaN;
  return { status: latest.status, secondsToRinging: seconds >= 0 && seconds <= MAX_SECONDS_TO_RINGING ? seconds : null };
}

/** The most facts the panel shows besides the description. */
export const MAX_VIEW_FACTS = 5;

/**
 * The kinds the panel shows, best first, one of each before a second of any: what a visitor
 * recognises at a glance as theirs and what the demo's scenario turns on. A franchisor's profile
 * (one that states a franchise offer) shows its offer's figures first, since the candidate's
 * questions are about them, then its places and what it sells; any other shows its places, what it
 * sells and when and how to reach it. Support, the vaguest, comes last in both.
 */
const FRANCHISOR_ORDER: readonly ViewFact['kind'][] = [
  'investment',
  'franchise-fee',
  'royalty',
  'location',
  'service',
  'territory',
  'hours',
  'telephone',
  'email',
  'support',
];
const BUSINESS_ORDER: readonly ViewFact['kind'][] = [
  'location',
  'service',
  'hours',
  'telephone',
  'email',
  'investment',
  'franchise-fee',
  'royalty',
  'territory',
  'support',
];
/** The kinds that state a franchise offer. */
const OFFER_KINDS: readonly FactKind[] = ['investment', 'franchise-fee', 'royalty', 'territory'];
/** The kinds whose best fact states a figure ("Royalty of 6%" before "Royalties are paid monthly"). */
const FIGURE_KINDS: readonly FactKind[] = ['investment', 'franchise-fee', 'royalty'];

/**
 * `text` as a whole line of the panel: on one line, and, when longer than a line, its first whole
 * sentences that fit; null when even the first does not, since a cut sentence is not what the site says.
 */
function wholeLine(text: string): string | null {
  return sentencesWithin(oneLine(text, Number.POSITIVE_INFINITY), MAX_FACT_CHARS) || null;
}

/**
 * The visitor's view of a stored profile; `null` means the host is still reading. A ready profile
 * with nothing usable is shown as the prompt treats it: unavailable, nearly empty. `language`: the
 * demo's lead's, which the greeting (the first message's fact) is in; the facts are the site's words.
 */
export function profileView(profile: BrandProfile | null, language: Language = 'en'): ProfileView {
  if (profile === null) return { status: 'reading' };
  if (profile.status === 'unavailable') return { status: 'unavailable', website: profile.website, reason: profile.reason };
  const ready = usableProfile(profile);
  if (!ready) return { status: 'unavailable', website: profile.website, reason: 'nearly-empty' };
  const line = (kind: ViewFact['kind'], text: string, source: string): ViewFact | null => {
    const whole = wholeLine(text);
    return whole === null ? null : { kind, text: whole, source };
  };
  const facts = distinctFacts(ready.facts);
  const description = facts.filter((fact) => fact.kind === 'description').map((fact) => line('description', fact.text, fact.source));
  const order = facts.some((fact) => OFFER_KINDS.includes(fact.kind)) ? FRANCHISOR_ORDER : BUSINESS_ORDER;
  const byKind = new Map<ViewFact['kind'], ViewFact[]>(order.map((kind) => [kind, []]));
  // Within a kind, the site's order, except that a figure comes before words about it.
  const ranked = [...facts].sort((a, b) => Number(!statesFigure(a)) - Number(!statesFigure(b)));
  for (const fact of ranked) {
    const shown = fact.kind === 'description' ? null : line(fact.kind, fact.text, fact.source);
    if (shown) byKind.get(fact.kind)?.push(shown);
  }
  byKind.set(
    'location',
    distinctPlaces(ready.locations).flatMap(({ place, source }) => line('location', place, source) ?? []),
  );
  const shown: ViewFact[] = [];
  for (let round = 0; shown.length < MAX_VIEW_FACTS && order.some((kind) => byKind.get(kind)!.length > round); round += 1) {
    for (const kind of order) {
      const fact = byKind.get(kind)![round];
      if (fact && shown.length < MAX_VIEW_FACTS) shown.push(fact);
    }
  }
  return {
    status: 'ready',
    website: ready.website,
    ...(ready.name ? { name: oneLine(ready.name, MAX_FACT_CHARS) } : {}),
    description: description.find((fact) => fact !== null) ?? null,
    facts: shown,
    // The one true fact the agent's first words carry (voice-requests.ts), so the wait can show them.
    greeting: greetingFact(profile, language),
  };
}

/** Whether a fact of a figure kind states a figure (other kinds never rank by it). */
const statesFigure = (fact: ProfileFact): boolean => FIGURE_KINDS.includes(fact.kind) && moneyFigures(fact.text).length > 0;

/** Every host's words when `demo_status` names a demo it does not know (404). */
export const DEMO_STATUS_MESSAGES = {
  unknown: 'No demo has this demoId: use the one demo_form answered.',
  malformedId: 'demoId must be the 22-character id that demo_form answered.',
  malformedCallId: "webCallId must be the voice provider's call id: letters, digits, dashes and underscores, at most 128.",
} as const;

export type DemoStatusCheck = { ok: true; demoId: string; webCallId: string | null } | { ok: false; fields: Record<string, string> };

/** A provider's call id as the hosts take it from a widget: letters, digits, dashes and underscores (a UUID), at most 128. */
export const isWebCallId = (value: unknown): value is string => typeof value === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(value);

/** Checks a parsed `demo_status` body: an object with a well-formed demoId, and maybe a webCallId (other fields are ignored). */
export function checkDemoStatusBody(body: unknown): DemoStatusCheck {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, fields: { body: 'The body must be a JSON object.' } };
  const { demoId, webCallId } = body as Record<string, unknown>;
  const fields: Record<string, string> = {};
  if (!isDemoId(demoId)) fields['demoId'] = DEMO_STATUS_MESSAGES.malformedId;
  if (webCallId !== undefined && !isWebCallId(webCallId)) fields['webCallId'] = DEMO_STATUS_MESSAGES.malformedCallId;
  if (Object.keys(fields).length > 0 || !isDemoId(demoId)) return { ok: false, fields };
  return { ok: true, demoId, webCallId: typeof webCallId === 'string' ? webCallId : null };
}
