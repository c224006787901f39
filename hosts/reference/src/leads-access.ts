import { createHash, timingSafeEqual } from 'node:crypto';

// Who may read the lead list (GET /leads): whoever holds LEADS_TOKEN, and never a web page.
// Addresses are not checked: behind a reverse proxy every client arrives from 127.0.0.1 with
// the Host the proxy chose, so a loopback check lets the whole internet in exactly where it
// matters; the token is the authentication.

export const LEADS_TOKEN_MIN_LENGTH = 32;
/**
 * Different characters a token must use: `aaaa…` or `abab…` is long but guessable. Random tokens
 * pass all but surely: 32 random hex digits use fewer than 8 of the 16 about once in 28 million.
 */
export const LEADS_TOKEN_MIN_DIFFERENT = 8;
/** RFC 6750 `b64token`: what fits in `Authorization: Bearer …` unquoted (hex and base64 both do). */
const BEARER_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;
const MAKE_ONE = 'make one with `openssl rand -hex 32`';

/** `LEADS_TOKEN`: unset or empty turns /leads off; a short, unsendable or repetitive token stops the start. */
export function parseLeadsToken(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (value.length < LEADS_TOKEN_MIN_LENGTH) {
    throw new Error(`LEADS_TOKEN must be at least ${LEADS_TOKEN_MIN_LENGTH} characters, got ${value.length}; ${MAKE_ONE}.`);
  }
  if (!BEARER_TOKEN.test(value)) {
    throw new Error(`LEADS_TOKEN may hold only letters, digits and - . _ ~ + / (then = padding), to travel as a Bearer token; ${MAKE_ONE}.`);
  }
  const different = new Set(value).size;
  if (different < LEADS_TOKEN_MIN_DIFFERENT) {
    throw new Error(`LEADS_TOKEN must use at least ${LEADS_TOKEN_MIN_DIFFERENT} different characters, got ${different}: a random token does; ${MAKE_ONE}.`);
  }
  return value;
}

export type LeadsAccess = 'disabled' | 'from-browser' | 'no-token' | 'wrong-token' | 'granted';

/**
 * The decision for one request. A browser page is refused even with the right token (defence in
 * depth: browsers send `Origin` on cross-origin reads, curl and scripts do not).
 */
export function leadsAccess(configured: string | undefined, request: { authorization: string | undefined; origin: string | undefined }): LeadsAccess {
  if (configured === undefined) return 'disabled';
  if (request.origin !== undefined) return 'from-browser';
  const presented = /^Bearer +(\S+) *$/i.exec(request.authorization ?? '')?.[1];
  if (presented === undefined) return 'no-token';
  return sameSecret(presented, configured) ? 'granted' : 'wrong-token';
}

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * Constant-time comparison of two secrets. Their SHA-256 digests are compared, not the texts:
 * timingSafeEqual needs equal lengths, and comparing lengths first would leak the token's length.
 */
export const sameSecret = (a: string, b: string): boolean => timingSafeEqual(digest(a), digest(b));
