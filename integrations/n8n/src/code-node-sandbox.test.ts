import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WORKFLOWS_DIR } from '../scripts/build-workflows.ts';
import { callPolicyFromEnv, consentFor } from '@franchise-ai/shared/call-policy';
import type { BrandProfile } from '@franchise-ai/shared/brand-profile';
import { serveFixtureSite } from '@franchise-ai/test-support/franchise-sites';
import { ALLOWED_BUILTINS, runInSandbox, sandboxContext } from '../test/n8n-sandbox.ts';
import type { Workflow } from './workflows.ts';
import { Webhook } from 'standardwebhooks';

const WEBHOOK_SECRET = `whsec_${Buffer.from('k'.repeat(32)).toString('base64')}`;

// The committed Code nodes run as n8n 2.8.4's task runner runs them (test/n8n-sandbox.ts).

const workflow = (endpoint: string) => (JSON.parse(readFileSync(join(WORKFLOWS_DIR, `${endpoint}.json`), 'utf8')) as Workflow[])[0]!;

/** Runs the Code node `name` of `endpoint` with `$input`, `$(node)`, `$env`, `this.helpers` and the builtins it may require as given: its items. */
async function runNodeItems(
  endpoint: string,
  name: string,
  {
    input = [] as unknown[],
    nodes = {} as Record<string, unknown>,
    env = {} as Record<string, string>,
    httpRequest = async (_: unknown): Promise<unknown> => ({}),
    builtins = ALLOWED_BUILTINS,
    binary = '',
  },
) {
  const code = String(workflow(endpoint).nodes.find((node) => node.name === name)!.parameters['jsCode']);
  const items = input.map((json) => ({ json }));
  const context = sandboxContext(
    {
      module: {},
      $input: { first: () => items[0], all: () => items },
      // A node given as an array is its items (a Data Table node's rows); none given, no items.
      $: (node: string) => ({ first: () => ({ json: nodes[node] }), all: () => ([] as unknown[]).concat(nodes[node] ?? []).map((json) => ({ json })) }),
      $env: env,
      $runIndex: 0,
      // The Webhook node's raw body (its rawBody option), as n8n's binary helper reads it.
      helpers: { httpRequest, getBinaryDataBuffer: async () => Buffer.from(binary) },
    },
    builtins,
  );
  runInSandbox(context, `module.exports = async function VmCodeWrapper() {${code}\n}()`);
  const output = (await (context['module'] as { exports: Promise<Array<{ json: Record<string, unknown> }>> }).exports)!;
  return JSON.parse(JSON.stringify(output)) as Array<{ json: Record<string, unknown>; binary?: Record<string, Record<string, string>> }>;
}

/** The `json` of each item the node outputs. */
const runNode = async (...args: Parameters<typeof runNodeItems>) => (await runNodeItems(...args)).map((item) => item.json);

/** The words a host with the default settings issues: the one text "Check request" lets through. */
const consent = { given: true, text: consentFor(callPolicyFromEnv({}), 'en').text };
const body = { name: 'Jane Doe', company: 'Acme Burgers', email: 'jane@acme.example', businessType: 'franchisor', phoneNumber: '+33 06 12 34 56 78', consent };
const webhookItem = { headers: { 'content-type': 'application/json', 'x-forwarded-for': '2001:db8:1:2::9' }, body };

