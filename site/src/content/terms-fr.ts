// The terms page in French: terms.ts's sections, in its order and with its anchors and
// figures (spec section 9 via `TERMS`), written for a French reader; the date is terms.ts's, in
// French. The legal e-mail and the jurisdiction come from configuration, as in English.
import { DEMO_PROMISED_SECONDS, LEGAL_LAST_UPDATED, TERMS } from '@franchise-ai/shared/constants';
import { config } from '../config.ts';
import { frenchMonthYear } from './french-dates.ts';
import { typesetFrench } from '@franchise-ai/shared/french-typography';
import { META_FR } from './meta-fr.ts';
import type { LegalPageContent } from './types.ts';

/** 99.9 -> '99,9': the French decimal comma. */
const frenchNumber = (value: number): string => String(value).replace('.', ',');

export const termsFr: LegalPageContent = typesetFrench({
  meta: META_FR.terms,
  heading: "Conditions générales d'utilisation",
  lastUpdated: frenchMonthYear(LEGAL_LAST_UPDATED),
  intro:
    "Les présentes conditions générales d'utilisation (les « Conditions ») régissent votre utilisation du site Franchise AI, de la démo gratuite d'agent vocal IA et de nos services payants d'automatisation par l'IA (ensemble, le « Service »). Nous vous invitons à les lire attentivement.",
  sections: [
    {
      id: 'acceptance-of-terms',
      heading: 'Acceptation des Conditions',
      paragraphs: [
        "En utilisant le Service, vous acceptez les présentes Conditions et notre Politique de confidentialité. Si vous utilisez le Service pour le compte d'une entreprise, vous confirmez être habilité à accepter ces Conditions en son nom, et « vous » désigne aussi cette entreprise. Si vous ne les acceptez pas, n'utilisez pas le Service.",
        "Nous pouvons modifier ces Conditions de temps à autre. Nous mettrons alors à jour la date de « Dernière mise à jour » ci-dessus et, pour toute modification importante des offres payantes, préviendrons les titulaires de compte à l'avance. Continuer à utiliser le Service après l'entrée en vigueur d'une modification vaut acceptation des Conditions mises à jour.",
      ],
    },
    {
      id: 'service-description',
      heading: 'Description du Service',
      paragraphs: [
        "Franchise AI propose des solutions d'automatisation par l'IA aux franchiseurs et aux franchisés, notamment des outils de CRM IA, d'analyse prédictive, des chatbots et assistants vocaux, l'automatisation du marketing, la gestion de l'e-réputation et des avis, la gestion des rendez-vous et des commandes, ainsi que des outils de conformité et de contrôle de la marque.",
        `Sur ce site, vous pouvez demander une démo gratuite et personnalisée d'agent vocal IA, créée en ${DEMO_PROMISED_SECONDS} secondes environ et proposée sous forme d'appel téléphonique ou de conversation dans votre navigateur. La démo illustre les possibilités du Service : ce n'est pas un système de production, et ses réponses sont des exemples, pas des conseils.`,
        "Les réponses générées par l'IA peuvent être inexactes ou incomplètes. Il vous appartient de vérifier la façon dont le Service traite vos clients et vos prospects, et vous êtes responsable des décisions que vous prenez sur cette base.",
      ],
    },
    {
      id: 'user-responsibilities',
      heading: "Responsabilités de l'utilisateur",
      paragraphs: ['En utilisant le Service, vous vous engagez à :'],
      list: [
        'Fournir des informations exactes et à jour, y compris dans vos demandes de démo',
        'Garder confidentiels vos identifiants de compte et nous signaler sans délai toute utilisation non autorisée de votre compte',
        "N'indiquer qu'un numéro de téléphone qui vous appartient ou sur lequel vous êtes autorisé à recevoir des appels",
        'Disposer des droits et consentements nécessaires pour toute donnée que vous confiez au Service, y compris le consentement des personnes que vos agents IA contactent',
        'Respecter toutes les lois applicables à votre utilisation, notamment en matière de protection des données, de droit de la consommation, de démarchage téléphonique et d’information précontractuelle en franchise',
      ],
    },
    {
      id: 'prohibited-uses',
      heading: 'Utilisations interdites',
      paragraphs: ['Vous ne pouvez pas utiliser le Service pour :'],
      list: [
        "Enfreindre une loi ou une réglementation, ou porter atteinte aux droits d'autrui",
        'Envoyer des messages indésirables, passer des appels ou envoyer des messages automatisés non sollicités, ou contacter des personnes sans le consentement exigé par la loi',
        "Usurper l'identité d'une personne ou d'une organisation, ou tromper vos interlocuteurs sur l'identité de celui qui leur parle",
        "Diffuser des logiciels malveillants ou porter atteinte à la sécurité, à l'intégrité ou aux performances du Service",
        "Accéder sans autorisation au Service, à d'autres comptes ou à nos systèmes",
        "Copier, décompiler ou revendre le Service, ou l'utiliser pour développer un produit concurrent",
        'Extraire automatiquement le contenu du Service ou le surcharger de requêtes automatisées',
      ],
    },
    {
      id: 'intellectual-property',
      heading: 'Propriété intellectuelle',
      paragraphs: [
        "Le Service, y compris ses logiciels, agents IA, scénarios, design, textes et marques, appartient à Franchise AI et à ses concédants et est protégé par le droit de la propriété intellectuelle. Nous vous accordons un droit limité, non exclusif et non transférable d'utiliser le Service conformément aux présentes Conditions ; tous les autres droits sont réservés.",
        'Vous restez propriétaire des contenus et des données que vous fournissez. Vous nous autorisez à les utiliser uniquement dans la mesure nécessaire pour vous fournir, sécuriser et améliorer le Service. Si vous nous faites part de suggestions, nous pouvons les utiliser sans aucune obligation envers vous.',
      ],
    },
    {
      id: 'limitation-of-liability',
      heading: 'Limitation de responsabilité',
      paragraphs: [
        "Le Service, y compris la démo gratuite, est fourni « en l'état » et « selon disponibilité ». Dans toute la mesure permise par la loi, nous excluons toute garantie, expresse ou implicite, y compris les garanties de qualité marchande, d'adéquation à un usage particulier et d'absence de contrefaçon.",
        "Dans toute la mesure permise par la loi, Franchise AI ne saurait être tenue responsable des dommages indirects, accessoires, spéciaux, consécutifs ou punitifs, ni de toute perte de bénéfices, de chiffre d'affaires, de données ou d'opportunités commerciales résultant de votre utilisation du Service. Notre responsabilité totale pour toute réclamation liée au Service est limitée aux sommes que vous nous avez versées au cours des 12 mois précédant la réclamation.",
        "Certaines juridictions n'autorisent pas ces exclusions ou limitations : certaines d'entre elles peuvent donc ne pas s'appliquer à vous.",
      ],
    },
    {
      id: 'payment-and-billing',
      heading: 'Paiement et facturation',
      paragraphs: ['Les offres payantes sont facturées comme suit :'],
      list: [
        "Les frais sont payables d'avance et ne sont pas remboursables, sauf si la loi l'exige.",
        'Les abonnements sont renouvelés automatiquement à la fin de chaque période de facturation, sauf résiliation avant la date de renouvellement.',
        `Tout changement de prix est annoncé ${TERMS.priceChangeNoticeDays} jours à l'avance : nous vous prévenons au moins ${TERMS.priceChangeNoticeDays} jours avant qu'un nouveau prix ne s'applique à votre abonnement.`,
        "Vous pouvez résilier à tout moment depuis les paramètres de votre compte. La résiliation prend effet à la fin de la période de facturation en cours, et vous conservez l'accès jusque-là.",
      ],
    },
    {
      id: 'service-level',
      heading: 'Niveau de service',
      paragraphs: ['Pour les offres payantes, nous visons les niveaux de service suivants :'],
      list: [
        `Objectif de disponibilité mensuelle de ${frenchNumber(TERMS.uptimeTargetPercent)} %`,
        `Temps de réponse de l'API inférieur à ${TERMS.apiResponseUnderSeconds} secondes`,
        'Surveillance du Service 24 h/24, 7 j/7',
      ],
    },
    {
      id: 'termination-and-suspension',
      heading: 'Résiliation et suspension',
      paragraphs: [
        'Vous pouvez cesser d’utiliser le Service et résilier votre abonnement à tout moment, comme indiqué à la section Paiement et facturation.',
        "Nous pouvons suspendre ou supprimer votre accès au Service si vous manquez aux présentes Conditions, si vous ne réglez pas les sommes dues à leur échéance, si votre utilisation crée un risque de sécurité ou un risque juridique, ou si la loi l'exige. Lorsque c'est raisonnable, nous vous prévenons d'abord et vous laissons la possibilité de corriger le problème.",
        "À la fin de votre accès, votre droit d'utiliser le Service prend fin. Les clauses qui, par nature, doivent survivre, notamment Propriété intellectuelle, Limitation de responsabilité et Droit applicable, restent en vigueur.",
      ],
    },
    {
      id: 'governing-law',
      heading: 'Droit applicable',
      paragraphs: [
        // The jurisdiction is configuration, named as the English terms name it: the sentence introduces it rather than declining it.
        `Les présentes Conditions sont régies par le droit en vigueur dans la juridiction suivante : ${config.jurisdiction}, sans égard à ses règles de conflit de lois. Tout litige né des présentes Conditions ou du Service sera porté devant les tribunaux de cette juridiction, sauf si la loi de votre lieu de résidence vous permet de le porter ailleurs.`,
      ],
    },
  ],
  contact: {
    heading: 'Une question sur ces Conditions ?',
    text: 'Contactez notre équipe juridique pour toute question sur ces Conditions ou sur votre utilisation du Service.',
    button: "Écrire à l'équipe juridique",
    emailKey: 'legalEmail',
  },
});
