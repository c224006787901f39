import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { CALL_REASONS, DEFAULT_CALL_COUNTRIES } from '@franchise-ai/shared/call-policy';
import { checkLead, LEAD_REASONS } from '@franchise-ai/shared/lead-rules';
import { fetchLeads } from '@franchise-ai/test-support/leads';
import { useHost } from '@franchise-ai/test-support/webhook-host';
import { MAX_BODY_BYTES } from '../src/http.ts';
import { jsonOf, postJson, rowCount, validCall, validLead } from './helpers.ts';

// What the host refuses, and why, as a real host process answers it. The lead rules themselves
// (lengths, emails, websites, invisible characters) are a table in shared/src/lead-rules.test.ts:
// here one wiring row shows the host answers their verdict and reasons, and one that it stores what
// they let through whole.
const host = useHost({ env: { RATE_LIMIT: 'off' } });

describe('the host and the widget judge a lead alike (shared lead-rules.ts)', () => {
  it("refuses with the rules' own reasons, worded as the widget shows them, storing nothing", async () => {
    const body = validLead({ name: '\u200b\u3164', company: 'c'.repeat(201), email: 'jane@example', website: 'https://ftp://files.example' });
    const before = rowCount(host.databasePath);
    const response = await postJson(`${host.webhookBase}/demo_form`, body);
    expect(response.status).toBe(400);
    const fields = (await jsonOf(response))['fields'];
    expect(fields).toStrictEqual({
      name: LEAD_REASONS.nameRequired,
      company: LEAD_REASONS.companyTooLong,
      email: LEAD_REASONS.emailInvalid,
      website: LEAD_REASONS.websiteScheme,
    });
    const check = checkLead(body);
    expect(check.ok ? null : check.fields).toStrictEqual(fields);
    expect(rowCount(host.databasePath)).toBe(before);
  });

  it('stores a 120-emoji name (120 characters, 240 UTF-16 units) whole', async () => {
    const name = '😀'.repeat(120);
    const response = await postJson(`${host.webhookBase}/demo_form`, validLead({ name }));
    expect(response.status).toBe(200);
    const leads = await fetchLeads(host, 1);
    expect(leads[0]?.name).toBe(name);
  });
});

/** Sends the request and checks the shape every refusal shares; returns the parsed body. */
async function expectRefused(request: () => Promise<Response>, status: number): Promise<Record<string, unknown>> {
  const before = rowCount(host.databasePath);
  const response = await request();
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = await jsonOf(response);
  expect(typeof body['error']).toBe('string');
  expect((body['error'] as string).length).toBeGreaterThan(0);
  expect(body['requestId']).toBe(response.headers.get('x-request-id'));
  expect(rowCount(host.databasePath)).toBe(before);
  return body;
}

const without = (key: string, body: Record<string, unknown>): Record<string, unknown> => {
  const copy = { ...body };
  delete copy[key];
  return copy;
};

const ENDPOINTS = ['demo_form', 'website_demo_call', 'trigger_ai_demo_call'] as const;

