import type { Vapi } from '@vapi-ai/server-sdk';
import { greetingFact, profileSection } from './agent-scenario.ts';
import { agentTools, toolPromptLines, type AgentToolSettings } from './agent-tools.ts';
import { PER_VISITOR_MARK } from './assistant-cleanup.ts';
import type { BrandProfile } from './brand-profile.ts';
import { eventSettings, SERVER_MESSAGES, structuredOutputs, type CallEventsServer } from './call-events.ts';
import type { CallPolicy } from './call-policy.ts';
import { CALL_DURATION_MINUTES } from './constants.ts';
import { cutAtCharacter } from './fact-text.ts';
import { typesetFrench } from './french-typography.ts';
import { DEFAULT_LANGUAGE, type Language } from './language.ts';
import { liquidLiteral } from './liquid-text.ts';
import { openingLine, recordingWords, type Channel } from './opening-line.ts';
import type { Lead } from './request-body.ts';
import { endSentence } from './sentence.ts';

/** Where the provider's API is when `VAPI_API_BASE` is unset. */
export const DEFAULT_VAPI_API_BASE = 'https://api.vapi.ai';

// What every host sends the voice provider (Vapi's REST API) for a visitor: the personalised
// assistant of a browser call and the outbound call, which carries its own (a transient assistant,
// so a phone call leaves nothing on the provider's account: assistant-cleanup.ts). The stand-in and
// the n8n workflows send the same bodies, typed with the provider's own SDK types (so a field the
// provider does not know fails the typecheck) and held to its published API description by the
// tests (voice-bodies.test.ts, and the fake voice API, which refuses what Vapi refuses). Every
// assistant says at once that it is an AI, whom it speaks for, whether it records, and that "stop"
// ends the call; asked to stop, it says its goodbye, on whose words the provider hangs up
// (END_CALL_PHRASES), and the provider ends every call at the promised length.
// Given the brand profile a host read from the visitor's website, the assistant also knows
// its facts and plays a franchise scenario (agent-scenario.ts); without one, or with one that found
// nothing, every word is as it was before profiles. A French lead (language.ts) gets all of
// it in French, with a French voice and speech recognition; an English one gets every byte it got before.

/**
 * What the assistant says of itself and its call: from the host's call policy; and, when the host has
 * a public address (PUBLIC_WEBHOOK_BASE), where the provider reports the call (call-events.ts) and,
 * with `tools`, the tools the host answers there during the call (agent-tools.ts).
 */
export type VoiceTerms = Pick<CallPolicy, 'companyName' | 'recordCalls'> & {
  callEvents?: CallEventsServer | undefined;
  tools?: AgentToolSettings | undefined;
};

/** The report settings (the server and its messages) when the host takes reports; nothing otherwise. */
const reporting = (terms: VoiceTerms): Partial<ReturnType<typeof eventSettings>> => (terms.callEvents ? eventSettings(terms.callEvents) : {});

/**
 * The artifact plan: recording said explicitly either way (the provider records unless told not to),
 * and, when the host takes reports, the summary and qualification to report (call-events.ts).
 */
const artifactPlan = (lead: Lead, terms: VoiceTerms): Vapi.ArtifactPlan => ({
  recordingEnabled: terms.recordCalls,
  ...(terms.callEvents ? { structuredOutputs: structuredOutputs(lead.businessType, languageOf(lead)) } : {}),
});

export type { Channel };

/**
 * Vapi's `endCallPhrases` end the call when the *assistant* says one (a case-insensitive substring
 * of its own transcript), never on the visitor's words. So they are the words of its goodbye
 * (END_CALL_MESSAGE), which the prompt tells it to say when the visitor asks to stop: never a word
 * of its greeting, which tells the visitor to say "stop" (a phrase `stop` ended every call there).
 * The model's `endCall` tool ends it too, when asked in other words.
 */
export const END_CALL_PHRASES = ['thanks for trying the demo'] as const;
/** The same in French: the words of END_CALL_MESSAGE_FR, with no apostrophe (a transcript may spell it either way). */
export const END_CALL_PHRASES_FR = ['avoir essayé la démo'] as const;

/** The longest call, enforced by the provider (`maxDurationSeconds`, 600 unless set): the spec promises 3-5 minutes. */
export const MAX_CALL_SECONDS = CALL_DURATION_MINUTES.max * 60;

