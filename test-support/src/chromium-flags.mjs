// How every Chromium of the project is launched: Debian's binary (never a downloaded one) and the
// flags that keep it quiet and offline. browser.ts (the test suites), throttled-page.mjs (the
// time-to-ready bench) and site/bench/lighthouse.mjs all read them here. Plain JavaScript: the
// benches are node scripts and Node 20 cannot import this package's TypeScript.
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
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
