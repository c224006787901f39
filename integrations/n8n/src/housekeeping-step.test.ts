import { expect, test } from 'vitest';
import { IDEMPOTENCY_KEY_TTL_MS } from '@franchise-ai/shared/idempotency';
import { housekeepingStep } from './housekeeping-step.ts';
import { READ_ABANDONED_MS } from './read-slots-step.ts';

test('housekeeping: keys after 24 h, hits after their longest window, readings after READ_ABANDONED_MS', () => {
  const now = Date.parse('2026-11-26T10:00:00.000Z');
  const at = (ms: number) => new Date(now - ms).toISOString();
  expect(housekeepingStep({}, now)).toEqual({ keysBefore: at(IDEMPOTENCY_KEY_TTL_MS), hitsBefore: at(60_000), readingsBefore: at(READ_ABANDONED_MS) });
  expect(housekeepingStep({ RATE_LIMIT_ASSISTANT: '5/600' }, now).hitsBefore).toBe(at(600_000));
  // A malformed limit: a day of hits is kept rather than none.
  expect(housekeepingStep({ RATE_LIMIT_DEMO_FORM: 'lots' }, now).hitsBefore).toBe(at(IDEMPOTENCY_KEY_TTL_MS));
});
