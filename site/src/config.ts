// The site's one configuration: every contact detail and endpoint comes from VITE_* variables at
// build time, with defaults that point at the local webhook host. Rebuild with other values to
// point a built site elsewhere (docs/DEPLOYMENT.md lists them).
import { DEFAULT_SITE_URL } from './seo/site-url.ts';

//
// Each variable is named in full (`import.meta.env.VITE_X`): Vite then inlines that value alone.
// Any other use of `import.meta.env` (an alias, a spread, `env[name]`) makes Vite inline the whole
// object, every VITE_* variable of the build's environment, secrets meant for other tools included
// (test/runtime.test.ts builds with one planted).
const read = (value: string | undefined, fallback: string): string => value?.trim() || fallback;

export const config = {
  contactEmail: read(import.meta.env.VITE_CONTACT_EMAIL, 'hello@franchise-ai.example'),
  privacyEmail: read(import.meta.env.VITE_PRIVACY_EMAIL, 'privacy@franchise-ai.example'),
  legalEmail: read(import.meta.env.VITE_LEGAL_EMAIL, 'legal@franchise-ai.example'),
  phoneUs: read(import.meta.env.VITE_PHONE_US, '+1 555 010 0100'),
  phoneFr: read(import.meta.env.VITE_PHONE_FR, '+33 1 00 00 00 00'),
  /** Automation host base including the product segment. */
  webhookBase: read(import.meta.env.VITE_WEBHOOK_BASE, 'http://127.0.0.1:8787/webhook/franchise-ai'),
  /** The voice provider's public key for the in-browser demo call. */
  voicePublicKey: read(import.meta.env.VITE_VOICE_PUBLIC_KEY, ''),
  /** Where the widget's loader is served from. */
  widgetSrc: read(import.meta.env.VITE_WIDGET_SRC, '/widget/franchise-ai-demo.js'),
  /** Public origin for canonical links, Open Graph tags, robots.txt and the sitemap; the prerender step checks it (seo/site-url.ts). */
  siteUrl: read(import.meta.env.VITE_SITE_URL, DEFAULT_SITE_URL),
} as const;

/** `tel:` links want digits and a leading +, nothing else. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;
