import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '@franchise-ai/shared/constants';
import { createHash } from 'node:crypto';
import type { Endpoint } from './endpoints.ts';
import { HttpError } from './http.ts';
import type { KeyRecord } from './store.ts';
import type { Lead } from '@franchise-ai/shared/request-body';

/** The header value as the client sent it: undefined without a key (each request then stands alone, as on n8n). */
export function idempotencyKeyOf(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  // Node joins a repeated header with ", ", which the pattern refuses too.
  const key = Array.isArray(value) ? value.join(', ') : value;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new HttpError(
      400,
      `The ${IDEMPOTENCY_KEY_HEADER} header must be 16 to 128 letters, digits, "-" or "_" (one new key per request, the same key for its retries).`,
    );
  }
  return key;
}

/** What makes two requests "the same": the endpoint, the product and the lead as validated (so spacing does not matter). */
export const requestHash = (endpoint: Endpoint, product: string, lead: Lead): string =>
  createHash('sha256')
    .update(JSON.stringify([endpoint, product, lead]))
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

export const keyInFlight = () =>
  new HttpError(
    409,
    `A request with this ${IDEMPOTENCY_KEY_HEADER} is still being worked on; retry in 1 s to get its answer.`,
    { retryAfterSeconds: 1 },
    { 'Retry-After': '1' },
  );

export const keyMismatch = () =>
  new HttpError(422, `This ${IDEMPOTENCY_KEY_HEADER} was already used for a different request; send a new key with each new request.`);

/** The header that marks an answer as the stored one, sent again (as Stripe does). */
export const REPLAYED_HEADER = 'Idempotent-Replayed';
