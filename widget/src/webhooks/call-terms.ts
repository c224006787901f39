import type { IssuedConsent } from '@franchise-ai/shared/consent-words';
import { isRecord } from './assistant-answer.ts';
import { contactEmail, contactPhone } from '@franchise-ai/shared/follow-up-contact';

// `demo_form`'s `calls`: a missing or malformed part is unknown, worded honestly ("may be recorded"), restricting nothing.

/** The host's call terms as far as its answer told them; `null`: not told. */
export interface KnownCallTerms {
  recorded: boolean | null;
  /** ISO 3166-1 alpha-2 codes, upper case, of the countries the host calls. */
  countries: readonly string[] | null;
  /** The company the agent says it is from, for the first words the wait shows. */
  from: string | null;
  /** What follows a call (shared follow-up.ts); absent when the host did not say: no mail promised, no booking link. */
  followUp?: { mail: boolean; bookingUrl: string | null; contact: { email: string | null; phone: string | null } };
  /** The consent words the host issued (shared consent-words.ts); `text` is the one text it accepts back. Absent: the widget's own. */
  consent?: IssuedConsent;
}

export const UNKNOWN_CALL_TERMS: KnownCallTerms = { recorded: null, countries: null, from: null };

/** Longer than any company name a host would set: a longer one is not shown as the agent's words. */
const MAX_FROM_CHARS = 100;

const COUNTRY_CODE = /^[A-Za-z]{2}$/;

export function readCallTerms(body: unknown): KnownCallTerms {
  const calls = isRecord(body) ? body['calls'] : undefined;
  if (!isRecord(calls)) return UNKNOWN_CALL_TERMS;
  const recorded = typeof calls['recorded'] === 'boolean' ? calls['recorded'] : null;
  const list = calls['countries'];
  // An empty list would refuse every number: a host that calls nowhere is a broken answer, not a rule.
  const countries =
    Array.isArray(list) && list.length > 0 && list.every((code) => typeof code === 'string' && COUNTRY_CODE.test(code))
      ? [...new Set((list as string[]).map((code) => code.toUpperCase()))]
      : null;
  const from = typeof calls['from'] === 'string' ? calls['from'].trim() : '';
  const consent = readConsent(calls['consent']);
  return {
    recorded,
    countries,
    from: from && from.length <= MAX_FROM_CHARS ? from : null,
    ...readFollowUp(calls['followUp']),
    ...(consent ? { consent } : {}),
  };
}

/** Longer than any consent a host keeps (shared CONSENT_TEXT_LIMIT, spelled here: call-policy would bring the phone rules into this chunk). */
const MAX_CONSENT_CHARS = 2000;
const wordsOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' && value.length <= MAX_CONSENT_CHARS ? value : null);

/** `calls.consent`: every part a non-blank string (the privacy address an http(s) URL, or null), else none at all. */
function readConsent(value: unknown): IssuedConsent | undefined {
  if (!isRecord(value)) return undefined;
  const [disclosure, privacyLabel, label, text] = [value['disclosure'], value['privacyLabel'], value['label'], value['text']].map(wordsOf);
  const url = value['privacyUrl'];
  const privacyUrl = url === null ? null : wordsOf(url);
  if (!disclosure || !privacyLabel || !label || !text || (url !== null && !(privacyUrl && /^https?:\/\/\S+$/i.test(privacyUrl)))) return undefined;
  return { disclosure, privacyUrl, privacyLabel, label, text };
}

/** `calls.followUp`: a mail promised only on `mail: true`; a booking link only when it is an http(s) URL; a contact only well formed. */
function readFollowUp(value: unknown): Pick<KnownCallTerms, 'followUp'> {
  if (!isRecord(value)) return {};
  const url = typeof value['bookingUrl'] === 'string' ? value['bookingUrl'] : '';
  const contact = isRecord(value['contact']) ? value['contact'] : {};
  const text = (part: unknown) => (typeof part === 'string' && part.length <= 254 ? part : '');
  return {
    followUp: {
      mail: value['mail'] === true,
      bookingUrl: /^https?:\/\/[^\s]+$/i.test(url) && url.length <= 2000 ? url : null,
      contact: { email: contactEmail(text(contact['email'])), phone: contactPhone(text(contact['phone'])) },
    },
  };
}
