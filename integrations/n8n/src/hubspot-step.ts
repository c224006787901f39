import { Webhook } from 'standardwebhooks';
import { LEAD_EVENT_TYPE, type LeadQualifiedEvent } from '@franchise-ai/shared/lead-event';
import type { WorkflowEnv } from './request-check.ts';

// The lead_hubspot branch's check: a lead.qualified event verified with the Standard Webhooks
// library under LEAD_WEBHOOK_SECRET (the raw body, as signed), then the contact and the deal
// n8n's HubSpot node writes from it.

export type HubspotStep =
  | { ok: false; status: 401 | 422; body: { error: string } }
  | {
      ok: true;
      contact: { email: string; firstName: string; lastName: string; company: string; phoneNumber: string; website: string };
      deal: { name: string; description: string };
    };

/** "Verify signature": the event's contact and deal, or 401 (bad signature, no secret) / 422 (not a lead.qualified). */
export function hubspotStep(headers: Record<string, unknown>, raw: string, env: WorkflowEnv): HubspotStep {
  const secret = env['LEAD_WEBHOOK_SECRET']?.trim();
  const strings = Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  let event: LeadQualifiedEvent;
  try {
    if (!secret) throw new Error('LEAD_WEBHOOK_SECRET is not set on this n8n');
    event = new Webhook(secret).verify(raw, strings) as LeadQualifiedEvent;
  } catch (error) {
    return { ok: false, status: 401, body: { error: `Signature not verified: ${(error as Error).message}` } };
  }
  if (event?.type !== LEAD_EVENT_TYPE) return { ok: false, status: 422, body: { error: `Not a ${LEAD_EVENT_TYPE} event.` } };
  const { lead, booking, territory, summary } = event.data;
  const [firstName = '', ...rest] = lead.name.trim().split(/\s+/);
  const lines = [
    summary,
    booking && `Meeting: ${booking.start} (${booking.timeZone}), ${booking.title}`,
    territory && `Territory "${territory.place}": ${territory.answer}`,
    `Call ${event.data.call.id}, ${event.data.call.channel}, ended ${event.data.call.endedAt}`,
  ];
  return {
    ok: true,
    contact: {
      email: lead.email,
      firstName,
      lastName: rest.join(' '),
      company: lead.company,
      phoneNumber: lead.phoneNumber ?? '',
      website: lead.website ?? '',
    },
    deal: { name: `${lead.company} (${lead.businessType})`, description: lines.filter(Boolean).join('\n') },
  };
}
