import { useLocation } from 'wouter';
import { CONTENT, type LangContent } from './content/by-lang.ts';
import type { Lang } from './lang.ts';
import { pageFor } from './route-match.ts';
import { TRANSLATED } from './routes.ts';

/** The language of the page the router shows (RouteMeta.lang), on the server as on the client. */
export function useLang(): Lang {
  const [location] = useLocation();
  return pageFor(location).lang;
}

/** The content and site text of the page's language. */
export const useContent = (): LangContent => CONTENT[useLang()];

/** The pages of the page's language, by name: where its links go. */
export const usePages = (): (typeof TRANSLATED)[Lang] => TRANSLATED[useLang()];
