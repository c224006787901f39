import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '@franchise-ai/shared/constants';
import { useHost } from '@franchise-ai/test-support/webhook-host';
import { jsonOf, postJson, rowById, rowCount, validLead } from './helpers.ts';

const preflight = (url: string, origin: string): Promise<Response> =>
  fetch(url, {
    method: 'OPTIONS',
    headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
  });

const listed = (header: string | null): string[] => (header ?? '').split(',').map((part) => part.trim().toLowerCase());

describe('default policy: local origins only', () => {
  const host = useHost({ env: { RATE_LIMIT: 'off' } });

  const localOrigins = ['http://localhost:5173', 'http://127.0.0.1:3000', 'http://localhost', 'https://localhost:8443', 'http://[::1]:5173'];

  it.each(localOrigins)('preflight from %s: 204 echoing the origin, POST, Content-Type and Idempotency-Key allowed, no credentials', async (origin) => {
    const before = rowCount(host.databasePath);
    const response = await preflight(`${host.webhookBase}/demo_form`, origin);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    expect(listed(response.headers.get('access-control-allow-methods'))).toContain('post');
    expect(listed(response.headers.get('access-control-allow-headers'))).toContain('content-type');
    expect(listed(response.headers.get('access-control-allow-headers'))).toContain(IDEMPOTENCY_KEY_HEADER.toLowerCase());
    expect(response.headers.has('access-control-allow-credentials')).toBe(false);
    expect(listed(response.headers.get('vary'))).toContain('origin');
    expect(await response.text()).toBe('');
    expect(rowCount(host.databasePath)).toBe(before);
  });

  it('a 404 from an allowed origin carries the CORS header, so the page can read it', async () => {
    const response = await fetch(`${host.url}/webhook/acme/unknown`, {
      method: 'POST',
      headers: { Origin: 'http://localhost:5173', 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(404);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });

  it.each(['demo_form', 'website_demo_call', 'trigger_ai_demo_call'])('preflight works on %s', async (endpoint) => {
    const response = await preflight(`${host.webhookBase}/${endpoint}`, 'http://localhost:5173');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });

  it('a POST from an allowed origin carries Access-Control-Allow-Origin and exposes X-Request-Id', async () => {
    const response = await postJson(`${host.webhookBase}/demo_form`, validLead(), { Origin: 'http://localhost:5173' });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(response.headers.has('access-control-allow-credentials')).toBe(false);
    expect(listed(response.headers.get('access-control-expose-headers'))).toEqual(expect.arrayContaining(['x-request-id', 'retry-after']));
    const { requestId } = await jsonOf(response);
    expect(rowById(host.databasePath, requestId as string)?.endpoint).toBe('demo_form');
  });

  it('a refusal (400) to an allowed origin still carries the CORS header, so the page can read it', async () => {
    const response = await postJson(`${host.webhookBase}/demo_form`, validLead({ email: 'x' }), { Origin: 'http://127.0.0.1:3000' });
    expect(response.status).toBe(400);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000');
  });

  it('a request without Origin (curl, server to server) gets no CORS headers', async () => {
    const response = await postJson(`${host.webhookBase}/demo_form`, validLead());
    expect(response.status).toBe(200);
    expect(response.headers.has('access-control-allow-origin')).toBe(false);
  });

  const foreignOrigins = [
    'https://evil.example',
    'http://localhost.evil.example',
    'http://localhost:5173.evil.example',
    'http://127.0.0.1.nip.io',
    'null',
    'file://',
    'http://localhost:5173/',
  ];

  it.each(foreignOrigins)('POST from %s: 403, no CORS header, nothing stored', async (origin) => {
    const before = rowCount(host.databasePath);
    const response = await postJson(`${host.webhookBase}/demo_form`, validLead(), { Origin: origin });
    expect(response.status).toBe(403);
    expect(response.headers.has('access-control-allow-origin')).toBe(false);
    expect((await jsonOf(response))['error']).toEqual(expect.stringContaining(origin));
    expect(rowCount(host.databasePath)).toBe(before);
  });

  it('a preflight from a foreign origin is refused with 403 and no CORS header', async () => {
    const response = await preflight(`${host.webhookBase}/website_demo_call`, 'https://evil.example');
    expect(response.status).toBe(403);
    expect(response.headers.has('access-control-allow-origin')).toBe(false);
    expect(response.headers.has('access-control-allow-methods')).toBe(false);
  });

  it('a foreign origin is refused on every endpoint', async () => {
    const before = rowCount(host.databasePath);
    for (const endpoint of ['website_demo_call', 'trigger_ai_demo_call']) {
      const response = await postJson(`${host.webhookBase}/${endpoint}`, validLead({ phoneNumber: '+12016234567' }), { Origin: 'https://evil.example' });
      expect(response.status).toBe(403);
    }
    expect(rowCount(host.databasePath)).toBe(before);
  });
});

describe('CORS_ORIGINS=https://partner.example', () => {
  const host = useHost({ env: { RATE_LIMIT: 'off', CORS_ORIGINS: 'https://partner.example' } });

  it('allows the listed origin (preflight and POST)', async () => {
    const pre = await preflight(`${host.webhookBase}/demo_form`, 'https://partner.example');
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    expect(pre.headers.has('access-control-allow-credentials')).toBe(false);

    const before = rowCount(host.databasePath);
    const response = await postJson(`${host.webhookBase}/demo_form`, validLead(), { Origin: 'https://partner.example' });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    expect(rowCount(host.databasePath)).toBe(before + 1);
  });

  it.each(['http://localhost:5173', 'http://127.0.0.1:3000', 'http://partner.example', 'https://partner.example:8443', 'https://evil.example'])(
    'refuses %s with 403 and stores nothing',
    async (origin) => {
      const pre = await preflight(`${host.webhookBase}/demo_form`, origin);
      expect(pre.status).toBe(403);
      expect(pre.headers.has('access-control-allow-origin')).toBe(false);

      const before = rowCount(host.databasePath);
      const response = await postJson(`${host.webhookBase}/demo_form`, validLead(), { Origin: origin });
      expect(response.status).toBe(403);
      expect(response.headers.has('access-control-allow-origin')).toBe(false);
      expect(rowCount(host.databasePath)).toBe(before);
    },
  );
});
