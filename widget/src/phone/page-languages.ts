import type { Language } from '@franchise-ai/shared/language';

/**
 * Language tags that hint at the visitor's country, closest first: the element's `lang`, the
 * page's, then the browser's languages in the visitor's order (`navigator.languages`, or the one
 * `navigator.language` where the list is missing). A French widget whose page names no
 * region (`lang="fr"`) reads numbers for France before the browser's regions: `fr-FR` comes next.
 */
export const pageLanguages = (host: HTMLElement, widgetLanguage: Language = 'en'): (string | undefined)[] => {
  const page = [host.closest<HTMLElement>('[lang]')?.lang, host.ownerDocument.documentElement.lang];
  const regionSet = page.some((tag) => tag && /^[a-z]{2,3}-([a-z]{2}|\d{3})\b/i.test(tag));
  return [
    ...page,
    ...(widgetLanguage === 'fr' && !regionSet ? ['fr-FR'] : []),
    ...(typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language]),
  ];
};
