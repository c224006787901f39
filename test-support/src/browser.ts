import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium, never a downloaded one; nothing may reach the internet. `CHROMIUM_PATH`
 * points elsewhere, read the same way as scripts/ensure-chromium.mjs so both agree on the binary.
 */
export const chromiumPath = (env: NodeJS.ProcessEnv = process.env): string => env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
];

/** Each context Playwright opens on it gets a fresh profile. */
export function launchChromium(env: NodeJS.ProcessEnv = process.env): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(env), args: CHROMIUM_ARGS });
}
