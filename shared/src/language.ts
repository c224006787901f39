// The visitor's language: the widget sends the page's, `en` or `fr`, in the three webhook
// bodies, and every host stores it with the lead and speaks it: the assistant's words, voice and
// speech recognition (voice-requests.ts), and the after-call mails (follow-up.ts). English when the
// body names none, so every client written before French keeps getting what it got.

export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE = 'en' satisfies Language;

/** Only a client other than the widget can earn it: worded for the integrator, like the other type refusals. */
export const LANGUAGE_REFUSAL = `language must be one of: ${LANGUAGES.join(', ')}, or left out (${DEFAULT_LANGUAGE}).`;

/** The body's `language`: absent or null is English; anything but `en` or `fr` is refused. */
export function checkLanguage(value: unknown): { ok: true; language: Language } | { ok: false; reason: string } {
  const language = value ?? DEFAULT_LANGUAGE;
  return (LANGUAGES as readonly unknown[]).includes(language) ? { ok: true, language: language as Language } : { ok: false, reason: LANGUAGE_REFUSAL };
}

/** A stored language, read back: anything but `fr` (an older row's nothing included) is English. */
export const storedLanguage = (value: unknown): Language => (value === 'fr' ? 'fr' : DEFAULT_LANGUAGE);
