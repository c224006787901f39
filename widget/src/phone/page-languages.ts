import type { Language } from '@franchise-ai/shared/language';

/** Language tags hinting at the visitor's country, closest first; a French widget adds `fr-FR` before the browser's. */
export const pageLanguages = (host: HTMLElement, widgetLanguage: Language = 'en'): (string | undefined)[] => {
  const page = [host.closest<HTMLElement>('[lang]')?.lang, host.ownerDocument.documentElement.lang];
  const regionSet = page.some((tag) => tag && /^[a-z]{2,3}-([a-z]{2}|\d{3})\b/i.test(tag));
  return [
    ...page,
    ...(widgetLanguage === 'fr' && !regionSet ? ['fr-FR'] : []),
    ...(typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language]),
  ];
};
