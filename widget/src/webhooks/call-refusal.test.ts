import { CALL_REASONS } from '@franchise-ai/shared/call-policy';
import { LIMIT_MESSAGES } from '@franchise-ai/shared/rate-limits';
import { describe, expect, it } from 'vitest';
import { copy } from '../copy/copy.ts';
import { ENGLISH, type Texts } from '../copy/copy-context.ts';
import { frenchCopy } from '../copy/french-copy.ts';
import { callRefusal, type CallRefusal } from './call-refusal.ts';
import { WebhookError } from './webhook-client.ts';

const FRENCH: Texts = { language: 'fr', copy: frenchCopy };
const answered = (status: number, options: { fields?: Record<string, string>; hostError?: string; code?: string; codes?: Record<string, string> } = {}) =>
  new WebhookError('status', `The webhook host answered ${status}.`, status, options);
/** A refusal shown in the dialog's alert, no field marked. */
const alert = (text: string): CallRefusal => ({ fields: {}, alert: text });
/** A refusal shown beside the dialog's controls. */
const inDialog = (fields: Record<string, string>): CallRefusal => ({ fields, alert: null });
const fr = frenchCopy;
const CODES = { phoneNumber: 'phoneNotServed', consent: 'consentRequired' };
const FRENCH_BY_CODE = { phoneNumber: fr.callPhoneNotServed, consent: fr.callConsentRequired };
const NOT_ISSUED = { consent: 'Not the words issued.' };
const NOT_ISSUED_CODE = { consent: 'consentNotIssued' };
const REASONS = { phoneNumber: 'This demo calls numbers in United States (+1) only.', consent: 'Check the box to agree to this AI demo call.' };

describe('callRefusal: what the visitor can act on stays in the dialog; the rest is only logged', () => {
  it.each<[string, unknown, CallRefusal | null]>([
    ["a 400's fields, beside their controls", answered(400, { fields: REASONS, hostError: 'Some fields are missing or invalid.' }), inDialog(REASONS)],
    // In English a code with words shows the host's words: they may name its countries.
    ['fields with their codes: the words', answered(400, { fields: REASONS, codes: CODES }), inDialog(REASONS)],
    ['a 400 with words and no fields: the words', answered(400, { hostError: 'The body is not valid JSON.' }), alert('The body is not valid JSON.')],
    ["the daily ceiling's 429: the host's words", answered(429, { hostError: LIMIT_MESSAGES.callsPerDay }), alert(LIMIT_MESSAGES.callsPerDay)],
    ['a number called too often', answered(429, { hostError: LIMIT_MESSAGES.phoneNumber }), alert(LIMIT_MESSAGES.phoneNumber)],
    ['a 429 without words: ours', answered(429), alert(copy.phoneTooManyRequests)],
    ['a 429 with only its code: the code’s words', answered(429, { code: 'phoneNumber' }), alert(copy.limitPhoneNumber)],
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
    expect(callRefusal(error, ENGLISH)).toEqual(expected);
  });
});

describe('callRefusal in French: the code decides the words, never the host’s English', () => {
  it.each<[string, unknown, CallRefusal]>([
    ['the per-number limit', answered(429, { hostError: LIMIT_MESSAGES.phoneNumber, code: 'phoneNumber' }), alert(frenchCopy.limitPhoneNumber)],
    ['the daily ceiling', answered(429, { hostError: LIMIT_MESSAGES.callsPerDay, code: 'callsPerDay' }), alert(frenchCopy.limitCallsPerDay)],
    ['a client’s limit', answered(429, { hostError: LIMIT_MESSAGES.client, code: 'client' }), alert(frenchCopy.limitClient)],
    ['a network’s share', answered(429, { hostError: 'Your network took its share.', code: 'networkShare' }), alert(frenchCopy.limitNetworkShare)],
    ['a limit the widget does not know', answered(429, { hostError: 'Slow down.', code: 'perMoon' }), alert(frenchCopy.phoneTooManyRequests)],
    ['a limit with no code (an older host)', answered(429, { hostError: LIMIT_MESSAGES.phoneNumber }), alert(frenchCopy.phoneTooManyRequests)],
    // An inherited name is no code: "constructor" must not reach Object's own.
    ['a code named like a property of every object', answered(429, { hostError: 'x', code: 'constructor' }), alert(frenchCopy.phoneTooManyRequests)],
    ["a 400's fields by their codes", answered(400, { fields: REASONS, codes: CODES }), inDialog(FRENCH_BY_CODE)],
    ['consent text other than the one issued', answered(400, { fields: NOT_ISSUED, codes: NOT_ISSUED_CODE }), inDialog({ consent: fr.callConsentNotIssued })],
    [
      'a field without a code, or with an unknown one: the generic French refusal',
      answered(400, { fields: { phoneNumber: CALL_REASONS.phonePremium, extra: 'Not today.' }, codes: { extra: 'hostRule' } }),
      { fields: { phoneNumber: frenchCopy.refusedGeneric, extra: frenchCopy.refusedGeneric }, alert: null },
    ],
    ['a 400 with only words', answered(400, { hostError: 'The body is not valid JSON.' }), alert(frenchCopy.refusedGeneric)],
  ])('%s', (_label, error, expected) => {
    expect(callRefusal(error, FRENCH)).toEqual(expected);
  });
});
