// The words a visitor agrees to before an AI calls them, and the one text a host accepts as that
// agreement. They are the host's: it places the call, so it says who calls (COMPANY_NAME), whether it
// records (RECORD_CALLS) and where its privacy policy is (PRIVACY_POLICY_URL). `demo_form`'s answer
// carries them (`calls.consent`) for the lead's language, the widget shows them and sends `text` back,
// and `trigger_ai_demo_call` refuses any other text (call-policy.ts, `consentNotIssued`): the stored
// proof is then words the host itself wrote, never whatever the sender typed.
import { typesetFrench } from './french-typography.ts';
import type { Language } from './language.ts';
import { isHttpUrl, parseUrl } from './web-url.ts';

/** The longest privacy policy address a host links to: the consent text stays well under CONSENT_TEXT_LIMIT. */
const PRIVACY_URL_LIMIT = 500;

/** The consent words in English: the widget's own texts too (its `laterCopy` spreads them). */
export const CONSENT_WORDS_EN = {
  consentCall: 'An AI voice agent from {company} will call this number once, for this demo.',
  consentRecorded: 'The call is recorded.',
  consentNotRecorded: 'The call is not recorded.',
  consentNoPurchase: 'Agreeing is not a condition of any purchase.',
  consentPrivacyLink: 'Privacy policy',
  consentLabel: 'I agree to receive this AI demo call',
} as const;

/**
 * The same in French: the English commitments exactly, no more, no fewer: who calls (an AI voice
 * agent, said in full), once, for this demo; recording as the host said; agreeing is no purchase condition.
 */
export const CONSENT_WORDS_FR = {
  consentCall: 'Un agent vocal d’intelligence artificielle (IA) de {company} appellera ce numéro une seule fois, pour cette démo.',
  consentRecorded: 'L’appel est enregistré.',
  consentNotRecorded: 'L’appel n’est pas enregistré.',
  consentNoPurchase: 'Votre accord n’est requis pour aucun achat.',
  consentPrivacyLink: 'Politique de confidentialité',
  consentLabel: 'J’accepte de recevoir cet appel de démonstration d’un agent IA',
} as const satisfies Record<keyof typeof CONSENT_WORDS_EN, string>;

/** Between the privacy link's words and its address, as each language writes a label's colon. */
const COLON: Record<Language, string> = { en: ':', fr: ' :' };
const WORDS: Record<Language, Record<keyof typeof CONSENT_WORDS_EN, string>> = { en: CONSENT_WORDS_EN, fr: CONSENT_WORDS_FR };

/** What the consent words depend on: the host's settings. */
export interface ConsentTerms {
  /** Who calls (`COMPANY_NAME`). */
  companyName: string;
  /** Whether the call is recorded (`RECORD_CALLS`). */
  recorded: boolean;
  /** The privacy policy, an absolute http(s) URL (`PRIVACY_POLICY_URL`); null: none is linked. */
  privacyUrl: string | null;
}

/** `calls.consent` in `demo_form`'s answer: what the widget shows beside the box, and what it sends back. */
export interface IssuedConsent {
  /** Who calls, that an AI calls once, recording, no purchase condition. */
  disclosure: string;
  /** The privacy policy the words link to; null: no link. */
  privacyUrl: string | null;
  /** The link's words. */
  privacyLabel: string;
  /** The box's label. */
  label: string;
  /**
   * What the call request must send as `consent.text`, exactly: the words on screen in reading order
   * (the disclosure, the link's words with its address, then the box's label on a line of its own).
   */
  text: string;
}

/** The consent a host issues for a lead in `language` under `terms`. */
export function issuedConsent(language: Language, terms: ConsentTerms): IssuedConsent {
  // French as french-typography.ts sets it; the company's name and the address filled in as written.
  const words = language === 'fr' ? typesetFrench({ ...WORDS.fr, colon: COLON.fr }) : { ...WORDS.en, colon: COLON.en };
  // A function, so that a `$` in a company name is kept as written.
  const call = words.consentCall.replace('{company}', () => terms.companyName);
  const disclosure = [call, terms.recorded ? words.consentRecorded : words.consentNotRecorded, words.consentNoPurchase].join(' ');
  const privacy = terms.privacyUrl ? ` ${words.consentPrivacyLink}${words.colon} ${terms.privacyUrl}` : '';
  return {
    disclosure,
    privacyUrl: terms.privacyUrl,
    privacyLabel: words.consentPrivacyLink,
    label: words.consentLabel,
    text: `${disclosure}${privacy}\n${words.consentLabel}`,
  };
}

/**
 * The privacy policy the consent words link to, for each language: `PRIVACY_POLICY_URL`, and for a
 * French lead `PRIVACY_POLICY_URL_FR` when set (the site's French policy is a page of its own),
 * else the same. Each an absolute http(s) URL: the proof names it, and a host cannot resolve a
 * relative one against a page it never sees. Unset: no link. Anything else throws, naming the variable.
 */
export function privacyUrlsFromEnv(env: Record<string, string | undefined>): Readonly<Record<Language, string | null>> {
  const en = privacyUrl(env, 'PRIVACY_POLICY_URL');
  return { en, fr: privacyUrl(env, 'PRIVACY_POLICY_URL_FR') ?? en };
}

function privacyUrl(env: Record<string, string | undefined>, variable: string): string | null {
  const value = env[variable]?.trim() ?? '';
  if (value === '') return null;
  if (!isHttpUrl(parseUrl(value)) || /\s/.test(value) || value.length > PRIVACY_URL_LIMIT) {
    throw new Error(
      `${variable} must be an absolute http(s) address of at most ${PRIVACY_URL_LIMIT} characters, e.g. https://franchise-ai.example/privacy; got "${value}".`,
    );
  }
  return value;
}
