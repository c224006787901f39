import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type Listening } from '@franchise-ai/test-support/listen';
import { checkDemoStatusBody } from '@franchise-ai/shared/demo-status';
import { askCallView, askDemoStatus, isWebCallId, readCallView, readProfileView, reportWebCallId } from './demo-status.ts';
import { WebhookError } from './webhook-client.ts';

const fact = (kind: string, text: string) => ({ kind, text, source: 'https://acme.example/' });

describe("readProfileView: the host's answer, read field by field", () => {
  it('reads reading, unavailable and ready', () => {
    expect(readProfileView({ profile: { status: 'reading' } })).toEqual({ status: 'reading' });
    expect(readProfileView({ profile: { status: 'unavailable', website: 'https://acme.example', reason: 'robots' } })).toEqual({
      status: 'unavailable',
      website: 'https://acme.example',
      reason: 'robots',
    });
    expect(
      readProfileView({
        profile: {
          status: 'ready',
          website: 'https://acme.example',
          description: fact('description', ' Bagels. '),
          facts: [fact('location', 'Denver, CO')],
          greeting: ' Your website says: Bagels. ',
        },
      }),
    ).toEqual({
      status: 'ready',
      website: 'https://acme.example',
      description: fact('description', 'Bagels.'),
      facts: [fact('location', 'Denver, CO')],
      greeting: 'Your website says: Bagels.',
    });
  });

  it('keeps text only, drops facts without it, and shows five at most', () => {
    const facts = [
      fact('service', '<b>Lox</b>'),
      { kind: 'service', text: 42 },
      null,
      ...Array.from({ length: 8 }, (_, index) => fact('location', `Town ${index}`)),
    ];
    const view = readProfileView({ profile: { status: 'ready', website: 'https://acme.example', description: { text: '' }, facts } });
    // No greeting told (an older host): none, so the first words carry no fact.
    expect(view).toMatchObject({ status: 'ready', description: null, greeting: null });
    expect(view?.status === 'ready' && view.facts.map((one) => one.text)).toEqual(['<b>Lox</b>', 'Town 0', 'Town 1', 'Town 2', 'Town 3']);
  });

  it('reads no view from anything else', () => {
    for (const body of [null, [], {}, { profile: null }, { profile: { status: 'done' } }, 'reading']) expect(readProfileView(body)).toBeNull();
  });
});

describe("readCallView: the answer's call, read field by field", () => {
  it('reads a status the hosts use, with whole seconds from 0 to an hour', () => {
    expect(readCallView({ profile: { status: 'reading' }, call: { status: 'ringing', secondsToRinging: 7 } })).toEqual({
      status: 'ringing',
      secondsToRinging: 7,
    });
    expect(readCallView({ call: { status: 'queued', secondsToRinging: null } })).toEqual({ status: 'queued', secondsToRinging: null });
    expect(readCallView({ call: { status: 'ended', secondsToRinging: 0 } })).toEqual({ status: 'ended', secondsToRinging: 0 });
    expect(readCallView({ call: { status: 'in-progress', secondsToRinging: 3600 } })).toEqual({ status: 'in-progress', secondsToRinging: 3600 });
  });

  it('shows no seconds that are no figure of this call', () => {
    for (const seconds of [-1, 3601, 2.5, '7', Number.NaN, undefined, true])
      expect(readCallView({ call: { status: 'ringing', secondsToRinging: seconds } })).toEqual({ status: 'ringing', secondsToRinging: null });
  });

  it('reads no call from an answer without one, or with a status no host sends', () => {
    for (const body of [
      null,
      {},
      { profile: { status: 'reading' } },
      { call: null },
      { call: { secondsToRinging: 5 } },
      { call: { status: 'dialing', secondsToRinging: 5 } },
      { call: 'ringing' },
    ])
      expect(readCallView(body)).toBeNull();
  });
});

describe('isWebCallId: the call ids the hosts take', () => {
  it('agrees with checkDemoStatusBody', () => {
    const demoId = 'AbCdEfGhIjKlMnOpQrStU_';
    for (const id of ['0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0', 'abc', 'x'.repeat(128), 'call_1', '', 'x'.repeat(129), 'a b', '<b>']) {
      expect(isWebCallId(id), id).toBe(checkDemoStatusBody({ demoId, webCallId: id }).ok);
    }
    expect(isWebCallId(42)).toBe(false);
  });
});

describe('askDemoStatus', () => {
  let host: Listening;
  const bodies: string[] = [];
  beforeAll(async () => {
    host = await listen(
      createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          bodies.push(`${req.url} ${body}`);
          if (req.url?.endsWith('/gone/demo_status'))
            return void res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"No demo has this demoId"}');
          if (req.url?.endsWith('/ringing/demo_status'))
            return void res
              .writeHead(200, { 'Content-Type': 'application/json' })
              .end(JSON.stringify({ profile: { status: 'reading' }, call: { status: 'ringing', secondsToRinging: 6 } }));
          res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ profile: { status: 'reading' } }));
        });
      }),
    );
  });
  afterAll(() => host.stop());

  it("posts { demoId } to demo_status and reads the answer's view", async () => {
    await expect(askDemoStatus('AbCdEfGhIjKlMnOpQrStU_', { webhookBase: `${host.url}/webhook/acme` })).resolves.toEqual({ status: 'reading' });
    expect(bodies.at(-1)).toBe('/webhook/acme/demo_status {"demoId":"AbCdEfGhIjKlMnOpQrStU_"}');
  });

  it("askCallView posts { demoId } and reads the answer's call; none when it has none", async () => {
    await expect(askCallView('AbCdEfGhIjKlMnOpQrStU_', { webhookBase: `${host.url}/webhook/ringing` })).resolves.toEqual({
      status: 'ringing',
      secondsToRinging: 6,
    });
    expect(bodies.at(-1)).toBe('/webhook/ringing/demo_status {"demoId":"AbCdEfGhIjKlMnOpQrStU_"}');
    await expect(askCallView('AbCdEfGhIjKlMnOpQrStU_', { webhookBase: `${host.url}/webhook/acme` })).resolves.toBeNull();
  });

  it('reportWebCallId posts { demoId, webCallId }, and rejects a 404 for its caller to ignore', async () => {
    await expect(reportWebCallId('AbCdEfGhIjKlMnOpQrStU_', 'call-1', { webhookBase: `${host.url}/webhook/acme` })).resolves.toBeUndefined();
    expect(bodies.at(-1)).toBe('/webhook/acme/demo_status {"demoId":"AbCdEfGhIjKlMnOpQrStU_","webCallId":"call-1"}');
    await expect(reportWebCallId('AbCdEfGhIjKlMnOpQrStU_', 'call-1', { webhookBase: `${host.url}/webhook/gone` })).rejects.toMatchObject({
      kind: 'status',
      status: 404,
    });
  });

  it('rejects a 404 with its status, for the poll to leave the panel out', async () => {
    const error = await askDemoStatus('AbCdEfGhIjKlMnOpQrStU_', { webhookBase: `${host.url}/webhook/gone` }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WebhookError);
    expect(error).toMatchObject({ kind: 'status', status: 404 });
  });
});
