// `pnpm screenshots [--no-build]` (root): PNGs of every route at phone and desktop widths, and of
// every step and state of the demo widget at 320, 375 and 1280 px, into screenshots/ at the
// repository root (git-ignored). Builds the widget, its test build (fake Daily, for the live call's
// states) and the site first, the site pointed at a local webhook host started here, unless
// --no-build: then site/dist-test and widget/test-dist as they are, with the host started on the port
// the site's /demo names. Exits 1 with the reason when a page or step cannot be reached.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchChromium } from '@franchise-ai/test-support/browser';
import { DESKTOP } from '@franchise-ai/test-support/browser-suite';
import { PHONE } from '../../test/support/site.ts';
import { TEST_OUT_DIR } from '../out-dir.mjs';
import { createPreviewServer } from '../preview-server.mjs';
import { buildSite } from './build.ts';
import { Camera, type Width } from './camera.ts';
import { builtWebhookBase, startHost, type Host } from './host.ts';
import { shootEmbedLooks, shootFilledProof } from './embed-and-proof-states.ts';
import { shootRoutes } from './routes.ts';
import { shootCallStates } from './widget-call-states.ts';
import { shootWidgetSteps } from './widget-steps.ts';

// The site as built for screenshots, beside the test command's: never site/dist (scripts/out-dir.mjs).
const DIST = fileURLToPath(new URL(`../../${TEST_OUT_DIR}/`, import.meta.url));
const FOLDER = fileURLToPath(new URL('../../../screenshots/', import.meta.url));
const width = (viewport: { width: number; height: number }): Width => ({ name: String(viewport.width), viewport });
const WIDTHS: Width[] = [width(PHONE), width(DESKTOP)];
// The widget down to the narrowest width it supports (its browser tests check 320 px too).
const WIDGET_WIDTHS: Width[] = [width({ width: 320, height: PHONE.height }), ...WIDTHS];

const build = !process.argv.includes('--no-build');
let host: Host | undefined;
let browser: Browser | undefined;
const preview = createPreviewServer(DIST);
try {
  host = await startHost(build ? undefined : builtWebhookBase(DIST));
  if (build) await buildSite(host.webhookBase);
  else console.log(`using site/dist-test as built (webhook base ${host.webhookBase})`);
  await new Promise<void>((resolve) => preview.listen(0, '127.0.0.1', resolve));
  const address = preview.address();
  if (address === null || typeof address === 'string') throw new Error('the preview server has no port');
  browser = await launchChromium();
  rmSync(FOLDER, { recursive: true, force: true });
  const camera = new Camera(browser, `http://127.0.0.1:${address.port}`, FOLDER);
  for (const each of WIDTHS) {
    await shootRoutes(camera, each);
    await shootEmbedLooks(camera, each);
  }
  const proofShots = await shootFilledProof(browser, FOLDER, WIDTHS);
  for (const each of WIDGET_WIDTHS) {
    await shootWidgetSteps(camera, each);
    await shootCallStates(camera, each);
  }
  console.log(`${camera.written.length + proofShots.length} screenshots in screenshots/`);
} catch (error) {
  console.error(`screenshots failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await browser?.close();
  preview.close();
  await host?.stop();
}
