import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, never a downloaded one; nothing may reach the internet. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

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
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}
