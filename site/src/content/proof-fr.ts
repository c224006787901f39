// The landing's proof slots in French (proof.ts says what each is). Slots only the company
// can fill stay as empty as in proof.ts; the trust row repeats privacy-fr.ts word for word.
import { typesetFrench } from '@franchise-ai/shared/french-typography';
import type { ProofContent } from './types.ts';

export const proofFr: ProofContent = typesetFrench({
  logos: { heading: 'Ces réseaux utilisent nos agents IA', items: [] },
  quote: null,
  integrations: { heading: 'Compatible avec', items: [] },
  trust: {
    heading: 'Vos données, en bref',
    items: [
      { text: "Votre navigateur vous demande d'abord l'autorisation d'utiliser votre micro", section: 'information-we-collect' },
      { text: 'Nous ne conservons votre demande de démo que le temps nécessaire pour vous la fournir', section: 'data-retention' },
      { text: "Nous n'utilisons pas votre numéro de téléphone pour du démarchage commercial", section: 'how-we-use-information' },
    ],
    more: 'Lire notre politique de confidentialité',
  },
  sampleCall: null,
});
