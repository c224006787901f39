import { fillCopy, type Copy, type CopyKey } from '../../copy.ts';
import type { KnownCallTerms } from '../../webhooks/call-terms.ts';

// What the visitor is told before an AI calls them, and the proof of what they agreed to. The call
// request carries the very words shown beside the box (`consent.text`), so the host keeps what
// the visitor read, not a summary of it. A host that issues its words (`calls.consent` in
// demo_form's answer, in the lead's language) is shown and sent exactly those, the one text it
// accepts; for a host that sends none, the widget builds them from its copy, in its language.

/** Whether the host said its calls are recorded: `unknown` when its `demo_form` answer did not say. */
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

/**
 * What the call request sends as `consent.text`: the words on screen in reading order (the
 * disclosure, its privacy-policy link's words with the address they lead to, then the box's label,
 * a line of its own as on screen), so the proof says where the policy was. `privacyHref` is absolute.
 */
export function consentText(copy: Copy, disclosure: string, privacyHref: string | null): string {
  const privacy = privacyHref ? ` ${copy.consentPrivacyLink}${copy.labelColon} ${privacyHref}` : '';
  return `${disclosure}${privacy}\n${copy.consentLabel}`;
}

/** The consent as the phone dialog shows and sends it: beside the box, its link, the box's label, and `consent.text`. */
export interface ShownConsent {
  disclosure: string;
  /** Absolute, as the proof names it; null: no link. */
  privacyHref: string | null;
  privacyLabel: string;
  label: string;
  text: string;
}

/**
 * The host's words when it issued them; else today's, from the copy, the page's `company-name` and
 * `privacy-url` (`privacyHref`, resolved against the page) and what the host said of recording.
 */
export function shownConsent(copy: Copy, terms: Pick<KnownCallTerms, 'recorded' | 'consent'>, companyName: string, privacyHref: string | null): ShownConsent {
  const issued = terms.consent;
  if (issued)
    return { disclosure: issued.disclosure, privacyHref: issued.privacyUrl, privacyLabel: issued.privacyLabel, label: issued.label, text: issued.text };
  const disclosure = consentDisclosure(copy, companyName, terms.recorded);
  return { disclosure, privacyHref, privacyLabel: copy.consentPrivacyLink, label: copy.consentLabel, text: consentText(copy, disclosure, privacyHref) };
}

/** The browser call's notice before Start Call: an AI answers, and whether the conversation is recorded. */
export const browserCallDisclosure = (copy: Copy, recorded: boolean | null): string =>
  `${copy.browserCallAi} ${copy[CONVERSATION_RECORDING[recordingOf(recorded)]]}`;
