// Each language's content, by language. English comes with the site's script; any other language
// is a chunk of its own that only its pages fetch (about 11 KB gzip of French no English page pays
// for): the prerender loads every language before rendering (entry-server.tsx), the client the
// page's own before hydrating it (hydrate.tsx). Pages link only to pages of their own language
// (the language switch is a full page load), so a page never renders a language not loaded.
import type { Lang } from '../lang.ts';
import { english } from './lang-en.ts';
import type { LangContent } from './types.ts';

const LOADERS: Record<Lang, () => Promise<LangContent>> = {
  en: async () => english,
  fr: () => import('./lang-fr.ts').then((module) => module.french),
};

const loaded = new Map<Lang, LangContent>([['en', english]]);

/** Fetches `lang`'s content, once. */
export async function loadContent(lang: Lang): Promise<void> {
  if (!loaded.has(lang)) loaded.set(lang, await LOADERS[lang]());
}

/** `lang`'s content; throws if loadContent has not fetched it. */
export function contentFor(lang: Lang): LangContent {
  const content = loaded.get(lang);
  if (!content) throw new Error(`the ${lang} content is not loaded: await loadContent('${lang}') first`);
  return content;
}