describe('400 for invalid fields, one message per field, nothing stored', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['missing name', without('name', validLead()), 'name'],
    ['blank name', validLead({ name: '   ' }), 'name'],
    ['empty name', validLead({ name: '' }), 'name'],
    ['null name', validLead({ name: null }), 'name'],
    ['numeric name', validLead({ name: 42 }), 'name'],
    ['name over 200 characters', validLead({ name: 'n'.repeat(201) }), 'name'],
    ['missing company', without('company', validLead()), 'company'],
    ['blank company', validLead({ company: ' \t ' }), 'company'],
    ['missing email', without('email', validLead()), 'email'],
    ['blank email', validLead({ email: '  ' }), 'email'],
    ['email without @', validLead({ email: 'ada.example.com' }), 'email'],
    ['email without a dot in the domain', validLead({ email: 'ada@example' }), 'email'],
    ['email with a space', validLead({ email: 'ada lovelace@example.com' }), 'email'],
    ['email with two @', validLead({ email: 'ada@@example.com' }), 'email'],
    ['unknown businessType', validLead({ businessType: 'franchise' }), 'businessType'],
    ['businessType in capitals', validLead({ businessType: 'Franchisor' }), 'businessType'],
    ['numeric businessType', validLead({ businessType: 1 }), 'businessType'],
    ['ftp website', validLead({ website: 'ftp://x' }), 'website'],
    ['javascript: website', validLead({ website: 'javascript:alert(1)' }), 'website'],
    ['bare domain website', validLead({ website: 'example.com' }), 'website'],
    ['mailto website', validLead({ website: 'mailto:ada@example.com' }), 'website'],
    ['numeric website', validLead({ website: 12345 }), 'website'],
  ];

  it.each(cases)('demo_form: %s → fields.%s', async (_label, body, field) => {
    const answer = await expectRefused(() => postJson(`${host.webhookBase}/demo_form`, body), 400);
    const fields = answer['fields'] as Record<string, unknown>;
    expect(Object.keys(fields)).toEqual([field]);
    expect(fields[field]).toEqual(expect.any(String));
    expect((fields[field] as string).length).toBeGreaterThan(0);
  });

  it.each(ENDPOINTS)('%s validates the same fields', async (endpoint) => {
    const body = endpoint === 'trigger_ai_demo_call' ? validCall({ name: ' ', email: 'nope' }) : validLead({ name: ' ', email: 'nope' });
    const answer = await expectRefused(() => postJson(`${host.webhookBase}/${endpoint}`, body), 400);
    expect(Object.keys(answer['fields'] as object).sort()).toEqual(['email', 'name']);
  });

  it('reports every invalid field at once', async () => {
    const answer = await expectRefused(
      () => postJson(`${host.webhookBase}/trigger_ai_demo_call`, { website: 'ftp://x', businessType: 'owner', phoneNumber: '12345' }),
      400,
    );
    expect(Object.keys(answer['fields'] as object).sort()).toEqual(['businessType', 'company', 'consent', 'email', 'name', 'phoneNumber', 'website']);
  });

  const phones: Array<[string, unknown]> = [
    ['too short, no plus', '12345'],
    ['leading zero after +', '+0123456789'],
    ['letters', 'abc'],
    ['empty', ''],
    ['blank', '   '],
    ['number type', 15551234567],
    ['no plus', '15551234567'],
    ['too long', '+1234567890123456'],
    ['letters inside', '+1555CALLNOW'],
    // Numbers that only look like one: a French mobile typed the French way, a US area code no line has.
    ['national, no plus', '06 12 34 56 78'],
    ['no line has it', '+1 555 123 4567'],
  ];
  it.each(phones)('trigger_ai_demo_call: phone number %s (%j) → fields.phoneNumber', async (_label, phoneNumber) => {
    const answer = await expectRefused(() => postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall({ phoneNumber })), 400);
    const fields = answer['fields'] as Record<string, unknown>;
    expect(Object.keys(fields)).toEqual(['phoneNumber']);
    expect(fields['phoneNumber']).toEqual(expect.any(String));
  });

  it('trigger_ai_demo_call: missing phone number → fields.phoneNumber', async () => {
    const answer = await expectRefused(() => postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall({ phoneNumber: undefined })), 400);
    expect(Object.keys(answer['fields'] as object)).toEqual(['phoneNumber']);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    [
      'a country the host does not call (CALL_COUNTRIES: US, FR)',
      { phoneNumber: '+44 20 7946 0018' },
      'phoneNumber',
      CALL_REASONS.phoneNotServed(DEFAULT_CALL_COUNTRIES),
    ],
    ['a premium-rate number', { phoneNumber: '+1 900 555 0123' }, 'phoneNumber', CALL_REASONS.phonePremium],
    ['no consent', { consent: undefined }, 'consent', CALL_REASONS.consentRequired],
    ['consent not given', { consent: { given: false, text: 'I agree' } }, 'consent', CALL_REASONS.consentRequired],
    ['consent without its words', { consent: { given: true } }, 'consent', CALL_REASONS.consentMalformed],
  ])('trigger_ai_demo_call: %s → fields.%s with its reason', async (_label, overrides, field, reason) => {
    const answer = await expectRefused(() => postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall(overrides)), 400);
    expect(answer['fields']).toEqual({ [field]: reason });
  });
});

describe('400 for bodies that are not a JSON object', () => {
  const raw = (text: string) => () => fetch(`${host.webhookBase}/demo_form`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: text });

  it.each([
    ['truncated JSON', '{"name": "Ada"'],
    ['not JSON at all', 'name=Ada&company=x'],
    ['empty body', ''],
  ])('unparseable: %s', async (_label, text) => {
    const answer = await expectRefused(raw(text), 400);
    expect(answer['error']).toMatch(/JSON/);
  });

  it.each([
    ['an array', JSON.stringify([validLead()])],
    ['null', 'null'],
    ['a string', '"Ada Lovelace"'],
    ['a number', '42'],
  ])('valid JSON but %s → fields.body', async (_label, text) => {
    const answer = await expectRefused(raw(text), 400);
    expect(answer['fields']).toEqual({ body: expect.any(String) });
  });
});

