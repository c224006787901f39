// The landing page in French: the same sections, cards and figures as landing.ts, written
// for a French franchise network (vouvoiement), not translated word for word; typeset by
// french-typography.ts.
import { CALL_EXPECTED_MINUTES, DEMO_PROMISED_SECONDS } from '@franchise-ai/shared/constants';
import { typesetFrench } from '@franchise-ai/shared/french-typography';
import { META_FR } from './meta-fr.ts';
import { proofFr } from './proof-fr.ts';
import type { LandingContent, Stat } from './types.ts';

const demoTime = `${DEMO_PROMISED_SECONDS} secondes`;
const callWindow = `${CALL_EXPECTED_MINUTES.min} à ${CALL_EXPECTED_MINUTES.max} minutes`;

/** landing.ts's claims, in its order, with the same figures written the French way (landing-fr.test.ts compares them). */
const CLAIMS: Stat[] = [
  { value: '300 %', label: 'Réponse aux prospects plus rapide', icon: 'zap' },
  { value: '24/7', label: 'Assistance automatisée', icon: 'headset' },
  { value: '85 %', label: 'De temps administratif économisé', icon: 'hourglass' },
  { value: '+50 k$', label: 'De hausse moyenne du ROI', icon: 'trending-up' },
  { value: '×3', label: 'Traitement des prospects plus rapide', icon: 'gauge' },
  { value: '40 %', label: 'De conversion en plus', icon: 'target' },
  { value: '60 %', label: 'De temps administratif en moins', icon: 'clock' },
  { value: '75 k$', label: 'De ROI annuel moyen', icon: 'dollar' },
];
const HERO_CLAIMS = 4;
const CLAIMS_BASIS = 'Estimations de résultats typiques, sans garantie : les vôtres peuvent varier.';

