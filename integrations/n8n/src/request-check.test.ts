import { describe, expect, it } from 'vitest';
import { CALL_REASONS, callPolicyFromEnv, consentFor } from '@franchise-ai/shared/call-policy';
import { LEAD_REASONS } from '@franchise-ai/shared/lead-rules';
import { BODY_REFUSALS, MAX_BODY_BYTES, validateBody } from '@franchise-ai/shared/request-body';
import { checkRequest, checkStep, type CheckOutput, type WorkflowEnv } from './request-check.ts';

const JSON_HEADERS = { 'content-type': 'application/json' };
const policy = callPolicyFromEnv({});
/** The words a host with the default settings issues: the one text it accepts. */
const consent = { given: true, text: consentFor(policy, 'en').text };
const lead = {
  name: 'Jane Doe',
  company: 'Acme Burgers',
  email: 'jane@acme.example',
  website: 'https://acme.example',
  businessType: 'franchisor',
  phoneNumber: '+1 201 555 0123',
  consent,
};
const NOW = Date.parse('2026-11-23T12:00:00Z');

describe('checkRequest', () => {
  it('accepts what the stand-in accepts, normalised the same way', () => {
    const body = { ...lead, phoneNumber: '+33 06 12 34 56 78' };
    const checked = checkRequest('trigger_ai_demo_call', { headers: JSON_HEADERS, body }, {}, policy);
    const standIn = validateBody('trigger_ai_demo_call', body, policy);
    expect(checked).toEqual({ ok: true, lead: standIn.ok && standIn.lead, client: 'unknown' });
    expect(checked.ok && checked.lead).toMatchObject({ phoneNumber: '+33612345678', consentText: consent.text });
  });

  it.each([
    ['an origin outside CORS_ORIGINS', { ...JSON_HEADERS, origin: 'https://evil.example' }, lead, 403, /Origin https:\/\/evil\.example may not call/],
    ['text/plain, which needs no preflight', { 'content-type': 'text/plain' }, JSON.stringify(lead), 415, /Content-Type: application\/json/],
    ['no content type', {}, lead, 415, /Content-Type: application\/json/],
    ['a bad phone number', JSON_HEADERS, { ...lead, phoneNumber: 'abc' }, 400, /missing or invalid/],
  ])('refuses %s', (_, headers, body, status, error) => {
    const checked = checkRequest('trigger_ai_demo_call', { headers, body }, { CORS_ORIGINS: 'https://partner.example' }, policy);
    expect(checked).toMatchObject({ ok: false, status, body: { error: expect.stringMatching(error) } });
  });

  // n8n has read the body before the first node; the stand-in's 413 keeps it from going any further.
  describe("bodies over the stand-in's 16 KB: 413 with its words", () => {
    const form = { name: 'Jane Doe', company: 'Acme Burgers', email: 'jane@acme.example', businessType: 'franchisor' };
    /** The form, padded to `bytes` of compact JSON with `char` (its UTF-8 size in bytes: `width`). */
    const paddedTo = (bytes: number, char = 'p', width = 1) => {
      const bare = JSON.stringify({ ...form, padding: '' }).length;
      return { ...form, padding: char.repeat((bytes - bare) / width) };
    };
    const check = (headers: Record<string, string>, body: unknown, env: WorkflowEnv = {}) =>
      checkRequest('demo_form', { headers: { ...JSON_HEADERS, ...headers }, body }, env, policy);
    const tooLarge = { ok: false, status: 413, body: { error: BODY_REFUSALS.tooLarge.error } };

    it.each<[string, Record<string, string>, unknown]>([
      ['a Content-Length one byte over', { 'content-length': String(MAX_BODY_BYTES + 1) }, form],
      ['a chunked body (no Content-Length) one byte over', {}, paddedTo(MAX_BODY_BYTES + 1)],
      ['a gzipped body whose Content-Length is small', { 'content-length': '400', 'content-encoding': 'gzip' }, paddedTo(MAX_BODY_BYTES + 1)],
      ['a chunked body of 2-byte characters, over in UTF-8 though not in characters', {}, paddedTo(MAX_BODY_BYTES + 2, 'é', 2)],
    ])('refuses %s', (_, headers, body) => {
      expect(check(headers, body)).toEqual(tooLarge);
    });

    it('draws the line at 16 KB exactly, after the origin and the type, as the stand-in does', () => {
      const over = { 'content-length': String(MAX_BODY_BYTES + 1) };
      expect([check({ 'content-length': String(MAX_BODY_BYTES) }, form).ok, check({}, paddedTo(MAX_BODY_BYTES)).ok, check(over, form)]).toEqual([
        true,
        true,
        tooLarge,
      ]);
      expect(check({ ...over, origin: 'https://evil.example' }, form, { CORS_ORIGINS: 'https://partner.example' })).toMatchObject({ status: 403 });
      expect(check({ ...over, 'content-type': 'text/plain' }, JSON.stringify(form))).toMatchObject({ status: 415 });
    });
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['no consent', { ...lead, consent: undefined }, { consent: CALL_REASONS.consentRequired }],
    ['a number of a country not called', { ...lead, phoneNumber: '+44 20 7946 0018' }, { phoneNumber: CALL_REASONS.phoneNotServed(policy.countries) }],
    ['a number no line has', { ...lead, phoneNumber: '+1 555 123 4567' }, { phoneNumber: CALL_REASONS.phoneInvalid }],
    [
      'a bad email and a bad number',
      { ...lead, email: 'jane@example', phoneNumber: 'abc' },
      { email: expect.any(String), phoneNumber: CALL_REASONS.phoneInvalid },
    ],
  ])("a call request with %s: 400 with the stand-in's reason for each field", (_, body, fields) => {
    const checked = checkRequest('trigger_ai_demo_call', { headers: JSON_HEADERS, body }, {}, policy);
    const standIn = validateBody('trigger_ai_demo_call', body, policy);
    expect(checked).toEqual({
      ok: false,
      status: 400,
      body: { error: 'Some fields are missing or invalid.', fields: !standIn.ok && standIn.fields, codes: !standIn.ok && standIn.codes },
    });
    expect(!checked.ok && checked.body.fields).toEqual(fields);
  });

  it.each(['ftp://files.example', 'https://ftp://files.example'])('refuses the website %s with the reason the widget shows', (website) => {
    const checked = checkRequest('demo_form', { headers: JSON_HEADERS, body: { ...lead, website } }, {}, policy);
    expect(checked).toMatchObject({ ok: false, status: 400, body: { fields: { website: LEAD_REASONS.websiteScheme } } });
  });

  it('allows a listed origin, and local origins when CORS_ORIGINS is unset', () => {
    expect(
      checkRequest(
        'demo_form',
        { headers: { ...JSON_HEADERS, origin: 'https://partner.example' }, body: lead },
        { CORS_ORIGINS: 'https://partner.example' },
        policy,
      ).ok,
    ).toBe(true);
    expect(checkRequest('demo_form', { headers: { ...JSON_HEADERS, origin: 'http://127.0.0.1:5173' }, body: lead }, {}, policy).ok).toBe(true);
  });

  // n8n's Webhook node has no socket address: without a trusted proxy, every visitor is one client.
  it.each<[string, Record<string, string>, WorkflowEnv, string]>([
    ['no proxy header', {}, {}, 'unknown'],
    ['a made-up X-Forwarded-For, TRUST_PROXY unset', { 'x-forwarded-for': '203.0.113.9' }, {}, 'unknown'],
    ['a made-up X-Real-IP, TRUST_PROXY=0', { 'x-real-ip': '203.0.113.9' }, { TRUST_PROXY: '0' }, 'unknown'],
    ['TRUST_PROXY=1: the entry the proxy appended', { 'x-forwarded-for': '198.51.100.1, 203.0.113.9' }, { TRUST_PROXY: '1' }, '203.0.113.9'],
    ['TRUST_PROXY=1 and X-Real-IP', { 'x-real-ip': '203.0.113.7' }, { TRUST_PROXY: '1' }, '203.0.113.7'],
    ['TRUST_PROXY=1 but no proxy header', {}, { TRUST_PROXY: '1' }, 'unknown'],
  ])('the client, %s: %s', (_, headers, env, client) => {
    expect(checkRequest('demo_form', { headers: { ...JSON_HEADERS, ...headers }, body: lead }, env, policy)).toMatchObject({ ok: true, client });
  });
});

