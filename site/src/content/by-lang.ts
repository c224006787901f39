// Each language's content and site text, by language: what a page in that language shows.
import type { Lang } from '../lang.ts';
import { landing } from './landing.ts';
import { landingFr } from './landing-fr.ts';
import { privacy } from './privacy.ts';
import { privacyFr } from './privacy-fr.ts';
import { proof } from './proof.ts';
import { proofFr } from './proof-fr.ts';
import { siteText } from './site-text.ts';
import { siteTextFr } from './site-text-fr.ts';
import { terms } from './terms.ts';
import { termsFr } from './terms-fr.ts';
import type { LandingContent, LegalPageContent, ProofContent, SiteText } from './types.ts';

export interface LangContent {
  landing: LandingContent;
  proof: ProofContent;
  privacy: LegalPageContent;
  terms: LegalPageContent;
  text: SiteText;
}

export const CONTENT: Record<Lang, LangContent> = {
  en: { landing, proof, privacy, terms, text: siteText },
  fr: { landing: landingFr, proof: proofFr, privacy: privacyFr, terms: termsFr, text: siteTextFr },
};
