import { beforeAll, describe, expect, it } from 'vitest';
import { jsonOf, postJson, rawRequest, useHost, validLead } from './helpers.ts';

// GET /leads hands out names, emails and phone numbers, so only a tool on this machine may read
// it: a loopback socket, a loopback Host (DNS rebinding arrives from 127.0.0.1 under the page's
// own name) and no Origin (a browser page reading it).

const host = useHost({ env: { RATE_LIMIT: 'off' } });
const SECRET = 'Rebinding Rita';

beforeAll(async () => {
  const response = await postJson(`${host.webhookBase}/demo_form`, validLead({ name: SECRET }));
  expect(response.status).toBe(200);
});

const getLeads = (headers: string[]) => rawRequest(host.port, ['GET /leads HTTP/1.1', ...headers].join('\r\n'));

/** Checks a 403 with a JSON error that leaks no lead; answers the error message. */
function refusal(answer: { status: number; headers: string; body: string }): string {
  expect(answer.status).toBe(403);
  expect(answer.headers).toMatch(/content-type: application\/json/i);
  expect(answer.body).not.toContain(SECRET);
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  expect(body).not.toHaveProperty('leads');
  expect(body['requestId']).toEqual(expect.any(String));
  return body['error'] as string;
}

describe('allowed: a loopback Host and no Origin', () => {
  it('fetch from this machine (Host 127.0.0.1:PORT) reads the leads', async () => {
    const response = await fetch(`${host.url}/leads`);
    expect(response.status).toBe(200);
    const { leads } = (await jsonOf(response)) as { leads: Array<{ name: string }> };
    expect(leads.map((lead) => lead.name)).toContain(SECRET);
  });

  // PORT stands for the host's port, known only once it runs.
  it.each(['127.0.0.1:PORT', 'localhost:PORT', '[::1]:PORT', 'localhost', '127.0.0.1', 'LOCALHOST:PORT'])(
    'Host %s',
    async (name) => {
      const answer = await getLeads([`Host: ${name.replace('PORT', String(host.port))}`]);
      expect(answer.status).toBe(200);
      expect(answer.body).toContain(SECRET);
    },
  );
});

describe('refused: a Host that is not a loopback name', () => {
  it.each(['evil.example', 'evil.example:8787', 'localhost.evil.example', '127.0.0.1.nip.io', '192.168.1.20:8787', '[::2]:8787'])(
    'Host %s: 403 naming the Host, no lead in the answer',
    async (name) => {
      const error = refusal(await getLeads([`Host: ${name}`]));
      expect(error).toContain(`"${name}"`);
      expect(error).toMatch(/127\.0\.0\.1, localhost or \[::1\]/);
    },
  );

  it('no Host at all (HTTP/1.0): 403', async () => {
    const answer = await rawRequest(host.port, 'GET /leads HTTP/1.0');
    expect(refusal(answer)).toMatch(/127\.0\.0\.1, localhost or \[::1\]/);
  });
});

describe('refused: any Origin header, even a local page', () => {
  it.each(['https://evil.example', 'http://localhost:5173', 'http://127.0.0.1:8787', 'null'])(
    'Origin %s: 403 saying web pages may not read it',
    async (origin) => {
      const error = refusal(await getLeads([`Host: 127.0.0.1:${host.port}`, `Origin: ${origin}`]));
      expect(error).toContain(origin);
      expect(error).toMatch(/not readable from a web page/);
    },
  );

  it('fetch with an Origin header is refused too, without CORS headers', async () => {
    const response = await fetch(`${host.url}/leads`, { headers: { Origin: 'http://localhost:5173' } });
    expect(response.status).toBe(403);
    expect(response.headers.has('access-control-allow-origin')).toBe(false);
    expect(await response.text()).not.toContain(SECRET);
  });
});
