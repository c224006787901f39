import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type Listening } from '@franchise-ai/test-support/listen';
import { checkDemoStatusBody } from '@franchise-ai/shared/demo-status';
import { askCallView, askDemoStatus, isWebCallId, readCallView, readProfileView, reportWebCallId } from './demo-status.ts';
import { WebhookError } from './webhook-client.ts';

const fact = (kind: string, text: string) => ({ kind, text, source: 'https://acme.example/' });

describe("readProfileView: the host's answer, read field by field", () => {
  const UNAVAILABLE = { status: 'unavailable', website: 'https://acme.example', reason: 'robots' };
  const READY = { status: 'ready', website: 'https://acme.example', facts: [fact('location', 'Denver, CO')] };
  it.each<[string, unknown, unknown]>([
    ['reading', { status: 'reading' }, { status: 'reading' }],
    ['unavailable', UNAVAILABLE, UNAVAILABLE],
    [
      'ready, its texts trimmed',
      { ...READY, description: fact('description', ' Bagels. '), greeting: ' Your website says: Bagels. ' },
      { ...READY, description: fact('description', 'Bagels.'), greeting: 'Your website says: Bagels.' },
    ],
  ])('reads %s', (_label, profile, view) => {
    expect(readProfileView({ profile })).toEqual(view);
  });
  it('keeps text only, drops facts without it, and shows five at most', () => {
    const towns = Array.from({ length: 8 }, (_, index) => fact('location', `Town ${index}`));
    const facts = [fact('service', '<b>Lox</b>'), { kind: 'service', text: 42 }, null, ...towns];
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
  it.each([
    { status: 'ringing', secondsToRinging: 7 },
    { status: 'queued', secondsToRinging: null },
    { status: 'ended', secondsToRinging: 0 },
    { status: 'in-progress', secondsToRinging: 3600 },
  ])('reads a status the hosts use, with whole seconds from 0 to an hour: %j', (call) => {
    expect(readCallView({ profile: { status: 'reading' }, call })).toEqual(call);
  });
  it('shows no seconds that are no figure of this call', () => {
    for (const seconds of [-1, 3601, 2.5, '7', Number.NaN, undefined, true])
      expect(readCallView({ call: { status: 'ringing', secondsToRinging: seconds } })).toEqual({ status: 'ringing', secondsToRinging: null });
  });
  it('reads no call from an answer without one, or with a status no host sends', () => {
    const bodies = [null, {}, { profile: { status: 'reading' } }, { call: null }, { call: { secondsToRinging: 5 } }, { call: 'ringing' }];
    for (const body of [...bodies, { call: { status: 'dialing', secondsToRinging: 5 } }]) expect(readCallView(body)).toBeNull();
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
  /** By the webhook base's last segment: what demo_status answers. */
  const ANSWERS: Record<string, [number, object]> = {
    acme: [200, { profile: { status: 'reading' } }],
    ringing: [200, { profile: { status: 'reading' }, call: { status: 'ringing', secondsToRinging: 6 } }],
    gone: [404, { error: 'No demo has this demoId' }],
  };
  beforeAll(async () => {
    host = await listen(
      createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          bodies.push(`${req.url} ${body}`);
          const [status, answer] = ANSWERS[req.url?.split('/')[2] ?? ''] ?? ANSWERS['acme']!;
          res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer));
        });
      }),
    );
  });
  afterAll(() => host.stop());
  it("posts { demoId } to demo_status and reads the answer's view; rejects a 404 with its status, for the poll to leave the panel out", async () => {
    await expect(askDemoStatus('AbCdEfGhIjKlMnOpQrStU_', { webhookBase: `${host.url}/webhook/acme` })).resolves.toEqual({ status: 'reading' });
    expect(bodies.at(-1)).toBe('/webhook/acme/demo_status {"demoId":"AbCdEfGhIjKlMnOpQrStU_"}');
    const error = await askDemoStatus('AbCdEfGhIjKlMnOpQrStU_', { webhookBase: `${host.url}/webhook/gone` }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WebhookError);
    expect(error).toMatchObject({ kind: 'status', status: 404 });
  });
  it("askCallView posts { demoId } and reads the answer's call; none when it has none", async () => {
    const ringing = { status: 'ringing', secondsToRinging: 6 };
    await expect(askCallView('AbCdEfGhIjKlMnOpQrStU_', { webhookBase: `${host.url}/webhook/ringing` })).resolves.toEqual(ringing);
    expect(bodies.at(-1)).toBe('/webhook/ringing/demo_status {"demoId":"AbCdEfGhIjKlMnOpQrStU_"}');
    await expect(askCallView('AbCdEfGhIjKlMnOpQrStU_', { webhookBase: `${host.url}/webhook/acme` })).resolves.toBeNull();
  });
  it('reportWebCallId posts { demoId, webCallId }, and rejects a 404 for its caller to ignore', async () => {
    await expect(reportWebCallId('AbCdEfGhIjKlMnOpQrStU_', 'call-1', { webhookBase: `${host.url}/webhook/acme` })).resolves.toBeUndefined();
    expect(bodies.at(-1)).toBe('/webhook/acme/demo_status {"demoId":"AbCdEfGhIjKlMnOpQrStU_","webCallId":"call-1"}');
    const gone = { webhookBase: `${host.url}/webhook/gone` };
    await expect(reportWebCallId('AbCdEfGhIjKlMnOpQrStU_', 'call-1', gone)).rejects.toMatchObject({ kind: 'status', status: 404 });
  });
});
