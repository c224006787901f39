import { Webhook } from 'standardwebhooks';
import type { ReportEvent } from './call-events.ts';
import type { FollowUpLead } from './follow-up.ts';
import { MAIL_RETRY, retryDelayMs } from './follow-up.ts';
import { DEFAULT_LANGUAGE, type Language } from './language.ts';
import { meetingSummary, type Booking } from './meeting-event.ts';
import type { TerritoryAnswer } from './territories.ts';
import { isHttpUrl, parseUrl } from './web-url.ts';

// The `lead.qualified` event every host sends to the team's systems when a call's report comes
// (LEAD_WEBHOOK_URL): what it carries, how it is signed and when a delivery counts. Signed by the
// Standard Webhooks specification with its own library (`standardwebhooks`: pure JavaScript, its
// two dependencies too, and the global TextEncoder), so n8n's Code nodes can run this file bundled,
// as every host's receiver verifies it with the same library's `verify`. No Node built-ins here.

export const LEAD_EVENT_TYPE = 'lead.qualified';

/** The consent a phone call was placed on, as the host stored it: the words agreed to, when, and from which address. */
export interface ConsentProof {
  text: string;
  at: string;
  ip: string;
  phoneNumber: string;
}

/** What check_territory last answered during the call. */
export interface TerritoryCheck {
  /** The place as the agent passed it. */
  place: string;
  answer: 'open' | 'reserved' | 'taken' | 'which' | 'unlisted';
  /** The territories of the list it matched, by name (else their codes). */
  territories: string[];
}

/** What a host knows of the call when its report comes, linked to its lead (Store.leadOfCall on the reference host). */
export interface LeadEventFacts {
  /** The host's id of the lead's row. */
  leadId: string;
  lead: FollowUpLead;
  report: ReportEvent;
  consent: ConsentProof | null;
  /** The meeting the agent booked for the lead, and the calendar's zone it said the time in. */
  booking: { booking: Booking; timeZone: string } | null;
  territory: TerritoryCheck | null;
}

export interface LeadQualifiedEvent {
  type: typeof LEAD_EVENT_TYPE;
  /** When the call ended (the report's time), ISO 8601: the same on every delivery. */
  timestamp: string;
  data: {
    lead: {
      id: string;
      name: string;
      company: string;
      email: string;
      phoneNumber: string | null;
      website: string | null;
      businessType: FollowUpLead['businessType'];
      language: Language;
    };
    call: {
      id: string;
      channel: FollowUpLead['channel'];
      endedAt: string;
      endedReason: string | null;
      /** The provider's recording, when calls are recorded: its report links no transcript, so the text comes whole. */
      recordingUrl: string | null;
      transcript: string | null;
    };
    consent: ConsentProof | null;
    qualification: Record<string, unknown> | null;
    summary: string | null;
    booking: { start: string; end: string; timeZone: string; title: string; uid: string } | null;
    territory: TerritoryCheck | null;
  };
}

/** The event for a report: built once, when it is queued, so that every retry sends the same bytes. */
export function leadQualifiedEvent(facts: LeadEventFacts): LeadQualifiedEvent {
  const { lead, report, booking } = facts;
  return {
    type: LEAD_EVENT_TYPE,
    timestamp: report.at,
    data: {
      lead: {
        id: facts.leadId,
        name: lead.name,
        company: lead.company,
        email: lead.email,
        phoneNumber: lead.phoneNumber,
        website: lead.website,
        businessType: lead.businessType,
        language: lead.language ?? DEFAULT_LANGUAGE,
      },
      call: {
        id: report.callId,
        channel: lead.channel,
        endedAt: report.at,
        endedReason: report.endedReason,
        recordingUrl: report.recordingUrl,
        transcript: report.transcript,
      },
      consent: facts.consent,
      qualification: report.structuredData,
      summary: report.summary,
      booking: booking && {
        start: new Date(booking.booking.start).toISOString(),
        end: new Date(booking.booking.end).toISOString(),
        timeZone: booking.timeZone,
        title: meetingSummary(booking.booking),
        uid: booking.booking.uid,
      },
      territory: facts.territory,
    },
  };
}

