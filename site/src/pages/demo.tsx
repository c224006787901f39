import { createElement, useEffect } from 'react';
import { config } from '../config.ts';

/** The prerendered /demo has the loader in its head; after client-side navigation (or in dev) add it once. */
function useWidgetLoader(): void {
  useEffect(() => {
    if (customElements.get('franchise-ai-demo') || document.querySelector(`script[src="${config.widgetSrc}"]`)) return;
    const script = document.createElement('script');
    script.src = config.widgetSrc;
    script.defer = true;
    document.head.append(script);
  }, []);
}

// /demo embeds the widget exactly as a partner page does: the loader script (in this page's head,
// added by the prerender step) and the element with the site's configuration. Nothing here imports
// widget internals.
export function DemoPage() {
  useWidgetLoader();
  return (
    <main id="main" className="demo">
      <div className="container">
        <h1 className="visually-hidden">Live franchise AI demo</h1>
        {createElement('franchise-ai-demo', {
          'webhook-base': config.webhookBase,
          'public-key': config.voicePublicKey || undefined,
          'home-url': '/',
        })}
      </div>
    </main>
  );
}
