import type { DemoRequest } from '@franchise-ai/shared/lead-rules';
import { describe, expect, it } from 'vitest';
import type { DemoFormState } from './validation.ts';
import { isBlank, normalizeWebsite, submitState, toDemoRequest, toPhoneCallRequest, type SubmitState } from './validation.ts';

const filledForm: DemoFormState = { name: 'Jane Smith', company: 'Acme Franchise', email: 'jane@acme.com', website: 'acme.com', businessType: 'franchisor' };
const form = (overrides: Partial<DemoFormState> = {}): DemoFormState => ({ ...filledForm, ...overrides });

it.each<[string | undefined, boolean]>([
  [undefined, true],
  ['', true],
  [' ', true],
  ['\t\n  ', true],
  ['\u200b\u200d\ufeff', true], // zero-width characters alone: the hosts would answer 'Name is required.'
  ['\u3164', true],
  ['a', false],
  ['\u200bé', false],
  ['  a  ', false],
])('isBlank(%j) is %s', (value, expected) => {
  expect(isBlank(value)).toBe(expected);
});

it.each<[string, string | undefined, string | undefined]>([
  ['undefined', undefined, undefined],
  ['empty', '', undefined],
  ['whitespace only', '   ', undefined],
  ['bare domain', 'acme.com', 'https://acme.com'],
  ['www domain', 'www.yourfranchise.com', 'https://www.yourfranchise.com'],
  ['domain with path', 'acme.com/locations/paris?x=1', 'https://acme.com/locations/paris?x=1'],
  ['surrounding spaces on bare domain', '  acme.com  ', 'https://acme.com'],
  ['surrounding spaces on https url', '  https://acme.com/a  ', 'https://acme.com/a'],
  ['http kept as is', 'http://acme.com', 'http://acme.com'],
  ['upper-case HTTP kept', 'HTTP://ACME.COM', 'HTTP://ACME.COM'],
  ['mixed-case hTtPs kept', 'hTtPs://acme.com', 'hTtPs://acme.com'],
  ['scheme-like text inside the path is not a scheme', 'acme.com/http://x', 'https://acme.com/http://x'],
  ['a host and a port get https:// too', 'acme.com:8080/menu', 'https://acme.com:8080/menu'],
  // Another scheme is left as typed, for the lead rules to refuse with their reason: never https://ftp://….
  ['ftp is left as typed', 'ftp://files.example', 'ftp://files.example'],
  ['mailto is left as typed', ' mailto:x@y.z ', 'mailto:x@y.z'],
  ['javascript is left as typed', 'javascript:alert(1)', 'javascript:alert(1)'],
  ['http without slashes is left as typed', 'http:acme.com', 'http:acme.com'],
])('normalizeWebsite, %s: %j -> %j', (_label, input, expected) => {
  expect(normalizeWebsite(input)).toBe(expected);
});

it.each<[string, DemoFormState, boolean, SubmitState]>([
  ['all filled, not sending', form(), false, 'ready'],
  ['website empty is still ready', form({ website: '' }), false, 'ready'],
  ['franchisee all filled', form({ businessType: 'franchisee' }), false, 'ready'],
  ['sending with everything filled', form(), true, 'sending'],
  ['sending wins over a missing name', form({ name: '' }), true, 'sending'],
  ['sending wins over every field missing', form({ name: '', company: '', email: '' }), true, 'sending'],
  ['missing name', form({ name: '' }), false, 'missing-name'],
  ['whitespace-only name', form({ name: '   ' }), false, 'missing-name'],
  ['missing company', form({ company: '' }), false, 'missing-company'],
  ['whitespace-only company', form({ company: '\t ' }), false, 'missing-company'],
  ['missing email', form({ email: '' }), false, 'missing-email'],
  ['whitespace-only email', form({ email: ' \n' }), false, 'missing-email'],
  ['name before company and email', form({ name: '', company: '', email: '' }), false, 'missing-name'],
  ['name before email', form({ name: ' ', email: ' ' }), false, 'missing-name'],
  ['company before email', form({ company: '', email: '' }), false, 'missing-company'],
])('submitState, %s -> %s', (_label, state, sending, expected) => {
  expect(submitState(state, sending)).toBe(expected);
});

describe('toPhoneCallRequest', () => {
  // Frozen: a call request that changed the demo request it extends would throw.
  const request: DemoRequest = Object.freeze({ ...filledForm, website: 'https://acme.com', businessType: 'franchisee' });
  const CONSENT = 'An AI voice agent from Franchise AI will call this number once, for this demo.\nI agree to receive this AI demo call';
  const consent = { given: true, text: CONSENT };
  it('keeps every field of the demo request, trims the number and carries the consent with the exact words', () => {
    expect(toPhoneCallRequest(request, ' \t+12015550123\n', CONSENT)).toStrictEqual({ ...request, phoneNumber: '+12015550123', consent });
  });
  it.each(['', '   '])('a website %j: the demo request leaves its key out, and the call request adds none', (website) => {
    const withoutWebsite = toDemoRequest(form({ website }));
    const sent = { name: 'Jane Smith', company: 'Acme Franchise', email: 'jane@acme.com', businessType: 'franchisor' };
    expect(withoutWebsite).toStrictEqual(sent);
    expect(toPhoneCallRequest(withoutWebsite, '+12015550123', CONSENT)).toStrictEqual({ ...sent, phoneNumber: '+12015550123', consent });
  });
});
