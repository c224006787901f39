import { createElement } from 'react';
import { config } from '../config.ts';
import { PAGES } from '../routes.ts';
import { useWidgetLoader } from '../widget-loader.ts';
import { WIDGET_TAG } from '../widget-tag.ts';

/** The page's own intro, from its title and description: prerendered, so it is the first thing painted, with or without JavaScript. */
const DEMO_INTRO = { heading: PAGES.demo.title.split(' | ')[0]!, text: PAGES.demo.description };

const NO_SCRIPT = `<p class="notice">The live demo runs in your browser and needs JavaScript. Turn it on and reload this page to build your franchise AI agent, or write to <a href="mailto:${config.contactEmail}">${config.contactEmail}</a>.</p>`;

// /demo embeds the widget as a partner page does: the one-line loader tag (in this page's head, added
// by the prerender step, with a preload hint for it) and the element with
// the site's configuration. Nothing here imports widget internals.
export function DemoPage() {
  useWidgetLoader();
  return (
    // The widget is this page: React, for the header and footer around it, waits for the first
    // interaction outside it (src/main.tsx) rather than competing with the widget when idle.
    <main id="main" className="demo" data-hydrate="on-interaction">
      <div className="container">
        <header className="demo-intro">
          <h1>{DEMO_INTRO.heading}</h1>
          <p className="lead">{DEMO_INTRO.text}</p>
        </header>
        {createElement(
          WIDGET_TAG,
          // The phone dialog's consent words link to the site's own privacy policy.
          {
            'webhook-base': config.webhookBase,
            'public-key': config.voicePublicKey || undefined,
            'home-url': PAGES.landing.path,
            'privacy-url': PAGES.privacy.path,
          },
          // Light DOM the widget's shadow root never shows: only a browser without JavaScript
          // renders it. Inner HTML, because a hydrating client must leave <noscript> as it is.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of this file (see above)
          <noscript dangerouslySetInnerHTML={{ __html: NO_SCRIPT }} />,
        )}
      </div>
    </main>
  );
}
