import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendToolCalls, type FakeToolCall } from '@franchise-ai/test-support/fake-tool-calls';
import { useFakeVoiceApi } from '@franchise-ai/test-support/fake-voice-api';
import { poll } from '@franchise-ai/test-support/poll';
import { startRadicale, type Radicale } from '@franchise-ai/test-support/radicale';
import { spawnHost, useHost } from '@franchise-ai/test-support/webhook-host';
import { startWebhookReceiver, type SignedDelivery, type WebhookReceiver } from '@franchise-ai/test-support/webhook-receiver';
import { CONSENT_TEXT, jsonOf, postJson, validCall, validLead } from './helpers.ts';

// After the call: the end-of-call report of a call linked to a lead queues one signed
// lead.qualified event, which the host delivers to LEAD_WEBHOOK_URL: here a real HTTP receiver on
// 127.0.0.1 that verifies each delivery with the Standard Webhooks library. The call is a real one
// through the host (the fake provider places it), its tools answered during it (a territory file,
// a Radicale calendar), its report posted as the provider posts it.

const SECRET = 'lead-webhook-secret-0123456789abcdef';
const SIGNING_SECRET = `whsec_${Buffer.from('lead-webhook-signing-key-of-32-bytes').toString('base64')}`;
/** A short first retry, so a receiver that comes back is seen within a second. */
const FIRST_RETRY_MS = '200';

const folder = mkdtempSync(join(tmpdir(), 'lead-webhook-'));
const territoriesFile = join(folder, 'territories.csv');
writeFileSync(territoriesFile, 'name,codes,status\nLyon,"69001, 69002",open\nParis,75,sold\n');

const provider = useFakeVoiceApi();
beforeEach(() => provider.reset());

let receiver: WebhookReceiver;
let radicale: Radicale;
beforeAll(async () => {
  receiver = await startWebhookReceiver(SIGNING_SECRET);
  radicale = await startRadicale({ timeZone: 'Europe/Paris' });
});
afterAll(async () => {
  await receiver?.stop();
  await radicale?.stop();
  rmSync(folder, { recursive: true, force: true });
});

const settings = () => ({
  RATE_LIMIT: 'off',
  VAPI_API_BASE: provider.url,
  VAPI_PRIVATE_KEY: 'test-private-key',
  VAPI_PHONE_NUMBER_ID: 'pn_123',
  VAPI_TIMEOUT_MS: '2000',
  PUBLIC_WEBHOOK_BASE: 'https://demo.public.example/webhook/acme',
  VAPI_SERVER_SECRET: SECRET,
  TERRITORIES_FILE: territoriesFile,
  CALDAV_URL: radicale.url,
  CALDAV_USERNAME: radicale.username,
  CALDAV_PASSWORD: radicale.password,
  LEAD_WEBHOOK_URL: receiver.url,
  LEAD_WEBHOOK_SECRET: SIGNING_SECRET,
  LEAD_WEBHOOK_RETRY_FIRST_MS: FIRST_RETRY_MS,
});
const host = useHost(() => ({ env: settings() }));

const postEvent = (body: unknown) => postJson(`${host.webhookBase}/call_events`, body, { 'X-Vapi-Secret': SECRET });

const SUMMARY = 'Ada wants the Lyon territory within a year.';
const report = (callId: string, call: Record<string, unknown> = {}) => ({
  message: {
    type: 'end-of-call-report',
    call: { id: callId, ...call },
    endedReason: 'customer-ended-call',
    timestamp: Date.parse('2026-11-26T09:05:00Z'),
    artifact: { transcript: 'AI: Hello Ada.\nUser: Is Lyon open?', recordingUrl: 'https://storage.vapi.example/rec.wav' },
    analysis: { summary: SUMMARY, structuredData: { territoryWanted: 'Lyon', wantsDiscoveryCall: true } },
  },
});

/** Places a phone call through the host (the fake provider answers `callId`): the request id, and the assistant the call carries. */
async function placeCall(callId: string, overrides: Record<string, unknown> = {}): Promise<{ requestId: string; assistant: Record<string, unknown> }> {
  provider.reply = (request) => (request.path === '/call' ? JSON.stringify({ id: callId }) : '{}');
  const body = await jsonOf(await postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall({ website: undefined, ...overrides })));
  expect(body).toMatchObject({ status: 'placed', callId });
  provider.reply = null;
  const assistant = (provider.requests.filter((request) => request.path === '/call').at(-1)!.body as { assistant: Record<string, unknown> }).assistant;
  return { requestId: body['requestId'] as string, assistant };
}

/** The call's tools, as the provider calls them during it; each answer is the documented one. */
async function useTools(assistant: Record<string, unknown>, callId: string, calls: FakeToolCall[]) {
  const exchange = await sendToolCalls(assistant, calls, { url: `${host.webhookBase}/call_events`, callId });
  expect(exchange.status, JSON.stringify(exchange.body)).toBe(200);
  expect(exchange.problems).toEqual([]);
  return exchange.results;
}

