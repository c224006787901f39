import settings from './build-env.json' with { type: 'json' };

// The VITE_* settings the site is built with for its tests (docs/DEPLOYMENT.md lists them), kept in
// build-env.json so that scripts/test-build.mjs (plain Node, run by `pnpm test`) builds the site with
// exactly these. All are pinned, so a developer's shell or .env file cannot change what the tests
// see, and all differ from the documented defaults in src/config.ts, so a page showing them proves
// the setting reached it. The widget's loader path stays the default: the prerender step copies the
// widget there. The webhook base names a host that only the tests' Chromium resolves, to the webhook
// host started for the run on a port chosen then (support/site.ts), so the build need not know it.
const { VITE_PLANTED_SECRET, ...read } = settings;
export const BUILD_ENV: Readonly<typeof read> = read;

/**
 * A VITE_* variable the site does not read, set for the same build as a deployment's CI might have
 * one (a secret meant for another package): nothing of it may reach dist/ (runtime.test.ts).
 */
export const PLANTED_SECRET = VITE_PLANTED_SECRET;

/** The `tel:` hrefs the footer must have for BUILD_ENV's phone numbers. */
export const TEL_HREFS = ['tel:+15550100199', 'tel:+33612345678'] as const;
