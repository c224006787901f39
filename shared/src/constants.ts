// Business constants of spec section 9 and the webhooks' contract, named once so the widget, the
// site and the webhook host never spell a figure twice. Figures only the widget uses live there.

export const BUSINESS_TYPES = ['franchisor', 'franchisee'] as const;
/** Who the visitor is: changes only wording and the payload's `businessType`. */
export type BusinessType = (typeof BUSINESS_TYPES)[number];
export const DEFAULT_BUSINESS_TYPE = 'franchisor' satisfies BusinessType;

/** The demo is promised within this many seconds. */
export const DEMO_PROMISED_SECONDS = 90;
/** The phone call arrives within this many minutes. */
export const CALL_EXPECTED_MINUTES = { min: 2, max: 3 } as const;
/** The phone call lasts this many minutes. */
export const CALL_DURATION_MINUTES = { min: 3, max: 5 } as const;

/**
 * The most characters (Unicode code points, what a visitor counts, so an emoji is one) each lead
 * field may have. The spec shows none; these keep stored rows and provider prompts bounded, and
 * the widget and the webhook host judge them with the same rules (lead-rules.ts).
 */
export const LEAD_LIMITS = { name: 200, company: 200, email: 254, website: 2048 } as const;

/**
 * The request header that names one logical webhook request: its retries send the same key, and
 * the host stores a key once and answers a retry as it answered the first (IETF draft
 * "The Idempotency-Key HTTP Header Field"). Keys match IDEMPOTENCY_KEY_PATTERN.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** What the host accepts as a key: 16 to 128 URL-safe characters (the widget sends 32 hex digits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * The webhooks, by the path appended to the configured base (which already ends in
 * `/webhook/{product}`): the one list, which the widget posts to and the host routes by. The first
 * three are spec section 7's; `demo_status` answers what the host read from the visitor's
 * website (demo-status.ts), and a host without it answers 404, which the widget takes as "no panel".
 * `call_events` is the voice provider's, not the widget's: it reports the calls' statuses and
 * their end-of-call report there (call-events.ts), proving itself with a shared secret.
 */
export const WEBHOOK_PATHS = {
  demoForm: '/demo_form',
  websiteDemoCall: '/website_demo_call',
  triggerDemoCall: '/trigger_ai_demo_call',
  demoStatus: '/demo_status',
  callEvents: '/call_events',
  chatMessage: '/chat_message',
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

/**
 * The company that runs the demo and places its calls: named in the phone dialog's consent text
 * (the widget's `company-name` attribute) and in the agent's first words (the hosts' `COMPANY_NAME`)
 * unless they are set.
 */
export const DEFAULT_COMPANY_NAME = 'Franchise AI';