/** The assistant's last words when it ends the call. */
export const END_CALL_MESSAGE = 'Thanks for trying the demo. Goodbye!';
export const END_CALL_MESSAGE_FR = typesetFrench('Merci d’avoir essayé la démo. Au revoir !');

/** The lead's language; a lead stored before the language column has none and is English. */
const languageOf = (lead: Pick<Lead, 'language'>): Language => lead.language ?? DEFAULT_LANGUAGE;

/**
 * How a French assistant hears and speaks; an English one keeps the provider's defaults,
 * as it always has. Hearing: Deepgram's nova-3, which Deepgram lists for French (`fr`) in streaming,
 * told the language outright (Deepgram assumes `en` otherwise). Speaking: Azure's neural voice
 * fr-FR-DeniseNeural, a native French voice whose name alone chooses it: unlike an ElevenLabs voice,
 * it needs no voice-library entry in the operator's account and no model to pick for the language.
 */
export const FRENCH_SPEECH = {
  transcriber: { provider: 'deepgram', model: 'nova-3', language: 'fr' },
  voice: { provider: 'azure', voiceId: 'fr-FR-DeniseNeural' },
} as const;

/** The transcriber and voice of the lead's language: nothing for English (the provider's defaults, unchanged). */
export const speechSettings = (lead: Pick<Lead, 'language'>): Pick<Vapi.CreateAssistantDto, 'transcriber' | 'voice'> =>
  languageOf(lead) === 'fr' ? { transcriber: { ...FRENCH_SPEECH.transcriber }, voice: { ...FRENCH_SPEECH.voice } } : {};

/** The first words (opening-line.ts), with the profile's one true fact when it has one. */
export const firstMessage = (lead: Lead, terms: VoiceTerms, channel: Channel, profile?: BrandProfile): string =>
  openingLine(lead, terms, channel, greetingFact(profile, languageOf(lead)), languageOf(lead));

/**
 * The system prompt: what it is, the company, which side of the franchise it is on, its website, and
 * the rules it keeps; then, with a profile, its scenario and the facts it may use.
 */
export function systemPrompt(lead: Lead, terms: VoiceTerms, channel: Channel, profile?: BrandProfile): string {
  if (languageOf(lead) === 'fr') return frenchSystemPrompt(lead, terms, channel, profile);
  const role =
    lead.businessType === 'franchisor'
      ? 'a franchisor: it sells franchises, qualifies franchise candidates, checks territory availability and matches candidates to territories'
      : 'a franchisee: it runs a local franchise location, answers customers, books appointments and orders, and runs local campaigns';
  const prompt = [
    `${endSentence(`You are an AI ${channel === 'chat' ? 'assistant chatting by text' : 'voice assistant'} from ${terms.companyName}, demonstrating AI automation for ${lead.company}`)} You are not a person: say so whenever asked, and never pretend otherwise.`,
    `${lead.company} is ${role}.`,
    lead.website ? `Its website is ${lead.website}.` : 'Its website was not given.',
    `You are talking to ${lead.name}, who asked for this demo. Show how you would handle a real caller for ${lead.company}, keep answers short,`,
    'and never claim facts about the company that you were not given.',
    `${recordingWords(terms.recordCalls, channel)}: say so truthfully if asked.`,
    channel === 'chat'
      ? 'Write short plain sentences, with no Markdown.'
      : `The ${channel === 'phone' ? 'call' : 'conversation'} lasts at most ${CALL_DURATION_MINUTES.max} minutes.`,
    `If the person asks you to stop, to stop calling or to hang up, or says they are not interested, say "${END_CALL_MESSAGE}" and nothing else, which ends the ${channel === 'chat' ? 'chat' : 'call'}.`,
  ].join(' ');
  return withSections(prompt, profileSection(lead, profile), toolPromptLines(lead, terms));
}

/** The prompt, then its profile section and its tools' lines (after the facts, which they may override), each as a paragraph when there is one. */
const withSections = (prompt: string, ...sections: Array<string | null>): string => [prompt, ...sections].filter(Boolean).join('\n\n');

/**
 * The French prompt: the same facts and rules as the English one, written for a French
 * call (`vous`, French wording), and a last rule that the assistant keeps to French.
 */
