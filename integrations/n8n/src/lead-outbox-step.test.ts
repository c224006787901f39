import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import type { ReportEvent } from '@franchise-ai/shared/call-events';
import type { LinkedRows } from './call-events-step.ts';
import { type LeadHttpRequest, leadDeliveryStep, leadEventStep, leadRetryFirstMs } from './lead-outbox-step.ts';

const SECRET = `whsec_${Buffer.from('k'.repeat(32)).toString('base64')}`;
const env = { LEAD_WEBHOOK_URL: 'http://127.0.0.1:9/lead-events', LEAD_WEBHOOK_SECRET: SECRET };
const NOW = Date.parse('2026-11-26T10:00:00.000Z');
const report: ReportEvent = {
  kind: 'report',
  callId: 'call_1',
  assistantId: null,
  at: '2026-11-26T09:59:00.000Z',
  endedReason: 'customer-ended-call',
  transcript: 'AI: Hi',
  summary: 'Wants Lyon.',
  structuredData: { interested: true },
  recordingUrl: null,
};
const receivedAt = '2026-11-26T09:58:00.000Z';
const rows: LinkedRows = {
  calls: [{ callId: 'call_1', receivedAt, phoneNumber: '+12015550100', consentText: 'You may call me.', client: '192.0.2.7' }],
  links: [{}],
  demos: [{}],
  leads: [
    {
      id: 12,
      receivedAt,
      endpoint: 'trigger_ai_demo_call',
      name: 'Jane Doe',
      company: 'Acme',
      email: 'jane@acme.example',
      website: '',
      businessType: 'franchisor',
      phoneNumber: '+12015550100',
    },
  ],
};

describe('Lead event', () => {
  it("queues one row for a linked lead: the fixed id and body, the consent from the call's row, no booking or territory yet", () => {
    const { row } = leadEventStep(report, rows, env, NOW, () => '0b5e-4c');
    expect(row).toMatchObject({ key: 'call_1:report', eventId: 'msg_0b5e4c', callId: 'call_1', leadId: '12', status: 'pending', attempts: '0' });
    expect(JSON.parse(row!.body)).toMatchObject({
      type: 'lead.qualified',
      timestamp: report.at,
      data: {
        lead: { id: '12', email: 'jane@acme.example', language: 'en' },
        call: { id: 'call_1', channel: 'phone', transcript: 'AI: Hi' },
        consent: { text: 'You may call me.', at: receivedAt, ip: '192.0.2.7', phoneNumber: '+12015550100' },
        qualification: { interested: true },
        summary: 'Wants Lyon.',
        booking: null,
        territory: null,
      },
    });
  });
  it('queues none when the webhook is off or no lead is linked, and says why', () => {
    expect(leadEventStep(report, rows, {}, NOW, () => 'x')).toEqual({ row: null, reason: 'LEAD_WEBHOOK_URL is not set: no lead.qualified event.' });
    expect(leadEventStep({ ...report, callId: 'call_9' }, rows, env, NOW, () => 'x').row).toBeNull();
  });
  it('takes the booking and the territory answer once n8n keeps them', () => {
    const territory = { place: 'Lyon', answer: 'open' as const, territories: ['Lyon'] };
    const { row } = leadEventStep(report, rows, env, NOW, () => 'x', { booking: null, territory });
    expect(JSON.parse(row!.body).data.territory).toEqual(territory);
  });
});

describe('Deliver', () => {
  const claimed = { id: 3, eventId: 'msg_1', body: '{"type":"lead.qualified"}', status: 'sending', attempts: '1' };
  const answering =
    (statusCode: number, headers: Record<string, string> = {}, sent: Parameters<LeadHttpRequest>[0][] = []): LeadHttpRequest =>
    async (options) => (sent.push(options), { statusCode, headers });

  it('posts the body signed under its id, verifiable with the Standard Webhooks library; a 2xx is delivered', async () => {
    const sent: Parameters<LeadHttpRequest>[0][] = [];
    const result = await leadDeliveryStep(claimed, env, answering(204, {}, sent), Date.now);
    expect(result).toMatchObject({ status: 'delivered', attempts: '2', nextAttemptAt: '', error: '' });
    expect(sent[0]).toMatchObject({ method: 'POST', url: env.LEAD_WEBHOOK_URL, body: claimed.body, disableFollowRedirect: true });
    expect(sent[0]!.headers['webhook-id']).toBe('msg_1');
    expect(new Webhook(SECRET).verify(claimed.body, sent[0]!.headers)).toEqual({ type: 'lead.qualified' });
  });
  it('410 stops; another status, a redirect or a refused connection is tried again after the backoff or Retry-After', async () => {
    expect(await leadDeliveryStep(claimed, env, answering(410), () => NOW)).toMatchObject({
      status: 'gone',
      error: 'the receiver answered 410: not tried again',
    });
    expect(await leadDeliveryStep(claimed, env, answering(302), () => NOW)).toEqual({
      status: 'pending',
      attempts: '2',
      nextAttemptAt: new Date(NOW + 10_000).toISOString(),
      sentAt: '',
      error: 'the receiver answered 302',
    });
    expect(await leadDeliveryStep(claimed, env, answering(503, { 'retry-after': '60' }), () => NOW)).toMatchObject({
      nextAttemptAt: new Date(NOW + 60_000).toISOString(),
    });
    const refused: LeadHttpRequest = async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:9');
    };
    expect(await leadDeliveryStep(claimed, { ...env, LEAD_WEBHOOK_RETRY_FIRST_MS: '100' }, refused, () => NOW)).toMatchObject({
      status: 'pending',
      nextAttemptAt: new Date(NOW + 200).toISOString(),
      error: 'connect ECONNREFUSED 127.0.0.1:9',
    });
  });
  it('settings unset or wrong: kept pending with the reason', async () => {
    expect(await leadDeliveryStep(claimed, {}, answering(204), () => NOW)).toMatchObject({
      status: 'pending',
      error: 'LEAD_WEBHOOK_URL is not set: kept until it is.',
    });
    expect(await leadDeliveryStep(claimed, { ...env, LEAD_WEBHOOK_SECRET: 'nope' }, answering(204), () => NOW)).toMatchObject({
      status: 'pending',
      error: expect.stringMatching(/^LEAD_WEBHOOK_SECRET must be "whsec_"/),
    });
    expect(() => leadRetryFirstMs({ LEAD_WEBHOOK_RETRY_FIRST_MS: '0' })).toThrow('LEAD_WEBHOOK_RETRY_FIRST_MS must be a whole number ≥ 1, got "0".');
  });
});
