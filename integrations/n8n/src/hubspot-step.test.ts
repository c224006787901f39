import { Webhook } from 'standardwebhooks';
import { expect, it } from 'vitest';
import { hubspotStep } from './hubspot-step.ts';

const SECRET = `whsec_${Buffer.from('k'.repeat(32)).toString('base64')}`;
const event = {
  type: 'lead.qualified',
  timestamp: '2026-11-26T10:00:00.000Z',
  data: {
    lead: {
      id: '1',
      name: 'Jane van Doe',
      company: 'Acme',
      email: 'jane@acme.example',
      phoneNumber: null,
      website: 'https://acme.example',
      businessType: 'franchisor',
      language: 'en',
    },
    call: { id: 'call_1', channel: 'browser', endedAt: '2026-11-26T10:00:00.000Z', endedReason: null, recordingUrl: null, transcript: null },
    consent: null,
    qualification: null,
    summary: 'Wants Lyon.',
    booking: null,
    territory: { place: 'Lyon', answer: 'open', territories: ['Lyon'] },
  },
};
const raw = JSON.stringify(event);
const signed = (body: string) => {
  const at = new Date();
  return {
    'webhook-id': 'msg_1',
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(SECRET).sign('msg_1', at, body),
  };
};

it('a verified event gives the contact (by e-mail) and the deal the HubSpot node writes', () => {
  expect(hubspotStep(signed(raw), raw, { LEAD_WEBHOOK_SECRET: SECRET })).toEqual({
    ok: true,
    contact: { email: 'jane@acme.example', firstName: 'Jane', lastName: 'van Doe', company: 'Acme', phoneNumber: '', website: 'https://acme.example' },
    deal: { name: 'Acme (franchisor)', description: 'Wants Lyon.\nTerritory "Lyon": open\nCall call_1, browser, ended 2026-11-26T10:00:00.000Z' },
  });
});

it('a body changed after signing, a missing secret or another event type is refused', () => {
  expect(hubspotStep(signed(raw), `${raw} `, { LEAD_WEBHOOK_SECRET: SECRET })).toMatchObject({ ok: false, status: 401 });
  expect(hubspotStep(signed(raw), raw, {})).toMatchObject({ ok: false, status: 401, body: { error: expect.stringContaining('LEAD_WEBHOOK_SECRET') } });
  const other = JSON.stringify({ ...event, type: 'lead.lost' });
  expect(hubspotStep(signed(other), other, { LEAD_WEBHOOK_SECRET: SECRET })).toMatchObject({ ok: false, status: 422 });
});
