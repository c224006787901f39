import { describe, expect, it } from 'vitest';
import { leadsAuthorization } from '@franchise-ai/test-support/leads';
import { useHost } from '@franchise-ai/test-support/webhook-host';
import { postJson, validCall, validLead } from './helpers.ts';

// LOG_REQUESTS (on by default): one line per request once it is answered or dropped:
// time, client address, method, target, status (or no-answer), duration, request id.
const LINE = /^(\S+) (\S+) ([A-Z]+) (\S+) (\d{3}|no-answer) (\d+\.\d)ms ([0-9a-f-]{36})$/;

interface Logged {
  time: string;
  client: string;
  method: string;
  target: string;
  status: string;
  requestId: string;
}

const logged = (output: string): Logged[] =>
  output.split('\n').flatMap((line) => {
    const match = LINE.exec(line);
    if (!match) return [];
    const [, time = '', client = '', method = '', target = '', status = '', , requestId = ''] = match;
    return [{ time, client, method, target, status, requestId }];
  });

// One host for both LOG_REQUESTS=1 tests: trigger_ai_demo_call drops its connections
// (FAIL=trigger_ai_demo_call:reset), which the first test does not call.
describe('LOG_REQUESTS=1', () => {
  const host = useHost({ env: { RATE_LIMIT: 'off', LOG_REQUESTS: '1', FAIL: 'trigger_ai_demo_call:reset' } });

  it('prints exactly one line per request, with its method, target and status', async () => {
    const sent: Array<{ method: string; target: string; status: number; send: () => Promise<Response> }> = [
      { method: 'POST', target: '/webhook/acme/demo_form', status: 200, send: () => postJson(`${host.webhookBase}/demo_form`, validLead()) },
      { method: 'POST', target: '/webhook/acme/demo_form', status: 400, send: () => postJson(`${host.webhookBase}/demo_form`, validLead({ email: 'x' })) },
      { method: 'POST', target: '/webhook/acme/nowhere', status: 404, send: () => postJson(`${host.webhookBase}/nowhere`, validLead()) },
      { method: 'GET', target: '/webhook/acme/demo_form', status: 405, send: () => fetch(`${host.webhookBase}/demo_form`) },
      {
        method: 'OPTIONS',
        target: '/webhook/acme/demo_form',
        status: 204,
        send: () => fetch(`${host.webhookBase}/demo_form`, { method: 'OPTIONS', headers: { Origin: 'http://localhost:5173' } }),
      },
      { method: 'GET', target: '/healthz', status: 200, send: () => fetch(`${host.url}/healthz`) },
      {
        method: 'GET',
        target: '/leads?limit=1',
        status: 200,
        send: () => fetch(`${host.url}/leads?limit=1`, { headers: leadsAuthorization(host.leadsToken) }),
      },
    ];
    const ids: string[] = [];
    for (const request of sent) {
      const response = await request.send();
      expect(response.status).toBe(request.status);
      await response.arrayBuffer();
      ids.push(response.headers.get('x-request-id') ?? '');
    }

    await expect.poll(() => logged(host.output()).length).toBe(sent.length);
    const lines = logged(host.output());
    sent.forEach((request, i) => {
      const mine = lines.filter((line) => line.requestId === ids[i]);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ method: request.method, target: request.target, status: String(request.status) });
      expect(mine[0]!.client).toMatch(/127\.0\.0\.1$/);
      expect(Math.abs(Date.parse(mine[0]!.time) - Date.now())).toBeLessThan(60_000);
    });
    // Nothing else was logged as a request, and the lines come in the order of the requests.
    expect(lines.map((line) => line.requestId)).toEqual(ids);
  });

  it('a dropped connection (FAIL=trigger_ai_demo_call:reset) is logged once, as no-answer', async () => {
    const before = logged(host.output()).length;
    await expect(postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall())).rejects.toThrow(TypeError);
    await expect.poll(() => logged(host.output()).length).toBe(before + 1);
    expect(logged(host.output()).slice(before)).toEqual([
      expect.objectContaining({ method: 'POST', target: '/webhook/acme/trigger_ai_demo_call', status: 'no-answer' }),
    ]);
  });
});

describe('LOG_REQUESTS=0', () => {
  const host = useHost({ env: { RATE_LIMIT: 'off', LOG_REQUESTS: '0' } });

  it('prints no request lines, but still the listening line', async () => {
    expect((await postJson(`${host.webhookBase}/demo_form`, validLead())).status).toBe(200);
    expect((await fetch(`${host.url}/healthz`)).status).toBe(200);
    // Give a line that should not come the time it would take to arrive.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(logged(host.output())).toEqual([]);
    expect(host.output()).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/);
  });
});
