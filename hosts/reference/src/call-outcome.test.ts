import { describe, expect, it } from 'vitest';
import { failedCallOutcome } from './call-outcome.ts';
import { ProviderError } from './voice-provider.ts';

describe('failedCallOutcome', () => {
  it.each<[string, unknown, 'call-failed' | 'call-unconfirmed']>([
    ['POST /call answered 500', new ProviderError('POST /call answered 500', 500), 'call-failed'],
    ['POST /call answered 400', new ProviderError('POST /call answered 400', 400), 'call-failed'],
    ['POST /call timed out before any answer', new ProviderError('POST /call timed out'), 'call-unconfirmed'],
    ['POST /call answered 201 without an id', new ProviderError('POST /call answered no id.', 201), 'call-unconfirmed'],
    ['POST /call answered 200 and then stalled', new ProviderError('POST /call timed out while the answer was arriving', 200), 'call-unconfirmed'],
    ['something unexpected while calling', new TypeError('boom'), 'call-unconfirmed'],
  ])('%s', (_label, error, expected) => {
    expect(failedCallOutcome(error)).toBe(expected);
  });
});
