import { beforeAll, describe, expect, it } from 'vitest';
import { fetchLeads, leadsAuthorization } from '@franchise-ai/test-support/leads';
import { useHost } from '@franchise-ai/test-support/webhook-host';
import { jsonOf, postJson, rawRequest, validLead } from './helpers.ts';
import { useReverseProxy } from '@franchise-ai/test-support/reverse-proxy';

// GET /leads hands out every visitor's name, e-mail, company, phone number and address, so it
// needs LEADS_TOKEN as a bearer token; where the request comes from is not authentication
// (behind a reverse proxy everyone arrives from 127.0.0.1). Browsers are refused even with it.

const SECRET = 'Proxied Priya';
const host = useHost({ env: { RATE_LIMIT: 'off', TRUST_PROXY: '1' } });
const proxy = useReverseProxy(() => host.url);

beforeAll(async () => {
  const response = await postJson(`${host.webhookBase}/demo_form`, validLead({ name: SECRET }));
  expect(response.status).toBe(200);
});

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Checks a refusal that leaks no lead and says why; answers the error message. */
async function refusal(response: Response, status: number): Promise<string> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const text = await response.text();
  expect(text).not.toContain(SECRET);
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(body).not.toHaveProperty('leads');
  expect(body['requestId']).toEqual(expect.any(String));
  return body['error'] as string;
}

describe('behind a reverse proxy that sends Host 127.0.0.1 (nginx default, TRUST_PROXY=1)', () => {
  it('without the token: 401, no lead, although the request reaches the host from loopback', async () => {
    const response = await fetch(`${proxy.url}/leads`);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="leads"');
    expect(await refusal(response, 401)).toContain('Authorization: Bearer <LEADS_TOKEN>');
  });

  it('with a wrong token: 401 invalid_token, no lead', async () => {
    const response = await fetch(`${proxy.url}/leads`, { headers: bearer('f'.repeat(64)) });
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="leads", error="invalid_token"');
    expect(await refusal(response, 401)).toContain('not the LEADS_TOKEN');
  });

  it('with the token: the operator reads the leads through their own proxy', async () => {
    const leads = await fetchLeads({ url: proxy.url, leadsToken: host.leadsToken });
    expect(leads.map((lead) => lead.name)).toContain(SECRET);
  });
});

describe('on this machine, straight to the host', () => {
  it('with the token: 200, newest first', async () => {
    const [newest] = await fetchLeads(host, 1);
    expect(newest?.name).toBe(SECRET);
  });

  // The Host header is not checked: a DNS-rebinding page cannot send the token it does not know.
  it.each(['evil.example', '127.0.0.1.nip.io:8787'])('with the token and Host %s: 200', async (name) => {
    const answer = await rawRequest(host.port, ['GET /leads HTTP/1.1', `Host: ${name}`, `Authorization: Bearer ${host.leadsToken}`].join('\r\n'));
    expect(answer.status).toBe(200);
    expect(answer.body).toContain(SECRET);
  });

  // TOKEN stands for the host's token, known only once it runs.
  it.each([
    ['no Authorization header', null],
    ['an empty Bearer', 'Bearer '],
    ['the token without a scheme', 'TOKEN'],
    ['the token as Basic credentials', 'Basic TOKEN'],
    ['the token minus its last character', 'Bearer TOKEN-1'],
    ['the token plus one character', 'Bearer TOKENx'],
    ['the token twice', 'Bearer TOKENTOKEN'],
    ['another token of the same length', 'Bearer OTHER'],
  ])('%s: 401', async (_, authorization) => {
    const token = host.leadsToken;
    const value = authorization
      ?.replace('TOKEN-1', token.slice(0, -1))
      .replaceAll('TOKEN', token)
      .replace(
        'OTHER',
        token.replace(/./g, (c) => (c === 'a' ? 'b' : 'a')),
      );
    const response = await fetch(`${host.url}/leads`, { headers: value === undefined ? {} : { Authorization: value } });
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer realm="leads"/);
    await refusal(response, 401);
  });

  it('the scheme is case-insensitive (RFC 9110): bearer TOKEN reads the leads', async () => {
    const response = await fetch(`${host.url}/leads`, { headers: { Authorization: `bearer ${host.leadsToken}` } });
    expect(response.status).toBe(200);
  });

  it('other methods: 405 with Allow: GET', async () => {
    const response = await fetch(`${host.url}/leads`, { method: 'POST', headers: leadsAuthorization(host.leadsToken) });
    expect(response.headers.get('allow')).toBe('GET');
    await refusal(response, 405);
  });
});

describe('any Origin header is refused, even with the token', () => {
  it.each(['https://evil.example', 'http://localhost:5173', 'null'])('Origin %s: 403 saying web pages may not read it', async (origin) => {
    const response = await fetch(`${host.url}/leads`, { headers: { ...leadsAuthorization(host.leadsToken), Origin: origin } });
    expect(response.headers.has('access-control-allow-origin')).toBe(false);
    const error = await refusal(response, 403);
    expect(error).toContain(origin);
    expect(error).toMatch(/not readable from a web page/);
  });
});

describe('without LEADS_TOKEN', () => {
  const bare = useHost({ env: { RATE_LIMIT: 'off', LEADS_TOKEN: '' } });

  it.each([
    ['GET', {}],
    ['GET', { Authorization: 'Bearer anything-at-all-anything-at-all' }],
    ['POST', {}],
  ])('%s /leads %j: 404 saying how to turn it on, or to use pnpm leads', async (method, headers) => {
    expect((await postJson(`${bare.webhookBase}/demo_form`, validLead({ name: SECRET }))).status).toBe(200);
    const response = await fetch(`${bare.url}/leads`, { method, headers });
    const error = await refusal(response, 404);
    expect(error).toContain('set LEADS_TOKEN');
    expect(error).toContain('pnpm leads');
  });

  it('/healthz still answers', async () => {
    expect(await jsonOf(await fetch(`${bare.url}/healthz`))).toEqual({ ok: true });
  });
});
