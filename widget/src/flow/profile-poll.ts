import type { ProfileView } from '@franchise-ai/shared/demo-status';

// When the loading step asks `demo_status` again, and what its panel shows: pure, tested without a host or a clock.

/** One answer to `demo_status`: a view (null: an ok answer the widget could not read), or the failure's HTTP status (0: no answer). */
export type PollOutcome = { view: ProfileView | null } | { failedStatus: number };

/** `leave-out`: the host has no `demo_status` (404); `give-up`: failures in a row, so the panel goes quietly. */
export type PollDecision = 'ask-again' | 'done' | 'leave-out' | 'give-up';

// These figures live here, not in figures.ts: every figure there is in the first render.
/** The loading step asks `demo_status` this long after each answer, while the host reads the website. */
export const DEMO_STATUS_POLL_MS = 1_000;
/** Our ceiling for one `demo_status` question: a slow answer is not worth the whole wait. */
export const DEMO_STATUS_TIMEOUT_MS = 5_000;

/** Failures in a row after which the widget stops asking: a blip is retried, a broken host is not asked for the whole wait. */
export const MAX_POLL_FAILURES = 3;

export function pollDecision(outcome: PollOutcome, failures: number): PollDecision {
  if ('view' in outcome) return outcome.view === null || outcome.view.status === 'reading' ? 'ask-again' : 'done';
  if (outcome.failedStatus === 404) return 'leave-out';
  return failures + 1 < MAX_POLL_FAILURES ? 'ask-again' : 'give-up';
}

/** The panel's content: `none` (nothing to show: no website, no demoId, no answer yet, or no `demo_status`), the site being read, what was found, or the honest line. */
export type PanelContent = 'none' | 'reading' | 'facts' | 'unreadable';

export function panelContent(view: ProfileView | null, stopped: PollDecision | null): PanelContent {
  if (stopped === 'leave-out' || stopped === 'give-up' || view === null) return 'none';
  if (view.status === 'reading') return 'reading';
  if (view.status === 'ready' && (view.description !== null || view.facts.length > 0)) return 'facts';
  return 'unreadable';
}

/** Whether there is anything to ask: a demo the host named, for a website the visitor gave. */
export const asksDemoStatus = (demoId: string | null | undefined, website: string | undefined): demoId is string => !!demoId && !!website?.trim();

/** The website as the panel names it: its host name without `www.`, or as typed when it is no address. */
export function siteName(website: string): string {
  const typed = website.trim();
  try {
    return new URL(/^https?:\/\//i.test(typed) ? typed : `https://${typed}`).hostname.replace(/^www\./, '');
  } catch {
    return typed;
  }
}
