// The widget's own figures (spec section 9, our ceilings); those the site or hosts quote live in shared/constants.

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
/** Tries per webhook call when no answer came at all; the same Idempotency-Key, within one WEBHOOK_TIMEOUT_MS. */
export const WEBHOOK_NETWORK_TRIES = 2;
