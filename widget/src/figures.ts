// The widget's own figures (spec section 9 and our own ceilings), named once. Figures the site or
// the webhook host quote too live in @franchise-ai/shared/constants.

/** Loading screen: each stage completes at `atMs` and moves the bar to `progress` percent. */
export const LOADING_STAGES = [
  { atMs: 15_000, progress: 33 },
  { atMs: 28_000, progress: 66 },
  { atMs: 38_000, progress: 100 },
] as const;
/** Loading screen: the congratulations step opens this long after the submit succeeded. */
export const CONGRATULATIONS_AT_MS = 42_000;

/** Agent ID shown on the congratulations step: prefix plus this many [A-Z0-9]. */
export const AGENT_ID_PREFIX = 'MSO-';
export const AGENT_ID_LENGTH = 6;

/** Our own ceiling for one webhook call; the spec sets none, and nothing may hang forever. */
export const WEBHOOK_TIMEOUT_MS = 20_000;
/**
 * Tries per webhook call when the host cannot be reached (no answer at all: a dropped
 * connection, a network switch): the retry carries the same Idempotency-Key, so a request that
 * was stored before its answer was lost is not stored twice. Both tries share WEBHOOK_TIMEOUT_MS.
 */
export const WEBHOOK_NETWORK_TRIES = 2;
