import { describe, expect, it } from 'vitest';
import { failedCallOutcome, type CallStage } from './call-outcome.ts';
import { ProviderError } from './voice-provider.ts';

describe('failedCallOutcome', () => {
  it.each<[string, CallStage, unknown, 'call-failed' | 'call-unconfirmed']>([
    ['the assistant could not be made (error status)', 'assistant', new ProviderError('POST /assistant answered 500', 500), 'call-failed'],
    ['the assistant timed out', 'assistant', new ProviderError('POST /assistant timed out'), 'call-failed'],
    ['POST /call answered 500', 'call', new ProviderError('POST /call answered 500', 500), 'call-failed'],
    ['POST /call answered 400', 'call', new ProviderError('POST /call answered 400', 400), 'call-failed'],
    ['POST /call timed out before any answer', 'call', new ProviderError('POST /call timed out'), 'call-unconfirmed'],
    ['POST /call answered 201 without an id', 'call', new ProviderError('POST /call answered no id.', 201), 'call-unconfirmed'],
    ['POST /call answered 200 and then stalled', 'call', new ProviderError('POST /call timed out while the answer was arriving', 200), 'call-unconfirmed'],
    ['something unexpected while calling', 'call', new TypeError('boom'), 'call-unconfirmed'],
  ])('%s: %s', (_label, stage, error, expected) => {
    expect(failedCallOutcome(stage, error)).toBe(expected);
  });
});