describe("the Code nodes in n8n's sandbox", () => {
  it('trigger_ai_demo_call: the check, the limits and the call run', async () => {
    const [check] = await runNode('trigger_ai_demo_call', 'Check request', { input: [webhookItem], env: { TRUST_PROXY: '1' } });
    expect(check).toMatchObject({ ok: true, call: { phoneNumber: '+33612345678', client: '2001:db8:1:2::9', consentText: consent.text } });
    const claim = { id: 7, ...(check!['call'] as object) };
    const earlier = [1, 2, 3].map((id) => ({ ...claim, id, client: `2001:db8:1:2::${id}` }));
    const [refused] = await runNode('trigger_ai_demo_call', 'Limits', { input: [...earlier, claim], nodes: { Claim: claim, 'Check request': check }, env: {} });
    expect(refused).toMatchObject({ ok: false, status: 429 });
    const [within] = await runNode('trigger_ai_demo_call', 'Limits', { input: [claim], nodes: { Claim: claim, 'Check request': check }, env: {} });
    expect(within).toEqual({ ok: true });
    // Its network (the /48) has had its share of the day's ceiling: 20 calls an hour ago, other numbers and /64s.
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const network = Array.from({ length: 20 }, (_, id) => ({
      ...claim,
      id: id + 1,
      receivedAt: hourAgo,
      phoneNumber: `+1201555${1000 + id}`,
      client: `2001:db8:1:${id + 10}::1`,
    }));
    const last = { ...claim, id: 50 };
    const [share] = await runNode('trigger_ai_demo_call', 'Limits', { input: [...network, last], nodes: { Claim: last, 'Check request': check }, env: {} });
    expect(share).toMatchObject({ ok: false, status: 429, body: { code: 'networkShare' } });

    const sent: unknown[] = [];
    const httpRequest = async (options: unknown) => (sent.push(options), { statusCode: 201, body: { id: `id_${sent.length}` } });
    const [result] = await runNode('trigger_ai_demo_call', 'Call', {
      nodes: { 'Check request': check },
      env: { VAPI_PRIVATE_KEY: 'sk', VAPI_PHONE_NUMBER_ID: 'pn' },
      httpRequest,
    });
    expect(result).toEqual({ status: 200, body: { status: 'placed', callId: 'id_1' }, outcome: 'call-placed', callId: 'id_1', error: '' });
    // One request: the call, with its assistant inline.
    expect(sent).toEqual([
      expect.objectContaining({ method: 'POST', url: 'https://api.vapi.ai/call', body: expect.objectContaining({ assistant: expect.any(Object) }) }),
    ]);
  });

  it('demo_form and website_demo_call: the check, the terms and the browser assistant run', async () => {
    const lead = { headers: webhookItem.headers, body: { ...body, website: 'https://acme.com', phoneNumber: undefined, consent: undefined } };
    const [check] = await runNode('demo_form', 'Check request', { input: [lead], env: { RECORD_CALLS: '1' } });
    expect(await runNode('demo_form', 'OK', { nodes: { 'Check request': check, 'Reading row': { demoId: 'd1' } } })).toEqual([
      {
        status: 200,
        body: {
          ok: true,
          calls: {
            recorded: true,
            countries: ['US', 'FR'],
            from: 'Franchise AI',
            followUp: { mail: false, bookingUrl: null, contact: { email: null, phone: null } },
            consent: consentFor(callPolicyFromEnv({ RECORD_CALLS: '1' }), 'en'),
          },
          demoId: 'd1',
        },
      },
    ]);
    const [reading] = await runNode('demo_form', 'Reading row', { nodes: { 'Check request': check } });
    expect(reading).toMatchObject({ demoId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), website: 'https://acme.com', status: 'reading', profile: '' });
    const [malformed] = await runNode('website_demo_call', 'Check request', { input: [lead], env: { MAX_CALLS_PER_DAY: 'many' } });
    expect(malformed).toMatchObject({ ok: false, status: 500, body: { error: expect.stringMatching(/MAX_CALLS_PER_DAY/) } });
    const [assistantCheck] = await runNode('website_demo_call', 'Check request', { input: [lead] });
    const [answer] = await runNode('website_demo_call', 'Assistant', {
      nodes: { 'Check request': assistantCheck },
      env: { VAPI_PRIVATE_KEY: 'sk' },
      httpRequest: async () => ({ statusCode: 201, body: { id: 'asst_1' } }),
    });
    expect(answer).toEqual({ status: 200, body: { assistantId: 'asst_1' } });
  });

  it("call_events' Clean up and assistant_sweep's Sweep run, with n8n's HTTP helper", async () => {
    const requests: Array<{ method: string; url: string }> = [];
    const httpRequest = async (options: unknown) => {
      const { method, url } = options as { method: string; url: string };
      requests.push({ method, url });
      return { statusCode: 200, body: url.includes('?') ? [] : { id: 'asst_v', metadata: { createdBy: 'franchise-ai-demo' } } };
    };
    const event = {
      kind: 'report',
      callId: 'call_1',
      assistantId: 'asst_v',
      at: '',
      endedReason: null,
      transcript: null,
      summary: null,
      structuredData: null,
      recordingUrl: null,
    };
    const [cleaned] = await runNode('call_events', 'Clean up', { nodes: { 'Check event': { event } }, env: { VAPI_PRIVATE_KEY: 'sk' }, httpRequest });
    expect(cleaned).toEqual({ outcome: 'deleted', error: '' });
    const [swept] = await runNode('assistant_sweep', 'Sweep', { env: { VAPI_PRIVATE_KEY: 'sk' }, httpRequest });
    expect(swept).toEqual({ deleted: 0, failed: 0, errors: [] });
    expect(requests.map(({ method, url }) => `${method} ${url.replace(/\?.*/, '?…')}`)).toEqual([
      'GET https://api.vapi.ai/assistant/asst_v',
      'DELETE https://api.vapi.ai/assistant/asst_v',
      'GET https://api.vapi.ai/assistant?…',
    ]);
  });

  it('with PUBLIC_WEBHOOK_BASE and VAPI_SERVER_SECRET, the assistant reports to call_events, and demo_form promises the summary by mail once SMTP_URL is set', async () => {
    const env = {
      PUBLIC_WEBHOOK_BASE: 'https://hooks.example/webhook/franchise-ai',
      VAPI_SERVER_SECRET: 'k'.repeat(32),
      SMTP_URL: 'smtp://127.0.0.1:2525',
      BOOKING_URL: 'https://cal.example/x',
      CONTACT_EMAIL: 'team@acme.example',
    };
    const lead = { headers: webhookItem.headers, body: { ...body, phoneNumber: undefined, consent: undefined } };
    const [check] = await runNode('website_demo_call', 'Check request', { input: [lead], env });
    const sent: Array<{ body: Record<string, unknown> }> = [];
    await runNode('website_demo_call', 'Assistant', {
      nodes: { 'Check request': check },
      env: { ...env, VAPI_PRIVATE_KEY: 'sk' },
      httpRequest: async (options) => (sent.push(options as { body: Record<string, unknown> }), { statusCode: 201, body: { id: 'asst_1' } }),
    });
    expect(sent[0]!.body['server']).toEqual({
      url: 'https://hooks.example/webhook/franchise-ai/call_events',
      headers: { 'X-Vapi-Secret': env.VAPI_SERVER_SECRET },
    });
    const [formCheck] = await runNode('demo_form', 'Check request', { input: [lead], env });
    expect((formCheck!['terms'] as { followUp: unknown }).followUp).toEqual({
      mail: true,
      bookingUrl: 'https://cal.example/x',
      contact: { email: 'team@acme.example', phone: null },
    });
  });
});