function frenchSystemPrompt(lead: Lead, terms: VoiceTerms, channel: Channel, profile?: BrandProfile): string {
  const role =
    lead.businessType === 'franchisor'
      ? 'un franchiseur : l’entreprise vend des franchises, qualifie les candidats, vérifie les territoires disponibles et oriente chaque candidat vers un territoire'
      : 'un franchisé : l’entreprise exploite un établissement local sous enseigne, répond aux clients, prend les rendez-vous et les commandes et mène des campagnes locales';
  const phone = channel === 'phone';
  const prompt = [
    `${endSentence(`Vous êtes un assistant ${channel === 'chat' ? 'IA' : 'vocal IA'} de ${terms.companyName}, qui ${channel === 'chat' ? 'converse par écrit et ' : ''}fait la démonstration de l’automatisation par l’IA pour ${lead.company}`)} Vous n’êtes pas une personne : dites-le chaque fois qu’on vous le demande, et ne prétendez jamais le contraire.`,
    `${lead.company} est ${role}.`,
    lead.website ? `Son site est ${lead.website}.` : 'Son site n’a pas été indiqué.',
    `Vous parlez avec ${lead.name}, qui a demandé cette démo. Montrez comment vous traiteriez un vrai appel pour ${lead.company}, répondez brièvement,`,
    'et n’affirmez jamais sur l’entreprise un fait qu’on ne vous a pas donné.',
    `${recordingWords(terms.recordCalls, channel, 'fr')} : dites-le honnêtement si on vous le demande.`,
    channel === 'chat'
      ? 'Écrivez des phrases courtes et simples, sans Markdown.'
      : `${phone ? 'L’appel' : 'La conversation'} dure au plus ${CALL_DURATION_MINUTES.max} minutes.`,
    `Si la personne vous demande d’arrêter, de ne plus l’appeler ou de raccrocher, ou dit que cela ne l’intéresse pas, dites « ${END_CALL_MESSAGE_FR} » et rien d’autre : cela met fin ${channel === 'chat' ? 'à la conversation' : 'à l’appel'}.`,
    'Parlez toujours en français, en vouvoyant votre interlocuteur.',
  ].join(' ');
  return withSections(prompt, profileSection(lead, profile, 'fr'), toolPromptLines(lead, terms));
}

/**
 * The settings that make any assistant safe to run for this demo, whatever else it is: they go into
 * every assistant the hosts create, and over a ready-made one (`VAPI_ASSISTANT_ID`) as the call's
 * `assistantOverrides`. The first message is Liquid-literal (liquid-text.ts): the provider renders it.
 */
export const safetySettings = (lead: Lead, terms: VoiceTerms, channel: Channel, profile?: BrandProfile) =>
  ({
    firstMessage: liquidLiteral(firstMessage(lead, terms, channel, profile)),
    firstMessageMode: 'assistant-speaks-first',
    // The disclosure is heard whole: talking over it does not cut it short.
    firstMessageInterruptionsEnabled: false,
    endCallPhrases: languageOf(lead) === 'fr' ? [...END_CALL_PHRASES_FR] : [...END_CALL_PHRASES],
    endCallMessage: languageOf(lead) === 'fr' ? END_CALL_MESSAGE_FR : END_CALL_MESSAGE,
    maxDurationSeconds: MAX_CALL_SECONDS,
    artifactPlan: artifactPlan(lead, terms),
  }) satisfies Vapi.AssistantOverrides & Vapi.CreateAssistantDto;

/** The provider limits assistant names, and a customer's name, to 40 characters. */
export const ASSISTANT_NAME_LIMIT = 40;
export const CUSTOMER_NAME_LIMIT = 40;

/** `<company> demo`, cut at a whole character to fit ASSISTANT_NAME_LIMIT UTF-16 units, the strictest way to count 40. */
export const assistantName = (company: string): string => cutAtCharacter(`${company} demo`, ASSISTANT_NAME_LIMIT).trimEnd();

/** The visitor's name as the call's `customer.name` (for the provider's lists only), cut the same way to CUSTOMER_NAME_LIMIT. */
export const customerName = (name: string): string => cutAtCharacter(name, CUSTOMER_NAME_LIMIT).trimEnd();

/**
 * The assistant for this visitor: the body of `POST {VAPI_API_BASE}/assistant` for a browser call
 * (marked PER_VISITOR_MARK, so the hosts delete it once used), and the transient `assistant` of a
 * phone call. `profile`, what the host read from the visitor's website.
 */
