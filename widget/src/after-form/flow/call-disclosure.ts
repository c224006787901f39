import { fillCopy, type Copy, type CopyKey } from '../../copy.ts';

// What the visitor is told before an AI calls them, and the proof of what they agreed to. The call
// request carries the very words shown beside the box (`consent.text`), so the host keeps what
// the visitor read, not a summary of it: in the widget's language (`copy`, issue 33).

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

/** The browser call's notice before Start Call: an AI answers, and whether the conversation is recorded. */
export const browserCallDisclosure = (copy: Copy, recorded: boolean | null): string =>
  `${copy.browserCallAi} ${copy[CONVERSATION_RECORDING[recordingOf(recorded)]]}`;
