// The limits every host enforces, read from the same environment variables, so the stand-in and
// the n8n workflows limit alike under one configuration.

/** At most `limit` hits per key in any window of `windowMs` (sliding log; keys are few and windows short). */
export interface RateLimit {
  limit: number;
  windowMs: number;
}

/** Parses `count/seconds`, e.g. `5/600`; `off` means no limit. */
export function parseRateLimit(value: string | undefined, fallback: RateLimit | null): RateLimit | null {
  if (value === undefined || value.trim() === '') return fallback;
  if (value.trim() === 'off') return null;
  const match = /^(\d+)\/(\d+)$/.exec(value.trim());
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
    throw new Error(`Rate limit "${value}" must look like count/seconds (e.g. 5/600) or off.`);
  }
  return { limit: Number(match[1]), windowMs: Number(match[2]) * 1000 };
}

/** Each limit: its variable and its default. `RATE_LIMIT=off` switches all of them off. */
export const RATE_LIMIT_SETTINGS = {
  demoFormPerIp: { variable: 'RATE_LIMIT_DEMO_FORM', fallback: { limit: 20, windowMs: 60_000 } },
  assistantPerIp: { variable: 'RATE_LIMIT_ASSISTANT', fallback: { limit: 20, windowMs: 60_000 } },
  callPerIp: { variable: 'RATE_LIMIT_CALL_IP', fallback: { limit: 5, windowMs: 600_000 } },
  // The same calls counted again by the client's wider IPv6 prefixes (client-address.ts): a home's
  // /56 holds 256 /64s, a site's /48 65,536, so moving to the next /64 buys nothing past these.
  callPerIpv6Net56: { variable: 'RATE_LIMIT_CALL_IPV6_56', fallback: { limit: 10, windowMs: 600_000 } },
  callPerIpv6Net48: { variable: 'RATE_LIMIT_CALL_IPV6_48', fallback: { limit: 15, windowMs: 600_000 } },
  callPerPhone: { variable: 'RATE_LIMIT_CALL_PHONE', fallback: { limit: 3, windowMs: 86_400_000 } },
  // The widget asks demo_status again and again while the site is read (up to 25 s): a visitor
  // polling once a second, in two tabs, stays under this; a script walking demoIds does not get far.
  statusPerIp: { variable: 'RATE_LIMIT_DEMO_STATUS', fallback: { limit: 120, windowMs: 60_000 } },
  // A visitor types a line every few seconds at most; the lead's own cap is MAX_CHAT_TURNS (chat.ts).
  chatPerIp: { variable: 'RATE_LIMIT_CHAT', fallback: { limit: 20, windowMs: 60_000 } },
} as const satisfies Record<string, { variable: string; fallback: RateLimit }>;

export type RateLimits = Record<keyof typeof RATE_LIMIT_SETTINGS, RateLimit | null>;

/** The limits from the environment; a malformed value throws with the reason. */
export function rateLimitsFromEnv(env: Record<string, string | undefined>): RateLimits {
  const off = env['RATE_LIMIT'] === 'off';
  const entries = Object.entries(RATE_LIMIT_SETTINGS).map(([name, { variable, fallback }]) => [
    name,
    off ? null : named(variable, () => parseRateLimit(env[variable], fallback)),
  ]);
  return Object.fromEntries(entries) as RateLimits;
}

/** The parse, its error prefixed with the variable it read, so a malformed setting names itself. */
function named<T>(variable: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw new Error(`${variable}: ${(error as Error).message}`);
  }
}

/** Every host's words when a limit refuses a request (429, with Retry-After). */
export const LIMIT_MESSAGES = {
  client: 'Too many requests from your address.',
  phoneNumber: 'This number has been called too often; try again later.',
  /** The host's daily ceiling on calls (call-policy.ts): the widget shows it in the phone dialog's alert. */
  callsPerDay: 'Our demo line has placed all the calls it can today. Try again tomorrow, or talk to your agent in the browser now.',
  /** One network (an IPv6 /48, an IPv4 /24) has placed its share of the daily ceiling (call-policy.ts's networkCeiling). */
  networkShare: 'Your network has had its share of today’s demo calls. Try again tomorrow, or talk to your agent in the browser now.',
} as const;

/** Which limit refused a request: the `code` of every 429 body, which the widget words in the visitor's language. */
export type LimitCode = keyof typeof LIMIT_MESSAGES;

/** A 429's body: the host's words, the limit's code, and the seconds Retry-After says. */
export const limitRefusal = (code: LimitCode, retryAfterSeconds: number) => ({ error: LIMIT_MESSAGES[code], code, retryAfterSeconds });

/**
 * Seconds until one more hit fits under `rule`, given the times (ms) of earlier hits; 0 when one
 * fits now. The sliding window every limit uses, in memory (the stand-in's per-address limits) or
 * over stored rows (calls per number).
 */
export function secondsUntilAllowed(rule: RateLimit, hits: readonly number[], now: number): number {
  const recent = hits.filter((at) => at > now - rule.windowMs).sort((a, b) => a - b);
  if (recent.length < rule.limit) return 0;
  return Math.max(1, Math.ceil((recent[recent.length - rule.limit]! + rule.windowMs - now) / 1000));
}