/**
 * n8n's `this.helpers.httpRequest` for the options the page fetcher sends (n8n-core's
 * convertN8nRequestToAxios: maxRedirects 0, every status answered, the body as text), its answer
 * passed through JSON as the task runner's RPC passes it.
 */
async function n8nHttpRequest(options: unknown) {
  const { url, method, headers, disableFollowRedirect, ignoreHttpStatusErrors, encoding } = options as {
    url: string;
    method: string;
    headers: Record<string, string>;
  } & Record<string, unknown>;
  expect({ disableFollowRedirect, ignoreHttpStatusErrors, encoding }).toEqual({ disableFollowRedirect: true, ignoreHttpStatusErrors: true, encoding: 'text' });
  const response = await fetch(url, { method, headers, redirect: 'manual' });
  return JSON.parse(
    JSON.stringify({
      statusCode: response.status,
      headers: Object.fromEntries([...(response.headers as unknown as Iterable<[string, string]>)]),
      body: await response.text(),
    }),
  );
}

describe("demo_form's Read site node in n8n's sandbox", () => {
  /** What "Read slot" hands Read site: go, with the whole deadline. */
  const SLOT = { go: true, deadlineMs: 25_000 };
  const readSite = async (website: string) => {
    const [check] = await runNode('demo_form', 'Check request', {
      input: [{ headers: webhookItem.headers, body: { ...body, website, phoneNumber: undefined, consent: undefined } }],
    });
    const [read] = await runNode('demo_form', 'Read site', {
      input: [SLOT],
      nodes: { 'Check request': check },
      env: { ALLOW_PRIVATE_WEBSITES: '1' },
      httpRequest: n8nHttpRequest,
    });
    return { status: read!['status'], profile: JSON.parse(String(read!['profile'])) as BrandProfile };
  };

  it('reads the franchisor fixture into a ready profile: its description and locations', async () => {
    const site = await serveFixtureSite('franchisor');
    try {
      const { status, profile } = await readSite(site.url);
      expect(status).toBe('ready');
      if (profile.status !== 'ready') throw new Error(JSON.stringify(profile));
      expect(profile.facts.some((fact) => fact.kind === 'description')).toBe(true);
      expect(profile.locations.length).toBeGreaterThanOrEqual(3);
      expect(site.requests[0]).toBe('GET /robots.txt');

      // website_demo_call with that demo's id: the assistant's prompt carries the site's description.
      const demoId = 'd'.repeat(22);
      const [check] = await runNode('website_demo_call', 'Check request', {
        input: [{ headers: webhookItem.headers, body: { ...body, website: site.url, demoId, phoneNumber: undefined, consent: undefined } }],
      });
      const sent: Array<{ body: unknown }> = [];
      const row = { demoId, receivedAt: '', website: site.url, status, profile: JSON.stringify(profile) };
      await runNode('website_demo_call', 'Assistant', {
        nodes: { 'Check request': check, Profile: [row] },
        env: { VAPI_PRIVATE_KEY: 'sk' },
        httpRequest: async (options) => (sent.push(options as { body: unknown }), { statusCode: 201, body: { id: 'asst_1' } }),
      });
      const description = profile.facts.find((fact) => fact.kind === 'description')!.text;
      expect(JSON.stringify(sent[0]!.body)).toContain(JSON.stringify(description).slice(1, 40));
    } finally {
      await site.close();
    }
  });

  it('a read that breaks still settles the row: unavailable (unreachable), with the error for the Raise node; none is left reading', async () => {
    const site = await serveFixtureSite('franchisee');
    try {
      const [check] = await runNode('demo_form', 'Check request', {
        input: [{ headers: webhookItem.headers, body: { ...body, website: site.url, phoneNumber: undefined, consent: undefined } }],
      });
      const read = (env: Record<string, string>, httpRequest: (options: unknown) => Promise<unknown>) =>
        runNode('demo_form', 'Read site', { input: [SLOT], nodes: { 'Check request': check }, env, httpRequest });
      const unreachable = JSON.stringify({ status: 'unavailable', website: site.url, reason: 'unreachable' });
      // The settings throw before anything is asked (this threw out of the node, and the row stayed 'reading').
      expect(await read({ ALLOW_PRIVATE_WEBSITES: '1', READER_INFO_URL: 'not an address' }, n8nHttpRequest)).toEqual([
        { status: 'unavailable', profile: unreachable, error: expect.stringMatching(/^Reading .* failed: READER_INFO_URL must be an http\(s\) address/) },
      ]);
      expect(await read({ ALLOW_PRIVATE_WEBSITES: 'perhaps' }, n8nHttpRequest)).toEqual([
        { status: 'unavailable', profile: unreachable, error: expect.stringMatching(/ALLOW_PRIVATE_WEBSITES/) },
      ]);
      // An instance whose NODE_FUNCTION_ALLOW_BUILTIN lacks `dns`: settled, and the error names the module.
      const [noDns] = await runNode('demo_form', 'Read site', {
        input: [SLOT],
        nodes: { 'Check request': check },
        env: { ALLOW_PRIVATE_WEBSITES: '1' },
        httpRequest: n8nHttpRequest,
        builtins: new Set(['url', 'crypto']),
      });
      expect(noDns).toEqual({ status: 'unavailable', profile: unreachable, error: expect.stringMatching(/Cannot find module 'dns'/) });
      // n8n's HTTP helper throwing on every page: the reader's own answer, no error to raise.
      const throwing = async () => {
        throw new Error('socket hang up');
      };
      expect(await read({ ALLOW_PRIVATE_WEBSITES: '1' }, throwing)).toEqual([{ status: 'unavailable', profile: unreachable, error: '' }]);
      expect(site.requests).toEqual([]);
      // And a read that works raises nothing.
      expect(await read({ ALLOW_PRIVATE_WEBSITES: '1' }, n8nHttpRequest)).toEqual([
        { status: 'ready', profile: expect.stringContaining('"status":"ready"'), error: '' },
      ]);
    } finally {
      await site.close();
    }
  });

  it('refuses the redirect to a private address: unavailable, and the 10.0.0.5 host never asked', async () => {
    const site = await serveFixtureSite('private-redirect');
    const asked: string[] = [];
    try {
      const [check] = await runNode('demo_form', 'Check request', {
        input: [{ headers: webhookItem.headers, body: { ...body, website: site.url, phoneNumber: undefined, consent: undefined } }],
      });
      const [read] = await runNode('demo_form', 'Read site', {
        input: [SLOT],
        nodes: { 'Check request': check },
        env: { ALLOW_PRIVATE_WEBSITES: '1' },
        httpRequest: async (options) => (asked.push((options as { url: string }).url), n8nHttpRequest(options)),
      });
      expect(JSON.parse(String(read!['profile']))).toEqual({ status: 'unavailable', website: site.url, reason: 'refused-address' });
      expect(asked.every((url) => url.startsWith(site.url))).toBe(true);
    } finally {
      await site.close();
    }
  });
});

