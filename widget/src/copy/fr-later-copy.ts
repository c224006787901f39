import { CALL_DURATION_MINUTES, CALL_EXPECTED_MINUTES, LEAD_LIMITS } from '@franchise-ai/shared/constants';
import { CONSENT_WORDS_FR } from '@franchise-ai/shared/consent-words';
import type { laterCopy } from './later-copy.ts';
import { FR_LEAD_EXAMPLES, FR_PHONE_EXAMPLE } from './fr-lead-examples.ts';

// The French of copy/later-copy.ts (`laterCopy`); the rules of writing and spacing are
// fr-form-copy.ts's.

/** "2 à 3 minutes": a range the French way, from the same constants as the English. */
const range = ({ min, max }: { readonly min: number; readonly max: number }) => `${min} à ${max}\u00A0minutes`;
const expected = range(CALL_EXPECTED_MINUTES);
const duration = range(CALL_DURATION_MINUTES);
const tooLong = (field: string, limit: number) => `${field} ne doit pas dépasser ${limit}\u00A0caractères.`;
const website = FR_LEAD_EXAMPLES.website;
// The Call Me card's title, which the dead-end notices below name (quoted, as French names a button).
const CALL_ME = 'Appelez-moi';
const callMe = `« ${CALL_ME} »`;
const phoneInstead = 'pour recevoir plutôt un appel téléphonique';