describe('413 for bodies over 16 KB', () => {
  /** A valid lead padded with an ignored field to exactly `bytes` bytes of JSON. */
  const paddedTo = (bytes: number): string => {
    const empty = JSON.stringify(validLead({ padding: '' }));
    const text = JSON.stringify(validLead({ padding: 'p'.repeat(bytes - empty.length) }));
    expect(Buffer.byteLength(text)).toBe(bytes);
    return text;
  };

  it('accepts a body of exactly 16 KB', async () => {
    const before = rowCount(host.databasePath);
    const response = await fetch(`${host.webhookBase}/demo_form`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: paddedTo(MAX_BODY_BYTES),
    });
    expect(response.status).toBe(200);
    expect(rowCount(host.databasePath)).toBe(before + 1);
  });

  it('refuses a body one byte over 16 KB (Content-Length)', async () => {
    const answer = await expectRefused(
      () => fetch(`${host.webhookBase}/demo_form`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: paddedTo(MAX_BODY_BYTES + 1) }),
      413,
    );
    expect(answer['error']).toContain(String(MAX_BODY_BYTES));
  });

  it('refuses a large body', async () => {
    await expectRefused(() => postJson(`${host.webhookBase}/website_demo_call`, validLead({ name: 'x'.repeat(40_000) })), 413);
  });

  it('refuses a chunked body (no Content-Length) that grows over 16 KB', async () => {
    const bytes = new TextEncoder().encode(paddedTo(20_000));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 8_000));
        controller.enqueue(bytes.slice(8_000));
        controller.close();
      },
    });
    await expectRefused(
      () =>
        fetch(`${host.webhookBase}/demo_form`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: stream,
          duplex: 'half',
        } as RequestInit),
      413,
    );
  });
});

describe('415 for bodies that are not declared as JSON', () => {
  const body = JSON.stringify(validLead());
  it.each([
    ['text/plain', { 'Content-Type': 'text/plain' }],
    ['form encoded', { 'Content-Type': 'application/x-www-form-urlencoded' }],
    ['application/jsonp', { 'Content-Type': 'application/jsonp' }],
  ])('%s', async (_label, headers) => {
    const answer = await expectRefused(() => fetch(`${host.webhookBase}/demo_form`, { method: 'POST', headers, body }), 415);
    expect(answer['error']).toMatch(/application\/json/);
  });

  it('no Content-Type at all', async () => {
    // A byte body makes fetch send no Content-Type header.
    await expectRefused(() => fetch(`${host.webhookBase}/demo_form`, { method: 'POST', body: new TextEncoder().encode(body) }), 415);
  });

  it('accepts application/json with a charset parameter', async () => {
    const before = rowCount(host.databasePath);
    const response = await fetch(`${host.webhookBase}/demo_form`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body,
    });
    expect(response.status).toBe(200);
    expect(rowCount(host.databasePath)).toBe(before + 1);
  });
});

describe('404 for unknown paths', () => {
  it.each([
    '/webhook/acme/unknown',
    '/',
    '/webhook/acme',
    '/webhook/acme/',
    '/webhook/acme/demo_form/extra',
    '/webhook//demo_form',
    '/webhook/ac.me/demo_form',
    '/webhooks/acme/demo_form',
    '/webhook/acme/DEMO_FORM',
  ])('POST %s', async (path) => {
    const answer = await expectRefused(() => postJson(`${host.url}${path}`, validCall()), 404);
    expect(answer['error']).toMatch(/webhook/i);
  });
});

/** Sends a raw HTTP request line that fetch would refuse to send; resolves with the status and body. */
function rawPost(path: string): Promise<{ status: number; body: string }> {
  const body = JSON.stringify(validLead());
  return new Promise((resolve, reject) => {
    const socket = connect(host.port, '127.0.0.1', () => {
      socket.end(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    });
    let text = '';
    socket.on('data', (chunk) => (text += chunk));
    socket.on('end', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]), body: text.split('\r\n\r\n')[1] ?? '' }));
    socket.on('error', reject);
  });
}

describe('404 for request targets a URL parser chokes on', () => {
  it.each(['//[', 'http://[', '//webhook/acme/demo_form'])('POST %s', async (path) => {
    const before = rowCount(host.databasePath);
    const answer = await rawPost(path);
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body)).toMatchObject({ error: expect.stringContaining(`No webhook at ${path}.`) });
    expect(rowCount(host.databasePath)).toBe(before);
  });
});

describe('405 for other methods on a webhook path', () => {
  it.each(['GET', 'PUT', 'DELETE', 'PATCH'])('%s /webhook/acme/demo_form', async (method) => {
    const init: RequestInit = method === 'GET' ? { method } : { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(validLead()) };
    const before = rowCount(host.databasePath);
    const response = await fetch(`${host.webhookBase}/demo_form`, init);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toEqual(expect.stringContaining('POST'));
    expect(typeof (await jsonOf(response))['error']).toBe('string');
    expect(rowCount(host.databasePath)).toBe(before);
  });

  it.each(ENDPOINTS)('GET on %s', async (endpoint) => {
    await expectRefused(() => fetch(`${host.webhookBase}/${endpoint}`), 405);
  });
});

it('the host still answers after all the refusals', async () => {
  const response = await postJson(`${host.webhookBase}/demo_form`, validLead());
  expect(response.status).toBe(200);
  expect((await jsonOf(response))['ok']).toBe(true);
});
