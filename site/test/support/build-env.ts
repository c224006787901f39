// The VITE_* settings the test build of the site uses (docs/DEPLOYMENT.md lists them). All are
// pinned, so a developer's shell or .env file cannot change what the tests see, and all differ
// from the documented defaults in src/config.ts, so a page showing them proves the setting reached
// it. Global setup replaces the webhook base with its own host's URL. The widget's loader path
// stays the default: the prerender step copies the widget there.
export const BUILD_ENV = {
  VITE_CONTACT_EMAIL: 'contact@site-test.example',
  VITE_PRIVACY_EMAIL: 'privacy-team@site-test.example',
  VITE_LEGAL_EMAIL: 'legal-team@site-test.example',
  VITE_PHONE_US: '+1 (555) 010-0199',
  VITE_PHONE_FR: '+33 6 12 34 56 78',
  VITE_WIDGET_SRC: '/widget/franchise-ai-demo.js',
  VITE_SITE_URL: 'https://franchise-ai.test',
  VITE_VOICE_PUBLIC_KEY: 'site-test-public-key',
} as const;

/** The `tel:` hrefs the footer must have for BUILD_ENV's phone numbers. */
export const TEL_HREFS = ['tel:+15550100199', 'tel:+33612345678'] as const;
