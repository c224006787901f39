// What every host promises of a repeated Idempotency-Key (docs/INTEGRATION.md, "Idempotency"): the
// key's form, how long it is kept, the words of its refusals, the header that marks a replay, and
// what makes two requests "the same". The stand-in keeps its keys in SQLite, the n8n workflows in a
// Data Table; both answer alike from these.
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from './constants.ts';
import type { Lead, LeadEndpoint } from './request-body.ts';

/** How long a key is remembered: a retry comes within minutes, 24 h is ample. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** The header that marks an answer as the stored one, sent again (as Stripe does). */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** The answers to a key that cannot be honoured as sent. */
export const KEY_REFUSALS = {
  malformed: {
    status: 400,
    error: `The ${IDEMPOTENCY_KEY_HEADER} header must be 16 to 128 letters, digits, "-" or "_" (one new key per request, the same key for its retries).`,
  },
  /** The same request is still being worked on: its answer comes to a retry a second later. */
  inFlight: {
    status: 409,
    error: `A request with this ${IDEMPOTENCY_KEY_HEADER} is still being worked on; retry in 1 s to get its answer.`,
    retryAfterSeconds: 1,
  },
  mismatch: { status: 422, error: `This ${IDEMPOTENCY_KEY_HEADER} was already used for a different request; send a new key with each new request.` },
} as const;

/**
 * The header's value as the client sent it: `undefined` without a key (each request then stands
 * alone), `null` for one that is malformed. A repeated header (joined with ", " by Node, as an array
 * elsewhere) is malformed too.
 */
export function parseIdempotencyKey(value: string | readonly string[] | undefined): string | undefined | null {
  if (value === undefined) return undefined;
  const key = typeof value === 'string' ? value : value.join(', ');
  return IDEMPOTENCY_KEY_PATTERN.test(key) ? key : null;
}

/**
 * What makes two requests "the same": the endpoint, the product and the lead as validated (so
 * spacing and key order in the body do not matter). Each host hashes this text with SHA-256.
 */
export const requestFingerprint = (endpoint: LeadEndpoint, product: string, lead: Lead): string => JSON.stringify([endpoint, product, lead]);
