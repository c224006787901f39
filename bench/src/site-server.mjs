// The built site (site/dist, which `pnpm bench` builds after the widget) served from 127.0.0.1 as
// the site's own preview server serves it: gzip, index.html per path, its headers. The timings of
// the site's pages (its /demo beside the bare widget in time-to-ready/, the landing's first paint in
// landing-paint/) all come through here, so that they meet the same server.
//
// How a default build points the widget: /demo's element gets config.webhookBase (placeholder
// http://127.0.0.1:8787/…, asked nothing before the form is usable) and its script tag names
// config.widgetSrc, `/widget/franchise-ai-demo.js`, which the prerender step copies from
// widget/dist into site/dist/widget/: the site serves its widget from its own origin.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { createPreviewServer } from '@franchise-ai/site/scripts/preview-server.mjs';
import { listen } from '@franchise-ai/test-support/throttled-page.mjs';
import { LOADER, WIDGET_DIST } from '@franchise-ai/test-support/widget-weight.mjs';
import { SITE_DIST } from './landing-js.mjs';

const REBUILD = "`npx --yes pnpm@10 --filter @franchise-ai/site build` (after the widget's)";

/**
 * Why the site's build cannot be measured as the widget is now, or undefined: no build, or one
 * carrying another widget build than widget/dist's (no copy of its script-tag file, byte for byte,
 * wherever the site keeps it), which would time yesterday's widget on /demo beside today's on the
 * bare page.
 */
export function staleSite({ siteDist = SITE_DIST, widgetDist = WIDGET_DIST } = {}) {
  if (!existsSync(join(siteDist, 'index.html'))) return `no ${join(siteDist, 'index.html')}: run ${REBUILD}`;
  const current = readFileSync(join(widgetDist, LOADER));
  const copies = readdirSync(siteDist, { recursive: true }).filter((path) => basename(String(path)) === LOADER);
  return copies.some((path) => readFileSync(join(siteDist, String(path))).equals(current))
    ? undefined
    : `${siteDist} carries another widget build than ${widgetDist} (no copy of its ${LOADER}): run ${REBUILD}`;
}

/** The built site on a free port of 127.0.0.1: `{ origin, server }` (the caller closes it). */
export async function serveSite() {
  const problem = staleSite();
  if (problem) throw new Error(problem);
  const server = createPreviewServer(SITE_DIST);
  return { origin: await listen(server), server };
}
