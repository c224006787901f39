import { LIMIT_MESSAGES } from '@franchise-ai/shared/rate-limits';
import { describe, expect, it } from 'vitest';
import { copy } from '../copy.ts';
import { callRefusal, type CallRefusal } from './call-refusal.ts';
import { WebhookError } from './webhook-client.ts';

const answered = (status: number, options: { fields?: Record<string, string>; hostError?: string } = {}) =>
  new WebhookError('status', `The webhook host answered ${status}.`, status, options);
const REASONS = { phoneNumber: 'This demo calls numbers in United States (+1) only.', consent: 'Tick the box to agree to this AI demo call.' };

describe('callRefusal: what the visitor can act on stays in the dialog; the rest is only logged', () => {
  it.each<[string, unknown, CallRefusal | null]>([
    [
      "a 400's fields, beside their controls",
      answered(400, { fields: REASONS, hostError: 'Some fields are missing or invalid.' }),
      { fields: REASONS, alert: null },
    ],
    [
      'a 400 with words and no fields: the words',
      answered(400, { hostError: 'The body is not valid JSON.' }),
      { fields: {}, alert: 'The body is not valid JSON.' },
    ],
    ["the daily ceiling's 429: the host's words", answered(429, { hostError: LIMIT_MESSAGES.callsPerDay }), { fields: {}, alert: LIMIT_MESSAGES.callsPerDay }],
    ['a number called too often', answered(429, { hostError: LIMIT_MESSAGES.phoneNumber }), { fields: {}, alert: LIMIT_MESSAGES.phoneNumber }],
    ['a 429 without words: ours', answered(429), { fields: {}, alert: copy.phoneTooManyRequests }],
    // Spec section 8: a failure is only logged, and the visitor moves on.
    ['a 400 with nothing to show', answered(400), null],
    ['a 403 (origin refused)', answered(403, { hostError: 'Origin not allowed.' }), null],
    ['a 409', answered(409, { hostError: 'A request with this key is still being processed.' }), null],
    ['a 422 with fields', answered(422, { fields: REASONS }), null],
    ['a 502', answered(502, { hostError: 'The call could not be placed.' }), null],
    ['a 503', answered(503), null],
    ['no answer at all', new WebhookError('network', 'The webhook host could not be reached (2 tries).'), null],
    ['a timeout', new WebhookError('timeout', 'No answer within 20 s.'), null],
    ['a redirect', new WebhookError('redirect', 'redirect', 307), null],
    ['not a WebhookError', new Error('boom'), null],
  ])('%s', (_label, error, expected) => {
    expect(callRefusal(error, copy.phoneTooManyRequests)).toEqual(expected);
  });
});
