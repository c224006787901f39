// The privacy page in French: privacy.ts's sections, in its order and with its anchors,
// written for a French reader (RGPD, CNIL); the date is privacy.ts's, in French. The privacy e-mail
// comes from configuration through `emailKey`, as in English.
import { LEGAL_LAST_UPDATED } from '@franchise-ai/shared/constants';
import { frenchMonthYear } from './french-dates.ts';
import { typesetFrench } from '@franchise-ai/shared/french-typography';
import { META_FR } from './meta-fr.ts';
import type { LegalPageContent } from './types.ts';

export const privacyFr: LegalPageContent = typesetFrench({
  meta: META_FR.privacy,
  heading: 'Politique de confidentialité',
  lastUpdated: frenchMonthYear(LEGAL_LAST_UPDATED),
  intro:
    "Cette politique explique quelles informations Franchise AI (« nous ») collecte lorsque vous consultez ce site ou demandez une démo d'agent vocal IA, comment nous les utilisons et les partageons, et les choix dont vous disposez. Le site n'a ni compte ni identifiant : nous ne recueillons que ce que vous choisissez de nous envoyer et les données techniques que reçoit tout site web.",
  sections: [
    {
      id: 'information-we-collect',
      heading: 'Les informations que nous collectons',
      paragraphs: [
        "Nous ne collectons que les informations décrites ci-dessous. Ce site s'adresse aux professionnels et ne vise pas les enfants ; nous ne collectons pas sciemment d'informations concernant des personnes de moins de 16 ans.",
      ],
      list: [
        "Votre demande de démo : votre nom, votre entreprise (votre enseigne ou votre point de vente), votre adresse e-mail professionnelle, votre site web si vous choisissez de l'indiquer, et si vous êtes franchiseur ou franchisé.",
        "Votre numéro de téléphone : uniquement si vous demandez à votre agent IA de vous appeler, afin qu'il puisse passer l'appel de démonstration.",
        "Votre voix : si vous parlez à votre agent depuis votre navigateur, votre navigateur vous demande d'abord l'autorisation d'utiliser votre micro. Une fois l'accès autorisé, le son est transmis en continu à notre fournisseur vocal pendant la durée de l'appel, pour que l'agent puisse vous entendre et vous répondre. Il en va de même pour le son d'un appel téléphonique de démonstration. Le fournisseur vocal peut produire un enregistrement ou une transcription de l'appel.",
        "Les données techniques : comme tout site web, nos serveurs et nos prestataires reçoivent votre adresse IP, le type de votre navigateur et de votre appareil, les pages consultées ainsi que la date et l'heure de votre visite. Les cookies sont décrits dans une section dédiée ci-dessous.",
      ],
    },
    {
      id: 'how-we-use-information',
      heading: 'Comment nous utilisons vos informations',
      paragraphs: [
        "Nous utilisons vos informations uniquement pour les finalités ci-dessous. Nous ne vendons pas vos données personnelles, et nous n'utilisons pas votre numéro de téléphone pour du démarchage commercial.",
      ],
      list: [
        'Créer votre agent IA personnalisé, à partir de votre entreprise et de votre activité',
        "Passer l'appel de démonstration que vous demandez, ou mener la conversation dans votre navigateur",
        'Vous écrire au sujet de la démo demandée et répondre à vos questions',
        'Assurer le bon fonctionnement, la sécurité du site et de la démo, et les protéger des abus',
        'Comprendre comment les visiteurs utilisent le site afin de l’améliorer, à partir de données agrégées dans la mesure du possible',
        'Respecter nos obligations légales',
      ],
    },
    {
      id: 'how-we-share-information',
      heading: 'Avec qui nous partageons vos informations',
      paragraphs: [
        "Nous ne partageons vos informations qu'avec les destinataires ci-dessous, et seulement dans la mesure où ils en ont besoin. Nos prestataires agissent pour notre compte, sont tenus par contrat de protéger vos informations et ne peuvent pas les utiliser à leurs propres fins.",
      ],
      list: [
        "Notre hébergeur d'automatisation, qui reçoit votre demande de démo et exécute les scénarios qui créent votre agent et passent votre appel",
        "Notre fournisseur vocal, qui fait fonctionner l'agent IA pour les appels téléphoniques et dans le navigateur, et traite le son de ces appels",
        "Nos prestataires d'hébergement et de mesure d'audience, qui servent ce site et mesurent son utilisation",
        "Les autorités ou d'autres tiers lorsque la loi l'exige, ou pour protéger nos droits, nos utilisateurs ou le public",
        'Un acquéreur ou successeur en cas de cession ou de fusion de notre activité, avec les mêmes garanties que celles décrites ici',
      ],
    },
    {
      id: 'data-security',
      heading: 'La sécurité de vos données',
      paragraphs: [
        "Les informations que vous envoyez via ce site transitent par des connexions HTTPS chiffrées. L'accès aux demandes de démo est réservé aux personnes et aux prestataires qui en ont besoin, et nos prestataires doivent appliquer des mesures de sécurité adaptées à la sensibilité des données.",
        "Certains de nos prestataires traitent des informations hors de votre pays, notamment aux États-Unis et dans l'Union européenne. Lorsque nous transférons des données personnelles hors de leur pays d'origine, nous appliquons les garanties exigées par la loi, telles que les clauses contractuelles types.",
        "Aucune méthode de transmission ou de stockage n'est totalement sûre. Si nous avons connaissance d'une violation touchant vos données personnelles, nous vous en informerons, ainsi que les autorités, comme la loi l'exige.",
      ],
    },
    {
      id: 'your-rights',
      heading: 'Vos droits et vos choix',
      paragraphs: [
        "Selon votre lieu de résidence, notamment en vertu du RGPD dans l'Union européenne et des lois des États américains sur la vie privée comme le CCPA, vous pouvez disposer des droits ci-dessous sur vos données personnelles.",
        "Pour exercer l'un d'eux, contactez notre équipe confidentialité à l'aide des coordonnées en bas de cette page. Nous pouvons avoir besoin de vérifier votre identité avant de donner suite à une demande, et nous répondons dans les délais prévus par la loi. Exercer vos droits ne change rien à la façon dont nous vous traitons, et vous pouvez également adresser une réclamation à votre autorité de protection des données (la CNIL en France).",
      ],
      list: [
        "Droit d'accès : obtenir une copie des informations que nous détenons sur vous",
        'Droit de rectification : faire corriger des informations inexactes ou incomplètes',
        "Droit à l'effacement : faire supprimer vos informations",
        "Droit à la limitation et droit d'opposition : faire limiter ou cesser certaines utilisations de vos informations",
        'Droit à la portabilité : recevoir vos informations dans un format courant et lisible par machine',
        'Retrait du consentement : lorsque nous nous fondons sur votre consentement, par exemple pour utiliser votre micro, vous pouvez le retirer à tout moment',
      ],
    },
    {
      id: 'data-retention',
      heading: 'Durée de conservation',
      paragraphs: [
        "Nous ne conservons votre demande de démo que le temps nécessaire pour vous la fournir, répondre à vos questions et donner suite à votre demande. Les enregistrements et transcriptions d'appels ne sont conservés que le temps nécessaire au fonctionnement et à l'amélioration de la démo. Nous supprimons ensuite les informations ou les rendons anonymes.",
        'Nous ne conservons les informations plus longtemps que si la loi l’exige, ou pour régler un litige et faire respecter nos accords. Vous pouvez nous demander à tout moment de supprimer vos informations.',
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies et technologies similaires',
      paragraphs: [
        'Les cookies sont de petits fichiers qu’un site enregistre dans votre navigateur. Nous classons les cookies et technologies similaires que nous pouvons utiliser en quatre catégories, décrites ci-dessous.',
        'Vous pouvez bloquer ou supprimer les cookies dans les réglages de votre navigateur. Si vous bloquez les cookies essentiels, certaines parties du site, dont la démo, peuvent ne pas fonctionner.',
      ],
      items: [
        {
          title: 'Essentiels',
          text: 'Indispensables au fonctionnement du site et de la démo, et à la protection du site contre les abus. Ils ne peuvent pas être désactivés.',
        },
        {
          title: "Mesure d'audience",
          text: "Nous aident à comprendre comment les visiteurs utilisent le site, par exemple les pages qu'ils consultent, afin de l'améliorer. Nous les utilisons sous forme agrégée.",
        },
        {
          title: 'Fonctionnels',
          text: 'Retiennent les réglages que vous choisissez sur le site, pour que vous n’ayez pas à les choisir de nouveau lors de votre prochaine visite.',
        },
        {
          title: 'Marketing',
          text: "Nous aident à mesurer nos publicités et à présenter des informations pertinentes sur nos services sur d'autres sites. Nous ne les utilisons qu'avec votre accord.",
        },
      ],
    },
    {
      id: 'policy-updates',
      heading: 'Modifications de cette politique',
      paragraphs: [
        "Nous pouvons mettre à jour cette politique lorsque nos services ou la loi évoluent. Nous modifions alors la date de « Dernière mise à jour » en haut de cette page. Si une modification a une incidence importante sur l'utilisation de vos informations, nous l'indiquerons clairement sur ce site avant son entrée en vigueur.",
      ],
    },
  ],
  contact: {
    heading: 'Une question sur vos données ?',
    text: "Contactez notre équipe confidentialité pour toute question sur cette politique ou pour exercer l'un des droits décrits ci-dessus.",
    button: "Écrire à l'équipe confidentialité",
    emailKey: 'privacyEmail',
  },
});
