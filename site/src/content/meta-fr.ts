// The French pages' titles and descriptions, apart from their content: routes.ts reads
// them for every page's head and the router, and must not pull the French content itself into the
// script every English page loads (by-lang.ts fetches that only on a French page).
import { DEMO_PROMISED_SECONDS } from '@franchise-ai/shared/constants';
import { typesetFrench } from '@franchise-ai/shared/french-typography';

const demoTime = `${DEMO_PROMISED_SECONDS} secondes`;

export const META_FR = typesetFrench({
  landing: {
    title: "Solutions d'IA pour la franchise | Franchise AI",
    description: `L'automatisation par l'IA pour les franchiseurs et les franchisés : qualification des prospects, vérification des territoires, CRM et marketing local. Votre propre démo IA en ${demoTime}.`,
  },
  /** /fr/demo's; its heading and intro are read from them, as on /demo. */
  demo: {
    title: 'Démo en direct de votre IA franchise | Créez votre agent vocal',
    description: `Créez en ${demoTime} un agent vocal IA à l'image de votre franchise, puis recevez son appel ou parlez-lui depuis votre navigateur. Sans démarchage commercial.`,
  },
  privacy: {
    title: 'Politique de confidentialité | Franchise AI',
    description:
      'Comment Franchise AI collecte, utilise, partage et protège les informations que vous transmettez en demandant une démo vocale IA, et les choix et droits dont vous disposez.',
  },
  terms: {
    title: "Conditions générales d'utilisation | Franchise AI",
    description:
      "Les conditions d'utilisation de Franchise AI : le service et la démo gratuite, vos responsabilités, le paiement et la facturation, les niveaux de service, la résiliation et la responsabilité.",
  },
});
