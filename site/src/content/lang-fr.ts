// The French site's content, in one object: a chunk of its own, fetched only by a French page (content/by-lang.ts).
import { landingFr } from './landing-fr.ts';
import { privacyFr } from './privacy-fr.ts';
import { proofFr } from './proof-fr.ts';
import { siteTextFr } from './site-text-fr.ts';
import { termsFr } from './terms-fr.ts';
import type { LangContent } from './types.ts';

export const french: LangContent = { landing: landingFr, proof: proofFr, privacy: privacyFr, terms: termsFr, text: siteTextFr };
