import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import type { ReportEvent } from './call-events.ts';
import {
  deliveryOf,
  leadQualifiedEvent,
  leadWebhookFromEnv,
  nextDeliveryDelayMs,
  retryAfterMs,
  signedHeaders,
  territoryCheck,
  type LeadEventFacts,
} from './lead-event.ts';
import type { Booking } from './meeting-event.ts';
import type { Territory } from './territories.ts';

const SECRET = `whsec_${btoa('k'.repeat(32))}`;

const report: ReportEvent = {
  kind: 'report',
  callId: 'call_1',
  assistantId: null,
  at: '2026-11-26T09:05:00.000Z',
  endedReason: 'customer-ended-call',
  transcript: 'AI: Bonjour.',
  summary: 'Résumé.',
  structuredData: { wantsDiscoveryCall: true },
  recordingUrl: null,
};

const booking: Booking = {
  uid: 'franchise-ai-booking-abcdefgh',
  start: Date.parse('2026-12-08T09:00:00Z'),
  end: Date.parse('2026-12-08T09:30:00Z'),
  businessType: 'franchisor',
  lead: { name: 'Ada Lovelace', company: 'Analytical Franchises', email: 'ada@example.com' },
  organizer: { name: 'Franchise AI', email: 'team@example.com' },
  language: 'fr',
  booked: Date.parse('2026-11-26T09:00:00Z'),
};

const facts: LeadEventFacts = {
  leadId: 'row-1',
  lead: {
    name: 'Ada Lovelace',
    company: 'Analytical Franchises',
    email: 'ada@example.com',
    businessType: 'franchisor',
    website: null,
    phoneNumber: null,
    channel: 'browser',
    language: 'fr',
  },
  report,
  consent: null,
  booking: { booking, timeZone: 'Europe/Paris' },
  territory: null,
};

describe('leadQualifiedEvent', () => {
  it('carries the report’s time, the lead, and the booking in UTC with its title in the lead’s language', () => {
    const event = leadQualifiedEvent(facts);
    expect(event).toMatchObject({
      type: 'lead.qualified',
      timestamp: report.at,
      data: {
        lead: { id: 'row-1', language: 'fr' },
        call: { id: 'call_1', channel: 'browser', endedAt: report.at, transcript: 'AI: Bonjour.' },
        summary: 'Résumé.',
        qualification: { wantsDiscoveryCall: true },
        booking: {
          start: '2026-12-08T09:00:00.000Z',
          end: '2026-12-08T09:30:00.000Z',
          timeZone: 'Europe/Paris',
          title: 'Appel découverte avec l’équipe de développement\u00a0: Ada Lovelace (Analytical Franchises)',
          uid: booking.uid,
        },
      },
    });
  });

  it('is the same JSON for the same facts', () => {
    expect(JSON.stringify(leadQualifiedEvent(facts))).toBe(JSON.stringify(leadQualifiedEvent(structuredClone(facts))));
  });
});

describe('territoryCheck', () => {
  const lyon: Territory = { name: 'Lyon', codes: ['69001'], status: 'open', at: 'line 2' };
  const codesOnly: Territory = { name: null, codes: ['75', '92'], status: 'sold', at: 'line 3' };
  it('names the territories matched, by their codes when they have no name', () => {
    expect(territoryCheck('Lyon', { kind: 'open', territories: [lyon] })).toEqual({ place: 'Lyon', answer: 'open', territories: ['Lyon'] });
    expect(territoryCheck('Paris', { kind: 'taken', territories: [codesOnly] })).toEqual({ place: 'Paris', answer: 'taken', territories: ['75, 92'] });
    expect(territoryCheck('Brest', { kind: 'unlisted', location: null })).toEqual({ place: 'Brest', answer: 'unlisted', territories: [] });
  });
});

