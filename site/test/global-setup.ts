import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { requireBuilt } from '@franchise-ai/test-support/build-output';
import { shareChromium } from '@franchise-ai/test-support/shared-chromium';
import { startHost } from '@franchise-ai/test-support/webhook-host';
import { BUILD_ENV } from './support/build-env.ts';
import { FILLED_PROOF, startContentServer } from './support/content-server.ts';
import { DIST } from './support/preview.ts';

// Before any test of the `site-browser` project:
// 1. checks site/dist-test as `pnpm test:build` made it (client, SSR, prerender, with the pinned settings
//    of support/build-env.json): present, newer than its sources and the widget it copies, built with
//    those settings and for production; it builds nothing, and says what to run when that fails;
// 2. starts the real webhook host (hosts/reference, RATE_LIMIT=off) for the whole run;
// 3. starts the site's dev server with every proof slot filled (support/content-server.ts), shared by
//    the files that need a dev server (proof, embed-local); Vite itself starts on its first request;
// and hands the tests the host's URL and lead token, the webhook base the pages were built with and
// the dev server's URL (`inject('webhookHost')`, `inject('webhookLeadsToken')`, `inject('webhookBase')`,
// `inject('contentServer')`). That base's
// host name resolves to this host in the tests' Chromium (support/site.ts): a port chosen now
// cannot be built into pages built before.

declare module 'vitest' {
  export interface ProvidedContext {
    /** `http://127.0.0.1:PORT` of the webhook host started for this run (GET /leads lists what it received). */
    webhookHost: string;
    /** The LEADS_TOKEN that host requires on GET /leads. */
    webhookLeadsToken: string;
    /** The `webhook-base` the pages were built with; its host name leads to webhookHost in the tests' Chromium. */
    webhookBase: string;
    /** `http://127.0.0.1:PORT` of the dev server with every proof slot filled (support/content-server.ts). */
    contentServer: string;
  }
}

const SITE = fileURLToPath(new URL('../', import.meta.url));
const COMMAND = 'npx --yes pnpm@10 test:build';
const PAGES = [
  'index.html',
  'demo/index.html',
  'embed/index.html',
  'privacy/index.html',
  'terms/index.html',
  'fr/index.html',
  'fr/demo/index.html',
  'fr/confidentialite/index.html',
  'fr/conditions/index.html',
  '404.html',
];
const OUTPUTS = [...PAGES, 'robots.txt', 'sitemap.xml', 'og-image.png', 'widget/franchise-ai-demo.js'].map((file) => join(DIST, file));
// The pages embed the widget: a change to its sources makes them stale too.
const SOURCES = [
  'src',
  'public',
  'scripts/prerender.mjs',
  'index.html',
  'vite.config.ts',
  'test/support/build-env.json',
  '../widget/src',
  '../widget/dist/franchise-ai-demo.js',
].map((path) => join(SITE, path));

function checkBuild(): void {
  requireBuilt({ outputs: OUTPUTS, sources: SOURCES, command: COMMAND });
  // React renders text and attributes escaped: compare with the values as the pages spell them.
  const html = PAGES.map((page) => readFileSync(join(DIST, page), 'utf8')).join('\n');
  const escapeHtml = (value: string) => value.replace(/&/g, '&amp;');
  const missing = Object.entries(BUILD_ENV).filter(([, value]) => !html.includes(escapeHtml(value)));
  if (missing.length > 0) {
    throw new Error(
      `site/dist-test was built without the test settings (${missing.map(([name]) => name).join(', ')} not on its pages): run \`${COMMAND}\` (pnpm build, the site with site/test/support/build-env.json).`,
    );
  }
  for (const file of readdirSync(join(DIST, 'assets')).filter((name) => name.endsWith('.js'))) {
    if (readFileSync(join(DIST, 'assets', file), 'utf8').includes('react-devtools'))
      throw new Error(`global setup: site/dist-test/assets/${file} is a development build of React`);
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  checkBuild();
  // The host's contact is the site's, as on a real deployment.
  const host = await startHost({
    env: { RATE_LIMIT: 'off', CONTACT_EMAIL: BUILD_ENV.VITE_CONTACT_EMAIL, CONTACT_PHONE: BUILD_ENV.VITE_PHONE_US },
    product: 'franchise-ai',
  });
  project.provide('webhookHost', host.url);
  project.provide('webhookLeadsToken', host.leadsToken);
  project.provide('webhookBase', BUILD_ENV.VITE_WEBHOOK_BASE);
  const content = await startContentServer(FILLED_PROOF);
  project.provide('contentServer', content.url);
  // One Chromium for the project (test-support/src/shared-chromium.ts), with the mapping the pages
  // need; a file asking for another mapping would launch its own.
  const stopChromium = await shareChromium(project, { [new URL(BUILD_ENV.VITE_WEBHOOK_BASE).hostname]: new URL(host.url).host });
  return async () => {
    await Promise.all([stopChromium(), content.stop()]);
    await host.stop();
  };
}
