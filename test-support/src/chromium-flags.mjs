// How every Chromium of the project is launched: Debian's binaries (never a downloaded one) and the
// flags that keep them quiet and offline. browser.ts (the test suites), throttled-page.mjs (the
// time-to-ready bench) and site/bench/lighthouse.mjs all read them here. Plain JavaScript: the
// benches are node scripts and Node 20 cannot import this package's TypeScript.

/**
 * The test suites' Chromium: Debian's chromium-headless-shell (why, with figures: docs/BROWSERS.md).
 * `CHROMIUM_PATH` names another; scripts/ensure-chromium.mjs installs this one.
 */
export const testChromium = (env = process.env) => env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
/** The benches' and Lighthouse's Chromium: the full browser a visitor runs (`BENCH_CHROMIUM_PATH` names another). */
export const CHROMIUM = process.env.BENCH_CHROMIUM_PATH ?? '/usr/bin/chromium';
// Playwright and chrome-launcher add a fresh temporary --user-data-dir themselves on every launch.
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** No name resolves but 127.0.0.1, so nothing reaches the internet. */
export const OFFLINE = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1';
