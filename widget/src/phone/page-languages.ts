/**
 * Language tags that hint at the visitor's country, closest first: the element's `lang`, the
 * page's, then the browser's languages in the visitor's order (`navigator.languages`, or the one
 * `navigator.language` where the list is missing).
 */
export const pageLanguages = (host: HTMLElement): (string | undefined)[] => [
  host.closest<HTMLElement>('[lang]')?.lang,
  host.ownerDocument.documentElement.lang,
  ...(typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language]),
];
