import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_FLAGS, testChromium } from './chromium-flags.mjs';

/** The tests' Chromium (chromium-flags.mjs says which and why), read the same way as scripts/ensure-chromium.mjs. */
export const chromiumPath = testChromium;

/**
 * Chromium's flags, here and for the shared browser (shared-chromium.ts). The headless shell hints
 * glyphs fully unless told otherwise, which rounds text widths away from what the full browser lays
 * out (site layout test: the swap from the metric-matched fallback font then moves text); `none`
 * lays text out as the full browser does here.
 */
export const CHROMIUM_ARGS = [...CHROMIUM_FLAGS, '--font-render-hinting=none', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'];

/**
 * No name resolves but 127.0.0.1, so nothing reaches the internet; `mapHosts` sends a name to a
 * local server (`{ 'webhook-host.test': '127.0.0.1:41234' }`), as DNS would send it to a real one.
 */
export const hostResolverRules = (mapHosts: Record<string, string> = {}): string =>
  `--host-resolver-rules=${[...Object.entries(mapHosts).map(([name, target]) => `MAP ${name} ${target}`), 'MAP * ~NOTFOUND', 'EXCLUDE 127.0.0.1'].join(', ')}`;

/** Each context Playwright opens on it gets a fresh profile. */
export function launchChromium(env: NodeJS.ProcessEnv = process.env, mapHosts: Record<string, string> = {}): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(env), args: [...CHROMIUM_ARGS, hostResolverRules(mapHosts)] });
}

/** The project's shared Chromium (shared-chromium.ts) at `endpoint`; closing the result disconnects and closes its contexts, not the browser. */
export const connectChromium = (endpoint: string): Promise<Browser> => chromium.connect(endpoint);
