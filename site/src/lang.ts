// The site's two languages. Every page is in one of them (RouteMeta.lang): the prerender
// writes it as <html lang>, the components read it from the page the router shows (use-lang.ts).

import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@franchise-ai/shared/language';

/** The languages the hosts and the widget speak (shared/src/language.ts): the site's too. */
export const LANGS = LANGUAGES;
export type Lang = Language;

/** The language of the x-default alternate and of every page that has no translation (/embed, the 404 page). */
export const DEFAULT_LANG: Lang = DEFAULT_LANGUAGE;

/** Each language named in itself: what the language switch says, whatever the page's own language. */
export const LANG_NAMES: Record<Lang, string> = { en: 'English', fr: 'Français' };
