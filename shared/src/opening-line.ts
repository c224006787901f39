// The agent's first words, in one place: the hosts send them to the voice provider as the
// assistant's first message (voice-requests.ts), and the widget's wait types them out before the
// call, from what demo_form and demo_status answered, so the line it shows is the line
// the agent says. In the visitor's language: English unless the lead says `fr`.

import { typesetFrench } from './french-typography.ts';
import type { Language } from './language.ts';

/** A call to the visitor's phone, a conversation in their browser, or a chat by text (chat.ts). */
export type Channel = 'phone' | 'browser' | 'chat';

/** Whom the agent greets. */
export interface Greeted {
  name: string;
  company: string;
}

/** What the agent says of itself: for whom it speaks (`COMPANY_NAME`) and whether it records (`RECORD_CALLS`). */
export interface Speaker {
  companyName: string;
  recordCalls: boolean;
}

/** "This call is not recorded": the words the first message and the prompt share. */
export function recordingWords(recordCalls: boolean, channel: Channel, language: Language = 'en'): string {
  // A chat is written down whatever RECORD_CALLS says: the host keeps its transcript (and mails it where it sends mail).
  if (channel === 'chat') return language === 'fr' ? 'Cette conversation est conservée avec votre demande de démo' : 'This chat is kept with your demo request';
  if (language === 'fr') {
    // A call (un appel) is masculine, a conversation feminine: the participle agrees.
    const [subject, ending] = channel === 'phone' ? ['Cet appel', ''] : ['Cette conversation', 'e'];
    return `${subject} ${recordCalls ? 'est' : 'n’est pas'} enregistré${ending}`;
  }
  return `This ${channel === 'phone' ? 'call' : 'conversation'} ${recordCalls ? 'is' : 'is not'} recorded`;
}

/**
 * The first words: an AI, for whom, for which demo, whether it records, how to stop (a legal
 * disclosure, so always first and whole); then one true fact from the visitor's website when there
 * is one (agent-scenario.ts's greetingFact); then it greets the visitor's business.
 */
export function openingLine(greeted: Greeted, speaker: Speaker, channel: Channel, fact: string | null, language: Language = 'en'): string {
  const phone = channel === 'phone';
  const chat = channel === 'chat';
  if (language === 'fr') {
    // Not a translation: how a French team would open a call it was asked for, with the same
    // disclosure in the same order (an AI, for whom, recorded or not, how to stop).
    return typesetFrench(
      `Bonjour {name} ! Je suis un assistant IA de {speaker}, ${phone ? 'et je vous appelle pour' : 'prêt pour'} la démo {company} que vous avez demandée. ` +
        `${recordingWords(speaker.recordCalls, channel, 'fr')}, et il vous suffit ${chat ? 'd’écrire' : 'de dire'} « stop » pour y mettre fin à tout moment. ` +
        `${fact ? '{fact} ' : ''}Voulez-vous ${chat ? 'voir' : 'entendre'} comment je réponds à vos prospects et prends leurs rendez-vous ?`,
      { name: greeted.name, speaker: speaker.companyName, company: greeted.company, fact: fact ?? '' },
    );
  }
  return (
    `Hi ${greeted.name}! I'm an AI assistant ${phone ? 'calling from' : 'from'} ${speaker.companyName}, ` +
    `${phone ? 'for' : 'here for'} the ${greeted.company} demo you asked for. ` +
    `${recordingWords(speaker.recordCalls, channel)}, and you can ${chat ? 'type' : 'say'} stop at any time to end it. ` +
    (fact ? `${fact} ` : '') +
    `Want to ${chat ? 'see' : 'hear'} how I would answer your leads and book appointments?`
  );
}
