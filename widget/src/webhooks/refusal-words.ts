import { LEAD_REASONS } from '@franchise-ai/shared/lead-rules';
import type { CopyKey } from '../copy/copy.ts';
import type { Texts } from '../copy/copy-context.ts';

// Every refusal code worded in both languages, so a French visitor never reads the host's English (INTEGRATION.md).

export const LIMIT_WORDS = {
  client: 'limitClient',
  phoneNumber: 'limitPhoneNumber',
  callsPerDay: 'limitCallsPerDay',
  networkShare: 'limitNetworkShare',
} as const satisfies Record<string, CopyKey>;

/** A 400's reason code for a field, and the copy that words it: the call's own, and the lead's (their copy keys are their codes). */
export const REASON_WORDS: Readonly<Record<string, CopyKey>> = {
  ...Object.fromEntries(Object.keys(LEAD_REASONS).map((code) => [code, code as CopyKey])),
  phoneRequired: 'callPhoneRequired',
  phoneInvalid: 'callPhoneInvalid',
  phonePremium: 'callPhonePremium',
  phoneNotServed: 'callPhoneNotServed',
  consentRequired: 'callConsentRequired',
  consentMalformed: 'callConsentMalformed',
  consentNotIssued: 'callConsentNotIssued',
};

/** `table[code]` when `code` is one of its own keys: a code such as "constructor" or "__proto__" names nothing. */
function wordsOf(table: Readonly<Record<string, CopyKey>>, code: string | undefined): CopyKey | undefined {
  return code !== undefined && Object.hasOwn(table, code) ? table[code] : undefined;
}

/** In English the host's own words (they may say more), else the code's words, else `fallback`. */
export function refusalWords(
  texts: Texts,
  table: Readonly<Record<string, CopyKey>>,
  refusal: { code?: string | undefined; hostWords?: string | undefined },
  fallback: CopyKey,
): string {
  if (texts.language === 'en' && refusal.hostWords) return refusal.hostWords;
  return texts.copy[wordsOf(table, refusal.code) ?? fallback];
}

/** A 400's `fields`, each reason in the widget's language by its code in `codes` (refusalWords). */
export function fieldWords(
  texts: Texts,
  fields: Readonly<Record<string, string>>,
  codes: Readonly<Record<string, string>> | undefined,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([field, hostWords]) => {
      const code = codes && Object.hasOwn(codes, field) ? codes[field] : undefined;
      return [field, refusalWords(texts, REASON_WORDS, { code, hostWords }, 'refusedGeneric')];
    }),
  );
}
