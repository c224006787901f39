// The English site's content, in one object (content/by-lang.ts).
import { landing } from './landing.ts';
import { privacy } from './privacy.ts';
import { proof } from './proof.ts';
import { siteText } from './site-text.ts';
import { terms } from './terms.ts';
import type { LangContent } from './types.ts';

export const english: LangContent = { landing, proof, privacy, terms, text: siteText };