describe("demo_status's Code nodes in n8n's sandbox", () => {
  /** "Abandoned reading" over the Profile rows, then "Status" over what it output. */
  const status = async (nodes: Record<string, unknown>) => {
    const [abandoned] = await runNode('demo_status', 'Abandoned reading', { nodes });
    return runNode('demo_status', 'Status', { nodes: { ...nodes, 'Abandoned reading': abandoned } });
  };
  it('checks the demoId, then answers the view of its row, 404 for an unknown one, with the call view once its phone call was reported', async () => {
    const demoId = 'e'.repeat(22);
    const [check] = await runNode('demo_status', 'Check request', { input: [{ headers: webhookItem.headers, body: { demoId } }] });
    expect(check).toEqual({ ok: true, demoId, webCallId: null });
    const [malformed] = await runNode('demo_status', 'Check request', { input: [{ headers: webhookItem.headers, body: { demoId: 'x' } }] });
    expect(malformed).toMatchObject({ ok: false, status: 400, body: { fields: { demoId: expect.any(String) } } });
    const unavailable = { status: 'unavailable', website: 'https://acme.com', reason: 'robots' };
    const rows = [{ demoId, receivedAt: '', website: 'https://acme.com', status: 'unavailable', profile: JSON.stringify(unavailable) }];
    expect(await status({ 'Check request': check, Profile: rows })).toEqual([{ status: 200, body: { profile: unavailable } }]);
    expect(await status({ 'Check request': check, Profile: [{}] })).toEqual([{ status: 404, body: { error: expect.stringMatching(/demoId/) } }]);
    const link = { callId: 'call_1', demoId, channel: 'phone', receivedAt: '2026-11-26T10:00:00.000Z' };
    const ringing = { callId: 'call_1', kind: 'status', status: 'ringing', at: '2026-11-26T10:00:07.000Z' };
    expect(await status({ 'Check request': check, Profile: rows, 'Phone call': [link], 'Call events': [ringing] })).toEqual([
      { status: 200, body: { profile: unavailable, call: { status: 'ringing', secondsToRinging: 7 } } },
    ]);
    // The widget's webCallId is linked to the demo after the answer; none sent, nothing stored.
    const [withCall] = await runNode('demo_status', 'Check request', { input: [{ headers: webhookItem.headers, body: { demoId, webCallId: 'web-1' } }] });
    expect(await runNode('demo_status', 'Link row', { nodes: { 'Check request': withCall, Status: { status: 200 } } })).toEqual([
      { callId: 'web-1', demoId, channel: 'browser', receivedAt: expect.any(String) },
    ]);
    expect(await runNode('demo_status', 'Link row', { nodes: { 'Check request': check, Status: { status: 200 } } })).toEqual([]);
  });
});

