// Every language's content at once, for the tests and tools that compare them (the site itself
// loads a language only where it is needed: by-lang.ts).
import type { Lang } from '../lang.ts';
import { english } from './lang-en.ts';
import { french } from './lang-fr.ts';
import type { LangContent } from './types.ts';

export const CONTENT: Record<Lang, LangContent> = { en: english, fr: french };
