import { BUSINESS_TYPES, type BusinessType } from '@franchise-ai/shared/constants';
import type { FollowUpLead } from '@franchise-ai/shared/follow-up';
import { storedLanguage } from '@franchise-ai/shared/language';

// Which lead a provider call belongs to, from the rows call_events looks up by the call's id: for
// its end-of-call report's mails (call-events-step.ts) and for its tool calls (tool-calls-step.ts).

/** The rows the lookups found (a Data Table node's items; an empty item when none). */
export interface LinkedRows {
  /** Calls table rows whose callId is the event's (a phone call placed by trigger_ai_demo_call). */
  calls: readonly unknown[];
  /** Call links whose callId is the event's (a browser call the widget reported to demo_status). */
  links: readonly unknown[];
  /** Profiles rows of that link's demoId. */
  demos: readonly unknown[];
  /** Leads rows received at the same moment as the call request or the demo. */
  leads: readonly unknown[];
}

const field = (row: unknown, name: string): string => {
  const value = (row as Record<string, unknown> | null)?.[name];
  return typeof value === 'string' ? value : '';
};

/** The lead a call belongs to, with what names it in the tables: its leads row's id, and the demo the call was linked to. */
export interface LinkedLeadRow {
  lead: FollowUpLead;
  /** The leads table's row id. */
  leadId: string;
  /** The demo a link row names for the call (a browser call, or a phone call placed for a demo); null when none. */
  demoId: string | null;
}

/**
 * The lead a call's event belongs to. A phone call: the calls row the call's id was written on, and
 * the lead trigger_ai_demo_call stored with it (both rows carry the request's `receivedAt`). A
 * browser call: the link demo_status stored from the widget's webCallId, that demo's profile row,
 * and the lead demo_form stored with it (the same `receivedAt` again).
 */
export function linkedLeadRow(callId: string, rows: LinkedRows): LinkedLeadRow | null {
  const call = rows.calls.find((row) => field(row, 'callId') === callId);
  const link = call ? undefined : rows.links.find((row) => field(row, 'callId') === callId && field(row, 'channel') === 'browser');
  const demo = link ? rows.demos.find((row) => field(row, 'demoId') === field(link, 'demoId')) : undefined;
  const [receivedAt, endpoint] = call ? [field(call, 'receivedAt'), 'trigger_ai_demo_call'] : demo ? [field(demo, 'receivedAt'), 'demo_form'] : ['', ''];
  if (receivedAt === '') return null;
  const lead = rows.leads.find(
    (row) =>
      field(row, 'receivedAt') === receivedAt && field(row, 'endpoint') === endpoint && (!call || field(row, 'phoneNumber') === field(call, 'phoneNumber')),
  );
  if (!lead) return null;
  const demoId = field(link ?? rows.links.find((row) => field(row, 'callId') === callId), 'demoId');
  return { lead: leadOf(lead, call ? 'phone' : 'browser'), leadId: String((lead as { id?: unknown }).id ?? ''), demoId: demoId || null };
}

/** A leads row as the mails and tools name the lead. */
function leadOf(lead: unknown, channel: FollowUpLead['channel']): FollowUpLead {
  const businessType = field(lead, 'businessType');
  return {
    name: field(lead, 'name'),
    company: field(lead, 'company'),
    email: field(lead, 'email'),
    businessType: (BUSINESS_TYPES as readonly string[]).includes(businessType) ? (businessType as BusinessType) : 'franchisor',
    website: field(lead, 'website') || null,
    phoneNumber: field(lead, 'phoneNumber') || null,
    channel,
    language: storedLanguage(field(lead, 'language')),
  };
}

/**
 * The lead a chat's tool calls belong to: its leads row by the id the chat assistant's metadata
 * carries (chat.ts), and the demo demo_form stored with it (the same `receivedAt`).
 */
export function chatLeadRow(leadId: string, rows: Pick<LinkedRows, 'demos' | 'leads'>): LinkedLeadRow | null {
  const lead = rows.leads.find((row) => String((row as { id?: unknown } | null)?.id ?? '') === leadId);
  if (!lead) return null;
  const demo = rows.demos.find((row) => field(row, 'receivedAt') === field(lead, 'receivedAt'));
  return { lead: leadOf(lead, 'chat'), leadId, demoId: field(demo, 'demoId') || null };
}

/** The lead a call's event belongs to (linkedLeadRow), as the mails name it. */
export const linkedLead = (callId: string, rows: LinkedRows): FollowUpLead | null => linkedLeadRow(callId, rows)?.lead ?? null;
