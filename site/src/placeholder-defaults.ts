// What a default build ships for each of the spec's placeholders ({email}, {phone}, {key}, the
// terms' jurisdiction…), keyed by the VITE_* setting that replaces it. Kept apart from
// placeholders.ts so the browser bundle carries these values alone, not the build's warning texts.
import { DEFAULT_SITE_URL } from './seo/site-url.ts';

export const PLACEHOLDER_DEFAULTS = {
  VITE_SITE_URL: DEFAULT_SITE_URL,
  VITE_WEBHOOK_BASE: 'http://127.0.0.1:8787/webhook/franchise-ai',
  VITE_VOICE_PUBLIC_KEY: '',
  VITE_CONTACT_EMAIL: 'hello@franchise-ai.example',
  VITE_PRIVACY_EMAIL: 'privacy@franchise-ai.example',
  VITE_LEGAL_EMAIL: 'legal@franchise-ai.example',
  VITE_PHONE_US: '+1 555 010 0100',
  VITE_PHONE_FR: '+33 1 00 00 00 00',
  VITE_JURISDICTION: '[Jurisdiction]',
} as const;
