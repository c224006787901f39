// The site's own words in French, around the pages' content: header, footer, labels.
// Written as the French team would say it, not word for word from site-text.ts; typeset by
// french-typography.ts.
import { typesetFrench } from '@franchise-ai/shared/french-typography';
import type { SiteText } from './types.ts';

export const siteTextFr: SiteText = typesetFrench({
  skipLink: 'Aller au contenu',
  sections: { services: 'Nos solutions', about: 'Comment ça marche', contact: 'Commencer' },
  demoLink: 'Voir mon IA franchise',
  nav: {
    main: 'Navigation principale',
    mobile: 'Navigation mobile',
    legal: 'Informations légales',
    menu: 'Menu',
    openMenu: 'Ouvrir le menu',
    closeMenu: 'Fermer le menu',
  },
  footer: {
    tagline: "L'automatisation par l'IA pour les franchiseurs et les franchisés.",
    phoneUs: 'États-Unis',
    phoneFr: 'France',
    rights: 'Tous droits réservés.',
  },
  lastUpdated: 'Dernière mise à jour :',
  landing: {
    figuresLabel: 'Les résultats en bref',
    offerings: 'Nos offres :',
    call: {
      agentName: 'Votre agent IA de franchise',
      tags: ['Qualification des candidats', 'Vérification des territoires disponibles'],
      illustration:
        'Illustration : un agent vocal IA en ligne avec un candidat à la franchise, qui qualifie sa candidature et vérifie les territoires disponibles',
      status: 'En ligne avec un candidat à la franchise',
      lines: [
        "Merci de l'intérêt que vous portez à notre réseau ! Puis-je vous poser quelques questions sur votre projet ?",
        "Bien sûr. J'aimerais ouvrir un point de vente près de chez moi.",
        'Parfait. Indiquez-moi votre secteur et je vérifie tout de suite si le territoire est disponible.',
      ],
    },
    sampleCall: {
      heading: 'Un exemple d’appel avec notre agent IA, et sa transcription',
      status: 'Un appel enregistré',
      play: "Écouter un exemple d'appel",
      pause: "Mettre l'appel en pause",
    },
  },
  demo: {
    intro:
      'Créez un agent vocal IA pour votre franchise à partir de votre propre site, puis recevez son appel ou parlez-lui depuis votre navigateur. Sans démarchage commercial.',
    noScript: [
      'La démo en direct fonctionne dans votre navigateur et nécessite JavaScript. Activez-le puis rechargez cette page pour créer votre agent IA, ou écrivez-nous à',
      '.',
    ],
  },
});