interface EventRow {
  id: string;
  request_id: string;
  attempts: number;
  delivered_at: string | null;
  gone_at: string | null;
  last_error: string | null;
}

function eventRows(requestId: string): EventRow[] {
  const db = new Database(host.databasePath, { readonly: true });
  try {
    return db.prepare<[string], EventRow>('SELECT * FROM lead_events WHERE request_id = ?').all(requestId);
  } finally {
    db.close();
  }
}

/** The deliveries of the lead with this e-mail address. */
const deliveriesTo = (email: string): SignedDelivery[] =>
  receiver.deliveries.filter((delivery) => (delivery.payload as { data: { lead: { email: string } } }).data.lead.email === email);

/** Polls until the lead's one event is delivered (or refused for good), and answers its row. */
async function settled(requestId: string): Promise<EventRow> {
  await poll(() => eventRows(requestId).some((row) => row.delivered_at !== null || row.gone_at !== null)).toBe(true);
  return eventRows(requestId)[0]!;
}

describe('lead.qualified', () => {
  it('after the report of a phone call: one event whose signature verifies, carrying the lead, the consent, the qualification, the summary, the booking and the territory answer; the report again sends nothing more', async () => {
    const callId = 'call_lead_ada';
    const { requestId, assistant } = await placeCall(callId, { email: 'ada.lead@example.com' });
    // During the call: Paris first (taken), then Lyon (open), then a meeting at the first free time.
    await useTools(assistant, callId, [{ name: 'check_territory', arguments: { place: 'Paris' } }]);
    await useTools(assistant, callId, [{ name: 'check_territory', arguments: { place: 'Lyon' } }]);
    const times = await useTools(assistant, callId, [{ id: 'times', name: 'find_meeting_times' }]);
    const start = /\(start: ([0-9T:+\-Z]+)\)/.exec(times.get('times')?.result ?? '')?.[1];
    expect(start).toBeDefined();
    const booked = await useTools(assistant, callId, [{ id: 'book', name: 'book_meeting', arguments: { start } }]);
    expect(booked.get('book')?.result).toMatch(/^Booked: /);

    expect(await jsonOf(await postEvent(report(callId)))).toEqual({ ok: true, duplicate: false });
    const row = await settled(requestId);
    expect(row).toMatchObject({ attempts: 0, delivered_at: expect.any(String), gone_at: null });

    const [delivery, ...more] = deliveriesTo('ada.lead@example.com');
    expect(more).toEqual([]);
    expect(delivery!.id).toBe(row.id);
    expect(delivery!.id).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(receiver.refused).toEqual([]);
    expect(delivery!.payload).toEqual({
      type: 'lead.qualified',
      timestamp: '2026-11-26T09:05:00.000Z',
      data: {
        lead: {
          id: requestId,
          name: 'Ada Lovelace',
          company: 'Analytical Franchises',
          email: 'ada.lead@example.com',
          phoneNumber: '+12016234567',
          website: null,
          businessType: 'franchisor',
          language: 'en',
        },
        call: {
          id: callId,
          channel: 'phone',
          endedAt: '2026-11-26T09:05:00.000Z',
          endedReason: 'customer-ended-call',
          recordingUrl: 'https://storage.vapi.example/rec.wav',
          transcript: 'AI: Hello Ada.\nUser: Is Lyon open?',
        },
        consent: { text: CONSENT_TEXT, at: expect.any(String), ip: '127.0.0.1', phoneNumber: '+12016234567' },
        qualification: { territoryWanted: 'Lyon', wantsDiscoveryCall: true },
        summary: SUMMARY,
        booking: {
          start: new Date(Date.parse(start!)).toISOString(),
          end: new Date(Date.parse(start!) + 30 * 60_000).toISOString(),
          timeZone: 'Europe/Paris',
          title: 'Discovery call with the development team: Ada Lovelace (Analytical Franchises)',
          uid: expect.stringMatching(/^franchise-ai-booking-/),
        },
        territory: { place: 'Lyon', answer: 'open', territories: ['Lyon'] },
      },
    });

    // The provider delivers the report again: stored once, so queued once and sent once.
    expect(await jsonOf(await postEvent(report(callId)))).toEqual({ ok: true, duplicate: true });
    expect(eventRows(requestId)).toHaveLength(1);
    expect(deliveriesTo('ada.lead@example.com')).toHaveLength(1);
    // The log names the event and the row, never the lead.
    expect(host.output()).toContain(`lead.qualified ${row.id} (lead row ${requestId}) delivered`);
    expect(host.output()).not.toContain('ada.lead@example.com');
  });

  it('the receiver down when the report arrives: the event waits in the outbox and arrives once it is back, once, under its one webhook-id', async () => {
    const { requestId } = await placeCall('call_lead_down', { email: 'down.lead@example.com' });
    await receiver.stop();
    try {
      expect((await postEvent(report('call_lead_down'))).status).toBe(200);
      await poll(() => eventRows(requestId)[0]?.attempts ?? 0).toBeGreaterThanOrEqual(2);
      expect(eventRows(requestId)[0]).toMatchObject({ delivered_at: null, last_error: expect.stringMatching(/ECONNREFUSED|connect/i) });
    } finally {
      await receiver.start();
    }
    const row = await settled(requestId);
    expect(row.delivered_at).not.toBeNull();
    expect(deliveriesTo('down.lead@example.com').map((delivery) => delivery.id)).toEqual([row.id]);
  });

  it('a receiver that answers 500: tried again under the same webhook-id, signed anew, until a 2xx, then never again', async () => {
    const { requestId } = await placeCall('call_lead_500', { email: 'busy.lead@example.com' });
    receiver.status = 500;
    try {
      expect((await postEvent(report('call_lead_500'))).status).toBe(200);
      await poll(() => deliveriesTo('busy.lead@example.com').length).toBeGreaterThanOrEqual(2);
    } finally {
      receiver.status = 204;
    }
    const row = await settled(requestId);
    const deliveries = deliveriesTo('busy.lead@example.com');
    expect(new Set(deliveries.map((delivery) => delivery.id))).toEqual(new Set([row.id]));
    expect(new Set(deliveries.map((delivery) => delivery.body)).size).toBe(1);
    expect(row.attempts).toBe(deliveries.length - 1);
    expect(host.output()).toMatch(/lead\.qualified \S+ \(lead row \S+\) failed \(attempt 1\), kept in the outbox, next try at .*: the receiver answered 500/);
  });

  it('410 Gone: that event is not tried again', async () => {
    const { requestId } = await placeCall('call_lead_gone', { email: 'gone.lead@example.com' });
    receiver.status = 410;
    try {
      expect((await postEvent(report('call_lead_gone'))).status).toBe(200);
      const row = await settled(requestId);
      expect(row).toMatchObject({ delivered_at: null, gone_at: expect.any(String), last_error: 'the receiver answered 410' });
    } finally {
      receiver.status = 204;
    }
    expect(deliveriesTo('gone.lead@example.com')).toHaveLength(1);
  });

  it('what a stopped host left in the outbox is delivered at its next start, once', async () => {
    const { requestId } = await placeCall('call_lead_restart', { email: 'restart.lead@example.com' });
    await receiver.stop();
    try {
      expect((await postEvent(report('call_lead_restart'))).status).toBe(200);
      await poll(() => eventRows(requestId)[0]?.attempts ?? 0).toBeGreaterThanOrEqual(1);
      await host.stop();
    } finally {
      await receiver.start();
    }
    await host.restart();
    const row = await settled(requestId);
    expect(deliveriesTo('restart.lead@example.com').map((delivery) => delivery.id)).toEqual([row.id]);
  });

  it('a browser call reported before the widget linked it: queued when the link comes, with no consent (a browser call needs none)', async () => {
    const form = await jsonOf(await postJson(`${host.webhookBase}/demo_form`, validLead({ website: undefined, email: 'web.lead@example.com' })));
    const demoId = form['demoId'] as string;
    expect((await postEvent(report('web_call_lead'))).status).toBe(200);
    expect(eventRows(form['requestId'] as string)).toEqual([]);
    const status = await postJson(`${host.webhookBase}/demo_status`, { demoId, webCallId: 'web_call_lead' });
    expect(status.status).toBe(200);
    await settled(form['requestId'] as string);
    const [delivery, ...more] = deliveriesTo('web.lead@example.com');
    expect(more).toEqual([]);
    expect((delivery!.payload as { data: Record<string, unknown> }).data).toMatchObject({
      call: { id: 'web_call_lead', channel: 'browser' },
      consent: null,
      booking: null,
      territory: null,
    });
  });
});

describe('settings that stop the start', () => {
  it.each([
    [
      'a URL that is no http(s) URL',
      { LEAD_WEBHOOK_URL: 'ftp://crm.example/leads', LEAD_WEBHOOK_SECRET: SIGNING_SECRET },
      /LEAD_WEBHOOK_URL must be an http\(s\) URL/,
    ],
    [
      'a secret not in whsec_ form',
      { LEAD_WEBHOOK_URL: 'https://crm.example/leads', LEAD_WEBHOOK_SECRET: 'plain-secret' },
      /LEAD_WEBHOOK_SECRET must be "whsec_"/,
    ],
    ['a URL without a secret', { LEAD_WEBHOOK_URL: 'https://crm.example/leads' }, /LEAD_WEBHOOK_URL needs LEAD_WEBHOOK_SECRET/],
  ])('%s', async (_, env, message) => {
    const error = await spawnHost({ env }).then(
      async (started) => {
        await started.stop();
        return new Error('the host started');
      },
      (reason: unknown) => reason as Error,
    );
    expect(error.message).toMatch(/webhook host did not start: /);
    expect(error.message).toMatch(message);
  });
});
