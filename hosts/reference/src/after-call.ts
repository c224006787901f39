import { randomUUID } from 'node:crypto';
import type { ReportEvent } from '@franchise-ai/shared/call-events';
import { followUpMails } from '@franchise-ai/shared/follow-up';
import { leadQualifiedEvent } from '@franchise-ai/shared/lead-event';
import { bookingKeyOf } from './agent-tool-calls.ts';
import type { HostConfig } from './config.ts';
import type { LinkedLead, Store } from './store.ts';

// What follows a call or a chat, inside the transaction that stores its report: the follow-up
// mails (SMTP_URL set) and the lead.qualified event (LEAD_WEBHOOK_URL set), each written once per key.

export interface AfterCallDeps {
  config: Pick<HostConfig, 'followUp' | 'callPolicy' | 'leadWebhook'>;
  store: Store;
}

/** A finished conversation: its report, its lead, the key its mails and event are written once under, and the id its tools' answers were kept by (a call's id, a chat's). */
export interface Finished {
  report: ReportEvent;
  linked: LinkedLead;
  key: string;
  toolsId: string;
}

/** Puts the follow-up mails in the outbox: the number written (0 when mail is off, or they were written already). */
export function queueMails({ config, store }: AfterCallDeps, { report, linked, key, toolsId }: Finished): number {
  if (config.followUp.smtpUrl === undefined) return 0;
  // The meeting the agent booked during this conversation, if any: both mails name it and attach its invitation.
  const mails = followUpMails(linked.lead, report, config.followUp, config.callPolicy.companyName, store.bookingOfCall(toolsId));
  return store.enqueueMails(key, report.callId, linked.requestId, mails);
}

/** Puts the lead.qualified event in its outbox, its webhook-id and body fixed now: true when written; false when the webhook is off or the key has one already. */
export function queueLeadEvent({ config, store }: AfterCallDeps, { report, linked, key, toolsId }: Finished): boolean {
  if (config.leadWebhook === undefined) return false;
  const booked = store.bookingOf(bookingKeyOf(linked));
  const event = leadQualifiedEvent({
    leadId: linked.requestId,
    lead: linked.lead,
    report,
    consent: store.consentOf(linked.requestId) ?? null,
    booking: booked ? { booking: booked.booking, timeZone: booked.timeZone } : null,
    territory: store.territoryCheckOf(toolsId) ?? null,
  });
  const id = `msg_${randomUUID().replaceAll('-', '')}`;
  return store.enqueueLeadEvent({ id, reportKey: key, requestId: linked.requestId, callId: report.callId, body: JSON.stringify(event) });
}
