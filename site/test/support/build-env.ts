// The VITE_* settings the test build of the site uses (docs/DEPLOYMENT.md lists them). All are
// pinned, so a developer's shell or .env file cannot change what the tests see; all but the
// webhook base are the documented defaults, which global setup replaces with its own host's URL.
export const BUILD_ENV = {
  VITE_CONTACT_EMAIL: 'hello@franchise-ai.example',
  VITE_PRIVACY_EMAIL: 'privacy@franchise-ai.example',
  VITE_LEGAL_EMAIL: 'legal@franchise-ai.example',
  VITE_PHONE_US: '+1 555 010 0100',
  VITE_PHONE_FR: '+33 1 00 00 00 00',
  VITE_WIDGET_SRC: '/widget/franchise-ai-demo.js',
  VITE_SITE_URL: 'http://127.0.0.1:4173',
  VITE_VOICE_PUBLIC_KEY: '',
} as const;

/** The `tel:` hrefs the footer must have for BUILD_ENV's phone numbers. */
export const TEL_HREFS = ['tel:+15550100100', 'tel:+33100000000'] as const;
