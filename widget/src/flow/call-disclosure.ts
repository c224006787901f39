import { fillCopy, type Copy, type CopyKey } from '../copy/copy.ts';
import type { KnownCallTerms } from '../webhooks/call-terms.ts';

// The request carries the very words shown beside the box, so the host keeps what the visitor read, not a summary.

export type Recording = 'recorded' | 'not-recorded' | 'unknown';

export const recordingOf = (recorded: boolean | null): Recording => (recorded === null ? 'unknown' : recorded ? 'recorded' : 'not-recorded');

const CALL_RECORDING: Record<Recording, CopyKey> = {
  recorded: 'consentRecorded',
  'not-recorded': 'consentNotRecorded',
  // A host that did not say may record: never promise what it did not.
  unknown: 'consentMayBeRecorded',
};

const CONVERSATION_RECORDING: Record<Recording, CopyKey> = {
  recorded: 'browserCallRecorded',
  'not-recorded': 'browserCallNotRecorded',
  unknown: 'browserCallMayBeRecorded',
};

/** The disclosure beside the phone number: who calls, that an AI voice calls once, recording, no purchase condition. */
export const consentDisclosure = (copy: Copy, companyName: string, recorded: boolean | null): string =>
  [fillCopy(copy.consentCall, { company: companyName }), copy[CALL_RECORDING[recordingOf(recorded)]], copy.consentNoPurchase].join(' ');

/** `consent.text`: the words on screen in reading order, the privacy link with its (absolute) address, so the proof says where the policy was. */
export function consentText(copy: Copy, disclosure: string, privacyHref: string | null): string {
  const privacy = privacyHref ? ` ${copy.consentPrivacyLink}${copy.labelColon} ${privacyHref}` : '';
  return `${disclosure}${privacy}\n${copy.consentLabel}`;
}

export interface ShownConsent {
  disclosure: string;
  /** Absolute, as the proof names it; null: no link. */
  privacyHref: string | null;
  privacyLabel: string;
  label: string;
  text: string;
}

/** The host's words when it issued them (the one text it accepts); else the widget's, from its copy and the page's attributes. */
export function shownConsent(copy: Copy, terms: Pick<KnownCallTerms, 'recorded' | 'consent'>, companyName: string, privacyHref: string | null): ShownConsent {
  const issued = terms.consent;
  if (issued)
    return { disclosure: issued.disclosure, privacyHref: issued.privacyUrl, privacyLabel: issued.privacyLabel, label: issued.label, text: issued.text };
  const disclosure = consentDisclosure(copy, companyName, terms.recorded);
  return { disclosure, privacyHref, privacyLabel: copy.consentPrivacyLink, label: copy.consentLabel, text: consentText(copy, disclosure, privacyHref) };
}

export const browserCallDisclosure = (copy: Copy, recorded: boolean | null): string =>
  `${copy.browserCallAi} ${copy[CONVERSATION_RECORDING[recordingOf(recorded)]]}`;
