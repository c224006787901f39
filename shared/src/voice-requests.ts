import type { Lead } from './request-body.ts';

/** Where the provider's API is when `VAPI_API_BASE` is unset. */
export const DEFAULT_VAPI_API_BASE = 'https://api.vapi.ai';

// What every host sends the voice provider (Vapi's REST API) for a visitor: the personalised
// assistant and the outbound call. The stand-in and the n8n workflows send the same bodies.

/** The first words the assistant says: it greets the visitor by name. */
export const firstMessage = (lead: Lead): string =>
  `Hi ${lead.name}! I'm the AI assistant we built for ${lead.company}. ` +
  'Want to hear how I would answer your leads and book appointments?';

/** The system prompt: the company, which side of the franchise it is on, and its website. */
export function systemPrompt(lead: Lead): string {
  const role =
    lead.businessType === 'franchisor'
      ? 'a franchisor: it sells franchises, qualifies franchise candidates, checks territory availability and matches candidates to territories'
      : 'a franchisee: it runs a local franchise location, answers customers, books appointments and orders, and runs local campaigns';
  return [
    `You are a friendly, concise voice assistant demonstrating AI automation for ${lead.company}.`,
    `${lead.company} is ${role}.`,
    lead.website ? `Its website is ${lead.website}.` : 'Its website was not given.',
    `You are talking to ${lead.name}. Show how you would handle a real caller for ${lead.company}, keep answers short,`,
    'and never claim facts about the company that you were not given.',
  ].join(' ');
}

/** The body of `POST {VAPI_API_BASE}/assistant`. */
export const assistantRequest = (lead: Lead) => ({
  // The provider limits assistant names to 40 characters.
  name: `${lead.company} demo`.slice(0, 40),
  firstMessage: firstMessage(lead),
  model: { provider: 'openai', model: 'gpt-4o-mini', messages: [{ role: 'system', content: systemPrompt(lead) }] },
  metadata: { businessType: lead.businessType, company: lead.company },
});

/** The body of `POST {VAPI_API_BASE}/call`: the assistant rings the visitor from the company's number. */
export const callRequest = (assistantId: string, phoneNumberId: string | undefined, lead: Lead & { phoneNumber: string }) => ({
  assistantId,
  phoneNumberId,
  customer: { number: lead.phoneNumber, name: lead.name },
});

/** Every host's words about the voice provider. */
export const PROVIDER_MESSAGES = {
  failed: 'The voice provider did not accept the request. Try again shortly.',
  unconfirmed: 'The voice provider did not confirm the call, so it may still ring. Wait a few minutes before asking for another.',
  noAssistant: 'No voice assistant is configured: set VAPI_ASSISTANT_ID, or VAPI_PRIVATE_KEY to create one per visitor.',
  callsNotConfigured: 'Calls are not configured here (set VAPI_PRIVATE_KEY and VAPI_PHONE_NUMBER_ID); the request was recorded.',
} as const;
