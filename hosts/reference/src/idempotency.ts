import { KEY_REFUSALS, parseIdempotencyKey, requestFingerprint } from '@franchise-ai/shared/idempotency';
import { createHash } from 'node:crypto';
import { HttpError } from './http.ts';
import type { KeyRecord } from './store.ts';
import type { Lead, LeadEndpoint } from '@franchise-ai/shared/request-body';

export { REPLAYED_HEADER } from '@franchise-ai/shared/idempotency';

/** The header value as the client sent it: undefined without a key (each request then stands alone, as on n8n). */
export function idempotencyKeyOf(value: string | string[] | undefined): string | undefined {
  const key = parseIdempotencyKey(value);
  if (key === null) throw new HttpError(KEY_REFUSALS.malformed.status, KEY_REFUSALS.malformed.error);
  return key;
}

/** What makes two requests "the same" (shared requestFingerprint), hashed. */
export const requestHash = (endpoint: LeadEndpoint, product: string, lead: Lead): string =>
  createHash('sha256')
    .update(requestFingerprint(endpoint, product, lead))
    .digest('hex');

/**
 * What to do with a keyed request:
 * - `fresh`: the key is new (or expired): do the work and store the answer under it;
 * - `replay`: the same request was answered: send that answer again, do nothing;
 * - `in-flight`: the same request is still being worked on (here, or by a process that stopped
 *   mid-call until the next start settles it): 409, try again in a second;
 * - `mismatch`: the key belongs to a different request: 422, the client reused a key.
 * `inFlightHash` is the hash of the request this process is working on under the key, if any.
 */
export type KeyDecision = 'fresh' | 'replay' | 'in-flight' | 'mismatch';

export function keyDecision(stored: KeyRecord | undefined, inFlightHash: string | undefined, hash: string): KeyDecision {
  const known = inFlightHash ?? stored?.requestHash;
  if (known === undefined) return 'fresh';
  if (known !== hash) return 'mismatch';
  return inFlightHash !== undefined || !stored?.answer ? 'in-flight' : 'replay';
}

export const keyInFlight = () => {
  const { status, error, retryAfterSeconds } = KEY_REFUSALS.inFlight;
  return new HttpError(status, error, { retryAfterSeconds }, { 'Retry-After': String(retryAfterSeconds) });
};

export const keyMismatch = () => new HttpError(KEY_REFUSALS.mismatch.status, KEY_REFUSALS.mismatch.error);