describe('checkStep', () => {
  const accepted = (env: WorkflowEnv, headers: Record<string, string> = {}) => {
    const output = checkStep('trigger_ai_demo_call', 'franchise-ai', { headers: { ...JSON_HEADERS, ...headers }, body: lead }, env, NOW);
    if (!output.ok) throw new Error(JSON.stringify(output));
    return output as CheckOutput;
  };

  it('a call request: the lead row, and the claim that keeps the consent, time, address and number', () => {
    const output = accepted({ TRUST_PROXY: '1' }, { 'x-forwarded-for': '203.0.113.9' });
    expect(output.row).toMatchObject({
      receivedAt: '2026-11-23T12:00:00.000Z',
      endpoint: 'trigger_ai_demo_call',
      phoneNumber: '+12015550123',
      client: '203.0.113.9',
    });
    expect(output.call).toEqual({
      receivedAt: '2026-11-23T12:00:00.000Z',
      product: 'franchise-ai',
      name: 'Jane Doe',
      email: 'jane@acme.example',
      phoneNumber: '+12015550123',
      client: '203.0.113.9',
      consentText: consent.text,
      outcome: 'call-pending',
      callId: '',
      error: '',
    });
    expect(output.terms).toEqual({
      recorded: false,
      countries: ['US', 'FR'],
      from: 'Franchise AI',
      followUp: { mail: false, bookingUrl: null, contact: { email: null, phone: null } },
      consent: consentFor(policy, 'en'),
    });
  });

  it('looks back as far as the longest call limit: the day, or 10 minutes when only the client is limited', () => {
    expect(accepted({}).since).toBe('2026-11-22T12:00:00.000Z');
    expect(accepted({ RATE_LIMIT_CALL_PHONE: 'off', MAX_CALLS_PER_DAY: 'off' }).since).toBe('2026-11-23T11:50:00.000Z');
  });

  it('a French call request: the lead row says fr, the claim keeps the French consent as sent', () => {
    const text = consentFor(policy, 'fr').text;
    const body = { ...lead, language: 'fr', phoneNumber: '+33 6 12 34 56 78', consent: { given: true, text } };
    const output = checkStep('trigger_ai_demo_call', 'franchise-ai', { headers: JSON_HEADERS, body }, {}, NOW);
    expect(output).toMatchObject({ ok: true, lead: { language: 'fr' }, row: { language: 'fr' }, call: { consentText: text } });
    // An English lead's row has no language column: a table made earlier still takes it.
    const english = checkStep('demo_form', 'franchise-ai', { headers: JSON_HEADERS, body: { ...lead, language: 'en' } }, {}, NOW);
    expect(english).toMatchObject({ ok: true, lead: { language: 'en' } });
    expect(english.ok && english.row).not.toHaveProperty('language');
  });

  it('demo_form has no call row', () => {
    expect(checkStep('demo_form', 'franchise-ai', { headers: JSON_HEADERS, body: lead }, {}, NOW)).toMatchObject({ ok: true, call: null });
  });

  it('a consent text other than the one issued: 400 consentNotIssued, and no claim to store', () => {
    const body = { ...lead, consent: { given: true, text: 'x' } };
    expect(checkStep('trigger_ai_demo_call', 'franchise-ai', { headers: JSON_HEADERS, body }, {}, NOW)).toEqual({
      ok: false,
      status: 400,
      body: { error: BODY_REFUSALS.invalid.error, fields: { consent: CALL_REASONS.consentNotIssued }, codes: { consent: 'consentNotIssued' } },
    });
    // The words of a host that records: not the words this one issued.
    const recorded = { ...lead, consent: { given: true, text: consentFor(callPolicyFromEnv({ RECORD_CALLS: '1' }), 'en').text } };
    expect(checkStep('trigger_ai_demo_call', 'franchise-ai', { headers: JSON_HEADERS, body: recorded }, {}, NOW)).toMatchObject({ ok: false, status: 400 });
    expect(checkStep('trigger_ai_demo_call', 'franchise-ai', { headers: JSON_HEADERS, body: recorded }, { RECORD_CALLS: '1' }, NOW)).toMatchObject({
      ok: true,
    });
  });

  it.each([
    [{ CALL_COUNTRIES: 'US,XX' }, /^The webhook host is misconfigured: CALL_COUNTRIES: XX is not a country code/],
    [{ CALL_NETWORK_SHARE: 'most' }, /CALL_NETWORK_SHARE must be a whole per cent/],
    [{ PRIVACY_POLICY_URL: '/privacy' }, /PRIVACY_POLICY_URL must be an absolute http\(s\) address/],
    [{ MAX_CALLS_PER_DAY: 'lots' }, /MAX_CALLS_PER_DAY must be a whole number/],
    [{ RECORD_CALLS: 'yes' }, /RECORD_CALLS must be 1 \(on\) or 0 \(off\)/],
    [{ RATE_LIMIT_CALL_PHONE: '3 a day' }, /Rate limit "3 a day"/],
    [{ CONTACT_EMAIL: 'team' }, /CONTACT_EMAIL must be an email address/],
    [{ CONTACT_PHONE: '555-0123' }, /CONTACT_PHONE must be an international number/],
  ])('a malformed setting %j: 500 naming it, on every endpoint', (env, error) => {
    for (const endpoint of ['demo_form', 'website_demo_call', 'trigger_ai_demo_call'] as const) {
      expect(checkStep(endpoint, 'franchise-ai', { headers: JSON_HEADERS, body: lead }, env, NOW)).toEqual({
        ok: false,
        status: 500,
        body: { error: expect.stringMatching(error) },
      });
    }
  });
});
