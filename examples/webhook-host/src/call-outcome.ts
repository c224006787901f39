import { ProviderError } from './voice-provider.ts';

/** Where placing a call broke: making its assistant, or asking for the call itself. */
export type CallStage = 'assistant' | 'call';

/**
 * What a failed call attempt was, for the per-number limit and the retry:
 * - `call-failed`: certainly nothing rang: the assistant could not be made, or the provider
 *   answered POST /call with an error status. Not counted; the key is freed so a retry may try again.
 * - `call-unconfirmed`: the provider may have placed it (timeout, dropped connection, a 2xx answer
 *   without a call id, or anything unexpected). Counted, and the answer is kept for the key, so a
 *   retry never rings the number twice.
 */
export function failedCallOutcome(stage: CallStage, error: unknown): 'call-failed' | 'call-unconfirmed' {
  if (stage === 'assistant') return 'call-failed';
  return error instanceof ProviderError && error.status !== undefined && error.status >= 400 ? 'call-failed' : 'call-unconfirmed';
}
