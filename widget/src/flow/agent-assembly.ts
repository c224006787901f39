import type { Language } from '@franchise-ai/shared/language';
import type { ProfileView } from '@franchise-ai/shared/demo-status';
import { openingLine } from '@franchise-ai/shared/opening-line';
import { CONGRATULATIONS_AT_MS } from '../figures.ts';
import type { KnownCallTerms } from '../webhooks/call-terms.ts';
import type { PollDecision } from './profile-poll.ts';

/** Whole seconds until the congratulations step, counted up so "1 s left" shows until the end; never below 0. */
export const secondsLeft = (loadingStartedAt: number, now: number): number =>
  Math.max(0, Math.ceil((CONGRATULATIONS_AT_MS - Math.max(0, now - loadingStartedAt)) / 1000));

/** Where the first words stand: known (`line`), not known yet (`waiting`: the site is still being read), or never shown (`none`). */
export type FirstWords = { state: 'line'; line: string } | { state: 'waiting' } | { state: 'none' };

/**
 * The words the agent opens a phone call with, from what the hosts answered, so what is typed out is
 * what is said; `none` when the host did not tell all of it, since a guess is no "true opening line".
 */
export function firstWords(
  greeted: { name: string; company: string },
  terms: KnownCallTerms,
  profile: { asked: boolean; view: ProfileView | null; stopped: PollDecision | null },
  language: Language = 'en',
): FirstWords {
  if (terms.recorded === null || !terms.from) return { state: 'none' };
  const speaker = { companyName: terms.from, recordCalls: terms.recorded };
  if (!profile.asked) return { state: 'line', line: openingLine(greeted, speaker, 'phone', null, language) };
  if (profile.stopped) return { state: 'none' };
  if (profile.view === null || profile.view.status === 'reading') return { state: 'waiting' };
  return { state: 'line', line: openingLine(greeted, speaker, 'phone', profile.view.status === 'ready' ? profile.view.greeting : null, language) };
}