/** check_territory's answer as the event carries it: the territories by name, else by their codes. */
export const territoryCheck = (place: string, answer: TerritoryAnswer): TerritoryCheck => ({
  place,
  answer: answer.kind,
  territories: answer.kind === 'unlisted' ? [] : answer.territories.map((territory) => territory.name ?? territory.codes.join(', ')),
});

/** Where the events go and what signs them. */
export interface LeadWebhookConfig {
  /** LEAD_WEBHOOK_URL. */
  url: string;
  /** LEAD_WEBHOOK_SECRET, `whsec_` and the key in base64. */
  secret: string;
}

/** The specification's bounds for an HMAC key: 24 to 64 bytes. */
const SECRET_BYTES = { min: 24, max: 64 } as const;
const SECRET_FORM = /^whsec_((?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?)$/;
const MAKE_SECRET = 'make one with `echo "whsec_$(openssl rand -base64 32)"`';

/** The bytes a base64 text decodes to. */
const base64Bytes = (text: string): number => (text.length / 4) * 3 - (text.match(/=+$/)?.[0].length ?? 0);

/**
 * LEAD_WEBHOOK_URL and LEAD_WEBHOOK_SECRET: both or neither (off). A URL that is not http(s), or a
 * secret not in the specification's `whsec_` form, stops the start.
 */
export function leadWebhookFromEnv(env: Record<string, string | undefined>): LeadWebhookConfig | undefined {
  const url = env['LEAD_WEBHOOK_URL']?.trim() || undefined;
  const secret = env['LEAD_WEBHOOK_SECRET']?.trim() || undefined;
  if (url === undefined && secret === undefined) return undefined;
  if (url === undefined) throw new Error('LEAD_WEBHOOK_SECRET is set but LEAD_WEBHOOK_URL is not: set where the lead.qualified events go, or unset both.');
  if (!isHttpUrl(parseUrl(url))) throw new Error(`LEAD_WEBHOOK_URL must be an http(s) URL, got "${url}".`);
  if (secret === undefined) throw new Error(`LEAD_WEBHOOK_URL needs LEAD_WEBHOOK_SECRET, which signs each event: ${MAKE_SECRET}.`);
  const key = SECRET_FORM.exec(secret)?.[1];
  if (key === undefined) throw new Error(`LEAD_WEBHOOK_SECRET must be "whsec_" followed by the key in base64 (Standard Webhooks); ${MAKE_SECRET}.`);
  const bytes = base64Bytes(key);
  if (bytes < SECRET_BYTES.min || bytes > SECRET_BYTES.max)
    throw new Error(`LEAD_WEBHOOK_SECRET's key must be ${SECRET_BYTES.min} to ${SECRET_BYTES.max} bytes, got ${bytes}; ${MAKE_SECRET}.`);
  return { url, secret };
}

/** The three headers of one delivery: `at` is the attempt's time, so a retry is signed anew under the same id. */
export function signedHeaders(secret: string, id: string, at: Date, body: string): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  };
}

/** How long a receiver may take to answer a delivery (the specification recommends 15 to 30 s). */
export const LEAD_WEBHOOK_TIMEOUT_MS = 15_000;

/**
 * What a receiver's answer means, as the specification words it: a 2xx is delivered; 410 Gone
 * says the receiver wants no more, so that event is not tried again; anything else (a redirect
 * included, which is not followed) is tried again later.
 */
export function deliveryOf(status: number): 'delivered' | 'gone' | 'retry' {
  if (status >= 200 && status <= 299) return 'delivered';
  return status === 410 ? 'gone' : 'retry';
}

/** A Retry-After header (seconds, or an HTTP date) as milliseconds from `now`; 0 when there is none that reads. */
export function retryAfterMs(header: string | null, now: number): number {
  if (header === null || header.trim() === '') return 0;
  const text = header.trim();
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : Date.parse(text) - now;
  return Number.isFinite(ms) && ms > 0 ? ms : 0;
}

/** When to try attempt `failures + 1`: the shared backoff, or later when the receiver asked, at most the longest backoff. */
export const nextDeliveryDelayMs = (failures: number, firstMs: number, retryAfter: number): number =>
  Math.min(MAIL_RETRY.maxMs, Math.max(retryDelayMs(failures, firstMs), retryAfter));