describe("call_events' and mail_outbox's Code nodes in n8n's sandbox", () => {
  const secret = 'k'.repeat(32);
  const env = { VAPI_SERVER_SECRET: secret, SMTP_URL: 'smtp://127.0.0.1:2525', TEAM_EMAIL: 'team@franchise-ai.example' };
  const report = {
    message: { type: 'end-of-call-report', call: { id: 'call_1' }, analysis: { summary: 'Wants Austin.' }, artifact: { transcript: 'AI: Hi' } },
  };

  it('checks the secret and the report, keeps the first delivery, and queues the two mails of a linked lead', async () => {
    const [wrong] = await runNode('call_events', 'Check event', {
      input: [{ headers: { 'content-type': 'application/json', 'x-vapi-secret': 'x' }, body: report }],
      env,
    });
    expect(wrong).toMatchObject({ store: false, status: 401 });
    const [check] = await runNode('call_events', 'Check event', {
      input: [{ headers: { 'content-type': 'application/json', 'x-vapi-secret': secret }, body: report }],
      env,
    });
    expect(check).toMatchObject({ store: true, row: { key: 'call_1:report', summary: 'Wants Austin.' } });
    const stored = { id: 2, ...(check!['row'] as object) };
    expect(await runNode('call_events', 'First?', { input: [{ id: 1, key: 'call_1:report' }, stored], nodes: { 'Store event': stored } })).toEqual([
      { first: false, id: 2 },
    ]);
    const receivedAt = '2026-11-26T10:00:00.000Z';
    const lead = {
      receivedAt,
      endpoint: 'trigger_ai_demo_call',
      name: 'Jane Doe',
      company: 'Acme Burgers',
      email: 'jane@acme.example',
      website: '',
      businessType: 'franchisor',
      phoneNumber: '+12015550100',
    };
    const [followUp] = await runNode('call_events', 'Follow-up', {
      nodes: { 'Check event': check, 'Call row': [{ callId: 'call_1', receivedAt, phoneNumber: lead.phoneNumber }], Link: [{}], Demo: [{}], Lead: [lead] },
      env,
    });
    expect((followUp!['mails'] as Array<{ mailTo: string }>).map((mail) => mail.mailTo)).toEqual(['jane@acme.example', 'team@franchise-ai.example']);
    expect(await runNode('call_events', 'Mails', { input: [followUp] })).toHaveLength(2);
  });

  it("queues a linked lead's lead.qualified event, which lead_outbox signs so that the Standard Webhooks library verifies it", async () => {
    const leadEnv = { ...env, LEAD_WEBHOOK_URL: 'http://127.0.0.1:9/lead-events', LEAD_WEBHOOK_SECRET: WEBHOOK_SECRET };
    const receivedAt = '2026-11-26T10:00:00.000Z';
    const lead = {
      id: 4,
      receivedAt,
      endpoint: 'trigger_ai_demo_call',
      name: 'Jane Doe',
      company: 'Acme',
      email: 'jane@acme.example',
      businessType: 'franchisor',
      phoneNumber: '+12015550100',
    };
    const event = {
      kind: 'report',
      callId: 'call_1',
      assistantId: null,
      at: receivedAt,
      endedReason: null,
      transcript: 'AI: Hi',
      summary: 'Wants Austin.',
      structuredData: null,
      recordingUrl: null,
    };
    const [queued] = await runNode('call_events', 'Lead event', {
      nodes: { 'Check event': { event }, 'Call row': [{ callId: 'call_1', receivedAt, phoneNumber: lead.phoneNumber }], Link: [{}], Demo: [{}], Lead: [lead] },
      env: leadEnv,
    });
    const row = queued!['row'] as { eventId: string; body: string };
    expect(row.eventId).toMatch(/^msg_[0-9a-f]{32}$/);
    const sent: Array<{ headers: Record<string, string>; body: string }> = [];
    const httpRequest = async (options: unknown) => (sent.push(options as (typeof sent)[number]), { statusCode: 200, headers: {} });
    const [delivered] = await runNode('lead_outbox', 'Deliver', { input: [{ id: 1, ...row, status: 'sending', attempts: '0' }], env: leadEnv, httpRequest });
    expect(delivered).toMatchObject({ status: 'delivered', attempts: '1' });
    expect(new Webhook(WEBHOOK_SECRET).verify(sent[0]!.body, sent[0]!.headers)).toMatchObject({ type: 'lead.qualified', data: { lead: { id: '4' } } });
    // lead_hubspot's check, with the raw body the Webhook node keeps.
    const [verified] = await runNode('lead_hubspot', 'Verify signature', { input: [{ headers: sent[0]!.headers }], binary: sent[0]!.body, env: leadEnv });
    expect(verified).toMatchObject({ ok: true, contact: { email: 'jane@acme.example', firstName: 'Jane', lastName: 'Doe' } });
  });

  it('picks the next due mail and puts a failed one back for later', async () => {
    const due = { id: 3, status: 'pending', nextAttemptAt: '2000-01-01T00:00:00.000Z', attempts: '0' };
    expect(await runNode('mail_outbox', 'Next mail', { input: [due] })).toEqual([{ id: 3 }]);
    const [retry] = await runNode('mail_outbox', 'Retry later', {
      input: [{ error: 'connect ECONNREFUSED' }],
      nodes: { 'Claim mail': { ...due, status: 'sending' } },
    });
    expect(retry).toMatchObject({ status: 'pending', attempts: '1', error: 'connect ECONNREFUSED' });
  });

  it('gives a claimed mail its invitation as a file for Send Email, and none to a mail without', async () => {
    const ics = 'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n';
    const [booked, plain] = await runNodeItems('mail_outbox', 'Invitation', { input: [{ id: 4, invitation: ics }, { id: 5 }] });
    expect(booked!.binary!['invite']).toMatchObject({ fileName: 'invite.ics', data: Buffer.from(ics).toString('base64') });
    expect(plain).toEqual({ json: { id: 5 } });
  });
});
