import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type Listening } from '@franchise-ai/test-support/listen';
import { askDemoStatus, readProfileView } from './demo-status.ts';
import { WebhookError } from './webhook-client.ts';

const fact = (kind: string, text: string) => ({ kind, text, source: 'https://acme.example/' });

describe('readProfileView: the host\'s answer, read field by field', () => {
  it('reads reading, unavailable and ready', () => {
    expect(readProfileView({ profile: { status: 'reading' } })).toEqual({ status: 'reading' });
    expect(readProfileView({ profile: { status: 'unavailable', website: 'https://acme.example', reason: 'robots' } })).toEqual({ status: 'unavailable', website: 'https://acme.example', reason: 'robots' });
    expect(readProfileView({ profile: { status: 'ready', website: 'https://acme.example', description: fact('description', ' Bagels. '), facts: [fact('location', 'Denver, CO')], greeting: ' Your website says: Bagels. ' } })).toEqual({
      status: 'ready',
      website: 'https://acme.example',
      description: fact('description', 'Bagels.'),
      facts: [fact('location', 'Denver, CO')],
      greeting: 'Your website says: Bagels.',
    });
  });

  it('keeps text only, drops facts without it, and shows five at most', () => {
    const facts = [fact('service', '<b>Lox</b>'), { kind: 'service', text: 42 }, null, ...Array.from({ length: 8 }, (_, index) => fact('location', `Town ${index}`))];
    const view = readProfileView({ profile: { status: 'ready', website: 'https://acme.example', description: { text: '' }, facts } });
    // No greeting told (an older host): none, so the first words carry no fact.
    expect(view).toMatchObject({ status: 'ready', description: null, greeting: null });
    expect(view?.status === 'ready' && view.facts.map((one) => one.text)).toEqual(['<b>Lox</b>', 'Town 0', 'Town 1', 'Town 2', 'Town 3']);
  });

  it('reads no view from anything else', () => {
    for (const body of [null, [], {}, { profile: null }, { profile: { status: 'done' } }, 'reading']) expect(readProfileView(body)).toBeNull();
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
          if (req.url?.endsWith('/gone/demo_status')) return void res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"No demo has this demoId"}');
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

  it('rejects a 404 with its status, for the poll to leave the panel out', async () => {
    const error = await askDemoStatus('AbCdEfGhIjKlMnOpQrStU_', { webhookBase: `${host.url}/webhook/gone` }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WebhookError);
    expect(error).toMatchObject({ kind: 'status', status: 404 });
  });
});
