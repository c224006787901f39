import { ProviderError } from './voice-provider.ts';

/**
 * What a failed call attempt was, for the per-number limit and the retry (the call carries its
 * assistant, so `POST /call` is the only request):
 * - `call-failed`: certainly nothing rang: the provider answered POST /call with an error status.
 *   Not counted; the key is freed so a retry may try again.
 * - `call-unconfirmed`: the provider may have placed it (timeout, dropped connection, a 2xx answer
 *   without a call id, or anything unexpected). Counted, and the answer is kept for the key, so a
 *   retry never rings the number twice.
 */
export function failedCallOutcome(error: unknown): 'call-failed' | 'call-unconfirmed' {
  return error instanceof ProviderError && error.status !== undefined && error.status >= 400 ? 'call-failed' : 'call-unconfirmed';
}
