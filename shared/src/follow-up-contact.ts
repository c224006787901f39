import { isEmailAddress } from './email-address.ts';

// The company's own e-mail and phone, the endings' way to it when there is no booking page; the same
// rules for the host's settings and the widget's attributes. Apart from follow-up.ts: the n8n mail
// workflows bundle that file and must stay small (queue-mode-env.test).

/** CONTACT_EMAIL and CONTACT_PHONE (E.164), as `calls.followUp.contact` gives them; `null`: not set. */
export interface FollowUpContact {
  email: string | null;
  phone: string | null;
}

/** An address for `mailto:`, or `null` (a `mailto:` link itself is none). */
export const contactEmail = (text: string): string | null => (isEmailAddress(text) && !text.includes(':') ? text : null);

/** The number as people write it (+1 (202) 555-0123) → E.164 for `tel:`, or `null` without + and a country code. */
export function contactPhone(text: string): string | null {
  const phone = text.replace(/[\s.\-()]/g, '');
  return /^\+[1-9]\d{6,14}$/.test(phone) ? phone : null;
}

/** The settings from the environment; a malformed value throws, naming the variable. */
export function contactFromEnv(env: Record<string, string | undefined>): FollowUpContact {
  const [email, phone] = (['CONTACT_EMAIL', 'CONTACT_PHONE'] as const).map((name) => {
    const typed = env[name]?.trim();
    if (!typed) return null;
    const value = (name === 'CONTACT_EMAIL' ? contactEmail : contactPhone)(typed);
    if (value === null)
      throw new Error(
        `${name} must be ${name === 'CONTACT_EMAIL' ? 'an email address' : 'an international number, + and country code first (+12025550123)'}, got "${typed}".`,
      );
    return value;
  });
  return { email: email ?? null, phone: phone ?? null };
}
