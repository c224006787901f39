import { useEffect } from 'react';
import { config } from './config.ts';
import { WIDGET_TAG } from './widget-tag.ts';

/**
 * A prerendered page with the widget (RouteMeta.widget) has the loader in its head (seo/head-tags.ts),
 * requested with the page; after client-side navigation (or in dev) this adds it once.
 */
export function useWidgetLoader(): void {
  useEffect(() => {
    if (customElements.get(WIDGET_TAG) || document.querySelector(`script[src="${config.widgetSrc}"]`)) return;
    const script = document.createElement('script');
    script.src = config.widgetSrc;
    script.defer = true;
    document.head.append(script);
  }, []);
}
