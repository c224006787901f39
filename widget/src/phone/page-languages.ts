/** Language tags that hint at the visitor's country, closest first: the element's `lang`, the page's, the browser's. */
export const pageLanguages = (host: HTMLElement): (string | undefined)[] => [
  host.closest<HTMLElement>('[lang]')?.lang,
  host.ownerDocument.documentElement.lang,
  typeof navigator === 'undefined' ? undefined : navigator.language,
];