describe('leadWebhookFromEnv', () => {
  it('is off with neither, on with both', () => {
    expect(leadWebhookFromEnv({})).toBeUndefined();
    expect(leadWebhookFromEnv({ LEAD_WEBHOOK_URL: ' https://crm.example/hook ', LEAD_WEBHOOK_SECRET: SECRET })).toEqual({
      url: 'https://crm.example/hook',
      secret: SECRET,
    });
  });

  it.each([
    [{ LEAD_WEBHOOK_SECRET: SECRET }, /LEAD_WEBHOOK_SECRET is set but LEAD_WEBHOOK_URL is not/],
    [{ LEAD_WEBHOOK_URL: 'https://crm.example/hook' }, /needs LEAD_WEBHOOK_SECRET/],
    [{ LEAD_WEBHOOK_URL: 'crm.example/hook', LEAD_WEBHOOK_SECRET: SECRET }, /must be an http\(s\) URL, got "crm\.example\/hook"/],
    [{ LEAD_WEBHOOK_URL: 'https://crm.example/hook', LEAD_WEBHOOK_SECRET: btoa('k'.repeat(32)) }, /must be "whsec_" followed by the key in base64/],
    [{ LEAD_WEBHOOK_URL: 'https://crm.example/hook', LEAD_WEBHOOK_SECRET: 'whsec_not base64!' }, /must be "whsec_"/],
    [{ LEAD_WEBHOOK_URL: 'https://crm.example/hook', LEAD_WEBHOOK_SECRET: `whsec_${btoa('short')}` }, /24 to 64 bytes, got 5/],
    [{ LEAD_WEBHOOK_URL: 'https://crm.example/hook', LEAD_WEBHOOK_SECRET: `whsec_${btoa('k'.repeat(65))}` }, /24 to 64 bytes, got 65/],
  ])('refuses %o', (env, message) => {
    expect(() => leadWebhookFromEnv(env)).toThrow(message);
  });
});

describe('signedHeaders', () => {
  it('verifies with the specification’s library, and not with another secret or another body', () => {
    const body = JSON.stringify(leadQualifiedEvent(facts));
    const headers = signedHeaders(SECRET, 'msg_1', new Date(), body);
    expect(headers['webhook-id']).toBe('msg_1');
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(SECRET).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(`whsec_${btoa('j'.repeat(32))}`).verify(body, headers)).toThrow(/No matching signature/);
    expect(() => new Webhook(SECRET).verify(`${body} `, headers)).toThrow(/No matching signature/);
  });

  it('is stamped with the attempt’s time, in seconds', () => {
    expect(signedHeaders(SECRET, 'msg_1', new Date(1_700_000_000_999), '{}')['webhook-timestamp']).toBe('1700000000');
  });
});

describe('deliveryOf', () => {
  it.each([
    [200, 'delivered'],
    [204, 'delivered'],
    [299, 'delivered'],
    [301, 'retry'],
    [404, 'retry'],
    [410, 'gone'],
    [429, 'retry'],
    [500, 'retry'],
  ] as const)('%i: %s', (status, verdict) => {
    expect(deliveryOf(status)).toBe(verdict);
  });
});

describe('when to try again', () => {
  const now = Date.parse('2026-11-26T09:00:00Z');
  it('reads Retry-After in seconds or as a date; 0 for none or nonsense', () => {
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Thu, 26 Nov 2026 09:01:00 GMT', now)).toBe(60_000);
    for (const header of [null, '', 'soon', '-5', 'Thu, 26 Nov 2026 08:00:00 GMT']) expect(retryAfterMs(header, now)).toBe(0);
  });

  it('waits the shared backoff, or the receiver’s Retry-After when longer, never over an hour', () => {
    expect(nextDeliveryDelayMs(1, 5_000, 0)).toBe(5_000);
    expect(nextDeliveryDelayMs(3, 5_000, 0)).toBe(20_000);
    expect(nextDeliveryDelayMs(1, 5_000, 90_000)).toBe(90_000);
    expect(nextDeliveryDelayMs(1, 5_000, 86_400_000)).toBe(3_600_000);
  });
});
