import { typesetFrench } from '@franchise-ai/shared/french-typography';
import type { ChatProblem } from '../flow/chat-state.ts';
import type { Language } from './language.ts';

// The chat view's own texts, in its own chunk with it: the card that opens it is in later-copy.ts.

const en = {
  messageLabel: 'Your message',
  messageHint: 'Enter sends, Shift+Enter starts a new line.',
  send: 'Send',
  you: 'You',
  agent: 'Your agent',
  typing: 'Your agent is typing…',
  switchToVoice: 'Switch to voice',
  endChat: 'End chat',
  ended: 'This chat has ended.',
  endedMail: 'A copy of this chat is on its way to {email}.',
  newChat: 'Start a new chat',
  problems: {
    tooLong: 'This message is too long: shorten it and send it again.',
    empty: 'Type a message first.',
    turns: 'This demo has had all its chat messages. Book a call with our team, or ask your agent to call you.',
    busy: 'Too many messages at once. Wait a moment, then send it again.',
    ended: 'This chat has ended. Start a new one to go on.',
    unknownDemo: 'This demo is no longer known here. Start again from the form.',
    failed: 'Your agent did not answer. Your message is still in the box: send it again.',
  } satisfies Record<ChatProblem, string>,
};

const fr: typeof en = typesetFrench({
  messageLabel: 'Votre message',
  messageHint: 'Entrée envoie, Maj+Entrée passe à la ligne.',
  send: 'Envoyer',
  you: 'Vous',
  agent: 'Votre agent',
  typing: 'Votre agent écrit…',
  switchToVoice: 'Passer à la voix',
  endChat: 'Terminer la discussion',
  ended: 'Cette discussion est terminée.',
  endedMail: 'Une copie de cette discussion vous est envoyée à {email}.',
  newChat: 'Commencer une nouvelle discussion',
  problems: {
    tooLong: 'Ce message est trop long : raccourcissez-le, puis envoyez-le à nouveau.',
    empty: 'Écrivez d’abord un message.',
    turns: 'Cette démo a reçu tous ses messages. Réservez un appel avec notre équipe, ou demandez à votre agent de vous appeler.',
    busy: 'Trop de messages à la fois. Patientez un instant, puis envoyez-le à nouveau.',
    ended: 'Cette discussion est terminée. Commencez-en une nouvelle pour continuer.',
    unknownDemo: 'Cette démo n’est plus connue ici. Recommencez depuis le formulaire.',
    failed: 'Votre agent n’a pas répondu. Votre message est toujours dans la zone de saisie : envoyez-le à nouveau.',
  },
});

/** The chat view's texts in the widget's language. */
export const chatCopy = (language: Language): typeof en => (language === 'fr' ? fr : en);
export type ChatCopy = typeof en;
