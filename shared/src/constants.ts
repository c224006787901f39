// Business constants of spec section 9, named once so the widget, the site and
// the tests never spell a figure twice.

export const BUSINESS_TYPES = ['franchisor', 'franchisee'] as const;
export const DEFAULT_BUSINESS_TYPE = 'franchisor' satisfies (typeof BUSINESS_TYPES)[number];

/** The demo is promised within this many seconds. */
export const DEMO_PROMISED_SECONDS = 90;
/** The phone call arrives within this many minutes. */
export const CALL_EXPECTED_MINUTES = { min: 2, max: 3 } as const;
/** The phone call lasts this many minutes. */
export const CALL_DURATION_MINUTES = { min: 3, max: 5 } as const;

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

/**
 * The most characters (Unicode code points, what a visitor counts, so an emoji is one) each lead
 * field may have. The spec shows none; these keep stored rows and provider prompts bounded, and
 * the widget and the webhook host judge them with the same rules (lead-rules.ts).
 */
export const LEAD_LIMITS = { name: 200, company: 200, email: 254, website: 2048 } as const;

/** Our own ceiling for one webhook call; the spec sets none, and nothing may hang forever. */
export const WEBHOOK_TIMEOUT_MS = 20_000;
/**
 * Tries per webhook call when the host cannot be reached (no answer at all: a dropped
 * connection, a network switch): the retry carries the same Idempotency-Key, so a request that
 * was stored before its answer was lost is not stored twice. Both tries share WEBHOOK_TIMEOUT_MS.
 */
export const WEBHOOK_NETWORK_TRIES = 2;

/**
 * The request header that names one logical webhook request: its retries send the same key, and
 * the host stores a key once and answers a retry as it answered the first (IETF draft
 * "The Idempotency-Key HTTP Header Field"). Keys match IDEMPOTENCY_KEY_PATTERN.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** What the host accepts as a key: 16 to 128 URL-safe characters (the widget sends 32 hex digits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/** Webhook paths appended to the configured base (which already ends in `/webhook/{product}`). */
export const WEBHOOK_PATHS = {
  demoForm: '/demo_form',
  websiteDemoCall: '/website_demo_call',
  triggerDemoCall: '/trigger_ai_demo_call',
} as const;

/** Voice client figures (spec section 9). */
export const VOICE = {
  audioLevelSampleMs: 100,
  speakingThreshold: 0.01,
  volumeDivisor: 0.15,
  speechEndDelayMs: 1_000,
  mobileJoinDelayMs: 1_000,
} as const;

/** Figures quoted by the terms page. */
export const TERMS = {
  uptimeTargetPercent: 99.9,
  apiResponseUnderSeconds: 2,
  priceChangeNoticeDays: 30,
} as const;

/** The year the legal pages and the copyright line name. */
export const LEGAL_YEAR = 2024;
export const LEGAL_LAST_UPDATED = 'December 2024';