export const assistantRequest = (lead: Lead, terms: VoiceTerms, channel: Channel, profile?: BrandProfile) => {
  const tools = agentTools(lead, terms);
  return {
    name: assistantName(lead.company),
    ...safetySettings(lead, terms, channel, profile),
    model: {
      provider: 'openai',
      model: 'gpt-4o-mini',
      messages: [{ role: 'system', content: liquidLiteral(systemPrompt(lead, terms, channel, profile)) }],
      // endCall lets the model end the call when asked in words the phrases above do not catch.
      tools: [{ type: 'endCall' as const }, ...tools],
    },
    ...speechSettings(lead),
    metadata: { ...(channel === 'browser' ? PER_VISITOR_MARK : {}), businessType: lead.businessType, company: lead.company },
    ...reporting(terms),
    // Each tool names its server, where the provider sends its calls first; listed here too, in case
    // the provider holds back what the assistant's serverMessages do not list.
    ...(tools.length > 0 ? { serverMessages: [...SERVER_MESSAGES, 'tool-calls' as const] } : {}),
  } satisfies Vapi.CreateAssistantDto;
};

/**
 * The body of `POST {VAPI_API_BASE}/call`: the assistant rings the visitor from the company's number.
 * With `assistantId` (VAPI_ASSISTANT_ID, the operator's), that one, with the safety settings over it
 * (and, with a public address, the reports; to a French visitor, French speech); without, this
 * visitor's assistant inline, which the provider keeps with the call alone.
 */
export function callRequest<Id extends string | undefined>(
  assistantId: Id,
  phoneNumberId: string | undefined,
  lead: Lead & { phoneNumber: string },
  terms: VoiceTerms,
  profile?: BrandProfile,
): CallOf<Id> {
  const line = { ...(phoneNumberId ? { phoneNumberId } : {}), customer: { number: lead.phoneNumber, name: customerName(lead.name) } };
  return (assistantId ? configuredCall(assistantId, line, lead, terms, profile) : inlineCall(line, lead, terms, profile)) as CallOf<Id>;
}

/** The body for an `assistantId` (a string) or none (undefined), or either when the caller does not know which. */
type CallOf<Id> = Id extends string ? ReturnType<typeof configuredCall> : ReturnType<typeof inlineCall>;

/** Where a call goes: the company's number and the visitor. */
type Line = Pick<Vapi.CreateCallDto, 'phoneNumberId'> & { customer: { number: string; name: string } };

const configuredCall = (assistantId: string, line: Line, lead: Lead, terms: VoiceTerms, profile?: BrandProfile) =>
  ({
    assistantId,
    assistantOverrides: { ...safetySettings(lead, terms, 'phone', profile), ...speechSettings(lead), ...reporting(terms) },
    ...line,
  }) satisfies Vapi.CreateCallDto;

const inlineCall = (line: Line, lead: Lead, terms: VoiceTerms, profile?: BrandProfile) =>
  ({ assistant: assistantRequest(lead, terms, 'phone', profile), ...line }) satisfies Vapi.CreateCallDto;

/** Every host's words about the voice provider. */
export const PROVIDER_MESSAGES = {
  failed: 'The voice provider did not accept the request. Try again shortly.',
  unconfirmed: 'The voice provider did not confirm the call, so it may still ring. Wait a few minutes before asking for another.',
  noAssistant: 'No voice assistant is configured: set VAPI_ASSISTANT_ID, or VAPI_PRIVATE_KEY to create one per visitor.',
  callsNotConfigured: 'Calls are not configured here (set VAPI_PRIVATE_KEY and VAPI_PHONE_NUMBER_ID); the request was recorded.',
} as const;

/** The settings a host needs to place calls; each one unset is named in `notPlacedAnswer`'s reason. */
export const CALL_SETTINGS = ['VAPI_PRIVATE_KEY', 'VAPI_PHONE_NUMBER_ID'] as const;

/** Which of CALL_SETTINGS are unset (empty counts as unset, as the hosts read them). */
export const missingCallSettings = (env: Readonly<Record<string, string | undefined>>): string[] => CALL_SETTINGS.filter((name) => !env[name]);

/**
 * The 2xx answer of a host that kept a call request (lead and consent) but placed no call:
 * `placed: false` tells the widget to say so under 'Call Scheduled!', and `reason` names the settings
 * that would make calls real, for the console and the host's terminal.
 */
export const notPlacedAnswer = (missing: readonly string[]) => ({
  status: 'recorded' as const,
  placed: false as const,
  reason: `No call is placed: set ${missing.join(' and ')} to place calls.`,
  message: PROVIDER_MESSAGES.callsNotConfigured,
});
