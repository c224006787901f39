import settings from './build-env.json' with { type: 'json' };

// The VITE_* settings the site is built with for its tests (docs/DEPLOYMENT.md lists them), kept in
// build-env.json so that scripts/test-build.mjs (plain Node, run by `pnpm test`) builds the site with
// exactly these. All are pinned, so a developer's shell or .env file cannot change what the tests
// see, and all differ from the documented defaults in src/config.ts, so a page showing them proves
// the setting reached it. The widget's loader path stays the default: the prerender step copies the
// widget there. The webhook base names a host that only the tests' Chromium resolves, to the webhook
// host started for the run on a port chosen then (support/site.ts), so the build need not know it.
export const BUILD_ENV: Readonly<typeof settings> = settings;

/** The `tel:` hrefs the footer must have for BUILD_ENV's phone numbers. */
export const TEL_HREFS = ['tel:+15550100199', 'tel:+33612345678'] as const;