/** The texts from the form's sending on, in French: the same keys and `{slot}`s as `laterCopy`. */
export const frLaterCopy = {
  // Why a field is refused (LEAD_REASONS in English), with the same limits.
  nameRequired: 'Le nom est obligatoire.',
  companyRequired: 'Le nom de l’entreprise est obligatoire.',
  emailRequired: 'L’adresse e-mail est obligatoire.',
  nameTooLong: tooLong('Le nom', LEAD_LIMITS.name),
  companyTooLong: tooLong('Le nom de l’entreprise', LEAD_LIMITS.company),
  emailTooLong: tooLong('L’adresse e-mail', LEAD_LIMITS.email),
  websiteTooLong: tooLong('L’adresse du site web', LEAD_LIMITS.website),
  emailInvalid: `Indiquez une adresse e-mail complète, par exemple ${FR_LEAD_EXAMPLES.email}.`,
  websiteInvalid: `Indiquez une adresse web, par exemple ${website} ou https://${website}.`,
  websiteScheme: `Indiquez une page web : commencez par https://, http:// ou rien du tout, comme dans ${website}.`,
  // Step 2: loading.
  loadingHeading: 'Création de votre assistant IA pour la franchise',
  loadingProgressLabel: 'Avancement de la création de la démo',
  // French has no possessive ending: written for {companyPossessive} filled with the bare company
  // name ("Analyse du réseau Acme Burgers…"), and no "de" before it, which a name with a vowel would elide.
  loadingStage1: 'Analyse du réseau {companyPossessive}…',
  loadingStage2: 'Conception de vos automatisations sur mesure pour la franchise…',
  // Written for {businessType} filled with the French word, lower case: "côté franchisé".
  loadingStage3: 'Initialisation de votre assistant IA côté {businessType}…',
  loadingStageDone: 'terminé',
  assemblyLabel: 'Votre agent',
  assemblyOfferingsLabel: 'Ce qu’il saura faire',
  // No agreement to make with the count: "Temps restant : 1 s" and "… : 42 s" both read right.
  secondsLeft: 'Temps restant : {seconds}\u00A0s',
  firstWordsHeading: 'Au téléphone, votre agent commencera par',
  firstWordsWaiting: 'Ses premiers mots seront écrits une fois votre site web lu.',
  learnedHeading: 'Ce que nous avons appris',
  learnedReading: 'Lecture de {website}…',
  learnedUnreadable: 'Nous n’avons pas pu lire {website} ; votre agent utilisera ce que vous nous avez indiqué.',
  labelColon: ' :',
  learnedLocation: 'Localisation',
  learnedInvestment: 'Investissement',
  // The French franchise terms: "droit d’entrée" and "redevance" for the fee and the royalty.
  learnedFranchiseFee: 'Droit d’entrée',
  learnedRoyalty: 'Redevance',
  learnedTerritory: 'Territoire',
  learnedSupport: 'Accompagnement',
  learnedService: 'Offres',
  learnedHours: 'Horaires',
  learnedTelephone: 'Téléphone',
  learnedEmail: 'E-mail',
  // Step 3: congratulations.
  callNotPlaced: 'Hôte de test : aucun appel n’est passé, car la voix n’est pas configurée ici.',
  readyHeading: 'Parfait ! Votre agent sur mesure est prêt',
  readyIntro: 'Choisissez comment rencontrer votre agent IA pour la franchise.',
  callMeTitle: CALL_ME,
  callMeText: `Votre agent vous appelle dans les ${expected}.`,
  // The option card's button and the phone dialog's submit share one text.
  scheduleCall: 'Programmer l’appel',
  browserTitle: 'Tester dans le navigateur',
  browserText: 'Parlez à votre agent dès maintenant, avec votre micro.',
  browserButton: 'Lancer le test dans le navigateur',
  chatTitle: 'Discuter par écrit',
  chatText: 'Écrivez à votre agent\u00A0: pas besoin de micro.',
  chatButton: 'Commencer la discussion',
  chatInstead: 'Écrire plutôt',
  chatHeading: 'Discutez avec votre agent',
  chatLoadFailed: 'La discussion n’a pas pu être chargée.',
  browserUnavailable: `Les appels dans le navigateur ne sont pas disponibles sur cette page. Choisissez plutôt ${callMe}.`,
  agentDetailsHeading: 'Les détails de votre agent',
  agentNameLabel: 'Nom',
  agentCompanyLabel: 'Entreprise',
  agentIdLabel: 'Identifiant de l’agent',
  phoneDialogTitle: 'Programmer votre appel',
  phoneDialogText: 'Indiquez le numéro que votre agent IA doit appeler.',
  phoneLabel: 'Numéro de téléphone',
  phonePlaceholder: FR_PHONE_EXAMPLE,
  phoneCancel: 'Annuler',
  phoneCountryLabel: 'Pays',
  // Reads 'France (+33)' as in English, with the country's French name.
  phoneCountryOption: '{country} (+{callingCode})',
  phoneHintLoading: 'Préparation des formats de numéro…',
  // Short enough for two lines at 320 px, as the English.
  phoneHintIncomplete: 'Vérifiez le numéro, ou commencez par + et l’indicatif pays.',
  phoneHintRulesUnavailable: `Les formats de numéro n’ont pas pu être chargés. Saisissez votre numéro en commençant par + et l’indicatif pays, par exemple ${FR_PHONE_EXAMPLE}.`,
  // A button: taking it takes that reading of the number.
  phoneDidYouMean: 'Vouliez-vous dire {number} ?',
  phoneWillCall: 'Nous appellerons le {number}.',
  // Beside the box, the proof of consent (what is stored for a French visitor): the hosts' own
  // French words (shared consent-words.ts), and the English's "may be" for a host that did not say.
  ...CONSENT_WORDS_FR,
  consentMayBeRecorded: 'L’appel peut être enregistré.',
  // Why Programmer l’appel is disabled: the number, the box, or both.
  scheduleNeedsBoth: 'Saisissez un numéro valide et cochez la case.',
  scheduleNeedsNumber: 'Saisissez un numéro valide pour programmer l’appel.',
  scheduleNeedsConsent: 'Cochez la case pour programmer l’appel.',
  scheduling: 'Programmation de l’appel…',
  phoneTooManyRequests: 'Trop de demandes d’appel en ce moment. Veuillez réessayer plus tard.',
  // The hosts' refusals by their code: a French visitor never reads the host's English words.
  limitClient: 'Trop de demandes depuis votre adresse. Veuillez réessayer plus tard.',
  limitPhoneNumber: 'Ce numéro a été appelé trop souvent ; réessayez plus tard.',
  limitCallsPerDay:
    'Notre ligne de démo a passé tous les appels possibles aujourd’hui. Réessayez demain, ou parlez dès maintenant à votre agent dans le navigateur.',
  limitNetworkShare: 'Votre réseau a demandé sa part des appels du jour. Réessayez demain, ou parlez dès maintenant à votre agent dans le navigateur.',
  callPhoneRequired: 'Le numéro de téléphone est obligatoire.',
  callPhoneInvalid: `Saisissez un numéro valide, en commençant par + et l’indicatif pays, par exemple ${FR_PHONE_EXAMPLE}.`,
  callPhonePremium: 'Les numéros surtaxés et à coûts partagés ne peuvent pas être appelés.',
  callPhoneNotServed: 'Cette démo n’appelle pas les numéros de ce pays.',
  callConsentRequired: 'Cochez la case pour accepter cet appel de démonstration.',
  callConsentMalformed: 'Votre accord n’a pas pu être lu. Cochez de nouveau la case, puis programmez l’appel.',
  callConsentNotIssued: 'Ces mots ne sont pas ceux que notre ligne de démo a émis pour cet appel. Rechargez la page pour voir les mots à jour, puis réessayez.',
  refusedGeneric: 'Cette demande a été refusée. Vérifiez ce que vous avez saisi et réessayez.',

  // Step 4: call scheduled.
  callScheduledHeading: 'Appel programmé !',
  callUnconfirmedHeading: 'Votre appel n’a pas pu être confirmé',
  // "au 06…": French calls a number "le".
  callUnconfirmedText: 'Nous avons demandé un appel au {number}, sans recevoir de confirmation : il se peut qu’il n’ait pas lieu.',
  callUnconfirmedHint: 'Réessayez, ou parlez dès maintenant à votre agent dans le navigateur.',
  callUnconfirmedHintNoBrowser: 'Réessayez, ou changez de numéro.',
  callScheduledText: 'Votre agent IA vous appellera d’ici quelques minutes.',
  // A label and its value: "Délai estimé : 2 à 3 minutes".
  callExpectedLabel: 'Délai estimé',
  callExpectedValue: expected,
  callDurationLabel: 'Durée de l’appel',
  callDurationValue: duration,
  // "le 06…": French calls a number "le".
  callingNumber: 'Nous appelons le {number}.',
  changeNumber: 'Changer de numéro',
  callRang: 'Votre téléphone a sonné {seconds}\u00A0secondes après votre demande.',
  callRangOne: 'Votre téléphone a sonné 1\u00A0seconde après votre demande.',
  // A heading, then the three items as its continuation: "…votre agent va / Vous saluer…".
  callFeaturesHeading: 'Pendant l’appel, votre agent va',
  // "présenter {company}": no "de" before the name, which a name with a vowel would elide.
  callFeature1: 'Vous saluer par votre nom et présenter {company}',
  callFeature2: 'Qualifier un prospect comme le ferait votre équipe',
  callFeature3: 'Répondre à vos questions au fil de l’échange',
  scheduledAfterHeading: 'Après l’appel',
  scheduledAfterMail: 'Nous envoyons un résumé de l’appel par e-mail à {email}.',
  talkInBrowser: 'Parler dans le navigateur en attendant',
  backHome: 'Retour à l’accueil',

  // Step 5: browser call.
  welcomeHeading: 'Bienvenue, {name} !',
  // Before Démarrer l’appel (EU AI Act notice): an AI answers, said in full, and recording as the host said.
  browserCallAi: 'Vous allez parler à un assistant d’intelligence artificielle (IA).',
  browserCallRecorded: 'La conversation est enregistrée.',
  browserCallNotRecorded: 'La conversation n’est pas enregistrée.',
  browserCallMayBeRecorded: 'La conversation peut être enregistrée.',
  statusGettingAssistant: 'Préparation de l’assistant…',
  statusAssistantReady: 'Assistant prêt',
  statusAssistantError: 'Erreur de chargement de l’assistant',
  statusStarting: 'Démarrage de l’appel…',
  statusCallStarted: 'Appel démarré',
  statusSpeaking: 'L’assistant parle…',
  statusListening: 'À l’écoute…',
  statusCallEnded: 'Appel terminé',
  statusError: 'Une erreur est survenue',
  statusNotReady: 'Erreur : l’assistant n’est pas prêt',
  microphoneBlocked: `Votre micro est bloqué. Autorisez-le dans votre navigateur pour parler ici, ou choisissez ${callMe} ${phoneInstead}.`,
  microphoneNotFound: `Aucun micro n’a été détecté. Branchez-en un pour parler ici, ou choisissez ${callMe} ${phoneInstead}.`,
  microphoneUnavailable: `Votre micro n’a pas pu être activé. Une autre application l’utilise peut-être : fermez-la et réessayez, ou choisissez ${callMe} ${phoneInstead}.`,
  tryAgain: 'Réessayer',
  assistantErrorNotice: `Votre agent n’a pas pu être joint. Réessayez, ou choisissez ${callMe} ${phoneInstead}.`,
  callErrorNotice: `L’appel n’a pas pu aboutir. Relancez-le, ou choisissez ${callMe} ${phoneInstead}.`,
  callUnavailableNotice: `Les appels dans le navigateur ne sont pas disponibles sur cette page. Choisissez ${callMe} ${phoneInstead}.`,
  startCall: 'Démarrer l’appel',
  endCall: 'Terminer l’appel',
  callTimerLabel: 'Temps d’appel',
  captionsToggle: 'Sous-titres',
  captionsLabel: 'Sous-titres en direct',
  // Who speaks, before each caption line: "Agent" is the French word too.
  captionAgent: 'Agent',
  captionYou: 'Vous',
  // A toggle (its state in aria-pressed), so one label.
  mute: 'Couper le micro',
  microphoneMuted: 'Micro coupé',
  loadingButton: 'Chargement…',
  noAssistantButton: 'Impossible de démarrer : aucun agent',
  // No "de" before the name: "Agent IA Acme Burgers".
  callAgentName: 'Agent IA {company}',
  // "Autoriser": the word of the browsers' French permission prompt.
  microphoneHeadsUp: 'Au démarrage de l’appel, votre navigateur vous demandera l’accès à votre micro : choisissez « Autoriser ».',
  tryAskingHeading: 'Essayez de lui demander…',
  tryAskingHint: 'Appuyez sur une question ci-dessous, puis posez-la à voix haute pendant l’appel.',
  tryAskingSay: 'Demandez : « {prompt} »',
  // Spoken by the visitor to a French agent, so written as a French visitor would ask.
  franchisorPrompt1: 'Combien coûte l’ouverture d’une franchise ?',
  franchisorPrompt2: 'Y a-t-il un territoire disponible près de chez moi ?',
  franchisorPrompt3: 'Quelle formation et quel accompagnement proposez-vous ?',
  franchiseePrompt1: 'Quels sont vos horaires d’ouverture ?',
  franchiseePrompt2: 'Puis-je prendre rendez-vous cette semaine ?',
  franchiseePrompt3: 'Avez-vous une offre pour les nouveaux clients ?',
  afterCallHeading: 'Votre prochaine étape',
  afterCallMail: 'Un résumé de cet appel vous est envoyé à {email}.',
  bookDiscoveryCall: 'Réserver un appel découverte',
  contactByEmail: 'Écrire à notre équipe',
  contactByPhone: 'Appeler notre équipe',
  afterCallPhone:
    'Vous voulez cet agent pour votre entreprise ? Parlez à notre équipe, ou écoutez votre agent au téléphone : il vous appelle une seule fois, uniquement à votre demande.',
  bookingMade: 'Réservé : {when}',
  bookingHeading: 'Rendez-vous réservé',
  addToCalendar: 'Ajouter à mon agenda',
  googleCalendar: 'Google Agenda',
} as const satisfies Record<keyof typeof laterCopy, string>;
