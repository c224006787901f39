// Phase: see widget/LIFECYCLE.md ("The two phases, and the map"). In the first render: a few bytes.

import type { Language } from '@franchise-ai/shared/language';

export type { Language };

/**
 * The widget's language: the element's own `lang`, else the nearest `lang` around it
 * (across shadow roots, as the page's language is inherited), else English. French for any `fr`
 * tag (`fr`, `fr-FR`, `fr-CA`…); English for any other, `lang=""` (unknown) included. Read when the
 * widget first draws: the global `lang` attribute is not one of r2wc's props (an accessor of that
 * name would shadow HTMLElement's own).
 */
export function widgetLanguage(host: Element): Language {
  for (let node: Element | null = host; node; node = node.parentElement ?? (node.getRootNode() as Partial<ShadowRoot>).host ?? null) {
    const lang = node.getAttribute('lang');
    if (lang !== null) return /^fr(-|$)/i.test(lang.trim()) ? 'fr' : 'en';
  }
  return 'en';
}
