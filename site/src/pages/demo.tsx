import { createElement } from 'react';
import { config } from '../config.ts';

// /demo embeds the widget exactly as a partner page does: the loader script (in this page's head,
// added by the prerender step) and the element with the site's configuration. Nothing here imports
// widget internals.
export function DemoPage() {
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
