import { createElement } from 'react';
import { config } from '../config.ts';
import { TRANSLATED } from '../routes.ts';
import { useContent, useLang } from '../use-lang.ts';
import { useWidgetLoader } from '../widget-loader.ts';
import { WIDGET_TAG } from '../widget-tag.ts';

/** Escapes text for the noscript's inner HTML. */
const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// /demo and /fr/demo embed the widget as a partner page does: the one-line loader tag (in this page's
// head, added by the prerender step, with a preload hint for it) and the element with the site's
// configuration, and `lang` for the page's language (the widget's own words follow it). Nothing here
// imports widget internals.
export function DemoPage() {
  useWidgetLoader();
  const lang = useLang();
  const pages = TRANSLATED[lang];
  const { text } = useContent();
  // The page's own intro, its heading from its title: prerendered, so it is the first thing painted, with or without JavaScript.
  const intro = { heading: pages.demo.title.split(' | ')[0]!, text: text.demo.intro };
  const email = escapeHtml(config.contactEmail);
  const [before, after] = text.demo.noScript;
  const noScript = `<p class="notice">${escapeHtml(before)} <a href="mailto:${email}">${email}</a>${escapeHtml(after)}</p>`;
  return (
    // The widget is this page: React, for the header and footer around it, waits for the first
    // interaction outside it (src/main.tsx) rather than competing with the widget when idle.
    <main id="main" className="demo" data-hydrate="on-interaction">
      <div className="container">
        <header className="demo-intro">
          <h1>{intro.heading}</h1>
          <p className="lead">{intro.text}</p>
        </header>
        {createElement(
          WIDGET_TAG,
          // The phone dialog's consent words link to the site's own privacy policy, in the page's language.
          {
            lang,
            'webhook-base': config.webhookBase,
            'public-key': config.voicePublicKey || undefined,
            'home-url': pages.landing.path,
            'privacy-url': pages.privacy.path,
            // Every ending leads to the company: its email, where the widget has no booking page.
            'contact-email': config.contactEmail,
            'contact-phone': lang === 'fr' ? config.phoneFr : config.phoneUs,
          },
          // Light DOM the widget's shadow root never shows: only a browser without JavaScript
          // renders it. Inner HTML, because a hydrating client must leave <noscript> as it is.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: this file's text and the configured email, escaped (see above)
          <noscript dangerouslySetInnerHTML={{ __html: noScript }} />,
        )}
      </div>
    </main>
  );
}
