// The site's one configuration: every contact detail and endpoint comes from VITE_* variables at
// build time, with the spec's placeholders as defaults (placeholder-defaults.ts; a production build
// names each one still unset). Rebuild with other values to point a built site elsewhere
// (docs/DEPLOYMENT.md lists them).
import { PLACEHOLDER_DEFAULTS as PLACEHOLDER } from './placeholder-defaults.ts';

//
// Each variable is named in full (`import.meta.env.VITE_X`): Vite then inlines that value alone.
// Any other use of `import.meta.env` (an alias, a spread, `env[name]`) makes Vite inline the whole
// object, every VITE_* variable of the build's environment, secrets meant for other tools included
// (test/runtime.test.ts builds with one planted).
const read = (value: string | undefined, fallback: string): string => value?.trim() || fallback;

export const config = {
  contactEmail: read(import.meta.env.VITE_CONTACT_EMAIL, PLACEHOLDER.VITE_CONTACT_EMAIL),
  privacyEmail: read(import.meta.env.VITE_PRIVACY_EMAIL, PLACEHOLDER.VITE_PRIVACY_EMAIL),
  legalEmail: read(import.meta.env.VITE_LEGAL_EMAIL, PLACEHOLDER.VITE_LEGAL_EMAIL),
  phoneUs: read(import.meta.env.VITE_PHONE_US, PLACEHOLDER.VITE_PHONE_US),
  phoneFr: read(import.meta.env.VITE_PHONE_FR, PLACEHOLDER.VITE_PHONE_FR),
  /** Automation host base including the product segment. */
  webhookBase: read(import.meta.env.VITE_WEBHOOK_BASE, PLACEHOLDER.VITE_WEBHOOK_BASE),
  /** The voice provider's public key for the in-browser demo call. */
  voicePublicKey: read(import.meta.env.VITE_VOICE_PUBLIC_KEY, PLACEHOLDER.VITE_VOICE_PUBLIC_KEY),
  /** Where the widget's loader is served from. */
  widgetSrc: read(import.meta.env.VITE_WIDGET_SRC, '/widget/franchise-ai-demo.js'),
  /** Public origin for canonical links, Open Graph tags, robots.txt and the sitemap; the prerender step checks it (seo/site-url.ts). */
  siteUrl: read(import.meta.env.VITE_SITE_URL, PLACEHOLDER.VITE_SITE_URL),
  /** The terms' governing law and courts. */
  jurisdiction: read(import.meta.env.VITE_JURISDICTION, PLACEHOLDER.VITE_JURISDICTION),
} as const;

/** `tel:` links want digits and a leading +, nothing else. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;
