import { DEMO_PROMISED_SECONDS } from '@franchise-ai/shared/constants';
import type { firstCopy } from './form-copy.ts';
import { FR_LEAD_EXAMPLES } from './fr-lead-examples.ts';

// The French of copy/form-copy.ts (`firstCopy`), written for a French reader rather than word for word:
// vouvoiement, typographic apostrophe ’, ellipsis …. Plain spaces around punctuation: french-copy.ts
// typesets them (shared french-typography.ts). Between a figure and its unit ("90 secondes", "42 s")
// a no-break space, written as an escape, since the function cannot tell a unit from a word.
// fr-copy.test.ts checks all of this against the English.

/** The form's texts in French: the same keys and `{slot}`s as `firstCopy`. */
export const frFirstCopy = {
  // Configuration problems (shown instead of the form): the attribute keeps its name.
  configMissingWebhookBase: 'Cette démo n’est pas encore configurée : la page doit donner au widget un attribut webhook-base valide (une URL http ou https).',
  // Shown when the widget's code cannot be fetched (LOAD_FAILED in English).
  loadFailed: 'La démo n’a pas pu être chargée. Vérifiez votre connexion, puis rechargez la page.',

  // Step 1: form.
  formHeading: 'Obtenez votre démo d’IA pour la franchise',
  formPromise: `Découvrez votre agent IA personnalisé pour la franchise en ${DEMO_PROMISED_SECONDS}\u00A0secondes. Sans appel commercial.`,
  // The legend of the two choices below: "Je suis Franchiseur / Franchisé".
  businessTypeLegend: 'Je suis',
  franchisor: 'Franchiseur',
  franchisee: 'Franchisé',
  nameLabel: 'Votre nom',
  namePlaceholder: 'Marie Dupont',
  // "Enseigne": the brand of a franchise network, as French franchising says it.
  companyLabelFranchisor: 'Votre enseigne',
  companyLabelFranchisee: 'Votre point de vente',
  companyPlaceholderFranchisor: 'Nom de l’enseigne',
  companyPlaceholderFranchisee: 'Nom de votre point de vente',
  emailLabel: 'Adresse e-mail professionnelle',
  emailPlaceholder: FR_LEAD_EXAMPLES.email,
  websiteLabel: 'Site web (facultatif)',
  websitePlaceholder: FR_LEAD_EXAMPLES.website,
  submit: 'Créer ma démo IA',
  submitting: 'Création de votre démo…',
  submitError: 'Une erreur est survenue lors de la création de votre démo. Veuillez réessayer.',
  missingName: 'Indiquez votre nom pour créer votre démo.',
  missingCompany: 'Indiquez le nom de votre entreprise pour créer votre démo.',
  missingEmail: 'Indiquez votre adresse e-mail professionnelle pour créer votre démo.',
  fieldsInvalid: 'Corrigez les champs signalés ci-dessus pour créer votre démo.',
  benefitSpecificTitle: 'Pensé pour la franchise',
  benefitSpecificText: 'Conçu pour le fonctionnement des réseaux de franchise : enseignes, territoires et points de vente.',
  // The spec's claims, figures kept (300 %, 85 %), labeled as estimates as in English.
  benefitRoiTitle: 'ROI démontré',
  benefitRoiText:
    'Estimation pour un réseau de franchise : des prospects recontactés 300 % plus vite et 85 % de temps administratif gagné. Résultats typiques, sans garantie.',
  benefitLiveTitle: 'Échange en direct',
  benefitLiveText: 'Parlez à votre agent au téléphone ou directement ici, dans votre navigateur.',

  // The launcher's button and panel (variant="launcher").
  launcherOpen: 'Essayez votre agent IA',
  launcherClose: 'Fermer',
  launcherLive: 'Appel en cours',
} as const satisfies Record<keyof typeof firstCopy, string>;