export const landingFr: LandingContent = typesetFrench({
  meta: META_FR.landing,

  hero: {
    eyebrow: 'Automatisation IA pour la franchise',
    heading: "Des solutions d'IA pour la franchise",
    text: "Des agents IA qui répondent aux prospects, assurent les relances et prennent en charge l'administratif courant des réseaux et de leurs points de vente : vos équipes se consacrent à ce qui demande vraiment une personne.",
    franchisor: {
      title: 'Pour les franchiseurs',
      icon: 'building',
      text: 'Pilotez depuis un seul endroit la gestion des prospects, le marketing et les standards de marque de tout le réseau.',
      features: [
        'CRM IA centralisé',
        'Analyse prédictive',
        'Chatbot et assistant vocal',
        'Automatisation du marketing',
        "Gestion de l'e-réputation et des avis",
        'Conformité et contrôle de la marque',
      ],
      offerings: ['Qualification des candidats', 'Vérification des territoires disponibles', 'Mise en relation franchise-candidat'],
    },
    franchisee: {
      title: 'Pour les franchisés',
      icon: 'store',
      text: 'Servez plus vite votre clientèle locale et gardez agenda et campagnes à jour sans recruter.',
      features: [
        "Outils de CRM local et d'engagement client",
        'Assistant commercial intelligent',
        'Gestion automatisée des rendez-vous et des commandes',
        'Campagnes locales clés en main',
      ],
      offerings: ['Chatbot de service client', 'Automatisation du marketing', 'Automatisation des opérations'],
    },
    cta: 'Découvrir votre IA en action',
    ctaNote: `Une démo en direct adaptée à votre franchise, prête en ${demoTime}. Sans démarchage commercial.`,
    figures: { audience: "Pour les franchiseurs, à l'échelle de leur réseau", basis: CLAIMS_BASIS, stats: CLAIMS.slice(0, HERO_CLAIMS) },
  },

  services: {
    heading: 'Nos solutions pour la franchise',
    text: "La croissance d'un réseau bute toujours aux mêmes endroits : des prospects qui attendent, des relances qui dépendent de qui est de service, des questions de territoire auxquelles personne ne sait répondre vite. Nos agents IA prennent ce travail en charge, pour les têtes de réseau comme pour les points de vente.",
    problemsHeading: 'Là où les réseaux perdent du temps et des prospects',
    problems: [
      {
        title: 'Qualification manuelle des prospects',
        icon: 'user-search',
        text: "Vos équipes lisent chaque demande et rappellent les candidats une à une : les bons profils attendent des jours une première réponse, et certains n'en reçoivent jamais.",
      },
      {
        title: 'Des relances irrégulières',
        icon: 'message-warning',
        text: "Les relances dépendent de qui est disponible. Elles partent en retard, avec un discours différent d'un point de vente à l'autre, ou pas du tout.",
      },
      {
        title: 'La gestion des territoires',
        icon: 'map',
        text: 'Savoir quels territoires sont libres passe par des tableurs et des e-mails entre équipes, ce qui ralentit chaque échange avec un futur franchisé.',
      },
    ],
    franchisorHeading: 'Solutions pour les franchiseurs',
    franchisorSolutions: [
      {
        title: 'Qualification des candidats',
        icon: 'user-check',
        text: "L'agent IA répond à chaque demande de franchise, pose vos questions de qualification et ne transmet à votre équipe développement que les candidats qui correspondent.",
      },
      {
        title: 'Vérification des territoires disponibles',
        icon: 'map-pin-check',
        text: "Les candidats savent immédiatement si le secteur qu'ils visent est libre, d'après les données de territoire que vous tenez à jour.",
      },
      {
        title: 'Mise en relation franchise-candidat',
        icon: 'handshake',
        text: 'Chaque candidat est orienté vers les enseignes, formats et emplacements qui correspondent à son budget, à son expérience et à ses objectifs.',
      },
    ],
    franchiseeHeading: 'Solutions pour les franchisés',
    franchiseeSolutions: [
      {
        title: 'Chatbot de service client',
        icon: 'chatbot',
        text: 'Répond à toute heure aux questions courantes de vos clients, sur votre site comme au téléphone, et passe la main à votre équipe pour tout cas particulier.',
      },
      {
        title: 'Automatisation du marketing',
        icon: 'megaphone',
        text: 'Déroule vos campagnes locales, rappels et demandes d’avis au bon moment, avec les messages validés par votre enseigne.',
      },
      {
        title: 'Automatisation des opérations',
        icon: 'calendar-check',
        text: "Prend les rendez-vous et les commandes et met à jour votre CRM : l'administratif courant ne remplit plus vos journées.",
      },
    ],
    results: {
      heading: 'Les résultats que les réseaux peuvent attendre',
      text: "Ce qui change quand les prospects, les relances et l'administratif courant passent par l'automatisation IA.",
      figures: { audience: 'Pour les franchisés, dans un point de vente', basis: CLAIMS_BASIS, stats: CLAIMS.slice(HERO_CLAIMS) },
    },
  },

  about: {
    heading: 'Comment ça marche',
    text: "D'un court formulaire à un agent IA qui parle de votre franchise : voici comment obtenir le vôtre.",
    steps: [
      {
        title: 'Présentez-nous votre franchise',
        icon: 'clipboard',
        text: 'Indiquez votre nom, votre enseigne ou votre point de vente, votre e-mail professionnel et, si vous le souhaitez, votre site web. Précisez si vous êtes franchiseur ou franchisé.',
      },
      {
        title: 'Nous créons votre agent',
        icon: 'workflow',
        text: `En ${demoTime} environ, nous configurons un agent vocal IA avec des scénarios adaptés à votre activité et à votre entreprise.`,
      },
      {
        title: 'Parlez-lui',
        icon: 'phone-call',
        text: `Recevez l'appel de votre agent d'ici ${callWindow}, parlez-lui tout de suite depuis votre navigateur avec votre micro, ou écrivez-lui.`,
      },
      {
        title: 'Mettez-le au travail',
        icon: 'rocket',
        text: "S'il vous convient, nous le connectons à votre CRM, à vos agendas et à vos données de territoire, puis le déployons dans votre réseau ou votre point de vente.",
      },
    ],
  },

  contact: {
    heading: "Voyez ce que l'IA peut apporter à votre franchise",
    text: `Essayez un agent IA en direct, conçu pour votre franchise. Il suffit de ${demoTime} et de quelques informations sur votre activité.`,
    cta: 'Essayer la démo en direct',
    cards: [
      {
        title: 'Comprendre le fonctionnement',
        icon: 'book',
        text: "Lisez les quatre étapes ci-dessus : d'un court formulaire à un agent qui qualifie un prospect, répond à ses questions et fixe l'étape suivante.",
      },
      {
        title: 'Voir des exemples concrets',
        icon: 'headphones',
        // As landing.ts: only what the page has.
        text: proofFr.sampleCall
          ? "Écoutez l'appel enregistré en haut de cette page, puis essayez la démo en direct : votre propre agent, configuré avec le nom de votre entreprise et votre activité."
          : "La démo en direct est l'exemple : votre propre agent, configuré avec le nom de votre entreprise et votre activité, qui parle de votre franchise.",
      },
      {
        title: 'Sans aucune pression',
        icon: 'shield-check',
        text: 'Ni appel commercial, ni engagement. Essayez la démo quand vous voulez et décidez par vous-même.',
      },
    ],
  },
});
