import type { Language } from '@franchise-ai/shared/language';

export type { Language };

/**
 * The element's own `lang`, else the nearest around it (across shadow roots), else English; French for
 * any `fr` tag. Read when the widget first draws: an accessor named `lang` would shadow HTMLElement's own.
 */
export function widgetLanguage(host: Element): Language {
  for (let node: Element | null = host; node; node = node.parentElement ?? (node.getRootNode() as Partial<ShadowRoot>).host ?? null) {
    const lang = node.getAttribute('lang');
    if (lang !== null) return /^fr(-|$)/i.test(lang.trim()) ? 'fr' : 'en';
  }
  return 'en';
}
