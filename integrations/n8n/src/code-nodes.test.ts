import { describe, expect, it } from 'vitest';
import { LEAD_REASONS, type PhoneCallRequest } from '@franchise-ai/shared/lead-rules';
import { rateLimitsFromEnv } from '@franchise-ai/shared/rate-limits';
import { validateBody } from '@franchise-ai/shared/request-body';
import { checkCallLimits, checkRequest, clientOf, type CallRow } from './code-nodes.ts';

const JSON_HEADERS = { 'content-type': 'application/json' };
const lead: PhoneCallRequest = { name: 'Jane Doe', company: 'Acme Burgers', email: 'jane@acme.example', website: 'https://acme.example', businessType: 'franchisor', phoneNumber: '+15551234567' };

describe('checkRequest', () => {
  it('accepts what the stand-in accepts, normalised the same way', () => {
    const checked = checkRequest('trigger_ai_demo_call', { headers: JSON_HEADERS, body: { ...lead, phoneNumber: '+1 (555) 123-4567' } }, {});
    const standIn = validateBody('trigger_ai_demo_call', { ...lead, phoneNumber: '+1 (555) 123-4567' });
    expect(checked).toEqual({ ok: true, lead: standIn.ok && standIn.lead, client: 'unknown' });
  });

  it.each([
    ['an origin outside CORS_ORIGINS', { ...JSON_HEADERS, origin: 'https://evil.example' }, lead, 403, /Origin https:\/\/evil\.example may not call/],
    ['text/plain, which needs no preflight', { 'content-type': 'text/plain' }, JSON.stringify(lead), 415, /Content-Type: application\/json/],
    ['no content type', {}, lead, 415, /Content-Type: application\/json/],
    ['a bad phone number', JSON_HEADERS, { ...lead, phoneNumber: 'abc' }, 400, /missing or invalid/],
  ])('refuses %s', (_, headers, body, status, error) => {
    const checked = checkRequest('trigger_ai_demo_call', { headers, body }, { CORS_ORIGINS: 'https://partner.example' });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.status).toBe(status);
    expect(checked.body.error).toMatch(error);
  });

  it("answers the stand-in's reason for each field", () => {
    const body = { ...lead, email: 'jane@example', phoneNumber: 'abc' };
    const checked = checkRequest('trigger_ai_demo_call', { headers: JSON_HEADERS, body }, {});
    const standIn = validateBody('trigger_ai_demo_call', body);
    expect(checked).toMatchObject({ ok: false, status: 400, body: { fields: !standIn.ok && standIn.fields } });
    expect(Object.keys(!checked.ok && checked.body.fields ? checked.body.fields : {})).toEqual(expect.arrayContaining(['email', 'phoneNumber']));
  });

  it.each(['ftp://files.example', 'https://ftp://files.example'])('refuses the website %s with the reason the widget shows', (website) => {
    const checked = checkRequest('demo_form', { headers: JSON_HEADERS, body: { ...lead, website } }, {});
    expect(checked).toMatchObject({ ok: false, status: 400, body: { fields: { website: LEAD_REASONS.websiteScheme } } });
  });

  it('allows a listed origin, and local origins when CORS_ORIGINS is unset', () => {
    expect(checkRequest('demo_form', { headers: { ...JSON_HEADERS, origin: 'https://partner.example' }, body: lead }, { CORS_ORIGINS: 'https://partner.example' }).ok).toBe(true);
    expect(checkRequest('demo_form', { headers: { ...JSON_HEADERS, origin: 'http://127.0.0.1:5173' }, body: lead }, {}).ok).toBe(true);
  });
});

describe('clientOf', () => {
  it.each([
    [{}, 'unknown'],
    [{ 'x-forwarded-for': '203.0.113.9' }, '203.0.113.9'],
    [{ 'x-forwarded-for': '198.51.100.1, 203.0.113.9' }, '203.0.113.9'],
    [{ 'x-real-ip': '203.0.113.7' }, '203.0.113.7'],
  ])('%j -> %s', (headers, client) => expect(clientOf(headers)).toBe(client));
});

describe('checkCallLimits (defaults: 5 per client in 10 min, 3 per number in a day)', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  const limits = rateLimitsFromEnv({});
  const accepted = validateBody('trigger_ai_demo_call', lead);
  if (!accepted.ok) throw new Error('the example lead must be valid');
  const row = (minutesAgo: number, overrides: Partial<CallRow> = {}): CallRow => ({
    phoneNumber: '+15559990000',
    client: 'other',
    receivedAt: new Date(now - minutesAgo * 60_000).toISOString(),
    ...overrides,
  });
  const number = { phoneNumber: accepted.lead.phoneNumber! };

  it.each([
    ['nothing recorded', [], 'ok'],
    ['two calls to the number today', [row(60, number), row(600, number)], 'ok'],
    ['three calls to the number today', [row(60, number), row(600, number), row(1200, number)], 'phoneNumber'],
    ['three calls to the number, one yesterday', [row(60, number), row(600, number), row(1500, number)], 'ok'],
    ['five calls from the client in 10 minutes', [1, 2, 3, 4, 5].map((m) => row(m, { client: 'c1' })), 'client'],
    ['five calls from the client, one 11 minutes ago', [1, 2, 3, 4, 11].map((m) => row(m, { client: 'c1' })), 'ok'],
  ])('%s -> %s', (_, rows, expected) => {
    const decision = checkCallLimits(rows, accepted.lead, 'c1', limits, now);
    if (expected === 'ok') return void expect(decision).toEqual({ ok: true });
    expect(decision).toMatchObject({ ok: false, status: 429 });
    expect(!decision.ok && decision.body.error).toMatch(expected === 'client' ? /your address/ : /number has been called/);
    expect(!decision.ok && decision.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('RATE_LIMIT=off lets every call through', () => {
    expect(checkCallLimits([1, 2, 3, 4, 5].map((m) => row(m, { client: 'c1', ...number })), accepted.lead, 'c1', rateLimitsFromEnv({ RATE_LIMIT: 'off' }), now)).toEqual({ ok: true });
  });
});
