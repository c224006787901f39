import { isEmailAddress } from './lead-rules.ts';

// The company's own e-mail and phone, the ending's way to it when there is no booking page. Apart from
// follow-up.ts: the n8n mail workflows bundle that file and must stay small (queue-mode-env.test).

/** CONTACT_EMAIL and CONTACT_PHONE (E.164), as `calls.followUp.contact` gives them; `null`: not set. */
export interface FollowUpContact {
  email: string | null;
  phone: string | null;
}

const E164 = /^\+[1-9]\d{6,14}$/;

/** The settings from the environment; a malformed value throws, naming the variable. */
export function contactFromEnv(env: Record<string, string | undefined>): FollowUpContact {
  const email = env['CONTACT_EMAIL']?.trim() || null;
  if (email !== null && !isEmailAddress(email)) throw new Error(`CONTACT_EMAIL must be an e-mail address, got "${email}".`);
  const typed = env['CONTACT_PHONE']?.trim() || null;
  const phone = typed?.replace(/[\s.\-()]/g, '') ?? null;
  if (phone !== null && !E164.test(phone)) throw new Error(`CONTACT_PHONE must be an international number, + and country code first (+12025550123), got "${typed}".`);
  return { email, phone };
}
