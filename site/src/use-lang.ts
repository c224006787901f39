import { useLocation } from 'wouter';
import { contentFor } from './content/by-lang.ts';
import type { LangContent } from './content/types.ts';
import type { Lang } from './lang.ts';
import { pageFor } from './route-match.ts';
import { TRANSLATED } from './routes.ts';

/** The language of the page the router shows (RouteMeta.lang), on the server as on the client. */
export function useLang(): Lang {
  const [location] = useLocation();
  return pageFor(location).lang;
}

/** The content and site text of the page's language. */
export const useContent = (): LangContent => contentFor(useLang());

/** The pages of the page's language, by name: where its links go. */
export const usePages = (): (typeof TRANSLATED)[Lang] => TRANSLATED[useLang()];
